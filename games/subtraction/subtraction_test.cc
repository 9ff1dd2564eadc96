#include "games/subtraction/subtraction.h"

#include <set>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "solvers/grundy.h"
#include "tests/conformance.h"
#include "tests/solver_agreement.h"

namespace gamebench {
namespace {

using testing::MakeGame;

// Every search solver on small heaps (alpha-beta without a table is
// exponential here), tt alone on larger ones.
SolveReport Search(const Subtraction& g, int n) {
  Subtraction::State s{static_cast<uint16_t>(n)};
  if (n <= 16) return testing::ExpectSolversAgree(g, s, n <= 12);
  return TtSolver::Solve(g, s, testing::TestOptions());
}

TEST(SubtractionTest, ApiConformance) {
  for (const char* spec : {"subtraction", "subtraction(n=40,set=1;2;4)", "subtraction(n=0)",
                           "subtraction(n=100,set=primes)", "subtraction(n=30,set=5;3,misere=true)",
                           "subtraction(n=4095,set=4095)"}) {
    Subtraction g = MakeGame<Subtraction>(spec);
    testing::CheckSpecRoundTrip(g);
    testing::CheckRandomPlayouts(g, 10, 4096);
  }
}

// The mover loses exactly at the multiples of 4 ({1,2,3}) and of 3 ({1,2,4});
// checked by search on every heap up to 40.
TEST(SubtractionTest, KnownLosingPositions) {
  for (auto [set, modulus] : {std::pair{"1;2;3", 4}, std::pair{"1;2;4", 3}}) {
    Subtraction g = MakeGame<Subtraction>(absl::StrCat("subtraction(n=40,set=", set, ")"));
    for (int n = 0; n <= 40; ++n) {
      SolveReport r = Search(g, n);
      EXPECT_EQ(r.value, n % modulus == 0 ? kLossScore : kWinScore) << set << " n=" << n;
      SolveReport gr = GrundySolver::Solve(g, Subtraction::State{static_cast<uint16_t>(n)},
                                           testing::TestOptions());
      EXPECT_EQ(gr.value, r.value) << set << " n=" << n;
      EXPECT_EQ(testing::Sorted<Subtraction>(gr.best_moves),
                testing::Sorted<Subtraction>(r.best_moves));
    }
  }
}

// Misere {1,2,3}: the mover loses exactly at n = 1 (mod 4).
TEST(SubtractionTest, MisereLosesAtOneModFour) {
  Subtraction g = MakeGame<Subtraction>("subtraction(n=40,set=1;2;3,misere=true)");
  for (int n = 0; n <= 40; ++n) {
    SolveReport r = Search(g, n);
    EXPECT_EQ(r.value, n % 4 == 1 ? kLossScore : kWinScore) << n;
    SolveReport gr = GrundySolver::Solve(g, Subtraction::State{static_cast<uint16_t>(n)},
                                         testing::TestOptions());
    EXPECT_EQ(gr.value, r.value) << n;
    EXPECT_FALSE(gr.note.empty());  // the fallback says so
  }
}

TEST(SubtractionTest, PrimesAgreeWithGrundy) {
  Subtraction g = MakeGame<Subtraction>("subtraction(n=60,set=primes)");
  for (int n = 0; n <= 60; ++n) {
    Subtraction::State s{static_cast<uint16_t>(n)};
    SolveReport r = Search(g, n);
    EXPECT_EQ(GrundySolver::Solve(g, s, testing::TestOptions()).value, r.value) << n;
  }
}

TEST(SubtractionTest, IndexedIsConsistent) {
  Subtraction g = MakeGame<Subtraction>("subtraction(n=50,set=2;3;7)");
  std::set<std::pair<int, int>> edges, reverse;
  for (uint64_t i = 0; i < g.IndexSize(); ++i) {
    Subtraction::State s = g.Unindex(i);
    EXPECT_EQ(g.Index(s), i);
    MoveListOf<Subtraction> moves;
    if (!g.Terminal(s)) g.GenerateMoves(s, moves);
    for (auto m : moves) edges.insert({s.heap, g.Play(s, m).heap});
    MoveList<Subtraction::State, Subtraction::kMaxParents> parents;
    g.GenerateParents(s, parents);
    for (auto p : parents) reverse.insert({p.heap, s.heap});
  }
  EXPECT_EQ(edges, reverse);
}

TEST(SubtractionTest, RejectsBadInput) {
  for (const char* spec : {"subtraction(n=4096)", "subtraction(n=-1)", "subtraction(set=)",
                           "subtraction(set=0)", "subtraction(set=1;1)", "subtraction(set=prime)",
                           "subtraction(misere=2)", "subtraction(k=3)", "subtraction(nim)"}) {
    auto parsed = ParseSpec(spec);
    if (!parsed.ok()) continue;
    EXPECT_FALSE(Subtraction::FromSpec(*parsed).ok()) << spec;
  }
  Subtraction g = MakeGame<Subtraction>("subtraction(n=21,set=1;2;3)");
  for (const char* pos : {"", "22", "-1", "x", "3;4"}) EXPECT_FALSE(g.ParseState(pos).ok()) << pos;
  for (const char* mv : {"", "0", "4", "x", "22"})
    EXPECT_FALSE(g.ParseMove(g.Start(), mv).ok()) << mv;
}

}  // namespace
}  // namespace gamebench
