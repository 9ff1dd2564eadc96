// ctest cost: 5 (seconds, about: CTest starts costly tests first, CMakeLists.txt)
#include "games/domineering/domineering.h"

#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "solvers/dfpn.h"
#include "solvers/pns.h"
#include "tests/conformance.h"
#include "tests/solver_agreement.h"

namespace gamebench {
namespace {

using State = Domineering::State;
using testing::MakeGame;

// The solvers use the static proof and the move ordering only through these
// refinements: losing one by a changed signature must not go unnoticed.
static_assert(Tactical<Domineering> && Ordered<Domineering> && Symmetric<Domineering>);

Domineering Board(int rows, int cols, bool vertical_first = true) {
  return MakeGame<Domineering>(absl::StrCat("domineering(rows=", rows, ",cols=", cols, ",first=",
                                            vertical_first ? "vertical" : "horizontal", ")"));
}

// A plain reference implementation on a grid of chars, sharing no code with
// the bitboards: the legal placements of a player.
std::vector<std::pair<int, int>> NaiveMoves(const std::vector<std::string>& grid, bool vertical) {
  std::vector<std::pair<int, int>> moves;  // top/left cell (row, col)
  const int rows = static_cast<int>(grid.size()), cols = static_cast<int>(grid[0].size());
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      if (grid[r][c] != '.') continue;
      if (vertical && r + 1 < rows && grid[r + 1][c] == '.') moves.push_back({r, c});
      if (!vertical && c + 1 < cols && grid[r][c + 1] == '.') moves.push_back({r, c});
    }
  return moves;
}

// Does the player to move win? Memoised naive negamax on the grid.
bool NaiveWins(std::vector<std::string>& grid, bool vertical,
               std::map<std::pair<std::vector<std::string>, bool>, bool>& memo) {
  auto key = std::make_pair(grid, vertical);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  bool win = false;
  for (auto [r, c] : NaiveMoves(grid, vertical)) {
    const int r2 = vertical ? r + 1 : r, c2 = vertical ? c : c + 1;
    grid[r][c] = grid[r2][c2] = '#';
    const bool child_wins = NaiveWins(grid, !vertical, memo);
    grid[r][c] = grid[r2][c2] = '.';
    if (!child_wins) {
      win = true;
      break;
    }
  }
  memo[key] = win;
  return win;
}

std::vector<std::string> GridOf(const Domineering& g, const State& s) {
  std::vector<std::string> grid(g.rows(), std::string(g.cols(), '.'));
  const uint64_t occupied = g.Occupied(s);
  for (int r = 0; r < g.rows(); ++r)
    for (int c = 0; c < g.cols(); ++c)
      if (occupied >> (8 * r + c) & 1) grid[r][c] = '#';
  return grid;
}

TEST(DomineeringTest, TransposeSwapsRowsAndColumns) {
  std::mt19937_64 rng(5);
  for (int t = 0; t < 1000; ++t) {
    const uint64_t x = rng();
    uint64_t naive = 0;
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 8; ++c)
        if (x >> (8 * r + c) & 1) naive |= uint64_t{1} << (8 * c + r);
    EXPECT_EQ(Domineering::Transpose(x), naive);
    EXPECT_EQ(Domineering::Transpose(Domineering::Transpose(x)), x);
  }
}

// On random boards of every size, random '#' cells, either player to move:
// the moves are exactly the naive placements, and playing one fills its two
// cells and passes the turn.
TEST(DomineeringTest, MovesMatchNaiveGenerator) {
  std::mt19937_64 rng(7);
  for (int rows = 1; rows <= 8; ++rows)
    for (int cols = 1; cols <= 8; ++cols) {
      const Domineering g = Board(rows, cols);
      for (int t = 0; t < 40; ++t) {
        std::string text;
        for (int r = 0; r < rows; ++r) {
          if (r) text += '/';
          for (int c = 0; c < cols; ++c) text += rng() % 3 == 0 ? '#' : '.';
        }
        const bool vertical = rng() % 2;
        text += vertical ? ":V" : ":H";
        auto s = g.ParseState(text);
        ASSERT_TRUE(s.ok()) << s.status();
        EXPECT_EQ(g.FormatState(*s), text);
        const auto grid = GridOf(g, *s);
        std::set<std::string> naive;
        for (auto [r, c] : NaiveMoves(grid, vertical)) {
          const int r2 = vertical ? r + 1 : r, c2 = vertical ? c : c + 1;
          naive.insert(
              absl::StrCat(std::string(1, 'a' + c), r + 1, std::string(1, 'a' + c2), r2 + 1));
        }
        MoveListOf<Domineering> moves;
        if (!g.Terminal(*s)) g.GenerateMoves(*s, moves);
        std::set<std::string> got;
        for (auto m : moves) {
          const std::string name = g.FormatMove(*s, m);
          got.insert(name);
          auto parsed = g.ParseMove(*s, name);
          ASSERT_TRUE(parsed.ok()) << name;
          EXPECT_EQ(*parsed, m);
          const State child = g.Play(*s, m);
          EXPECT_EQ(child.vertical_to_move, !vertical);
          EXPECT_EQ(__builtin_popcountll(g.Occupied(child)),
                    __builtin_popcountll(g.Occupied(*s)) + 2);
        }
        EXPECT_EQ(got, naive) << text;
        EXPECT_EQ(g.Terminal(*s).has_value(), naive.empty());
      }
    }
}

