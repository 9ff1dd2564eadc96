#include "games/kayles/kayles.h"

#include <random>
#include <set>

#include "absl/strings/str_cat.h"
#include "games/octal/octal.h"
#include "gtest/gtest.h"
#include "solvers/grundy.h"
#include "solvers/tt.h"
#include "tests/conformance.h"
#include "tests/solver_agreement.h"

namespace gamebench {
namespace {

using testing::MakeGame;

TEST(KaylesTest, ApiConformance) {
  for (const char* spec : {"kayles", "kayles(n=0)", "kayles(n=1)", "kayles(n=31)"}) {
    Kayles g = MakeGame<Kayles>(spec);
    testing::CheckSpecRoundTrip(g);
    testing::CheckRandomPlayouts(g, 20, 40);
    EXPECT_TRUE(g.exact_key());
  }
}

// The seed's row of minuses: a first-player win for every n >= 1 (the
// symmetry strategy), by search for n = 1..30, and the winning moves that the
// grundy solver lists include the middle one (odd n) or two (even n) pins.
TEST(KaylesTest, FirstPlayerWinsEveryRow) {
  for (int n = 1; n <= 30; ++n) {
    Kayles g = MakeGame<Kayles>(absl::StrCat("kayles(n=", n, ")"));
    SolveReport tt = TtSolver::Solve(g, g.Start(), testing::TestOptions());
    EXPECT_EQ(tt.value, kWinScore) << n;
    SolveReport gr = GrundySolver::Solve(g, g.Start(), testing::TestOptions());
    EXPECT_EQ(gr.value, kWinScore) << n;
    EXPECT_EQ(testing::Sorted<Kayles>(gr.best_moves), testing::Sorted<Kayles>(tt.best_moves)) << n;
    const int side = (n - 1) / 2;  // pins on each side of the middle one or two
    const std::string middle =
        side == 0 ? absl::StrCat(n, ">0") : absl::StrCat(n, ">", side, "+", side);
    EXPECT_NE(std::find(gr.best_moves.begin(), gr.best_moves.end(), middle), gr.best_moves.end())
        << n << ": " << middle;
  }
  Kayles empty = MakeGame<Kayles>("kayles(n=0)");
  EXPECT_EQ(TtSolver::Solve(empty, empty.Start(), testing::TestOptions()).value, kLossScore);
}

// kayles is octal 0.77: the same positions have the same values and moves.
TEST(KaylesTest, EqualsOctal077) {
  Kayles k = MakeGame<Kayles>("kayles(n=20)");
  Octal o = MakeGame<Octal>("octal(code=0.77,n=20)");
  std::mt19937_64 rng(7);
  for (int t = 0; t < 200; ++t) {
    // A random position reached by random play from the start.
    Kayles::State s = k.Start();
    const int plies = static_cast<int>(rng() % 6);
    for (int p = 0; p < plies && !k.Terminal(s); ++p) {
      MoveListOf<Kayles> moves;
      k.GenerateMoves(s, moves);
      s = k.Play(s, moves[static_cast<int>(rng() % moves.size())]);
    }
    auto os = o.ParseState(k.FormatState(s));
    ASSERT_TRUE(os.ok());
    SolveReport a = TtSolver::Solve(k, s, testing::TestOptions());
    SolveReport b = TtSolver::Solve(o, *os, testing::TestOptions());
    EXPECT_EQ(a.value, b.value) << k.FormatState(s);
    EXPECT_EQ(testing::Sorted<Kayles>(a.best_moves), testing::Sorted<Kayles>(b.best_moves));
    EXPECT_EQ(GrundySolver::Solve(k, s, testing::TestOptions()).value, a.value);
  }
}

// Index/Unindex are inverse on every legal position, and GenerateParents is
// the exact inverse of GenerateMoves.
TEST(KaylesTest, IndexedIsConsistent) {
  for (int n : {0, 1, 5, 12}) {
    Kayles g = MakeGame<Kayles>(absl::StrCat("kayles(n=", n, ")"));
    std::set<std::pair<uint64_t, uint64_t>> edges, reverse;
    for (uint64_t i = 0; i < g.IndexSize(); ++i) {
      Kayles::State s = g.Unindex(i);
      ASSERT_EQ(g.Index(s), i);
      auto parsed = g.ParseState(g.FormatState(s));
      ASSERT_TRUE(parsed.ok()) << g.FormatState(s);
      MoveListOf<Kayles> moves;
      if (!g.Terminal(s)) g.GenerateMoves(s, moves);
      for (auto m : moves) edges.insert({i, g.Index(g.Play(s, m))});
      MoveList<Kayles::State, Kayles::kMaxParents> parents;
      g.GenerateParents(s, parents);
      std::set<uint64_t> seen;
      for (auto p : parents) {
        EXPECT_TRUE(seen.insert(g.Index(p)).second) << "parent listed twice";
        reverse.insert({g.Index(p), i});
      }
    }
    EXPECT_EQ(edges, reverse) << n;
  }
  EXPECT_GT(MakeGame<Kayles>("kayles(n=31)").IndexSize(), 1000u);
}

TEST(KaylesTest, RejectsBadInput) {
  for (const char* spec : {"kayles(n=32)", "kayles(n=-1)", "kayles(m=3)", "kayles(n=x)"}) {
    auto parsed = ParseSpec(spec);
    if (!parsed.ok()) continue;
    EXPECT_FALSE(Kayles::FromSpec(*parsed).ok()) << spec;
  }
  Kayles g = MakeGame<Kayles>("kayles(n=10)");
  for (const char* pos : {"", "11", "6;5", "x", "3 | 4", "-1"})
    EXPECT_FALSE(g.ParseState(pos).ok()) << pos;
  for (const char* mv :
       {"", "10", "10>10", "10>9+1", "9>8", "10>5+1", "10>0", "10>4+4+0", "10>0+3"})
    EXPECT_FALSE(g.ParseMove(g.Start(), mv).ok()) << mv;
  EXPECT_TRUE(g.ParseMove(g.Start(), "10>4+4").ok());
  EXPECT_TRUE(g.ParseMove(g.Start(), "10>3+6").ok());
}

}  // namespace
}  // namespace gamebench
