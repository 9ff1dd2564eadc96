#include "games/gen_king_dirt/gen_king_dirt.h"

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/conformance.h"
#include "tests/grid_testing.h"
#include "tests/solver_agreement.h"

namespace gamebench {
namespace {

using State = GenKingDirt::State;
using testing::MakeGame;

static_assert(Partizan<GenKingDirt> && Decomposable<GenKingDirt>);

GenKingDirt Board(int rows, int cols) {
  return MakeGame<GenKingDirt>(absl::StrCat("gen_king_dirt(rows=", rows, ",cols=", cols, ")"));
}

// A plain reference: the board as rows of chars and the stones in hand.
struct Naive {
  std::vector<std::string> grid;
  int hand[2] = {0, 0};  // Black's, White's
  bool must = false;
  auto Tie() const { return std::tie(grid, hand[0], hand[1], must); }
  bool operator<(const Naive& o) const { return Tie() < o.Tie(); }
  bool operator==(const Naive& o) const { return Tie() == o.Tie(); }
};

Naive NaiveOf(const GenKingDirt& g, const State& s) {
  const std::string text = g.FormatState(s);
  Naive n;
  n.hand[0] = s.black_in_hand;
  n.hand[1] = s.white_in_hand;
  n.must = s.must_place;
  n.grid.emplace_back();
  const size_t colon = text.find(':');
  for (char c : text.substr(colon + 1, text.size() - colon - 3)) {
    if (c == '|') n.grid.emplace_back();
    else n.grid.back() += c;
  }
  return n;
}

std::string Cell(int r, int c) { return absl::StrCat(std::string(1, static_cast<char>('a' + c)), r + 1); }

// MCGS's rules, written out: placements (while in hand), steps (unless a
// placement is possible and must_place), then MCGS's normalisation.
std::map<std::string, Naive> NaiveMoves(const Naive& n, bool black) {
  std::map<std::string, Naive> moves;
  const char me = black ? 'X' : 'O';
  const int rows = static_cast<int>(n.grid.size()), cols = static_cast<int>(n.grid[0].size());
  auto normalise = [&](Naive m) {
    int empty = 0;
    for (const auto& row : m.grid) empty += static_cast<int>(std::count(row.begin(), row.end(), '.'));
    m.hand[0] = std::min(m.hand[0], empty);
    m.hand[1] = std::min(m.hand[1], empty);
    if (m.hand[0] == 0 && m.hand[1] == 0) m.must = false;
    return m;
  };
  bool placed = false;
  if (n.hand[black ? 0 : 1] > 0)
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c)
        if (n.grid[r][c] == '.') {
          Naive m = n;
          m.grid[r][c] = me;
          --m.hand[black ? 0 : 1];
          moves[absl::StrCat(Cell(r, c), "_", std::string(1, me))] = normalise(m);
          placed = true;
        }
  if (placed && n.must) return moves;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      if (n.grid[r][c] != me) continue;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          const int r2 = r + dr, c2 = c + dc;
          if ((dr == 0 && dc == 0) || r2 < 0 || r2 >= rows || c2 < 0 || c2 >= cols || n.grid[r2][c2] != '.')
            continue;
          Naive m = n;
          m.grid[r][c] = '#';
          m.grid[r2][c2] = me;
          moves[absl::StrCat(Cell(r, c), "-", Cell(r2, c2))] = normalise(m);
        }
    }
  return moves;
}

bool NaiveWins(const Naive& n, bool black, std::map<std::pair<Naive, bool>, bool>& memo) {
  return testing::NaiveWins(n, black, memo, NaiveMoves);
}

State RandomState(const GenKingDirt& g, std::mt19937_64& rng, int max_hand = 3) {
  std::string text = absl::StrCat(rng() % (max_hand + 1), ",", rng() % (max_hand + 1), ",", rng() % 2, ":");
  for (int r = 0; r < g.rows(); ++r) {
    if (r) text += '|';
    for (int c = 0; c < g.cols(); ++c) text += "XO....#"[rng() % 7];
  }
  text += rng() % 2 ? ":B" : ":W";
  auto s = g.ParseState(text);
  EXPECT_TRUE(s.ok()) << s.status();
  return *s;
}