// The value of every start of every board up to 4x4 (and 3x5, 5x3), for
// both first players, agrees with the naive solver above; tt and alpha-beta
// agree on the best moves too.
TEST(DomineeringTest, SmallBoardsAgreeWithNaiveSolver) {
  for (int rows = 1; rows <= 5; ++rows)
    for (int cols = 1; cols <= 5; ++cols) {
      if (rows * cols > 16) continue;
      for (bool vertical_first : {true, false}) {
        const Domineering g = Board(rows, cols, vertical_first);
        auto grid = GridOf(g, g.Start());
        std::map<std::pair<std::vector<std::string>, bool>, bool> memo;
        const bool wins = NaiveWins(grid, vertical_first, memo);
        SolveReport tt = testing::ExpectSolversAgree(g, g.Start(), rows * cols <= 9);
        EXPECT_EQ(tt.value, wins ? kWinScore : kLossScore) << g.CanonicalSpec();
      }
    }
}

// The static proof (ValueBounds, used by tt, alphabeta, pns and dfpn) is
// sound: on random positions of every board up to 8x8, either player to
// move, with at most 20 free cells so the naive solver stays fast, its
// bounds hold the naive value. Positions it settles are counted so that the
// test fails if the rule never fires (a test that cannot fail).
TEST(DomineeringTest, ValueBoundsHoldTheNaiveValue) {
  std::mt19937_64 rng(11);
  // Sanitized builds run 3-10x slower: fewer positions per board there.
  const int per_board = std::getenv("GAMEBENCH_SANITIZED") ? 50 : 200;
  int settled = 0, checked = 0;
  for (int rows = 1; rows <= 8; ++rows)
    for (int cols = 1; cols <= 8; ++cols) {
      const Domineering g = Board(rows, cols);
      for (int t = 0; t < per_board; ++t) {
        std::string text;
        const int blocked_percent = rows * cols > 18 ? 30 + static_cast<int>(rng() % 60) : 30;
        for (int r = 0; r < rows; ++r) {
          if (r) text += '/';
          for (int c = 0; c < cols; ++c)
            text += static_cast<int>(rng() % 100) < blocked_percent ? '#' : '.';
        }
        const bool vertical = rng() % 2;
        text += vertical ? ":V" : ":H";
        auto s = g.ParseState(text);
        ASSERT_TRUE(s.ok()) << s.status();
        if (g.Terminal(*s) || 64 - __builtin_popcountll(s->view) > 20) continue;
        auto grid = GridOf(g, *s);
        std::map<std::pair<std::vector<std::string>, bool>, bool> memo;
        const Score value = NaiveWins(grid, vertical, memo) ? kWinScore : kLossScore;
        EXPECT_FALSE(g.WinNow(*s).has_value());
        const auto [lower, upper] = g.ValueBounds(*s);
        EXPECT_LE(lower, value) << text;
        EXPECT_GE(upper, value) << text;
        ++checked;
        settled += lower == upper;
      }
    }
  EXPECT_GT(checked, 10 * per_board);
  EXPECT_GT(settled, checked / 10) << "the rule settles too few positions to be tested";
}

// Does the player to move win? A plain memoised search on the bitboards
// (moves checked against the naive generator above) that never asks
// ValueBounds, so that it can check the bounds on bigger positions.
bool PlainWins(const Domineering& g, const State& s, std::unordered_map<uint64_t, bool>& memo) {
  if (g.Terminal(s)) return false;
  if (auto it = memo.find(g.Key(s)); it != memo.end()) return it->second;
  MoveListOf<Domineering> moves;
  g.GenerateMoves(s, moves);
  bool win = false;
  for (auto m : moves)
    if (!PlainWins(g, g.Play(s, m), memo)) {
      win = true;
      break;
    }
  memo[g.Key(s)] = win;
  return win;
}

