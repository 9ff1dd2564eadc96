// ctest cost: 5 (seconds, about: CTest starts costly tests first, CMakeLists.txt)
// cgt/sum_search.h, the search that splits as it goes, against plain
// alpha-beta on the whole board: on random positions of Clobber, Cannibal
// Clobber, Domineering and NoGo on one row (the ends of random playouts, a few plies back,
// either player to move), its answer is alpha-beta's, for form budgets
// from none (every part a position) to large (every part a form), with the
// memo shared across positions as the tool shares it across a file; and
// Domineering sums whose only winning move is in a number while a part is
// still searched.

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "cgt/arena.h"
#include "cgt/form_builder.h"
#include "cgt/sum_search.h"
#include "core/partizan.h"
#include "games/cannibal_clobber/cannibal_clobber.h"
#include "games/clobber/clobber.h"
#include "games/domineering/domineering.h"
#include "games/nogo/nogo.h"
#include "gtest/gtest.h"
#include "solvers/alphabeta.h"
#include "tests/cgt_checks.h"
#include "tests/conformance.h"

namespace gamebench {
namespace {

template <Decomposable G>
void CheckSearch(const G& g, const std::vector<std::string>& texts, int positions, uint64_t seed,
                 size_t base = 3, size_t spread = 10, int share = 8) {
  std::vector<typename G::State> starts;
  for (const std::string& t : texts) {
    auto s = g.ParseState(t);
    ASSERT_TRUE(s.ok()) << s.status();
    starts.push_back(*s);
  }
  for (uint64_t budget : {uint64_t{0}, uint64_t{3}, uint64_t{100000}}) {
    std::mt19937_64 rng(seed);
    cgt::GameArena arena;
    FormBuilder<G> builder(g);
    cgt::SumSearch<G> search(builder, arena, budget);
    int checked = 0, wins = 0, splits = 0;
    for (int p = 0; checked < positions && p < 50 * positions; ++p) {
      const typename G::State s = testing::RandomNearEnd(g, starts, p, rng, base, spread);
      SolveOptions limited;
      limited.node_limit = 2000000;
      limited.best_moves = false;
      const SolveReport a = AlphaBetaSolver::Solve(g, s, limited);
      if (!a.complete) continue;
      std::vector<typename G::State> parts;
      g.Components(s, parts);
      splits += parts.size() > 1;
      const auto won = search.Wins(s, g.Mover(s) == kLeft, 10000000);
      ASSERT_TRUE(won.has_value());
      EXPECT_EQ(a.value, *won ? kWinScore : kLossScore)
          << g.CanonicalSpec() << " " << g.FormatState(s) << " budget " << budget;
      wins += *won;
      ++checked;
    }
    EXPECT_EQ(checked, positions);
    // Both answers occur, and positions split: the test can fail.
    EXPECT_GT(wins, positions / share);
    EXPECT_LT(wins, positions - positions / share);
    EXPECT_GT(splits, positions / 8);
    if (budget == 0) {
      EXPECT_GT(search.Nodes(), static_cast<uint64_t>(positions));
    }
  }
}

TEST(CgtSumSearchTest, ClobberAgreesWithAlphaBeta) {
  const auto g = testing::MakeGame<Clobber>("clobber(rows=3,cols=4)");
  CheckSearch(g, {"XOXO|OXOX|XOXO:B", "XO.O|OX.X|XO.O:W", "XO.X|OX.O|X.XO:B", "OX.X|.XO.|XO.O:W"}, 60, 5);
}

TEST(CgtSumSearchTest, CannibalClobberAgreesWithAlphaBeta) {
  const auto g = testing::MakeGame<CannibalClobber>("cannibal_clobber(rows=3,cols=4)");
  CheckSearch(g, {"XOXO|OXOX|XOXO:B", "XXO.|OOXX|X.OO:W", "XO.X|O.XO|.XXO:B"}, 60, 7);
}

TEST(CgtSumSearchTest, DomineeringAgreesWithAlphaBeta) {
  const auto g = testing::MakeGame<Domineering>("domineering(rows=5,cols=5)");
  CheckSearch(g, {"....#/.#.../...../...#./#....:V", "..#../..#../#####/...../.....:H"}, 60, 9);
}

// The route of nogo_1xn's B/W for a row that splits (tool/commands/cgt_games.cc).
TEST(CgtSumSearchTest, NoGoOneRowAgreesWithAlphaBeta) {
  const auto g = testing::MakeGame<NoGo>("nogo(rows=1,cols=13)");
  // Near the end of a row the mover nearly always wins: losses are fewer.
  CheckSearch(g, {".............:B", "..X......O...:W", "....X..O.....:B"}, 120, 17, 3, 10, 20);
}

// A sum whose only winning move is in a number while a searched part is
// left: a strip of one row (Horizontal's alone: a negative integer, its
// form more than the budget of 3 new positions, so a part searched) beside
// vertical slots of two cells (1 each, added into one number form). With
// more slots than the strip's moves, Vertical moving first wins and can only
// move in the number. Random strips and slots, either player to move, the
// board also transposed (the roles swapped); a fresh search each, so the
// strip stays a position; against alpha-beta.
TEST(CgtSumSearchTest, MovesInANumberWhilePartsAreSearched) {
  std::mt19937_64 rng(23);
  int checked = 0, number_moves_win = 0;
  for (bool transposed : {false, true}) {
    const auto g = testing::MakeGame<Domineering>(transposed ? "domineering(rows=8,cols=4)"
                                                             : "domineering(rows=4,cols=8)");
    for (int p = 0; p < 40; ++p) {
      // Rows: the strip, a wall, then the slots (even columns) in two rows.
      char cell[4][8];
      const int strip = 5 + static_cast<int>(rng() % 4);
      for (int c = 0; c < 8; ++c) {
        cell[0][c] = c < strip ? '.' : '#';
        cell[1][c] = '#';
        cell[2][c] = cell[3][c] = (c % 2 == 0 && rng() % 4 != 0) ? '.' : '#';
      }
      std::string text;
      for (int r = 0; r < (transposed ? 8 : 4); ++r) {
        if (r > 0) text += '/';
        for (int c = 0; c < (transposed ? 4 : 8); ++c) text += transposed ? cell[c][r] : cell[r][c];
      }
      // The player of the slots or of the strip to move.
      const bool slots_move = rng() % 2 == 0;
      text += (slots_move != transposed) ? ":V" : ":H";
      auto s = g.ParseState(text);
      ASSERT_TRUE(s.ok()) << s.status();
      const SolveReport a = AlphaBetaSolver::Solve(g, *s, {});
      ASSERT_TRUE(a.complete);
      cgt::GameArena arena;
      FormBuilder<Domineering> builder(g);
      cgt::SumSearch<Domineering> search(builder, arena, 3);
      const auto won = search.Wins(*s, g.Mover(*s) == kLeft, 1000000);
      ASSERT_TRUE(won.has_value());
      EXPECT_EQ(a.value, *won ? kWinScore : kLossScore) << text;
      number_moves_win += slots_move && a.value == kWinScore;
      ++checked;
    }
  }
  // The case the test is for occurs, and not always.
  EXPECT_GT(number_moves_win, checked / 8) << checked;
  EXPECT_LT(number_moves_win, checked / 2) << checked;
}

}  // namespace
}  // namespace gamebench
