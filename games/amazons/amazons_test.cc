#include "games/amazons/amazons.h"

#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/conformance.h"
#include "tests/grid_testing.h"
#include "tests/solver_agreement.h"

namespace gamebench {
namespace {

using State = Amazons::State;
using testing::MakeGame;

static_assert(Partizan<Amazons> && Decomposable<Amazons>);

Amazons Board(int rows, int cols, bool black_first = true) {
  return MakeGame<Amazons>(absl::StrCat("amazons(rows=", rows, ",cols=", cols,
                                        ",first=", black_first ? "black" : "white", ")"));
}

// A plain reference on a grid of chars, sharing no code with the masks.
using testing::Grid;
using testing::GridOf;

std::string Cell(int r, int c) { return absl::StrCat(std::string(1, static_cast<char>('a' + c)), r + 1); }

// The cells a queen at (r, c) reaches over '.' cells.
std::vector<std::pair<int, int>> QueenReach(const Grid& grid, int r, int c) {
  std::vector<std::pair<int, int>> reach;
  const int rows = static_cast<int>(grid.size()), cols = static_cast<int>(grid[0].size());
  for (int dr = -1; dr <= 1; ++dr)
    for (int dc = -1; dc <= 1; ++dc) {
      if (dr == 0 && dc == 0) continue;
      for (int r2 = r + dr, c2 = c + dc; r2 >= 0 && r2 < rows && c2 >= 0 && c2 < cols && grid[r2][c2] == '.';
           r2 += dr, c2 += dc)
        reach.emplace_back(r2, c2);
    }
  return reach;
}

std::map<std::string, Grid> NaiveMoves(const Grid& grid, char me) {
  std::map<std::string, Grid> moves;
  for (int r = 0; r < static_cast<int>(grid.size()); ++r)
    for (int c = 0; c < static_cast<int>(grid[0].size()); ++c) {
      if (grid[r][c] != me) continue;
      for (auto [r2, c2] : QueenReach(grid, r, c)) {
        Grid moved = grid;
        moved[r][c] = '.';
        moved[r2][c2] = me;
        for (auto [r3, c3] : QueenReach(moved, r2, c2)) {
          Grid next = moved;
          next[r3][c3] = '#';
          moves[absl::StrCat(Cell(r, c), "-", Cell(r2, c2), "-", Cell(r3, c3))] = next;
        }
      }
    }
  return moves;
}

bool NaiveWins(const Grid& grid, char me, std::map<std::pair<Grid, char>, bool>& memo) {
  return testing::NaiveWins(grid, me, memo, NaiveMoves);
}

// A random board with up to `amazons` amazons a side.
State RandomState(const Amazons& g, std::mt19937_64& rng, int amazons = Amazons::kMaxAmazons) {
  std::string cells;
  for (int i = 0; i < g.rows() * g.cols(); ++i) cells += "....#"[rng() % 5];
  for (char who : {'X', 'O'})
    for (int k = static_cast<int>(rng() % (amazons + 1)); k > 0; --k)
      cells[rng() % cells.size()] = who;
  std::string text;
  for (int r = 0; r < g.rows(); ++r) {
    if (r) text += '|';
    text += cells.substr(static_cast<size_t>(r * g.cols()), static_cast<size_t>(g.cols()));
  }
  text += rng() % 2 ? ":B" : ":W";
  auto s = g.ParseState(text);
  EXPECT_TRUE(s.ok()) << s.status();
  return *s;
}

TEST(AmazonsTest, MovesMatchNaiveGenerator) {
  std::mt19937_64 rng(29);
  for (auto [rows, cols] : {std::pair{1, 1}, {1, 8}, {2, 2}, {3, 5}, {5, 3}, {8, 8}, {4, 4}, {8, 1}}) {
    const Amazons g = Board(rows, cols);
    for (int t = 0; t < 40; ++t) {
      const State s = RandomState(g, rng);
      const auto naive = NaiveMoves(GridOf(g, s), s.black_to_move ? 'X' : 'O');
      MoveListOf<Amazons> moves;
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
      EXPECT_EQ(got, naive) << g.FormatState(s);
      EXPECT_EQ(got.size(), static_cast<size_t>(moves.size()));
      EXPECT_EQ(g.Terminal(s).has_value(), naive.empty());
    }
  }
  // The bound: four amazons a side in the middle of an empty 8 x 8 board.
  const Amazons g = Board(8, 8);
  const State s = *g.ParseState("........|........|........|...XX...|...XX...|........|........|........:B");
  MoveListOf<Amazons> moves;
  g.GenerateMoves(s, moves);
  EXPECT_LE(moves.size(), Amazons::kMaxMoves);
  EXPECT_GT(moves.size(), 1000);
}

// Random small boards, both first players: the naive solver's value, and
// the solvers agree on the best moves.
TEST(AmazonsTest, SmallBoardsAgreeWithNaiveSolver) {
  std::mt19937_64 rng(31);
  for (auto [rows, cols] : {std::pair{2, 3}, {3, 3}, {2, 4}, {1, 6}}) {
    const Amazons g = Board(rows, cols);
    for (int t = 0; t < 10; ++t) {
      const State s = RandomState(g, rng, 2);
      std::map<std::pair<Grid, char>, bool> memo;
      const bool wins = NaiveWins(GridOf(g, s), s.black_to_move ? 'X' : 'O', memo);
      SolveReport tt = testing::ExpectSolversAgree(g, s, rows * cols <= 6);
      EXPECT_EQ(tt.value, wins ? kWinScore : kLossScore) << g.FormatState(s);
    }
  }
}

// [Decomposable] On random positions: every part has the mover of the whole,
// and the parts' moves add up to the whole's for both players.
// (tests/cgt_grid_games_test.cc checks that the split keeps the value.)
TEST(AmazonsTest, ComponentsSplitTheMoves) {
  std::mt19937_64 rng(37);
  int split = 0;
  for (auto [rows, cols] : {std::pair{1, 8}, {3, 5}, {4, 4}, {8, 8}}) {
    const Amazons g = Board(rows, cols);
    for (int t = 0; t < 60; ++t) {
      const State s = RandomState(g, rng);
      std::vector<State> parts;
      g.Components(s, parts);
      ASSERT_GE(parts.size(), 1u);
      split += parts.size() > 1;
      for (int player : {kLeft, kRight}) {
        MoveListOf<Amazons> moves;
        const State v = g.WithMover(s, player);
        if (!g.Terminal(v)) g.GenerateMoves(v, moves);
        int sum = 0;
        for (const State& p : parts) {
          EXPECT_EQ(p.black_to_move, s.black_to_move);
          MoveListOf<Amazons> part_moves;
          const State pv = g.WithMover(p, player);
          if (!g.Terminal(pv)) g.GenerateMoves(pv, part_moves);
          sum += part_moves.size();
        }
        EXPECT_EQ(sum, moves.size()) << g.FormatState(s);
      }
    }
  }
  EXPECT_GT(split, 0);
  const Amazons g = Board(3, 3);
  std::vector<State> parts;
  g.Components(*g.ParseState("###|#X.|#.O:W"), parts);
  ASSERT_EQ(parts.size(), 1u);  // moved to the corner, the rest blocked
  EXPECT_EQ(g.FormatState(parts[0]), "X.#|.O#|###:W");
  parts.clear();
  g.Components(*g.ParseState("X.#|##.|.#O:B"), parts);  // diagonal cells connect
  ASSERT_EQ(parts.size(), 1u);
  parts.clear();
  g.Components(*g.ParseState("X.#|###|O.#:B"), parts);
  ASSERT_EQ(parts.size(), 2u);
  parts.clear();
  g.Components(*g.ParseState("XO#|###|..#:B"), parts);
  ASSERT_EQ(parts.size(), 1u);  // no part with an amazon and an empty cell: the game 0
  EXPECT_TRUE(g.Terminal(parts[0]) && g.Terminal(g.WithMover(parts[0], kRight)));
}

TEST(AmazonsTest, RefusesBadSpecsPositionsAndMoves) {
  for (const char* bad : {"amazons(rows=0)", "amazons(rows=9,cols=8)", "amazons(rows=1,cols=9)",
                          "amazons(first=red)", "amazons(size=3)"}) {
    auto spec = ParseSpec(bad);
    ASSERT_TRUE(spec.ok());
    EXPECT_FALSE(Amazons::FromSpec(*spec).ok()) << bad;
  }
  const Amazons g = Board(3, 3);
  for (const char* bad : {"...|.X.|...", "...|.X.|...:X", "..|.X.|...:B", "...|.Z.|...:B", "....X....:B", ""})
    EXPECT_FALSE(g.ParseState(bad).ok()) << bad;
  EXPECT_FALSE(Board(3, 4).ParseState("XXXX|X...|....:B").ok());  // five amazons
  const State s = *g.ParseState("X..|.#.|..O:B");
  for (const char* bad : {"a1-c3-a1", "a1-b1-b1", "c3-c2-c1", "a1-b2-a1", "a1-b1", "zz"})
    EXPECT_FALSE(g.ParseMove(s, bad).ok()) << bad;
  EXPECT_TRUE(g.ParseMove(s, "a1-b1-a1").ok());
  EXPECT_TRUE(g.ParseMove(s, "a1-c1-c2").ok());
}

TEST(AmazonsTest, Conformance) {
  for (const char* spec : {"amazons", "amazons(rows=1,cols=8,first=white)", "amazons(rows=8,cols=8)",
                           "amazons(rows=8,cols=1)", "amazons(rows=5,cols=5)"}) {
    const Amazons g = MakeGame<Amazons>(spec);
    testing::CheckSpecRoundTrip(g);
    testing::CheckRandomPlayouts(g, 20, 200);
  }
}

}  // namespace
}  // namespace gamebench