TEST(GenKingDirtTest, MovesMatchNaiveGenerator) {
  std::mt19937_64 rng(41);
  for (auto [rows, cols] : {std::pair{1, 1}, {1, 7}, {2, 2}, {3, 5}, {5, 3}, {8, 8}, {4, 16}, {64, 1}}) {
    const GenKingDirt g = Board(rows, cols);
    for (int t = 0; t < 40; ++t) {
      const State s = RandomState(g, rng);
      const auto naive = NaiveMoves(NaiveOf(g, s), s.black_to_move);
      MoveListOf<GenKingDirt> moves;
      if (!g.Terminal(s)) g.GenerateMoves(s, moves);
      std::map<std::string, Naive> got;
      for (auto m : moves) {
        const std::string text = g.FormatMove(s, m);
        auto parsed = g.ParseMove(s, text);
        ASSERT_TRUE(parsed.ok()) << text;
        EXPECT_EQ(*parsed, m);
        const State child = g.Play(s, m);
        EXPECT_EQ(child.black_to_move, !s.black_to_move);
        got[text] = NaiveOf(g, child);
      }
      EXPECT_EQ(got.size(), naive.size()) << g.FormatState(s);
      EXPECT_TRUE(got == naive) << g.FormatState(s);
      EXPECT_EQ(g.Terminal(s).has_value(), naive.empty());
    }
  }
}

// Random small boards, both first players, with and without stones in hand
// and must_place: the naive solver's value, and the solvers agree.
TEST(GenKingDirtTest, SmallBoardsAgreeWithNaiveSolver) {
  std::mt19937_64 rng(43);
  for (auto [rows, cols] : {std::pair{2, 2}, {2, 3}, {3, 3}, {1, 6}}) {
    const GenKingDirt g = Board(rows, cols);
    for (int t = 0; t < 12; ++t) {
      const State s = RandomState(g, rng, 2);
      std::map<std::pair<Naive, bool>, bool> memo;
      const bool wins = NaiveWins(NaiveOf(g, s), s.black_to_move, memo);
      SolveReport tt = testing::ExpectSolversAgree(g, s, rows * cols <= 6);
      EXPECT_EQ(tt.value, wins ? kWinScore : kLossScore) << g.FormatState(s);
    }
  }
  // The empty 3 x 3 board with a stone in hand each (MCGS's 3x3_110.test
  // says Black wins moving first, and White too).
  const GenKingDirt g = Board(3, 3);
  for (const char* text : {"1,1,0:...|...|...:B", "1,1,0:...|...|...:W"}) {
    std::map<std::pair<Naive, bool>, bool> memo;
    const State s = *g.ParseState(text);
    EXPECT_TRUE(NaiveWins(NaiveOf(g, s), s.black_to_move, memo)) << text;
  }
}

