// Connect Four's static bounds (Connect4::ValueBounds: no four left, the
// second player's follow-up strategy of games/connect4/even_threats.h)
// checked against values found without them: the exact scores of Pascal
// Pons' test sets (bench/positions/connect4/) and Christophe Steininger's
// 7x6 sets (bench/positions/connect4/steininger/), and plain
// alpha-beta (no tactics, no table) on every position of random lines on
// small boards with an even number of rows, where the follow-up rule applies.

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "games/connect4/connect4.h"
#include "games/connect4/pons_test_set.h"
#include "gtest/gtest.h"
#include "solvers/alphabeta.h"
#include "tests/conformance.h"

namespace gamebench {
namespace {

using State = Connect4::State;

// Checks lower <= value <= upper where the contract asks for the bounds
// (no immediate win, a non-losing move); counts the positions where the
// follow-up rule proved something (an upper bound of a draw or below).
void ExpectBoundsHold(const Connect4& g, const State& s, Score value, const std::string& where,
                      int& shown) {
  if (g.Terminal(s) || g.WinNow(s)) return;
  MoveListOf<Connect4> safe;
  g.GenerateNonLosingMoves(s, safe);
  if (safe.empty()) return;
  const auto [lower, upper] = g.ValueBounds(s);
  EXPECT_LE(lower, value) << where << " " << g.FormatState(s);
  EXPECT_GE(upper, value) << where << " " << g.FormatState(s);
  if (upper <= kDrawScore && Connect4::MovesPlayed(s) % 2 == 0) ++shown;
}

// Reads `MOVES SCORE` lines; `zero_based` for Steininger's files.
void CheckFile(const std::string& path, bool zero_based, int& checked, int& shown) {
  auto cases = ReadPonsTestSet(path);
  ASSERT_TRUE(cases.ok()) << cases.status();
  const Connect4 g;
  for (const PonsTestCase& c : *cases) {
    std::string moves = c.moves;
    if (zero_based)
      for (char& ch : moves) ch = static_cast<char>(ch + 1);
    auto s = g.ParseState(moves);
    ASSERT_TRUE(s.ok()) << path << ": " << s.status();
    ExpectBoundsHold(g, *s, c.score, path, shown);
    ++checked;
  }
}

TEST(Connect4BoundsTest, HoldOnPonsSets) {
  int checked = 0, shown = 0;
  for (const char* set : {"Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1"})
    CheckFile(std::string(GAMEBENCH_SOURCE_DIR) + "/bench/positions/connect4/" + set, false,
              checked, shown);
  EXPECT_EQ(checked, 4000);
  EXPECT_GT(shown, 50);  // the rule is not vacuous on these sets
}

TEST(Connect4BoundsTest, HoldOnSteiningersSets) {
  const std::string dir = std::string(GAMEBENCH_SOURCE_DIR) + "/bench/positions/connect4/steininger/7x6/";
  int checked = 0, shown = 0;
  for (const char* set : {"endgame_L1", "midgame_L1", "midgame_L2", "opening_L1", "opening_L2",
                          "opening_L3"})
    CheckFile(dir + set + ".txt", true, checked, shown);
  EXPECT_EQ(checked, 6000);
  EXPECT_GT(shown, 50);
}

// Every position of random lines, against plain alpha-beta.
TEST(Connect4BoundsTest, HoldAgainstPlainSearchOnEvenHeights) {
  const bool sanitized = std::getenv("GAMEBENCH_SANITIZED") != nullptr;
  for (const char* spec : {"connect4(w=4,h=4)", "connect4(w=5,h=4)", "connect4(w=6,h=4)",
                           "connect4(w=4,h=6)", "connect4(w=5,h=4,score=wdl)"}) {
    SCOPED_TRACE(spec);
    const Connect4 g = testing::MakeGame<Connect4>(spec);
    std::mt19937_64 rng(17);
    int checked = 0, shown = 0;
    for (int line = 0; line < (sanitized ? 5 : 30); ++line) {
      State s = g.Start();
      // Plain search from a few random plies in, so that it stays quick.
      const int start = g.Cells() - 14;
      for (int ply = 0; !g.Terminal(s); ++ply) {
        if (ply >= start) {
          const Score value = AlphaBetaSolver::Value(g, s, true, /*tactics=*/false).first;
          ExpectBoundsHold(g, s, value, spec, shown);
          ++checked;
        }
        MoveListOf<Connect4> moves;
        g.GenerateMoves(s, moves);
        s = g.Play(s, moves[static_cast<int>(rng() % moves.size())]);
      }
    }
    EXPECT_GT(checked, 50);
    EXPECT_GT(shown, 0);
  }
}

// Rule 3 of games/connect4/even_threats.h (the first player's fours all
// covered by fours of the second player's cells): on random positions of
// boards with an even number of rows where the cells left to the first
// player hold a four and the rule still says it cannot win, plain alpha-beta
// must agree (a value of at most a draw), and so must the bounds.
TEST(Connect4BoundsTest, CoveredFoursHoldAgainstPlainSearch) {
  const bool sanitized = std::getenv("GAMEBENCH_SANITIZED") != nullptr;
  for (const char* spec : {"connect4(w=4,h=6)", "connect4(w=5,h=6)", "connect4(w=6,h=6)"}) {
    SCOPED_TRACE(spec);
    const Connect4 g = testing::MakeGame<Connect4>(spec);
    const int w = g.width(), h = g.height();
    uint64_t board = 0, even_rows = 0, bottom = 0;
    for (int c = 0; c < w; ++c) {
      bottom |= uint64_t{1} << (c * (h + 1));
      for (int r = 0; r < h; ++r) {
        board |= uint64_t{1} << (c * (h + 1) + r);
        if (r % 2 == 1) even_rows |= uint64_t{1} << (c * (h + 1) + r);
      }
    }
    std::mt19937_64 rng(29);
    int covered = 0;
    for (int line = 0; line < 20000 && covered < (sanitized ? 10 : 40); ++line) {
      State s = g.Start();
      // Stop at a random even ply that leaves at most 16 empty cells.
      const int stop = g.Cells() - 16 + 2 * static_cast<int>(rng() % 6);
      for (int ply = 0; ply < stop && !g.Terminal(s); ++ply) {
        MoveListOf<Connect4> moves;
        g.GenerateMoves(s, moves);
        s = g.Play(s, moves[static_cast<int>(rng() % moves.size())]);
      }
      if (g.Terminal(s) || Connect4::MovesPlayed(s) % 2 != 0) continue;
      const uint64_t playable = (s.mask + bottom) & board;
      const uint64_t o_cells = (s.current ^ s.mask) | (even_rows & board & ~s.mask & ~playable);
      if (!connect4::HasFour(board ^ o_cells, h)) continue;
      const auto f = connect4::FollowUpOfSecondPlayer(s.current, s.mask, board, even_rows, bottom, h,
                                                      g.Cells());
      if (f.mover_may_win) continue;
      ++covered;
      const Score value = AlphaBetaSolver::Value(g, s, true, /*tactics=*/false).first;
      EXPECT_LE(value, kDrawScore) << g.FormatState(s);
      int shown = 0;
      ExpectBoundsHold(g, s, value, spec, shown);
    }
    EXPECT_GE(covered, sanitized ? 10 : 40);
  }
}

}  // namespace
}  // namespace gamebench
