// ctest cost: 5 (seconds, about: CTest starts costly tests first, CMakeLists.txt)
// The CGT values of the grid games of MCGS's corpus added after
// tests/cgt_games_test.cc (Cannibal Clobber, Fission, Amazons, generalised
// King/Dirt, Sheep), checked the same way: on random positions of each game
// (the ends of random playouts, a few plies back), the outcome of the
// canonical form is alpha-beta's value for the player to move; the split
// position's value (the sum of its parts' forms, core/partizan.h's
// Decomposable) is the canonical form of the whole board's game tree, not
// split; and the nim value of the impartial closure, split, is the one of
// the whole tree's form built naively.

#include <random>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "cgt/arena.h"
#include "cgt/form_builder.h"
#include "core/partizan.h"
#include "games/amazons/amazons.h"
#include "games/cannibal_clobber/cannibal_clobber.h"
#include "games/fission/fission.h"
#include "games/gen_king_dirt/gen_king_dirt.h"
#include "games/sheep/sheep.h"
#include "gtest/gtest.h"
#include "solvers/alphabeta.h"
#include "tests/cgt_checks.h"
#include "tests/conformance.h"

namespace gamebench {
namespace {

// tests/cgt_checks.h's check with this file's seed, from position texts;
// returns how many positions split.
template <Partizan G>
int CheckValues(const G& g, const std::vector<std::string>& starts, int positions,
                bool raw_nim = true) {
  return testing::CheckValues(g, testing::Starts(g, starts), positions, /*seed=*/67, raw_nim);
}

// Amazons on 1 x 4, ..XO: Left's options are *, 1 and -1, Right has none;
// * and -1 are dominated, so the canonical form is {1 |} = 2, a number (it
// was once left as the node {1 |}, which the thermograph refused).
TEST(CgtGridGamesTest, DominatedOptionsLeaveANumber) {
  const auto g = testing::MakeGame<Amazons>("amazons(rows=1,cols=4)");
  cgt::GameArena arena;
  FormBuilder<Amazons> builder(g);
  const cgt::GameId value = builder.Value(arena, *g.ParseState("..XO:B"));
  ASSERT_TRUE(arena.NumberValue(value).has_value());
  EXPECT_EQ(arena.NumberValue(value)->ToString(), "2");
  // The same through the arena alone.
  const cgt::GameId one = arena.Number(cgt::Dyadic::Integer(1));
  EXPECT_EQ(arena.MakeCanonical({arena.Nimber(1), one, arena.Negate(one)}, {}), value);
}

TEST(CgtGridGamesTest, CannibalClobberValuesAgreeWithSearch) {
  const auto grid = testing::MakeGame<CannibalClobber>("cannibal_clobber(rows=3,cols=4)");
  EXPECT_GT(CheckValues(grid, {"XOXO|OXOX|XOXO:B", "XXO.|OOXX|X.OO:W", "XO.X|O.XO|.XXO:B"}, 50), 3);
  const auto row = testing::MakeGame<CannibalClobber>("cannibal_clobber(rows=1,cols=12)");
  EXPECT_GT(CheckValues(row, {"XOXOOX.XOOXX:B", "XXO.OXXO.XOO:W"}, 50), 3);
}

// ClosureState (core/partizan.h's ClosureNormal): Cannibal Clobber's
// closure nim values with every stone made black are those without, and
// those of the naive form of the whole tree, on random positions with both
// colours (CheckValues's raw check compares with the naive form too).
TEST(CgtGridGamesTest, CannibalClobberClosureStateKeepsNimValues) {
  const auto g = testing::MakeGame<CannibalClobber>("cannibal_clobber(rows=3,cols=4)");
  std::mt19937_64 rng(71);
  cgt::GameArena arena;
  FormBuilder<CannibalClobber> normal(g), plain(g, /*split=*/true, /*normalize=*/false);
  absl::flat_hash_map<std::string, cgt::GameId> raw;
  int nonzero = 0;
  for (int p = 0; p < 200; ++p) {
    CannibalClobber::State s;
    for (int cell = 0; cell < 12; ++cell) {
      const uint64_t bit = uint64_t{1} << cell;
      const int what = static_cast<int>(rng() % 3);  // empty, black, white
      if (what == 1) s.black |= bit;
      if (what == 2) s.white |= bit;
    }
    const int nim = normal.Nim(arena, s);
    EXPECT_EQ(nim, plain.Nim(arena, s)) << g.FormatState(s);
    EXPECT_EQ(nim, arena.NimValue(testing::RawForm(g, arena, s, raw))) << g.FormatState(s);
    nonzero += nim != 0;
  }
  EXPECT_GT(nonzero, 20);
}

TEST(CgtGridGamesTest, FissionValuesAgreeWithSearch) {
  const auto g = testing::MakeGame<Fission>("fission(rows=4,cols=5)");
  // Walls across the board (MCGS's boards have few), so that positions split.
  EXPECT_GT(CheckValues(g, {".....|.X.#.|..#X.|.....:B", "..#..|.X#X.|..#..|..#..:W", ".X...|#####|...X.|.....:B",
                            ".#...|X..#.|.#.X.|...#.:W"},
                        60),
            3);
}

TEST(CgtGridGamesTest, AmazonsValuesAgreeWithSearch) {
  const auto g = testing::MakeGame<Amazons>("amazons(rows=3,cols=4)");
  EXPECT_GT(CheckValues(g, {"X..#|.#..|..O.:B", "X.#O|..#.|O.#X:W", "X.#.|..#.|..#O:B", "..X.|#.#.|O...:W"}, 40,
                        false),
            3);
}

TEST(CgtGridGamesTest, GenKingDirtValuesAgreeWithSearch) {
  const auto g = testing::MakeGame<GenKingDirt>("gen_king_dirt(rows=3,cols=4)");
  EXPECT_GT(CheckValues(g, {"0,0,0:X..#|.#..|..O.:B", "1,1,0:X...|..#.|...O:W", "1,0,1:..X.|#...|O..#:B",
                            "0,0,0:X.#.|.#O.|#..X:W", "0,0,0:X.#.|..#O|O.#X:B", "0,1,0:X.#.|..#O|O.#X:W"},
                        50),
            3);
}

TEST(CgtGridGamesTest, SheepValuesAgreeWithSearch) {
  const auto g = testing::MakeGame<Sheep>("sheep(rows=3,cols=4)");
  EXPECT_GT(CheckValues(g, {"3,0,0,0|0,1,0,0|0,0,0,-3:B", "0,2,0,0|-2,0,-1,0|0,0,2,0:W",
                            "4,0,1,0|0,0,0,0|1,0,0,-4:B", "3,0,1,0|0,0,1,-3|0,0,1,0:W",
                            "0,4,1,0|0,0,1,0|-3,0,1,2:B"},
                        50),
            3);
}

}  // namespace
}  // namespace gamebench