// [Decomposable] With no stones in hand the parts' moves add up to the
// whole's for both players; with stones in hand there is one part, the
// whole. (tests/cgt_grid_games_test.cc checks that the split keeps the
// value.)
TEST(GenKingDirtTest, ComponentsSplitTheMoves) {
  std::mt19937_64 rng(47);
  int split = 0;
  for (auto [rows, cols] : {std::pair{1, 20}, {3, 5}, {4, 4}, {8, 8}}) {
    const GenKingDirt g = Board(rows, cols);
    for (int t = 0; t < 60; ++t) {
      const State s = RandomState(g, rng, t % 2);
      std::vector<State> parts;
      g.Components(s, parts);
      ASSERT_GE(parts.size(), 1u);
      if (s.black_in_hand + s.white_in_hand > 0) {
        ASSERT_EQ(parts.size(), 1u);
        EXPECT_EQ(parts[0], s);
      }
      split += parts.size() > 1;
      for (int player : {kLeft, kRight}) {
        MoveListOf<GenKingDirt> moves;
        const State v = g.WithMover(s, player);
        if (!g.Terminal(v)) g.GenerateMoves(v, moves);
        int sum = 0;
        for (const State& p : parts) {
          EXPECT_EQ(p.black_to_move, s.black_to_move);
          MoveListOf<GenKingDirt> part_moves;
          const State pv = g.WithMover(p, player);
          if (!g.Terminal(pv)) g.GenerateMoves(pv, part_moves);
          sum += part_moves.size();
        }
        EXPECT_EQ(sum, moves.size()) << g.FormatState(s);
      }
    }
  }
  EXPECT_GT(split, 0);
  const GenKingDirt g = Board(3, 3);
  std::vector<State> parts;
  g.Components(*g.ParseState("0,0,0:###|#X.|#.O:W"), parts);
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(g.FormatState(parts[0]), "0,0,0:X.#|.O#|###:W");
  parts.clear();
  g.Components(*g.ParseState("0,0,0:X.#|###|O.#:B"), parts);
  ASSERT_EQ(parts.size(), 2u);
  parts.clear();
  g.Components(*g.ParseState("1,0,0:X.#|###|O.#:B"), parts);
  ASSERT_EQ(parts.size(), 1u);
}

TEST(GenKingDirtTest, NormalisesStonesInHand) {
  const GenKingDirt g = Board(2, 2);
  const State s = *g.ParseState("5,3,1:X.|.#:B");  // two empty cells
  EXPECT_EQ(g.FormatState(s), "2,2,1:X.|.#:B");
  EXPECT_EQ(g.FormatState(*g.ParseState("0,0,1:X.|.#:W")), "0,0,0:X.|.#:W");
  // must_place: Black places, no step.
  MoveListOf<GenKingDirt> moves;
  g.GenerateMoves(s, moves);
  EXPECT_EQ(moves.size(), 2);
}

TEST(GenKingDirtTest, RefusesBadSpecsPositionsAndMoves) {
  for (const char* bad : {"gen_king_dirt(rows=0)", "gen_king_dirt(rows=9,cols=8)", "gen_king_dirt(cols=27)",
                          "gen_king_dirt(first=red)", "gen_king_dirt(size=3)", "gen_king_dirt(must_place=2)",
                          "gen_king_dirt(black=-1)"}) {
    auto spec = ParseSpec(bad);
    ASSERT_TRUE(spec.ok());
    EXPECT_FALSE(GenKingDirt::FromSpec(*spec).ok()) << bad;
  }
  const GenKingDirt g = Board(3, 3);
  for (const char* bad : {"1,1,0:...|.X.|...", "1,1,0:...|.X.|...:X", "1,1:...|.X.|...:B",
                          "1,1,2:...|.X.|...:B", "1,1,0:..|.X.|...:B", "1,1,0:...|.Z.|...:B",
                          "...|.X.|...:B", "a,1,0:...|.X.|...:B", ""})
    EXPECT_FALSE(g.ParseState(bad).ok()) << bad;
  const State s = *g.ParseState("0,1,0:X..|.#.|..O:B");
  for (const char* bad : {"a1-b2", "a1-c1", "b1_X", "c3-c2", "zz"}) EXPECT_FALSE(g.ParseMove(s, bad).ok()) << bad;
  EXPECT_TRUE(g.ParseMove(s, "a1-b1").ok());
  EXPECT_TRUE(g.ParseMove(g.WithMover(s, kRight), "b1_O").ok());
}

TEST(GenKingDirtTest, Conformance) {
  for (const char* spec : {"gen_king_dirt", "gen_king_dirt(rows=1,cols=26,black=3,white=2,first=white)",
                           "gen_king_dirt(rows=8,cols=8,black=4,white=4,must_place=1)",
                           "gen_king_dirt(rows=64,cols=1)", "gen_king_dirt(rows=4,cols=4,black=0,white=0)"}) {
    const GenKingDirt g = MakeGame<GenKingDirt>(spec);
    testing::CheckSpecRoundTrip(g);
    testing::CheckRandomPlayouts(g, 20, 200);
  }
}

}  // namespace
}  // namespace gamebench
