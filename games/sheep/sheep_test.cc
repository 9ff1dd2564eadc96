#include "games/sheep/sheep.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gtest/gtest.h"
#include "tests/conformance.h"
#include "solvers/alphabeta.h"
#include "solvers/tt.h"
#include "tests/solver_agreement.h"

namespace gamebench {
namespace {

using State = Sheep::State;
using testing::MakeGame;

static_assert(Partizan<Sheep> && Decomposable<Sheep> && ChildOrdered<Sheep> && Tactical<Sheep>);

Sheep Board(int rows, int cols) {
  return MakeGame<Sheep>(absl::StrCat("sheep(rows=", rows, ",cols=", cols, ")"));
}

// A plain reference: the herds as rows of ints.
using Grid = std::vector<std::vector<int>>;

Grid GridOf(const Sheep& g, const State& s) {
  Grid grid(g.rows(), std::vector<int>(g.cols()));
  for (int r = 0; r < g.rows(); ++r)
    for (int c = 0; c < g.cols(); ++c) grid[r][c] = s.herd[r * g.cols() + c];
  return grid;
}

std::string Cell(int r, int c) { return absl::StrCat(std::string(1, static_cast<char>('a' + c)), r + 1); }

// MCGS's rules written out on the grid, its six hex directions.
std::map<std::string, Grid> NaiveMoves(const Grid& grid, bool black) {
  static constexpr int kDirs[6][2] = {{-1, 0}, {-1, 1}, {0, 1}, {1, 0}, {1, -1}, {0, -1}};
  std::map<std::string, Grid> moves;
  const int rows = static_cast<int>(grid.size()), cols = static_cast<int>(grid[0].size());
  const int sign = black ? 1 : -1;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int size = grid[r][c] * sign;
      if (size < 2) continue;
      for (const auto& d : kDirs) {
        int r2 = r, c2 = c;
        while (r2 + d[0] >= 0 && r2 + d[0] < rows && c2 + d[1] >= 0 && c2 + d[1] < cols &&
               grid[r2 + d[0]][c2 + d[1]] == 0) {
          r2 += d[0];
          c2 += d[1];
        }
        if (r2 == r && c2 == c) continue;
        for (int t = 1; t < size; ++t) {
          Grid next = grid;
          next[r][c] -= sign * t;
          next[r2][c2] = sign * t;
          moves[absl::StrCat(Cell(r, c), "-", Cell(r2, c2), "-", t)] = next;
        }
      }
    }
  return moves;
}

bool NaiveWins(const Grid& grid, bool black, std::map<std::pair<Grid, bool>, bool>& memo) {
  auto key = std::make_pair(grid, black);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  bool win = false;
  for (const auto& [text, next] : NaiveMoves(grid, black))
    if (!NaiveWins(next, !black, memo)) {
      win = true;
      break;
    }
  memo[key] = win;
  return win;
}

State RandomState(const Sheep& g, std::mt19937_64& rng, int max_herd = 5) {
  std::string text;
  int budget[2] = {12, 12};  // sheep over one a side, within kMaxSplits
  for (int r = 0; r < g.rows(); ++r) {
    if (r) text += '|';
    for (int c = 0; c < g.cols(); ++c) {
      if (c) text += ',';
      int v = rng() % 3 == 0 ? 1 + static_cast<int>(rng() % max_herd) : 0;
      if (v > 0 && rng() % 2) v = -v;
      if (v != 0) {
        int& b = budget[v > 0 ? 0 : 1];
        if (std::abs(v) - 1 > b) v = v > 0 ? 1 : -1;
        b -= std::abs(v) - 1;
      }
      absl::StrAppend(&text, v);
    }
  }
  text += rng() % 2 ? ":B" : ":W";
  auto s = g.ParseState(text);
  EXPECT_TRUE(s.ok()) << s.status();
  return *s;
}

TEST(SheepTest, MovesMatchNaiveGenerator) {
  std::mt19937_64 rng(53);
  for (auto [rows, cols] : {std::pair{1, 1}, {1, 7}, {2, 2}, {3, 5}, {5, 3}, {6, 8}, {4, 12}, {48, 1}, {7, 7}, {8, 8}, {64, 1}}) {
    Sheep g = Board(rows, cols);
    g.set_normalize(false);  // the children as MCGS has them (no herd rewritten)
    for (int t = 0; t < 40; ++t) {
      const State s = RandomState(g, rng);
      const auto naive = NaiveMoves(GridOf(g, s), s.black_to_move);
      MoveListOf<Sheep> moves;
      if (!g.Terminal(s)) g.GenerateMoves(s, moves);
      std::map<std::string, Grid> got;
      for (auto m : moves) {
        const std::string text = g.FormatMove(s, m);
        auto parsed = g.ParseMove(s, text);
        ASSERT_TRUE(parsed.ok()) << text;
        EXPECT_EQ(*parsed, m);
        const State child = g.Play(s, m);
        EXPECT_EQ(child.black_to_move, !s.black_to_move);
        got[text] = GridOf(g, child);
      }
      EXPECT_EQ(got.size(), static_cast<size_t>(moves.size()));
      EXPECT_EQ(got, naive) << g.FormatState(s);
      EXPECT_EQ(g.Terminal(s).has_value(), naive.empty());
    }
  }
}

TEST(SheepTest, SmallBoardsAgreeWithNaiveSolver) {
  std::mt19937_64 rng(59);
  for (auto [rows, cols] : {std::pair{2, 2}, {2, 3}, {3, 3}, {1, 6}}) {
    const Sheep g = Board(rows, cols);
    for (int t = 0; t < 12; ++t) {
      const State s = RandomState(g, rng, 4);
      std::map<std::pair<Grid, bool>, bool> memo;
      const bool wins = NaiveWins(GridOf(g, s), s.black_to_move, memo);
      SolveReport tt = testing::ExpectSolversAgree(g, s, rows * cols <= 6);
      EXPECT_EQ(tt.value, wins ? kWinScore : kLossScore) << g.FormatState(s);
    }
  }
}

// The B/W route of `gamebench mcgs` (tool/commands/cgt_games.cc): tt with
// one table kept across positions of a board size, with games/sheep's move
// order, key and tactics, against alpha-beta without a table, an order or
// tactics, either player first.
// Each position and its colours swapped share the table, so a key that
// read a herd alike whoever owns it (not only herds of one) fails here.
TEST(SheepTest, SharedTableAgreesWithAlphaBeta) {
  std::mt19937_64 rng(67);
  for (auto [rows, cols] : {std::pair{3, 3}, {2, 4}, {3, 4}}) {
    const Sheep g = Board(rows, cols);
    TtSolver::Table<Sheep> table(uint64_t{1} << 20);
    SolveOptions options;
    options.best_moves = false;
    options.threads = 1;
    int wins = 0;
    for (int t = 0; t < 40; ++t) {
      const State random = RandomState(g, rng, 4);
      State swapped = random;  // the colours swapped, the same player to move
      for (int cell = 0; cell < rows * cols; ++cell) swapped.herd[cell] = static_cast<int8_t>(-random.herd[cell]);
      for (int i = 0; i < 4; ++i) {
        State s = i < 2 ? random : swapped;
        s.black_to_move = i % 2 == 0;
        if (g.Terminal(s)) continue;
        const Score plain = AlphaBetaSolver::Value(g, s, /*move_ordering=*/false, /*tactics=*/false).first;
        const SolveReport tt = TtSolver::SolveWithTable(g, s, options, table);
        ASSERT_TRUE(tt.complete);
        EXPECT_EQ(tt.value, plain) << g.FormatState(s);
        wins += plain == kWinScore;
      }
    }
    EXPECT_GT(wins, 10);
  }
}

// [Tactical] WinNow and GenerateNonLosingMoves against their definitions:
// a move that leaves the opponent no move, and the moves after which the
// opponent has none such.
TEST(SheepTest, TacticsMatchTheirDefinitions) {
  std::mt19937_64 rng(71);
  auto wins_at_once = [](const Sheep& g, const State& s) {
    MoveListOf<Sheep> moves;
    g.GenerateMoves(s, moves);
    for (auto m : moves)
      if (g.Terminal(g.Play(s, m))) return true;
    return false;
  };
  int won = 0, pruned = 0;
  for (auto [rows, cols] : {std::pair{2, 3}, {3, 3}, {3, 5}, {4, 4}, {1, 9}, {6, 8}, {8, 8}}) {
    const Sheep g = Board(rows, cols);
    for (int t = 0; t < 300; ++t) {
      const State s = RandomState(g, rng, 4);
      if (g.Terminal(s)) continue;
      const bool win = wins_at_once(g, s);
      ASSERT_EQ(g.WinNow(s).has_value(), win) << g.FormatState(s);
      if (win) {
        EXPECT_EQ(*g.WinNow(s), kWinScore);
        ++won;
        continue;
      }
      MoveListOf<Sheep> all, non_losing;
      g.GenerateMoves(s, all);
      g.GenerateNonLosingMoves(s, non_losing);
      std::vector<Sheep::Move> expected, got(non_losing.begin(), non_losing.end());
      for (auto m : all)
        if (!wins_at_once(g, g.Play(s, m))) expected.push_back(m);
      std::sort(expected.begin(), expected.end());
      std::sort(got.begin(), got.end());
      EXPECT_EQ(got, expected) << g.FormatState(s);
      pruned += got.size() < static_cast<size_t>(all.size());
    }
  }
  EXPECT_GT(won, 50);
  EXPECT_GT(pruned, 50);
}

// Play keeps a herd it shuts in as a herd of one: tt on that game, its
// table shared by a board size, agrees with alpha-beta on the game as MCGS
// plays it (no herd rewritten), and each child differs from the plain one
// only in herds of two or more with no empty neighbour, now of one.
TEST(SheepTest, ShutInHerdsAsWallsKeepTheValue) {
  std::mt19937_64 rng(71);
  for (auto [rows, cols] : {std::pair{3, 3}, {2, 5}, {3, 4}}) {
    const Sheep g = Board(rows, cols);
    Sheep plain_game = g;
    plain_game.set_normalize(false);
    TtSolver::Table<Sheep> table(uint64_t{1} << 20);
    SolveOptions options;
    options.best_moves = false;
    options.threads = 1;
    int wins = 0, shut = 0;
    for (int t = 0; t < 40; ++t) {
      State s = RandomState(g, rng, 4);
      for (int i = 0; i < 2; ++i, s.black_to_move = !s.black_to_move) {
        if (g.Terminal(s)) continue;
        MoveListOf<Sheep> moves;
        g.GenerateMoves(s, moves);
        for (Sheep::Move m : moves) {
          const State a = g.Play(s, m), b = plain_game.Play(s, m);
          for (int cell = 0; cell < rows * cols; ++cell) {
            if (a.herd[cell] == b.herd[cell]) continue;
            ++shut;
            EXPECT_EQ(a.herd[cell], b.herd[cell] > 0 ? 1 : -1) << g.FormatState(s);
            EXPECT_GE(std::abs(b.herd[cell]), 2);
            const int r = cell / cols, c = cell % cols;
            for (auto [dr, dc] : {std::pair{-1, 0}, {-1, 1}, {0, 1}, {1, 0}, {1, -1}, {0, -1}})
              if (r + dr >= 0 && r + dr < rows && c + dc >= 0 && c + dc < cols) {
                EXPECT_NE(b.herd[(r + dr) * cols + c + dc], 0) << g.FormatState(s);
              }
          }
        }
        const SolveReport plain = AlphaBetaSolver::Solve(plain_game, s, options);
        const SolveReport tt = TtSolver::SolveWithTable(g, s, options, table);
        ASSERT_TRUE(plain.complete && tt.complete);
        EXPECT_EQ(tt.value, plain.value) << g.FormatState(s);
        wins += plain.value == kWinScore;
      }
    }
    EXPECT_GT(wins, 10);
    EXPECT_GT(shut, 10);
  }
}

// [ChildOrdered] tt plays every child before ordering (and probes their
// entries: enhanced transposition cutoffs at every node); the order it reads
// from a child is MoveOrder's.
TEST(SheepTest, ChildOrderIsMoveOrder) {
  std::mt19937_64 rng(73);
  int differs = 0;
  for (auto [rows, cols] : {std::pair{3, 5}, {6, 7}, {8, 7}}) {
    const Sheep g = Board(rows, cols);
    for (int t = 0; t < 40; ++t) {
      const State s = RandomState(g, rng);
      if (g.Terminal(s)) continue;
      MoveListOf<Sheep> moves;
      g.GenerateMoves(s, moves);
      for (Sheep::Move m : moves) {
        EXPECT_EQ(g.ChildOrder(s, m, g.Play(s, m)), g.MoveOrder(s, m)) << g.FormatState(s);
        differs += g.MoveOrder(s, m) != 0;
      }
    }
  }
  EXPECT_GT(differs, 10);
}

// [Decomposable] The parts' moves add up to the whole's for both players.
// (tests/cgt_grid_games_test.cc checks that the split keeps the value.)
TEST(SheepTest, ComponentsSplitTheMoves) {
  std::mt19937_64 rng(61);
  int split = 0;
  for (auto [rows, cols] : {std::pair{1, 20}, {3, 5}, {4, 4}, {6, 8}}) {
    const Sheep g = Board(rows, cols);
    for (int t = 0; t < 60; ++t) {
      const State s = RandomState(g, rng);
      std::vector<State> parts;
      g.Components(s, parts);
      ASSERT_GE(parts.size(), 1u);
      split += parts.size() > 1;
      for (int player : {kLeft, kRight}) {
        MoveListOf<Sheep> moves;
        const State v = g.WithMover(s, player);
        if (!g.Terminal(v)) g.GenerateMoves(v, moves);
        int sum = 0;
        for (const State& p : parts) {
          EXPECT_EQ(p.black_to_move, s.black_to_move);
          MoveListOf<Sheep> part_moves;
          const State pv = g.WithMover(p, player);
          if (!g.Terminal(pv)) g.GenerateMoves(pv, part_moves);
          sum += part_moves.size();
        }
        EXPECT_EQ(sum, moves.size()) << g.FormatState(s);
      }
    }
  }
  EXPECT_GT(split, 0);
  const Sheep g = Board(3, 3);
  std::vector<State> parts;
  g.Components(*g.ParseState("1,1,1|1,3,0|1,0,-2:W"), parts);
  ASSERT_EQ(parts.size(), 1u);  // moved to the corner, the rest herds of one
  EXPECT_EQ(g.FormatState(parts[0]), "3,0,1|0,-2,1|1,1,1:W");
  parts.clear();
  // (0,1) and (1,0) are hex neighbours (up-right), (0,0) and (1,1) are not.
  g.Components(*g.ParseState("2,1,1|1,0,1|1,1,1:B"), parts);
  ASSERT_EQ(parts.size(), 1u);  // the herd of 2 is walled in: the game 0
  EXPECT_TRUE(g.Terminal(parts[0]) && g.Terminal(g.WithMover(parts[0], kRight)));
  parts.clear();
  g.Components(*g.ParseState("1,2,1|0,1,1|1,1,1:B"), parts);
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(g.FormatState(parts[0]), "1,2,1|0,1,1|1,1,1:B");
}

TEST(SheepTest, ReadsMcgsText) {
  const Sheep g = Board(3, 3);
  auto s = g.ParseBoard("(0 0 0 | 0 3 0 | 0 0 0)", true);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(g.FormatState(*s), "0,0,0|0,3,0|0,0,0:B");
  auto t = g.ParseBoard("0, 0, 0 | 2, 0, -2 | 0, 0, 0", false);
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(g.FormatState(*t), "0,0,0|2,0,-2|0,0,0:W");
  // MCGS's winning moves of (0 0 0 | 0 3 0 | 0 0 0) name these 12 moves.
  MoveListOf<Sheep> moves;
  g.GenerateMoves(*s, moves);
  std::vector<std::string> texts;
  for (auto m : moves) texts.push_back(g.FormatMove(*s, m));
  std::sort(texts.begin(), texts.end());
  EXPECT_EQ(absl::StrJoin(texts, " "),
            "b2-a2-1 b2-a2-2 b2-a3-1 b2-a3-2 b2-b1-1 b2-b1-2 b2-b3-1 b2-b3-2 b2-c1-1 b2-c1-2 b2-c2-1 b2-c2-2");
}

TEST(SheepTest, RefusesBadSpecsPositionsAndMoves) {
  for (const char* bad : {"sheep(rows=0)", "sheep(rows=9,cols=8)", "sheep(cols=27)", "sheep(first=red)",
                          "sheep(size=3)", "sheep(sheep=51)"}) {
    auto spec = ParseSpec(bad);
    ASSERT_TRUE(spec.ok());
    EXPECT_FALSE(Sheep::FromSpec(*spec).ok()) << bad;
  }
  const Sheep g = Board(2, 2);
  for (const char* bad : {"0,0|0,3", "0,0|0,3:X", "0,0,0|0,3:B", "0|0,3:B", "0,0|0,x:B", "0,0|0,51:B",
                          "50,50|50,0:B", ""})
    EXPECT_FALSE(g.ParseState(bad).ok()) << bad;
  const State s = *g.ParseState("0,0|0,3:B");
  for (const char* bad : {"b2-a1-3", "b2-b1-0", "b2-a2", "a1-b1-1", "zz"}) EXPECT_FALSE(g.ParseMove(s, bad).ok()) << bad;
  EXPECT_TRUE(g.ParseMove(s, "b2-b1-2").ok());
}

// MCGS's corpus has boards of 49 to 56 cells (sheep2.test, sheep3.test).
TEST(SheepTest, HoldsMcgsLargestBoards) {
  const Sheep g = Board(8, 7);
  auto s = g.ParseState(
      "0,0,0,0,0,0,8|0,0,0,0,0,1,0|0,0,0,0,-8,0,0|0,0,0,0,0,0,0|0,0,0,0,0,0,0|0,0,0,0,0,0,0|"
      "0,0,0,0,0,1,0|0,0,0,0,0,0,-2:W");
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->herd[55], -2);
  MoveListOf<Sheep> moves;
  g.GenerateMoves(*s, moves);
  std::vector<std::string> from_h8;  // the moves of White's 2 at g8 (cell 55)
  for (auto m : moves)
    if ((m & 63) == 55) from_h8.push_back(g.FormatMove(*s, m));
  std::sort(from_h8.begin(), from_h8.end());
  EXPECT_EQ(absl::StrJoin(from_h8, " "), "g8-a8-1 g8-g2-1");
}

