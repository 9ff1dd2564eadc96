#include "games/nogo/nogo.h"

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

using State = NoGo::State;
using testing::MakeGame;
using testing::Grid;
using testing::GridOf;

static_assert(Partizan<NoGo> && Decomposable<NoGo>);

NoGo Board(int rows, int cols, bool black_first = true) {
  return MakeGame<NoGo>(absl::StrCat("nogo(rows=", rows, ",cols=", cols,
                                     ",first=", black_first ? "black" : "white", ")"));
}

// A plain reference on a grid of chars, sharing no code with the masks:
// every block has an empty neighbour.
bool NaiveLegalGrid(const Grid& g) {
  const int rows = static_cast<int>(g.size()), cols = static_cast<int>(g[0].size());
  std::vector<std::vector<bool>> seen(rows, std::vector<bool>(cols, false));
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      if ((g[r][c] != 'X' && g[r][c] != 'O') || seen[r][c]) continue;
      bool liberty = false;
      std::vector<std::pair<int, int>> stack{{r, c}};
      seen[r][c] = true;
      while (!stack.empty()) {
        auto [y, x] = stack.back();
        stack.pop_back();
        for (auto [dy, dx] : {std::pair{0, 1}, {0, -1}, {1, 0}, {-1, 0}}) {
          const int y2 = y + dy, x2 = x + dx;
          if (y2 < 0 || y2 >= rows || x2 < 0 || x2 >= cols) continue;
          if (g[y2][x2] == '.') liberty = true;
          if (g[y2][x2] == g[r][c] && !seen[y2][x2]) {
            seen[y2][x2] = true;
            stack.push_back({y2, x2});
          }
        }
      }
      if (!liberty) return false;
    }
  return true;
}

std::map<std::string, Grid> NaiveMoves(const Grid& grid, char me) {
  std::map<std::string, Grid> moves;
  for (size_t r = 0; r < grid.size(); ++r)
    for (size_t c = 0; c < grid[0].size(); ++c) {
      if (grid[r][c] != '.') continue;
      Grid next = grid;
      next[r][c] = me;
      if (!NaiveLegalGrid(next)) continue;
      const std::string cell = grid.size() == 1
                                   ? absl::StrCat(c + 1)
                                   : absl::StrCat(std::string(1, static_cast<char>('a' + c)), r + 1);
      moves[absl::StrCat(cell, "_", std::string(1, me))] = next;
    }
  return moves;
}

bool NaiveWins(const Grid& grid, char me, std::map<std::pair<Grid, char>, bool>& memo) {
  return testing::NaiveWins(grid, me, memo, NaiveMoves);
}

// A random legal position: random stones and blocked cells, kept while legal.
State RandomState(const NoGo& g, std::mt19937_64& rng) {
  Grid grid(g.rows(), std::string(g.cols(), '.'));
  for (int k = 0; k < g.rows() * g.cols(); ++k) {
    const int r = static_cast<int>(rng() % g.rows()), c = static_cast<int>(rng() % g.cols());
    const char was = grid[r][c];
    grid[r][c] = "XXOO#."[rng() % 6];
    if (!NaiveLegalGrid(grid)) grid[r][c] = was;
  }
  std::string text;
  for (int r = 0; r < g.rows(); ++r) text += (r ? "|" : "") + grid[r];
  auto s = g.ParseState(text + (rng() % 2 ? ":B" : ":W"));
  EXPECT_TRUE(s.ok()) << s.status();
  return *s;
}

TEST(NoGoTest, MovesMatchNaiveGenerator) {
  std::mt19937_64 rng(17);
  for (auto [rows, cols] : {std::pair{1, 1}, {1, 9}, {1, 64}, {2, 2}, {3, 5}, {5, 3}, {8, 8},
                            {2, 26}, {64, 1}}) {
    const NoGo g = Board(rows, cols);
    for (int t = 0; t < 30; ++t) {
      const State s = RandomState(g, rng);
      const auto naive = NaiveMoves(GridOf(g, s), s.black_to_move ? 'X' : 'O');
      MoveListOf<NoGo> moves;
      if (!g.Terminal(s)) g.GenerateMoves(s, moves);
      std::map<std::string, Grid> got;
      for (auto m : moves) {
        const std::string text = g.FormatMove(s, m);
        auto parsed = g.ParseMove(s, text);
        ASSERT_TRUE(parsed.ok()) << text;
        EXPECT_EQ(*parsed, m);
        got[text] = GridOf(g, g.Play(s, m));
      }
      EXPECT_EQ(got, naive) << g.FormatState(s);
      EXPECT_EQ(g.Terminal(s).has_value(), naive.empty());
    }
  }
}

TEST(NoGoTest, SmallBoardsAgreeWithNaiveSolver) {
  std::mt19937_64 rng(19);
  for (int rows = 1; rows <= 3; ++rows)
    for (int cols = 1; cols <= 9; ++cols) {
      if (rows * cols > 9) continue;
      for (bool black_first : {true, false}) {
        const NoGo g = Board(rows, cols, black_first);
        for (const State& s : {g.Start(), RandomState(g, rng)}) {
          std::map<std::pair<Grid, char>, bool> memo;
          const bool wins = NaiveWins(GridOf(g, s), s.black_to_move ? 'X' : 'O', memo);
          SolveReport tt = testing::ExpectSolversAgree(g, s, rows * cols <= 6);
          EXPECT_EQ(tt.value, wins ? kWinScore : kLossScore) << g.FormatState(s);
        }
      }
    }
}

