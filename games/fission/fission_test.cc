#include "games/fission/fission.h"

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

using State = Fission::State;
using testing::MakeGame;

static_assert(Partizan<Fission> && Decomposable<Fission>);

Fission Board(int rows, int cols, bool black_first = true) {
  return MakeGame<Fission>(absl::StrCat("fission(rows=", rows, ",cols=", cols,
                                        ",first=", black_first ? "black" : "white", ")"));
}

// A plain reference on a grid of chars, sharing no code with the masks.
using testing::Grid;
using testing::GridOf;

// The moves of Black (vertical) or White (horizontal) as text, and the
// grids they lead to.
std::map<std::string, Grid> NaiveMoves(const Grid& grid, bool black) {
  std::map<std::string, Grid> moves;
  const int rows = static_cast<int>(grid.size()), cols = static_cast<int>(grid[0].size());
  const int dr = black ? 1 : 0, dc = black ? 0 : 1;
  auto empty = [&](int r, int c) { return r >= 0 && r < rows && c >= 0 && c < cols && grid[r][c] == '.'; };
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      if (grid[r][c] != 'X' || !empty(r - dr, c - dc) || !empty(r + dr, c + dc)) continue;
      Grid next = grid;
      next[r][c] = '.';
      next[r - dr][c - dc] = next[r + dr][c + dc] = 'X';
      moves[absl::StrCat(std::string(1, static_cast<char>('a' + c)), r + 1, black ? "_V" : "_H")] = next;
    }
  return moves;
}

bool NaiveWins(const Grid& grid, bool black, std::map<std::pair<Grid, bool>, bool>& memo) {
  return testing::NaiveWins(grid, black, memo, NaiveMoves);
}

State RandomState(const Fission& g, std::mt19937_64& rng) {
  return testing::RandomGridState(g, "X...#", rng);
}

TEST(FissionTest, MovesMatchNaiveGenerator) {
  std::mt19937_64 rng(17);
  for (auto [rows, cols] : {std::pair{1, 1}, {1, 7}, {1, 26}, {2, 2}, {3, 5}, {5, 3}, {8, 8},
                            {4, 16}, {2, 26}, {64, 1}}) {
    const Fission g = Board(rows, cols);
    for (int t = 0; t < 40; ++t) {
      const State s = RandomState(g, rng);
      const auto naive = NaiveMoves(GridOf(g, s), s.black_to_move);
      MoveListOf<Fission> moves;
      if (!g.Terminal(s)) g.GenerateMoves(s, moves);
      std::map<std::string, Grid> got;
      for (auto m : moves) {
        const std::string text = g.FormatMove(s, m);
        auto parsed = g.ParseMove(s, text);
        ASSERT_TRUE(parsed.ok()) << text;
        EXPECT_EQ(*parsed, m);
        const State child = g.Play(s, m);
        EXPECT_EQ(child.black_to_move, !s.black_to_move);
        EXPECT_EQ(child.walls, s.walls);
        got[text] = GridOf(g, child);
      }
      EXPECT_EQ(got, naive) << g.FormatState(s);
      EXPECT_EQ(g.Terminal(s).has_value(), naive.empty());
    }
  }
}

// Random boards up to 12 cells, both first players: the naive solver's
// value, and the solvers agree on the best moves.
TEST(FissionTest, SmallBoardsAgreeWithNaiveSolver) {
  std::mt19937_64 rng(19);
  for (auto [rows, cols] : {std::pair{3, 3}, {3, 4}, {4, 3}, {2, 6}, {1, 9}}) {
    const Fission g = Board(rows, cols);
    for (int t = 0; t < 12; ++t) {
      const State s = RandomState(g, rng);
      std::map<std::pair<Grid, bool>, bool> memo;
      const bool wins = NaiveWins(GridOf(g, s), s.black_to_move, memo);
      SolveReport tt = testing::ExpectSolversAgree(g, s, true);
      EXPECT_EQ(tt.value, wins ? kWinScore : kLossScore) << g.FormatState(s);
    }
  }
}

