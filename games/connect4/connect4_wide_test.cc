// The 128-bit board, Connect4Of<Uint128> (games/connect4/connect4.h). On
// boards that fit 64 bits it must be the 64-bit game in every respect: the
// same keys, tactics, move scores, and a tt search with the same values,
// best moves and node counts. On boards only it holds (8x8, 10x6, 9x7, 25x4,
// 4x31), tt and the static bounds must agree with plain alpha-beta (no
// tactics, no table) on late positions. And the spec picks the word.

#include <random>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "games/connect4/connect4.h"
#include "gtest/gtest.h"
#include "solvers/alphabeta.h"
#include "solvers/tt.h"
#include "tests/conformance.h"

namespace gamebench {
namespace {

using Wide = Connect4Of<Uint128>;
using testing::MakeGame;

static_assert(std::is_same_v<Connect4::Wider, Wide> && Widens<Connect4> && !Widens<Wide>);
static_assert(KeyedBy64Bits<Connect4> && !KeyedBy64Bits<Wide>);
static_assert(!Tiered<Wide> && Tiered<Connect4> && Tactical<Wide> && CanonicallyKeyed<Wide>);

absl::Status SpecStatus(const std::string& text, bool wide) {
  auto spec = ParseSpec(text);
  EXPECT_TRUE(spec.ok()) << text;
  return wide ? Wide::FromSpec(*spec).status() : Connect4::FromSpec(*spec).status();
}

TEST(Connect4WideTest, SpecPicksTheWord) {
  // Over 64 bits the 64-bit game says OutOfRange, which makes the tool ask
  // Wider; over 128 bits the 128-bit one refuses for good.
  for (const char* spec : {"connect4(w=10,h=6)", "connect4(w=8,h=8)", "connect4(w=13)",
                           "connect4(w=25,h=4)", "connect4(w=4,h=31)", "connect4(w=16,h=7)"}) {
    EXPECT_TRUE(absl::IsOutOfRange(SpecStatus(spec, false))) << spec;
    EXPECT_TRUE(SpecStatus(spec, true).ok()) << spec;
  }
  // (A parameter out of its range is OutOfRange too, from ParamReader: the
  // tool then asks Wider, which has the same ranges and says the same.)
  for (const char* spec : {"connect4(w=16,h=8)", "connect4(w=26,h=4)", "connect4(w=4,h=32)",
                           "connect4(w=10,h=6,score=best)", "connect4(w=3)"}) {
    EXPECT_FALSE(SpecStatus(spec, true).ok()) << spec;
  }
  EXPECT_TRUE(absl::IsInvalidArgument(SpecStatus("connect4(w=16,h=8)", true)));
  EXPECT_NE(SpecStatus("connect4(w=16,h=8)", true).message().find("at most 128"), std::string::npos);
  EXPECT_TRUE(SpecStatus("connect4", true).ok());  // the wide word on a small board, for tests
}

TEST(Connect4WideTest, ConformanceOnWideBoards) {
  for (const char* spec : {"connect4(w=8,h=8)", "connect4(w=10,h=6)", "connect4(w=9,h=7,score=wdl)",
                           "connect4(w=25,h=4)", "connect4(w=4,h=31)", "connect4"}) {
    SCOPED_TRACE(spec);
    const Wide g = MakeGame<Wide>(spec);
    testing::CheckSpecRoundTrip(g);
    testing::CheckRandomPlayouts(g, 20, 200, /*seed=*/11);
  }
  // Columns 10..25 are a..p.
  const Wide g = MakeGame<Wide>("connect4(w=25,h=4)");
  auto s = g.ParseState("1ap");
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(g.FormatMove(*s, 24), "p");
  EXPECT_FALSE(g.ParseState("q").ok());
}

// A random line of `plies` moves (fewer if the game ends), as move text.
template <typename G>
std::string RandomLine(const G& g, std::mt19937_64& rng, int plies) {
  typename G::State s = g.Start();
  std::string line;
  for (int i = 0; i < plies && !g.Terminal(s); ++i) {
    MoveListOf<G> moves;
    g.GenerateMoves(s, moves);
    const auto m = moves[static_cast<int>(rng() % moves.size())];
    line += g.FormatMove(s, m);
    s = g.Play(s, m);
  }
  return line.empty() ? "-" : line;
}

// A random line of non-losing moves (no one can win at once at its end), of
// `plies` moves or up to the first position without a non-losing move.
template <typename G>
std::string QuietLine(const G& g, std::mt19937_64& rng, int plies) {
  typename G::State s = g.Start();
  std::string line;
  for (int i = 0; i < plies; ++i) {
    MoveListOf<G> moves;
    g.GenerateNonLosingMoves(s, moves);
    if (moves.empty()) break;
    const auto m = moves[static_cast<int>(rng() % moves.size())];
    line += g.FormatMove(s, m);
    s = g.Play(s, m);
  }
  return line.empty() ? "-" : line;
}

template <typename G>
typename G::State Parse(const G& g, const std::string& text) {
  auto s = g.ParseState(text);
  EXPECT_TRUE(s.ok()) << text << ": " << s.status();
  return s.ok() ? *s : g.Start();
}

TEST(Connect4WideTest, SameSearchAsTheNarrowBoard) {
  struct Board {
    const char* spec;
    int min_plies, max_plies, positions;
  };
  std::mt19937_64 rng(24);
  for (const Board b : {Board{"connect4(w=4,h=4)", 0, 12, 40}, Board{"connect4(w=5,h=4)", 2, 14, 30},
                        Board{"connect4(w=6,h=5,score=wdl)", 12, 24, 12},
                        Board{"connect4", 22, 34, 12}}) {
    SCOPED_TRACE(b.spec);
    const Connect4 narrow = MakeGame<Connect4>(b.spec);
    const Wide wide = MakeGame<Wide>(b.spec);
    for (int i = 0; i < b.positions; ++i) {
      const int plies = b.min_plies + static_cast<int>(rng() % (b.max_plies - b.min_plies + 1));
      const std::string line = RandomLine(narrow, rng, plies);
      SCOPED_TRACE(line);
      const Connect4::State n = Parse(narrow, line);
      const Wide::State w = Parse(wide, line);
      ASSERT_EQ(narrow.FormatState(n), wide.FormatState(w));
      EXPECT_TRUE(Uint128{narrow.Key(n)} == wide.Key(w));
      EXPECT_TRUE(Uint128{narrow.CanonicalKey(n)} == wide.CanonicalKey(w));
      if (narrow.Terminal(n)) {
        EXPECT_EQ(narrow.Terminal(n), wide.Terminal(w));
        continue;
      }
      EXPECT_EQ(narrow.WinNow(n), wide.WinNow(w));
      if (!narrow.WinNow(n)) {
        MoveListOf<Connect4> nm;
        MoveListOf<Wide> wm;
        narrow.GenerateNonLosingMoves(n, nm);
        wide.GenerateNonLosingMoves(w, wm);
        ASSERT_EQ(nm.size(), wm.size());
        for (int k = 0; k < nm.size(); ++k) EXPECT_EQ(nm[k], wm[k]);
        if (!nm.empty()) {
          EXPECT_EQ(narrow.ValueBounds(n), wide.ValueBounds(w));
        }
      }
      MoveListOf<Connect4> moves;
      narrow.GenerateMoves(n, moves);
      for (auto m : moves) EXPECT_EQ(narrow.MoveOrder(n, m), wide.MoveOrder(w, m));
      // Twice the bytes for 32-byte entries: the same buckets, and a 128-bit
      // key with a zero high half lands in the bucket of its 64-bit value,
      // so the two searches are one search.
      SolveOptions options;
      options.tt_bytes = 1 << 20;
      const SolveReport rn = TtSolver::Solve(narrow, n, options);
      options.tt_bytes = 2 << 20;
      const SolveReport rw = TtSolver::Solve(wide, w, options);
      EXPECT_EQ(rn.value, rw.value);
      EXPECT_EQ(rn.nodes, rw.nodes);
      EXPECT_EQ(rn.best_moves, rw.best_moves);
      EXPECT_EQ(AlphaBetaSolver::Value(narrow, n, true, true),
                AlphaBetaSolver::Value(wide, w, true, true));
    }
  }
}

TEST(Connect4WideTest, WideBoardsAgreeWithPlainSearch) {
  std::mt19937_64 rng(10);
  int checked = 0, bounded = 0;
  for (const char* spec : {"connect4(w=8,h=8)", "connect4(w=10,h=6)", "connect4(w=9,h=7,score=wdl)",
                           "connect4(w=25,h=4)", "connect4(w=4,h=31)"}) {
    SCOPED_TRACE(spec);
    const Wide g = MakeGame<Wide>(spec);
    // Late positions: 8 to 11 empty cells, so plain search stays small;
    // most quiet lines end earlier (no non-losing move left), so try many.
    for (int found = 0, tries = 0; found < 6 && tries < 5000; ++tries) {
      const int empty = 8 + static_cast<int>(rng() % 4);
      const std::string line = QuietLine(g, rng, g.Cells() - empty);
      SCOPED_TRACE(line);
      const Wide::State s = Parse(g, line);
      if (g.Terminal(s) || g.Cells() - Wide::MovesPlayed(s) > 11) continue;
      ++found;
      const Score plain = AlphaBetaSolver::Value(g, s, /*move_ordering=*/true, /*tactics=*/false).first;
      SolveOptions options;
      options.tt_bytes = 4 << 20;
      const SolveReport r = TtSolver::Solve(g, s, options);
      EXPECT_EQ(r.value, plain);
      ++checked;
      if (!g.WinNow(s)) {
        MoveListOf<Wide> moves;
        g.GenerateNonLosingMoves(s, moves);
        if (moves.empty()) continue;
        const auto [lower, upper] = g.ValueBounds(s);
        EXPECT_LE(lower, plain);
        EXPECT_GE(upper, plain);
        ++bounded;
      }
    }
  }
  EXPECT_EQ(checked, 30);
  EXPECT_GE(bounded, 10);
}

}  // namespace
}  // namespace gamebench