// [Decomposable] The parts' moves add up to the whole's, for both players,
// on rows and grids; every part has the mover of the whole and does not
// split again. (That the parts' values add up to the whole's is
// tests/cgt_games_test.cc's NoGoSplitAgreesWithWholeBoard.)
TEST(NoGoTest, ComponentsSplitTheMoves) {
  std::mt19937_64 rng(23);
  for (auto [rows, cols] : {std::pair{1, 24}, {4, 5}, {8, 8}, {3, 7}}) {
    int split = 0;
    const NoGo g = Board(rows, cols);
    for (int t = 0; t < 200; ++t) {
      const State s = RandomState(g, rng);
      std::vector<State> parts;
      g.Components(s, parts);
      ASSERT_GE(parts.size(), 1u);
      split += parts.size() > 1;
      for (const State& p : parts) {
        EXPECT_EQ(p.black_to_move, s.black_to_move);
        std::vector<State> again;
        g.Components(p, again);
        ASSERT_EQ(again.size(), 1u) << g.FormatState(p);
        EXPECT_EQ(again[0], p) << g.FormatState(p);
      }
      for (int player : {kLeft, kRight}) {
        MoveListOf<NoGo> moves;
        const State v = g.WithMover(s, player);
        if (!g.Terminal(v)) g.GenerateMoves(v, moves);
        size_t sum = 0;
        for (const State& p : parts) {
          MoveListOf<NoGo> part_moves;
          const State pv = g.WithMover(p, player);
          if (!g.Terminal(pv)) g.GenerateMoves(pv, part_moves);
          sum += part_moves.size();
        }
        EXPECT_EQ(sum, moves.size()) << g.FormatState(s);
      }
    }
    EXPECT_GT(split, rows == 1 ? 20 : 4) << rows << "x" << cols;  // grids split less often
  }
  // A row: cut between X and O and at '#'; the lone cell after O is 0.
  const NoGo g = Board(1, 24);
  std::vector<State> parts;
  g.Components(*g.ParseState("..XO.#.O..X.............:B"), parts);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(g.FormatState(parts[0]), "..X#####################:B");
  EXPECT_EQ(g.FormatState(parts[1]), ".O..X.............######:B");
  // A grid: X's blocks share the two cells of the left column (one
  // region); O's blocks have c3 alone (0, left out).
  const NoGo grid = Board(3, 3);
  parts.clear();
  grid.Components(*grid.ParseState(".XO|.XO|XO.:W"), parts);
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(grid.FormatState(parts[0]), ".X#|.X#|X##:W");
  // The X stones have a1 alone; the O blocks b3 and c3.
  parts.clear();
  grid.Components(*grid.ParseState(".XO|XOO|O..:W"), parts);
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(grid.FormatState(parts[0]), "##O|#OO|O..:W");
  // A region is moved to the top-left corner.
  parts.clear();
  grid.Components(*grid.ParseState("###|#..|#..:B"), parts);
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(grid.FormatState(parts[0]), "..#|..#|###:B");
  // Two regions, touching only where X is beside O.
  const NoGo wide = Board(2, 5);
  parts.clear();
  wide.Components(*wide.ParseState("..XO.|.XO..:B"), parts);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(wide.FormatState(parts[0]), "..X##|.X###:B");
  EXPECT_EQ(wide.FormatState(parts[1]), "#O.##|O..##:B");
  // An empty board is one region; a full one none (the game 0).
  parts.clear();
  wide.Components(wide.Start(), parts);
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts[0], wide.Start());
}

TEST(NoGoTest, RefusesBadSpecsPositionsAndMoves) {
  for (const char* bad : {"nogo(rows=0)", "nogo(rows=9,cols=8)", "nogo(rows=2,cols=27)",
                          "nogo(first=red)", "nogo(size=3)"}) {
    auto spec = ParseSpec(bad);
    ASSERT_TRUE(spec.ok());
    EXPECT_FALSE(NoGo::FromSpec(*spec).ok()) << bad;
  }
  const NoGo g = Board(2, 3);
  for (const char* bad : {"X..|...", "X..|...:X", "X.|...:B", "X..|..Z:B", "XO.|O..:B", ""})
    EXPECT_FALSE(g.ParseState(bad).ok()) << bad;
  const State s = *g.ParseState("X..|...:W");
  for (const char* bad : {"a1_O", "b1_X", "zz", "2_O", "c3_O"})
    EXPECT_FALSE(g.ParseMove(s, bad).ok()) << bad;
  EXPECT_TRUE(g.ParseMove(s, "b1_O").ok());
  EXPECT_FALSE(g.ParseMove(*g.ParseState(".X.|X..:W"), "a1_O").ok());  // suicide
  EXPECT_FALSE(g.ParseMove(*g.ParseState(".X.|...:W"), "b1_O").ok());  // occupied
  EXPECT_TRUE(g.ParseMove(*g.ParseState("X..|...:W"), "b1_O").ok());   // a1 keeps a2
  EXPECT_FALSE(g.ParseMove(*g.ParseState("X..|O..:W"), "b1_O").ok());  // would capture a1
}

TEST(NoGoTest, Conformance) {
  for (const char* spec : {"nogo", "nogo(rows=1,cols=30,first=white)", "nogo(rows=8,cols=8)",
                           "nogo(rows=1,cols=64)", "nogo(rows=64,cols=1)"}) {
    const NoGo g = MakeGame<NoGo>(spec);
    testing::CheckSpecRoundTrip(g);
    testing::CheckRandomPlayouts(g, 20, 200);
  }
}

}  // namespace
}  // namespace gamebench
