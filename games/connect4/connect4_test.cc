#include "games/connect4/connect4.h"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "solvers/alphabeta.h"
#include "tests/conformance.h"
#include "tests/solver_agreement.h"

namespace gamebench {
namespace {

using State = Connect4::State;
using testing::MakeGame;

State Parse(const Connect4& g, const std::string& text) {
  auto s = g.ParseState(text);
  EXPECT_TRUE(s.ok()) << text << ": " << s.status();
  return s.ok() ? *s : g.Start();
}

// A random position reached by `plies` random moves (fewer if the game ends).
State RandomPosition(const Connect4& g, std::mt19937_64& rng, int plies) {
  State s = g.Start();
  for (int i = 0; i < plies && !g.Terminal(s); ++i) {
    MoveListOf<Connect4> moves;
    g.GenerateMoves(s, moves);
    s = g.Play(s, moves[static_cast<int>(rng() % moves.size())]);
  }
  return s;
}

// The value by plain alpha-beta through GenerateMoves only: no tactics, no
// table, so it checks the Tactical members the tt solver relies on.
Score PlainValue(const Connect4& g, const State& s) {
  return AlphaBetaSolver::Value(g, s, /*move_ordering=*/true, /*tactics=*/false).first;
}

TEST(Connect4Test, ConformanceOnManyBoardSizes) {
  for (const char* spec : {"connect4", "connect4(w=4,h=4)", "connect4(w=5,h=4,score=wdl)",
                           "connect4(w=12,h=4)", "connect4(w=4,h=15)", "connect4(w=8,h=7)",
                           "connect4(w=5,h=5)"}) {
    SCOPED_TRACE(spec);
    Connect4 g = MakeGame<Connect4>(spec);
    testing::CheckSpecRoundTrip(g);
    testing::CheckRandomPlayouts(g, 40, 200, /*seed=*/7);
  }
}

TEST(Connect4Test, SpecErrors) {
  for (const char* spec : {"connect4(w=3)", "connect4(h=3)", "connect4(w=13)", "connect4(w=9,h=7)",
                           "connect4(score=best)", "connect4(depth=2)"}) {
    auto parsed = ParseSpec(spec);
    ASSERT_TRUE(parsed.ok()) << spec;
    EXPECT_FALSE(Connect4::FromSpec(*parsed).ok()) << spec;
  }
  EXPECT_TRUE(Connect4::FromSpec(*ParseSpec("connect4(w=8,h=7)")).ok());  // 64 bits exactly
}

TEST(Connect4Test, SequenceAndBoardForms) {
  Connect4 g;
  EXPECT_EQ(g.FormatState(g.Start()),
            "......./......./......./......./......./.......");
  EXPECT_EQ(Parse(g, "-"), g.Start());
  EXPECT_FALSE(g.ParseState("").ok());
  const State s = Parse(g, "4453");
  EXPECT_EQ(g.FormatState(s), "......./......./......./......./...o.../..oxx..");
  EXPECT_EQ(Parse(g, g.FormatState(s)), s);
  // Transpositions: two sequences, one board, one key.
  EXPECT_EQ(Parse(g, "4354"), s);
  EXPECT_EQ(g.Key(Parse(g, "4354")), g.Key(s));
  // Columns 10..12 are a, b, c.
  Connect4 wide = MakeGame<Connect4>("connect4(w=12,h=4)");
  const State w = Parse(wide, "1abc");
  EXPECT_EQ(wide.FormatState(w), "............/............/............/x........oxo");
  EXPECT_EQ(wide.FormatMove(w, 11), "c");
}

TEST(Connect4Test, BadPositions) {
  Connect4 g;
  for (const char* text : {
           "48",        // no column 8
           "4a",        // not a column on 7 columns
           "1111111",   // the 7th stone in a 6-row column
           "12121212",  // x won with its 4th stone: the 8th move comes after the end
           "......./......./......./......./......./..x.x",           // short row
           "......./......./......./......./...x.../.......",         // floating stone
           "......./......./......./......./......./xxx....",         // x has two more
           "......./......./......./......./......./oo.....",         // o has more
           "......./......./......./......./ooo..../xxxx..o",         // o moved after x won
           "......./......./......./...o.../...o.../xxxxooo",         // o has more
           "......./......./......./..xo.../..xo.../..xo.x.",         // o's count, no four: ok below
           "......./......./x.....o/x.....o/x.....o/x.....o",         // both have four
           "......./......./......./......./......./..X....",         // bad character
       }) {
    auto s = g.ParseState(text);
    if (std::string(text) == "......./......./......./..xo.../..xo.../..xo.x.") {
      EXPECT_TRUE(s.ok()) << text << ": " << s.status();
      continue;
    }
    EXPECT_FALSE(s.ok()) << text;
    if (!s.ok()) {
      EXPECT_EQ(std::string(s.status().message()).find('\n'), std::string::npos);
    }
  }
  // Two separate fours of x cannot both have been completed by its last stone.
  Connect4 g4 = MakeGame<Connect4>("connect4(w=9,h=6)");
  EXPECT_FALSE(g4.ParseState("........./........./........./o......../ooo..ooo./xxxx.xxxx").ok());
  // Moves after the end and into a full column.
  State won = Parse(g, "1212121");
  EXPECT_TRUE(g.Terminal(won).has_value());
  EXPECT_FALSE(g.ParseMove(won, "3").ok());
  EXPECT_FALSE(g.ParseMove(Parse(g, "111111"), "1").ok());
  EXPECT_FALSE(g.ParseMove(g.Start(), "0").ok());
  EXPECT_FALSE(g.ParseMove(g.Start(), "44").ok());
}

// Cell by cell, for the bitboard tests: the cells of `free` where `stones`
// would complete a four on a w x h board (a vertical four only at its top
// cell, the one a stone can drop into), and the mirror image.
uint64_t NaiveWinningCells(const Connect4& g, uint64_t stones, uint64_t free) {
  const int w = g.width(), h = g.height();
  auto has = [&](int c, int r) { return c >= 0 && c < w && r >= 0 && r < h && (stones & g.Bit(c, r)); };
  uint64_t out = 0;
  for (int c = 0; c < w; ++c)
    for (int r = 0; r < h; ++r) {
      if (!(free & g.Bit(c, r))) continue;
      for (auto [dc, dr] : {std::pair{1, 0}, std::pair{0, 1}, std::pair{1, 1}, std::pair{1, -1}})
        for (int k = dc == 0 ? 3 : 0; k < 4; ++k) {  // a column fills upwards: its top
          int n = 0;
          for (int j = 0; j < 4; ++j)
            if (j != k && has(c + (j - k) * dc, r + (j - k) * dr)) ++n;
          if (n == 3) out |= g.Bit(c, r);
        }
    }
  return out;
}
uint64_t NaiveMirror(const Connect4& g, uint64_t b) {
  uint64_t out = 0;
  for (int c = 0; c < g.width(); ++c)
    for (int r = 0; r <= g.height(); ++r)
      if (b & (uint64_t{1} << (c * (g.height() + 1) + r)))
        out |= uint64_t{1} << ((g.width() - 1 - c) * (g.height() + 1) + r);
  return out;
}

// The bitboard rules (games/connect4/bitboard.h) against the cell-by-cell
// ones, on 7x6 (the constant-height path, taken when h == 6) and on 6x7 and
// 8x5 (the path for any height): random stone sets, random free cells.
// (Breaking one shift, e.g. `3 * d` to `2 * d` in WinningCellsOf, fails it.)
TEST(Connect4Test, BitboardRulesAgreeWithCellByCell) {
  std::mt19937_64 rng(24);
  for (const Connect4& g : {Connect4(7, 6), Connect4(6, 7), Connect4(8, 5)}) {
    uint64_t board = 0;
    for (int c = 0; c < g.width(); ++c)
      for (int r = 0; r < g.height(); ++r) board |= g.Bit(c, r);
    for (int i = 0; i < 20000; ++i) {
      // Sparse and dense sets alike: the AND of one to three random words.
      uint64_t stones = board, free = board;
      for (int k = static_cast<int>(rng() % 3); k >= 0; --k) stones &= rng();
      free &= ~stones & rng();
      ASSERT_EQ(connect4::WinningCells(stones, free, g.height()), NaiveWinningCells(g, stones, free));
      // A four exists iff some stone completes one with three others.
      ASSERT_EQ(connect4::HasFour(stones, g.height()), NaiveWinningCells(g, stones, stones) != 0);
      ASSERT_EQ(connect4::Mirror(stones, g.width(), g.height()), NaiveMirror(g, stones));
    }
  }
}

// The state's cache of threat cells (State::threats) is what its stones
// say, however the state was made (Play, ParseState of either form,
// ApplySymmetry, TierUnindex), and ChildOrder, which reads the caches, gives
// the move order computed from the stones alone (the rule as it was before
// the cache). (Leaving the played cell in the opponent's threats in
// ChildOrder, `s.threats` for `s.threats & ~child.mask`, fails it.)
TEST(Connect4Test, ThreatCacheAndChildOrderAgreeWithTheStones) {
  std::mt19937_64 rng(2024);
  for (const Connect4& g : {Connect4(7, 6), Connect4(6, 7), Connect4(5, 4)}) {
    auto threats_of = [&](const State& s) { return g.WinningCells(s.current ^ s.mask, s.mask); };
    for (int i = 0; i < 400; ++i) {
      const State s = RandomPosition(g, rng, static_cast<int>(rng() % (g.Cells() - 2)));
      ASSERT_EQ(s.threats, threats_of(s)) << g.FormatState(s);
      ASSERT_EQ(Parse(g, g.FormatState(s)), s);
      ASSERT_EQ(g.ApplySymmetry(s, 1).threats, threats_of(g.ApplySymmetry(s, 1)));
      ASSERT_EQ(g.TierUnindex(g.TierOf(s), g.TierIndex(s)), s);
      if (g.Terminal(s)) continue;
      MoveListOf<Connect4> moves;
      g.GenerateMoves(s, moves);
      for (auto m : moves) {
        const State child = g.Play(s, m);
        ASSERT_EQ(child.threats, threats_of(child));
        // The order from the stones alone.
        const uint64_t move = child.mask ^ s.mask;
        const uint64_t opponent = g.WinningCells(s.current ^ s.mask, child.mask);
        const uint64_t useful = g.WinningCells(s.current | move, child.mask) & ~(opponent << 1);
        uint64_t playable = 0;
        for (int c = 0; c < g.width(); ++c)
          for (int r = 0; r < g.height(); ++r)
            if (!(child.mask & g.Bit(c, r))) {
              playable |= g.Bit(c, r);
              break;
            }
        const int want = 16 * Connect4::PopCount(useful) +
                         8 * Connect4::PopCount(useful & (playable << 1)) +
                         (g.width() - std::abs(2 * m - (g.width() - 1)));
        ASSERT_EQ(g.ChildOrder(s, m, child), want) << g.FormatState(s) << " move " << int{m};
        ASSERT_EQ(g.MoveOrder(s, m), want);
      }
    }
  }
}

// Pons' scoring: a win with your k-th stone is worth 22 - k on 7x6.
TEST(Connect4Test, TerminalScores) {
  Connect4 g;
  EXPECT_EQ(g.MaxScore(), 18);
  EXPECT_EQ(g.MinScore(), -18);
  // x wins with its 4th stone: o to move has lost, -(22 - 4).
  EXPECT_EQ(g.Terminal(Parse(g, "1212121")), -18);
  // o wins with its 4th stone (x played a 5th elsewhere).
  EXPECT_EQ(g.Terminal(Parse(g, "1213147")), std::nullopt);
  EXPECT_EQ(g.WinNow(Parse(g, "1213147")), 18);
  EXPECT_EQ(g.Terminal(Parse(g, "12131475")), -18);
  EXPECT_EQ(g.WinNow(Parse(g, "121212")), 18);
  Connect4 wdl = MakeGame<Connect4>("connect4(score=wdl)");
  EXPECT_EQ(wdl.Terminal(Parse(wdl, "1212121")), kLossScore);
  EXPECT_EQ(wdl.WinNow(Parse(wdl, "121212")), kWinScore);
  // Odd boards: a win with the first player's last (13th) stone on 5x5 is +1.
  Connect4 odd = MakeGame<Connect4>("connect4(w=5,h=5)");
  EXPECT_EQ(odd.MaxScore(), 14 - 4);
}

// The Tactical contract, checked against plain alpha-beta on every position
// of random lines on boards small enough to search exhaustively.
TEST(Connect4Test, TacticsAgreeWithPlainSearch) {
  for (const char* spec : {"connect4(w=4,h=4)", "connect4(w=5,h=4)", "connect4(w=4,h=4,score=wdl)"}) {
    SCOPED_TRACE(spec);
    Connect4 g = MakeGame<Connect4>(spec);
    std::mt19937_64 rng(11);
    const int lines = std::getenv("GAMEBENCH_SANITIZED") ? 6 : 25;
    int checked = 0;
    for (int line = 0; line < lines; ++line) {
      // Start deep enough that plain alpha-beta is quick.
      const int start_ply = g.Cells() > 16 ? 5 : 2;
      State s = RandomPosition(g, rng, start_ply);
      while (!g.Terminal(s)) {
        const Score value = PlainValue(g, s);
        if (auto w = g.WinNow(s)) {
          EXPECT_EQ(*w, value) << g.FormatState(s);
        } else {
          MoveListOf<Connect4> safe, all;
          g.GenerateNonLosingMoves(s, safe);
          g.GenerateMoves(s, all);
          Score best_safe = std::numeric_limits<Score>::min(), best_all = best_safe;
          for (auto m : all) {
            const State c = g.Play(s, m);
            const Score v = -PlainValue(g, c);
            best_all = std::max(best_all, v);
            const bool listed = std::find(safe.begin(), safe.end(), m) != safe.end();
            const bool opponent_wins_at_once = !g.Terminal(c) && g.WinNow(c).has_value();
            EXPECT_EQ(listed, !opponent_wins_at_once) << g.FormatState(s) << " move " << int(m);
            if (listed) best_safe = std::max(best_safe, v);
          }
          EXPECT_EQ(best_all, value);
          if (!safe.empty()) {
            EXPECT_EQ(best_safe, value) << g.FormatState(s);
            auto [lower, upper] = g.ValueBounds(s);
            EXPECT_LE(lower, value) << g.FormatState(s);
            EXPECT_GE(upper, value) << g.FormatState(s);
          }
        }
        ++checked;
        MoveListOf<Connect4> moves;
        g.GenerateMoves(s, moves);
        s = g.Play(s, moves[static_cast<int>(rng() % moves.size())]);
      }
    }
    EXPECT_GT(checked, 50);
  }
}

// tt (with tactics, table, symmetry), tt without, alphabeta and minimax agree
// on value and best moves on random 4x4 and 5x4 positions.
TEST(Connect4Test, SolversAgreeOnSmallBoards) {
  const bool sanitized = std::getenv("GAMEBENCH_SANITIZED") != nullptr;
  for (const char* spec : {"connect4(w=4,h=4)", "connect4(w=5,h=4)", "connect4(w=4,h=5,score=wdl)"}) {
    SCOPED_TRACE(spec);
    Connect4 g = MakeGame<Connect4>(spec);
    std::mt19937_64 rng(13);
    for (int i = 0; i < (sanitized ? 4 : 12); ++i) {
      const State s = RandomPosition(g, rng, 6 + static_cast<int>(rng() % 6));
      testing::ExpectSolversAgree(g, s, /*with_minimax=*/true);
    }
  }
}

// The empty 4x4 board: every solver agrees (the board sizes' values are in
// results/connect4.md, compared there with Tromp's published table).
TEST(Connect4Test, EmptySmallBoard) {
  Connect4 g = MakeGame<Connect4>("connect4(w=4,h=4)");
  testing::ExpectSolversAgree(g, g.Start(), /*with_minimax=*/false);
}

}  // namespace
}  // namespace gamebench