// The static proof on positions of real games: random play from the start of
// boards from 5x5 to 8x8 down to 14-28 free cells (and a few extra cells
// blocked at random), either player to move, against the plain search. Every
// rule must hold the value; the positions it settles are counted, each rule
// family separately, so that the test fails if the rule never fires.
TEST(DomineeringTest, ValueBoundsHoldOnPlayedPositions) {
  std::mt19937_64 rng(17);
  const int positions = std::getenv("GAMEBENCH_SANITIZED") ? 150 : 1500;
  int settled_wins = 0, settled_losses = 0;
  std::unordered_map<uint64_t, bool> memo;
  for (int t = 0; t < positions; ++t) {
    const int rows = 5 + static_cast<int>(rng() % 4), cols = 5 + static_cast<int>(rng() % 4);
    const Domineering g = Board(rows, cols, rng() % 2);
    const int target_free = 14 + static_cast<int>(rng() % 15);
    State s = g.Start();
    while (!g.Terminal(s) && 64 - __builtin_popcountll(s.view) > target_free) {
      MoveListOf<Domineering> moves;
      g.GenerateMoves(s, moves);
      s = g.Play(s, moves[rng() % moves.size()]);
    }
    if (g.Terminal(s)) continue;
    memo.clear();
    const Score value = PlainWins(g, s, memo) ? kWinScore : kLossScore;
    const auto [lower, upper] = g.ValueBounds(s);
    EXPECT_LE(lower, value) << g.FormatState(s);
    EXPECT_GE(upper, value) << g.FormatState(s);
    settled_wins += lower == kWinScore;
    settled_losses += upper == kLossScore;
  }
  EXPECT_GT(settled_wins, positions / 20);
  EXPECT_GT(settled_losses, positions / 20);
}

// With the static proof, tt, alphabeta, pns and dfpn agree with the naive
// solver on every start up to 5x4 and on random middle positions of 5x5 and
// 6x6 (the naive solver shares no code with the rule).
TEST(DomineeringTest, SolversWithTheRuleAgreeWithNaiveSolver) {
  std::mt19937_64 rng(13);
  for (auto [rows, cols, plies] : {std::tuple{5, 4, 0}, std::tuple{4, 5, 0}, std::tuple{5, 5, 3},
                                   std::tuple{6, 6, 7}, std::tuple{6, 5, 5}}) {
    for (int t = 0; t < (plies == 0 ? 1 : 6); ++t) {
      const Domineering g = Board(rows, cols, rng() % 2);
      State s = g.Start();
      for (int p = 0; p < plies && !g.Terminal(s); ++p) {
        MoveListOf<Domineering> moves;
        g.GenerateMoves(s, moves);
        s = g.Play(s, moves[rng() % moves.size()]);
      }
      auto grid = GridOf(g, s);
      std::map<std::pair<std::vector<std::string>, bool>, bool> memo;
      const bool wins = NaiveWins(grid, s.vertical_to_move, memo);
      const Score expected = wins ? kWinScore : kLossScore;
      SolveOptions o = testing::TestOptions();
      o.best_moves = false;
      EXPECT_EQ(TtSolver::Solve(g, s, o).value, expected) << g.FormatState(s);
      EXPECT_EQ(PnsSolver::Solve(g, s, o).value, expected) << g.FormatState(s);
      EXPECT_EQ(DfpnSolver::Solve(g, s, o).value, expected) << g.FormatState(s);
      if (rows * cols <= 20) {
        EXPECT_EQ(AlphaBetaSolver::Solve(g, s, o).value, expected) << g.FormatState(s);
      }
    }
  }
}

// Square boards: Vertical to move on a board and Horizontal to move on its
// transpose are the same game, and share a key.
TEST(DomineeringTest, TransposedSquareBoardsShareKeys) {
  const Domineering g = Board(3, 3);
  auto a = g.ParseState(".#./.../...:V");
  auto b = g.ParseState(".#./.../...:H");
  auto c = g.ParseState(".../#../...:H");  // the transpose of a, Horizontal to move
  ASSERT_TRUE(a.ok() && b.ok() && c.ok());
  EXPECT_NE(g.Key(*a), g.Key(*b));
  EXPECT_EQ(g.Key(*a), g.Key(*c));
  // Non-square: the same cells with the other player to move differ.
  const Domineering h = Board(2, 3);
  EXPECT_NE(h.Key(*h.ParseState(".../...:V")), h.Key(*h.ParseState(".../...:H")));
}

