#include "games/cannibal_clobber/cannibal_clobber.h"

#include <map>
#include <random>
#include <set>
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

using State = CannibalClobber::State;
using testing::MakeGame;

static_assert(Partizan<CannibalClobber> && Decomposable<CannibalClobber>);

CannibalClobber Board(int rows, int cols, bool black_first = true) {
  return MakeGame<CannibalClobber>(absl::StrCat("cannibal_clobber(rows=", rows, ",cols=", cols,
                                        ",first=", black_first ? "black" : "white", ")"));
}

// A plain reference on a grid of chars, sharing no code with the masks.
using testing::Grid;
using testing::GridOf;
using testing::NaiveCell;

// The moves of `me` ('X' or 'O') as text, and the grids they lead to: onto
// any adjacent stone.
std::map<std::string, Grid> NaiveMoves(const Grid& grid, char me) {
  std::map<std::string, Grid> moves;
  const int rows = static_cast<int>(grid.size()), cols = static_cast<int>(grid[0].size());
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      if (grid[r][c] != me) continue;
      for (auto [dr, dc] : {std::pair{0, 1}, {0, -1}, {1, 0}, {-1, 0}}) {
        const int r2 = r + dr, c2 = c + dc;
        if (r2 < 0 || r2 >= rows || c2 < 0 || c2 >= cols || grid[r2][c2] == '.') continue;
        Grid next = grid;
        next[r][c] = '.';
        next[r2][c2] = me;
        moves[absl::StrCat(NaiveCell(grid, r, c), "-", NaiveCell(grid, r2, c2))] = next;
      }
    }
  return moves;
}

bool NaiveWins(const Grid& grid, char me, std::map<std::pair<Grid, char>, bool>& memo) {
  return testing::NaiveWins(grid, me, memo, NaiveMoves);
}

State RandomState(const CannibalClobber& g, std::mt19937_64& rng) {
  return testing::RandomGridState(g, "XO.", rng);
}

// On random boards of many shapes, either player to move: the moves are
// exactly the naive ones (text and result), and they parse back.
TEST(CannibalClobberTest, MovesMatchNaiveGenerator) {
  std::mt19937_64 rng(11);
  for (auto [rows, cols] : {std::pair{1, 1}, {1, 7}, {1, 64}, {2, 2}, {3, 5}, {5, 3}, {8, 8},
                            {4, 16}, {2, 26}, {64, 1}}) {
    const CannibalClobber g = Board(rows, cols);
    for (int t = 0; t < 40; ++t) {
      const State s = RandomState(g, rng);
      const Grid grid = GridOf(g, s);
      const auto naive = NaiveMoves(grid, s.black_to_move ? 'X' : 'O');
      MoveListOf<CannibalClobber> moves;
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
      EXPECT_EQ(g.Terminal(s).has_value(), naive.empty());
    }
  }
}

// Every start up to 12 cells, both first players: the naive solver's value,
// and the solvers agree on the best moves.
TEST(CannibalClobberTest, SmallBoardsAgreeWithNaiveSolver) {
  for (int rows = 1; rows <= 4; ++rows)
    for (int cols = 1; cols <= 12; ++cols) {
      if (rows * cols > 12) continue;
      for (bool black_first : {true, false}) {
        const CannibalClobber g = Board(rows, cols, black_first);
        std::map<std::pair<Grid, char>, bool> memo;
        const bool wins = NaiveWins(GridOf(g, g.Start()), black_first ? 'X' : 'O', memo);
        SolveReport tt = testing::ExpectSolversAgree(g, g.Start(), rows * cols <= 8);
        EXPECT_EQ(tt.value, wins ? kWinScore : kLossScore) << g.CanonicalSpec();
      }
    }
}

