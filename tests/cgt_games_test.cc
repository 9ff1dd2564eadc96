// ctest cost: 5 (seconds, about: CTest starts costly tests first, CMakeLists.txt)
// The CGT values that `gamebench mcgs` and `gamebench cgt --mcgs` use for
// the catalog's Partizan games (cgt/form_builder.h), checked against
// plain search: on random positions of each game, the outcome of the
// canonical form is alpha-beta's value for both first players; for a
// Decomposable game the value of the split position (a sum of its parts'
// forms) is the same canonical form as the whole board's game tree; and the
// nim value of the impartial closure is the one of the closure of the whole
// game tree's form, built naively.

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "cgt/arena.h"
#include "core/partizan.h"
#include "games/clobber/clobber.h"
#include "games/domineering/domineering.h"
#include "games/elephants/elephants.h"
#include "games/gen_toads/gen_toads.h"
#include "games/nogo/nogo.h"
#include "games/toppling_dominoes/toppling_dominoes.h"
#include "gtest/gtest.h"
#include "solvers/alphabeta.h"
#include "tests/cgt_checks.h"
#include "tests/conformance.h"
#include "tests/sanitized.h"

namespace gamebench {
namespace {

using testing::Starts;

// tests/cgt_checks.h's check with this file's seed.
template <Partizan G>
void CheckValues(const G& g, const std::vector<typename G::State>& starts, int positions) {
  testing::CheckValues(g, starts, positions, /*seed=*/59);
}

TEST(CgtGamesTest, ClobberValuesAgreeWithSearch) {
  const Clobber grid = testing::MakeGame<Clobber>("clobber(rows=3,cols=4)");
  CheckValues(grid, {grid.Start()}, 60);
  const Clobber row = testing::MakeGame<Clobber>("clobber(rows=1,cols=16)");
  CheckValues(row, Starts(row, {"XOXOOXXO.XOOXOXO:B", "XXOXOO.OXOXXOOXO:W"}), 60);
}

TEST(CgtGamesTest, NoGoValuesAgreeWithSearch) {
  const NoGo grid = testing::MakeGame<NoGo>("nogo(rows=3,cols=3)");
  CheckValues(grid, {grid.Start()}, 40);
  const NoGo row = testing::MakeGame<NoGo>("nogo(rows=1,cols=14)");
  CheckValues(row, Starts(row, {"..X...O..X.O..:B", ".......O.X....:W"}), 60);
}

// Random boards with stones and blocked cells (legal: every block keeps a
// liberty), a third of the cells empty or a few more: the value and nim value of the split board
// (a sum of its regions' forms) are the whole board's game tree's, and
// enough of them split into two regions or more, or lose lone cells.
// Under a sanitizer, 40 boards a size instead of 60 (the test was among the
// longest there: 10.3 s under ASan, 31.8 s under TSan, loaded machine).
TEST(CgtGamesTest, NoGoSplitAgreesWithWholeBoard) {
  const int boards = testing::Sanitized() ? 40 : 60;
  std::mt19937_64 rng(67);
  for (auto [rows, cols] : {std::pair{2, 7}, {4, 5}, {3, 6}, {5, 5}, {2, 9}, {1, 14}}) {
    const NoGo g = testing::MakeGame<NoGo>(absl::StrCat("nogo(rows=", rows, ",cols=", cols, ")"));
    cgt::GameArena arena;
    FormBuilder<NoGo> split(g), whole(g, /*split=*/false);
    int splits = 0, changed = 0, nonzero = 0;  // into two parts or more; split or cut down
    for (int t = 0; t < boards; ++t) {
      const int cells = rows * cols, empty = cells / 3 + static_cast<int>(rng() % 4);
      absl::StatusOr<NoGo::State> s;
      // Half the boards with few blocked cells: stones make the regions.
      const char* fill = t % 2 ? "XXOO##" : "XXXXOOOO#";
      do {  // empty cells first, then X, O and # at random: kept when legal
        std::string board(static_cast<size_t>(cells), '.');
        for (int c = empty; c < cells; ++c) board[static_cast<size_t>(c)] = fill[rng() % strlen(fill)];
        std::shuffle(board.begin(), board.end(), rng);
        std::string text;
        for (int r = 0; r < rows; ++r) {
          if (r > 0) text += '|';
          text.append(board, static_cast<size_t>(r * cols), static_cast<size_t>(cols));
        }
        text += rng() % 2 ? ":B" : ":W";
        s = g.ParseState(text);
      } while (!s.ok());
      std::vector<NoGo::State> parts;
      g.Components(*s, parts);
      splits += parts.size() > 1;
      changed += parts.size() != 1 || !(parts[0] == *s);
      const cgt::GameId value = split.Value(arena, *s);
      EXPECT_EQ(value, whole.Value(arena, *s)) << g.FormatState(*s);
      EXPECT_EQ(split.Nim(arena, *s), whole.Nim(arena, *s)) << g.FormatState(*s);
      nonzero += value != cgt::GameArena::kZero;
    }
    EXPECT_GT(splits, boards / 30) << rows << "x" << cols;
    EXPECT_GT(changed, boards / 6) << rows << "x" << cols;
    EXPECT_GT(nonzero, boards / 6) << rows << "x" << cols;
  }
}

TEST(CgtGamesTest, ElephantsValuesAgreeWithSearch) {
  const Elephants g = testing::MakeGame<Elephants>("elephants(n=16)");
  CheckValues(g, Starts(g, {"X.X..O.X.O..X.OO:B", ".XO..X.X...O.O..:W"}), 60);
}

TEST(CgtGamesTest, TopplingDominoesValuesAgreeWithSearch) {
  const TopplingDominoes g = testing::MakeGame<TopplingDominoes>("toppling_dominoes(n=12)");
  CheckValues(g, Starts(g, {"XO#XXOO#XOXO:B", "OOXX#XOXO#OX:W"}), 60);
}

TEST(CgtGamesTest, GenToadsValuesAgreeWithSearch) {
  const GenToads g = testing::MakeGame<GenToads>("gen_toads(n=12,min_slide=1,max_slide=2,max_jump=2,friendly=1)");
  CheckValues(g, Starts(g, {"XX..X...O.OO:B", "X.X..O.X..OO:W"}), 60);
  const GenToads t = testing::MakeGame<GenToads>("gen_toads(n=12)");
  CheckValues(t, Starts(t, {"XX..X...O.OO:B", "X.X..O.X..OO:W"}), 40);
}

// Random strips with blocks of a toads and b frogs planted (a, b up to
// max_jump + 2, so blocks one stone short of frozen are there too): the
// value and nim value of the split strip are the whole strip's, for rules
// with and without jumps and friendly jumps.
TEST(CgtGamesTest, GenToadsSplitAgreesWithWholeStrip) {
  std::mt19937_64 rng(61);
  const char* rules[] = {"1,1,1,0", "1,2,1,1", "1,1,0,0", "2,3,2,0", "1,2,0,1", "1,3,2,1"};
  for (const char* rule : rules) {
    const std::vector<std::string> r = absl::StrSplit(rule, ',');
    const int jump = std::stoi(r[2]);
    const int n = jump < 2 ? 13 : 14;
    const GenToads g = testing::MakeGame<GenToads>(
        absl::StrCat("gen_toads(n=", n, ",min_slide=", r[0], ",max_slide=", r[1],
                     ",max_jump=", r[2], ",friendly=", r[3], ")"));
    cgt::GameArena arena;
    FormBuilder<GenToads> split(g), whole(g, /*split=*/false);
    int splits = 0, changed = 0;  // into two parts or more; split or cut down
    for (int t = 0; t < 60; ++t) {
      std::string strip;
      for (int i = 0; i < n; ++i) strip += "XO...."[rng() % 6];
      // Half the blocks frozen (J+1 and J+1) near the middle, half random anywhere.
      const bool frozen = rng() % 2 == 0;
      const std::string block = std::string(frozen ? jump + 1 : 1 + rng() % (jump + 2), 'X') +
                                std::string(frozen ? jump + 1 : 1 + rng() % (jump + 2), 'O');
      if (frozen) {  // a toad that can move on the left, a frog on the right
        strip.replace(0, 3, "X..");
        strip.replace(static_cast<size_t>(n) - 3, 3, "..O");
      }
      const size_t room = n - block.size() + 1;
      strip.replace(frozen ? room / 2 - 1 + rng() % 3 : rng() % room, block.size(), block);
      const auto s = g.ParseState(strip + (rng() % 2 ? ":B" : ":W"));
      ASSERT_TRUE(s.ok()) << s.status();
      std::vector<GenToads::State> parts;
      g.Components(*s, parts);
      splits += parts.size() > 1;
      changed += parts.size() != 1 || !(parts[0] == *s);
      for (const GenToads::State& p : parts) {  // a part does not split again
        std::vector<GenToads::State> again;
        g.Components(p, again);
        ASSERT_EQ(again.size(), 1u) << rule << " " << g.FormatState(p);
        EXPECT_EQ(g.FormatState(again[0]), g.FormatState(p)) << rule;
      }
      EXPECT_EQ(split.Value(arena, *s), whole.Value(arena, *s)) << rule << " " << strip;
      EXPECT_EQ(split.Nim(arena, *s), whole.Nim(arena, *s)) << rule << " " << strip;
    }
    EXPECT_GT(splits, 3) << rule;
    EXPECT_GT(changed, 20) << rule;
  }
}

TEST(CgtGamesTest, DomineeringValuesAgreeWithSearch) {
  const Domineering g = testing::MakeGame<Domineering>("domineering(rows=4,cols=4)");
  CheckValues(g, {g.Start()}, 40);
  // Larger boards, blocked cells: positions that fall into several regions.
  // Under a sanitizer (several times slower) fewer of them: this test was
  // the suite's longest there (148 s with 40 under ASan, loaded machine).
  const int wide_positions = testing::Sanitized() ? 12 : 40;
  const Domineering wide = testing::MakeGame<Domineering>("domineering(rows=5,cols=7)");
  CheckValues(wide, Starts(wide, {".....#./..#..../#....../....#../.#.....:V",
                                  "..#..../.....#./...#.../#....../.....#.:H"}), wide_positions);
}

TEST(CgtGamesTest, DomineeringSplitsIntoItsRegions) {
  // Two regions (a 2x2 block and a 1x3 strip, the lone cell left out), each
  // moved to the corner; a board of one region stays whole.
  const Domineering g = testing::MakeGame<Domineering>("domineering(rows=4,cols=4)");
  std::vector<Domineering::State> parts;
  g.Components(*g.ParseState("..#./..##/####/#...:V"), parts);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(g.FormatState(parts[0]), "..##/..##/####/####:V");
  EXPECT_EQ(g.FormatState(parts[1]), "...#/####/####/####:V");
  parts.clear();
  g.Components(*g.ParseState("####/####/####/###.:H"), parts);
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(g.FormatState(parts[0]), "####/####/####/####:H");
  parts.clear();
  g.Components(g.Start(), parts);
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts[0], g.Start());
}

}  // namespace
}  // namespace gamebench