// A herd of one is a wall to both sides: its owner does not change the key.
TEST(SheepTest, HerdsOfOneHashAlike) {
  const Sheep g = Board(2, 3);
  EXPECT_EQ(g.Key(*g.ParseState("1,0,3|0,-1,0:B")), g.Key(*g.ParseState("-1,0,3|0,1,0:B")));
  EXPECT_NE(g.Key(*g.ParseState("2,0,3|0,-1,0:B")), g.Key(*g.ParseState("-2,0,3|0,1,0:B")));
}

// MoveOrder: a move that shuts in an opponent's herd comes before one that
// shuts in the mover's own.
TEST(SheepTest, MoveOrderPutsShuttingInFirst) {
  const Sheep g = Board(1, 5);
  // Black's 3 at b1: sending right reaches d1, next to White's 2 at e1
  // (its last empty neighbour); sending left reaches a1, which leaves b1's
  // herd its empty c1.
  const State s = *g.ParseState("0,3,0,0,-2:B");
  auto move = [&](const char* text) { return *g.ParseMove(s, text); };
  EXPECT_GT(g.MoveOrder(s, move("b1-d1-1")), g.MoveOrder(s, move("b1-a1-1")));
  // Sending both to a1 leaves a herd of 2 there with no empty neighbour.
  EXPECT_GT(g.MoveOrder(s, move("b1-a1-1")), g.MoveOrder(s, move("b1-a1-2")));
}

TEST(SheepTest, Conformance) {
  for (const char* spec : {"sheep", "sheep(rows=1,cols=26,sheep=7,first=white)", "sheep(rows=6,cols=8,sheep=50)",
                           "sheep(rows=48,cols=1)", "sheep(rows=4,cols=4,sheep=1)", "sheep(rows=8,cols=8,sheep=50)",
                           "sheep(rows=64,cols=1)"}) {
    const Sheep g = MakeGame<Sheep>(spec);
    testing::CheckSpecRoundTrip(g);
    testing::CheckRandomPlayouts(g, 20, 200);
  }
}

}  // namespace
}  // namespace gamebench