// [Decomposable] On random positions: every part has two stones or more and
// the mover of the whole, and the parts' moves add up to the whole's for
// both players. (tests/cgt_grid_games_test.cc checks that the split keeps
// the value: the sum of the parts' forms is the whole board's form.)
TEST(CannibalClobberTest, ComponentsSplitTheMoves) {
  std::mt19937_64 rng(13);
  int split = 0;
  for (auto [rows, cols] : {std::pair{1, 20}, {3, 5}, {4, 4}, {8, 8}}) {
    const CannibalClobber g = Board(rows, cols);
    for (int t = 0; t < 60; ++t) {
      const State s = RandomState(g, rng);
      std::vector<State> parts;
      g.Components(s, parts);
      ASSERT_GE(parts.size(), 1u);
      split += parts.size() > 1;
      for (int player : {kLeft, kRight}) {
        int whole = 0, sum = 0;
        MoveListOf<CannibalClobber> moves;
        const State v = g.WithMover(s, player);
        if (!g.Terminal(v)) g.GenerateMoves(v, moves);
        whole = moves.size();
        for (const State& p : parts) {
          EXPECT_EQ(p.black_to_move, s.black_to_move);
          if (parts.size() > 1) {
            EXPECT_GE(__builtin_popcountll(p.black | p.white), 2);
          }
          MoveListOf<CannibalClobber> part_moves;
          const State pv = g.WithMover(p, player);
          if (!g.Terminal(pv)) g.GenerateMoves(pv, part_moves);
          sum += part_moves.size();
        }
        // A part and its mirror (colours swapped) are dropped: fewer moves.
        EXPECT_LE(sum, whole) << g.FormatState(s);
        if (rows > 1) {
          EXPECT_EQ(sum, whole) << g.FormatState(s);
        }
      }
    }
  }
  EXPECT_GT(split, 0);
  // A part is moved to the corner, intact: "..X|.OX|..." has one part, XO.|.X.
  const CannibalClobber g = Board(3, 3);
  std::vector<State> parts;
  g.Components(*g.ParseState("...|.XO|..X:W"), parts);
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(g.FormatState(parts[0]), "XO.|.X.|...:W");
  parts.clear();
  // A group of one colour is kept (Black eats his own stone), lone stones not.
  g.Components(*g.ParseState("XX.|...|O.O:B"), parts);
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(g.FormatState(parts[0]), "XX.|...|...:B");
  EXPECT_FALSE(g.Terminal(parts[0]));
  EXPECT_TRUE(g.Terminal(g.WithMover(parts[0], kRight)));
  parts.clear();
  g.Components(*g.ParseState("X.O|...|O.X:W"), parts);
  ASSERT_EQ(parts.size(), 1u);  // no group of two: the game 0
  EXPECT_TRUE(g.Terminal(parts[0]) && g.Terminal(g.WithMover(parts[0], kLeft)));
  // On one row a group is kept in one orientation (OXX and XXO are one
  // entry), and a group and its mirror (colours swapped, maybe reversed)
  // sum to 0 and are dropped: XO + OX, XX + OO; XX + XX stays.
  const CannibalClobber row = Board(1, 9);
  parts.clear();
  row.Components(*row.ParseState("OXX.XXO..:B"), parts);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0], parts[1]);
  for (const char* zero : {"XO.OX....:B", "XX.OO....:W", "XOO..OXX.:B"}) {
    parts.clear();
    row.Components(*row.ParseState(zero), parts);
    ASSERT_EQ(parts.size(), 1u) << zero;
    EXPECT_EQ(parts[0].black | parts[0].white, 0u) << zero;
  }
  parts.clear();
  row.Components(*row.ParseState("XX.XX.XO.:B"), parts);
  EXPECT_EQ(parts.size(), 3u);
}

TEST(CannibalClobberTest, RefusesBadSpecsPositionsAndMoves) {
  for (const char* bad : {"cannibal_clobber(rows=0)", "cannibal_clobber(rows=9,cols=8)",
                          "cannibal_clobber(rows=2,cols=27)", "cannibal_clobber(first=red)",
                          "cannibal_clobber(size=3)", "cannibal_clobber(rows=1,cols=65)"}) {
    auto spec = ParseSpec(bad);
    ASSERT_TRUE(spec.ok());
    EXPECT_FALSE(CannibalClobber::FromSpec(*spec).ok()) << bad;
  }
  const CannibalClobber g = Board(2, 3);
  for (const char* bad : {"XO.|OX.", "XO.|OX.:X", "XO|OX.:B", "XO.|OXZ:B", "XO.OX.:B", ""})
    EXPECT_FALSE(g.ParseState(bad).ok()) << bad;
  const State s = *g.ParseState("XO.|OX.:B");
  for (const char* bad : {"a1-c1", "b1-a1", "a1-a1", "a1-b2", "b2-c2", "zz", "1-2"})
    EXPECT_FALSE(g.ParseMove(s, bad).ok()) << bad;
  EXPECT_TRUE(g.ParseMove(s, "a1-b1").ok());
  EXPECT_TRUE(g.ParseMove(s, "b2-b1").ok());
  EXPECT_TRUE(g.ParseMove(s, "b2-a2").ok());
  EXPECT_TRUE(g.ParseMove(*g.ParseState("XX.|OO.:W"), "a2-b2").ok());  // O eats O
}

TEST(CannibalClobberTest, Conformance) {
  for (const char* spec : {"cannibal_clobber", "cannibal_clobber(rows=1,cols=30,first=white)",
                           "cannibal_clobber(rows=8,cols=8)", "cannibal_clobber(rows=1,cols=64)",
                           "cannibal_clobber(rows=64,cols=1)"}) {
    const CannibalClobber g = MakeGame<CannibalClobber>(spec);
    testing::CheckSpecRoundTrip(g);
    testing::CheckRandomPlayouts(g, 20, 200);
  }
}

// [Partizan] Left is Black: WithMover changes only the mover.
TEST(CannibalClobberPartizanTest, LeftIsBlack) {
  const CannibalClobber g = Board(1, 3);
  const State s = *g.ParseState("XOO:W");
  EXPECT_EQ(g.Mover(s), kRight);
  const State left = g.WithMover(s, kLeft);
  EXPECT_EQ(g.FormatState(left), "XOO:B");
  MoveListOf<CannibalClobber> moves;
  g.GenerateMoves(left, moves);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(g.FormatMove(left, moves[0]), "1-2");
  moves.clear();
  g.GenerateMoves(s, moves);  // White: 2-1, 2-3 and 3-2
  EXPECT_EQ(moves.size(), 3);
  EXPECT_EQ(g.WithMover(left, kRight), s);
}

}  // namespace
}  // namespace gamebench