// [Decomposable] On random positions: every part has the mover of the whole
// and a move, and the parts' moves add up to the whole's for both players.
// (tests/cgt_grid_games_test.cc checks that the split keeps the value.)
TEST(FissionTest, ComponentsSplitTheMoves) {
  std::mt19937_64 rng(23);
  int split = 0;
  for (auto [rows, cols] : {std::pair{1, 20}, {3, 5}, {5, 5}, {8, 8}}) {
    const Fission g = Board(rows, cols);
    for (int t = 0; t < 60; ++t) {
      const State s = RandomState(g, rng);
      std::vector<State> parts;
      g.Components(s, parts);
      ASSERT_GE(parts.size(), 1u);
      split += parts.size() > 1;
      for (int player : {kLeft, kRight}) {
        MoveListOf<Fission> moves;
        const State v = g.WithMover(s, player);
        if (!g.Terminal(v)) g.GenerateMoves(v, moves);
        int sum = 0;
        for (const State& p : parts) {
          EXPECT_EQ(p.black_to_move, s.black_to_move);
          MoveListOf<Fission> part_moves;
          const State pv = g.WithMover(p, player);
          if (!g.Terminal(pv)) g.GenerateMoves(pv, part_moves);
          sum += part_moves.size();
        }
        EXPECT_EQ(sum, moves.size()) << g.FormatState(s);
      }
    }
  }
  EXPECT_GT(split, 0);
  const Fission g = Board(3, 3);
  std::vector<State> parts;
  g.Components(*g.ParseState("#..|#X.|#..:W"), parts);
  ASSERT_EQ(parts.size(), 1u);  // moved to the corner, the rest walled
  EXPECT_EQ(g.FormatState(parts[0]), "..#|X.#|..#:W");
  parts.clear();
  g.Components(*g.ParseState(".X.|###|.X.:B"), parts);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0], parts[1]);
  parts.clear();
  g.Components(*g.ParseState("X.X|#.#|X.X:B"), parts);
  ASSERT_EQ(parts.size(), 1u);  // no move anywhere: the game 0
  EXPECT_TRUE(g.Terminal(parts[0]) && g.Terminal(g.WithMover(parts[0], kRight)));
}

TEST(FissionTest, RefusesBadSpecsPositionsAndMoves) {
  for (const char* bad : {"fission(rows=0)", "fission(rows=9,cols=8)", "fission(rows=1,cols=27)",
                          "fission(first=red)", "fission(size=3)", "fission(rows=2,cols=27)"}) {
    auto spec = ParseSpec(bad);
    ASSERT_TRUE(spec.ok());
    EXPECT_FALSE(Fission::FromSpec(*spec).ok()) << bad;
  }
  const Fission g = Board(3, 3);
  for (const char* bad : {"...|.X.|...", "...|.X.|...:X", "..|.X.|...:B", "...|.O.|...:B", "....X....:B", ""})
    EXPECT_FALSE(g.ParseState(bad).ok()) << bad;
  const State s = *g.ParseState("...|.X.|..X:B");
  for (const char* bad : {"b2_H", "c3_V", "a1_V", "b2", "zz"}) EXPECT_FALSE(g.ParseMove(s, bad).ok()) << bad;
  EXPECT_TRUE(g.ParseMove(s, "b2_V").ok());
  EXPECT_TRUE(g.ParseMove(g.WithMover(s, kRight), "b2_H").ok());
}

TEST(FissionTest, Conformance) {
  for (const char* spec : {"fission", "fission(rows=1,cols=26,first=white)", "fission(rows=8,cols=8)",
                           "fission(rows=64,cols=1)", "fission(rows=6,cols=6)"}) {
    const Fission g = MakeGame<Fission>(spec);
    testing::CheckSpecRoundTrip(g);
    testing::CheckRandomPlayouts(g, 20, 200);
  }
}

}  // namespace
}  // namespace gamebench