TEST(DomineeringTest, SymmetriesKeepOrientation) {
  const Domineering g = Board(3, 4);
  auto s = g.ParseState("#.../..../....:V");
  ASSERT_TRUE(s.ok());
  std::set<std::string> images;
  for (int i = 0; i < g.NumSymmetries(); ++i) images.insert(g.FormatState(g.ApplySymmetry(*s, i)));
  EXPECT_EQ(images, (std::set<std::string>{"#.../..../....:V", "...#/..../....:V",
                                           "..../..../#...:V", "..../..../...#:V"}));
  auto h = g.ParseState("#.../..../....:H");
  std::set<std::string> h_images;
  for (int i = 0; i < g.NumSymmetries(); ++i)
    h_images.insert(g.FormatState(g.ApplySymmetry(*h, i)));
  EXPECT_EQ(h_images, (std::set<std::string>{"#.../..../....:H", "...#/..../....:H",
                                             "..../..../#...:H", "..../..../...#:H"}));
}

TEST(DomineeringTest, RefusesBadPositionsAndMoves) {
  const Domineering g = Board(2, 3);
  for (const char* bad : {"", ".../...", ".../...:X", "..../...:V", ".../..:V", "...|...:V",
                          ".x./...:V", ".../...:V ", ".../.../...:V", ":V"}) {
    auto s = g.ParseState(bad);
    EXPECT_FALSE(s.ok()) << "'" << bad << "' was accepted";
    if (!s.ok()) {
      EXPECT_EQ(std::string(s.status().message()).find('\n'), std::string::npos);
    }
  }
  const State start = g.Start();
  for (const char* bad : {"", "a1", "a1b1", "a1a3", "a2a1", "a1a2a3", "d1d2", "a9a8", "A1A2"}) {
    EXPECT_FALSE(g.ParseMove(start, bad).ok()) << "'" << bad << "' was accepted";
  }
  EXPECT_TRUE(g.ParseMove(start, "c1c2").ok());
  const State after = g.Play(start, *g.ParseMove(start, "a1a2"));
  EXPECT_FALSE(after.vertical_to_move);
  EXPECT_EQ(g.FormatState(after), "#../#..:H");
  EXPECT_FALSE(g.ParseMove(after, "a1b1").ok()) << "occupied";
  EXPECT_TRUE(g.ParseMove(after, "b2c2").ok());
  EXPECT_FALSE(g.ParseMove(after, "b2b1").ok());
  for (const char* bad : {"domineering(rows=0)", "domineering(rows=9)", "domineering(cols=0)",
                          "domineering(first=diagonal)", "domineering(size=3)"}) {
    auto spec = ParseSpec(bad);
    ASSERT_TRUE(spec.ok());
    EXPECT_FALSE(Domineering::FromSpec(*spec).ok()) << bad;
  }
}

TEST(DomineeringTest, Conformance) {
  for (const char* spec : {"domineering", "domineering(rows=3,cols=5,first=horizontal)",
                           "domineering(rows=1,cols=7)", "domineering(rows=8,cols=1)"}) {
    const Domineering g = MakeGame<Domineering>(spec);
    testing::CheckSpecRoundTrip(g);
    testing::CheckRandomPlayouts(g, 30, 100);
  }
}

}  // namespace
}  // namespace gamebench

namespace gamebench {
namespace {

// [Partizan] Left is Vertical: on the empty 2x3 board Left has the 3
// vertical placements and Right the 4 horizontal ones, whoever is to move;
// WithMover changes only the mover.
TEST(DomineeringPartizanTest, LeftIsVertical) {
  static_assert(Partizan<Domineering>);
  Domineering g = testing::MakeGame<Domineering>("domineering(rows=2,cols=3)");
  for (const char* text : {".../...:V", ".../...:H"}) {
    auto s = g.ParseState(text);
    ASSERT_TRUE(s.ok());
    for (int player : {kLeft, kRight}) {
      Domineering::State v = g.WithMover(*s, player);
      EXPECT_EQ(g.Mover(v), player);
      EXPECT_EQ(g.Occupied(v), g.Occupied(*s));
      EXPECT_EQ(g.WithMover(g.WithMover(v, 1 - player), player), v);
      MoveListOf<Domineering> moves;
      g.GenerateMoves(v, moves);
      EXPECT_EQ(moves.size(), player == kLeft ? 3u : 4u) << text;
    }
  }
}

}  // namespace
}  // namespace gamebench
