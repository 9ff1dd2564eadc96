#include "games/sum/sum.h"

#include <random>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gtest/gtest.h"
#include "solvers/grundy.h"
#include "solvers/tt.h"
#include "tests/conformance.h"
#include "tests/solver_agreement.h"

namespace gamebench {
namespace {

using testing::MakeGame;

TEST(SumTest, ApiConformance) {
  for (const char* spec :
       {"sum(kayles(n=7),nim(heaps=3;5),octal(code=0.137,n=12),subtraction(n=10,set=1;2;4))",
        "sum(nim(heaps=1;2),misere=true)", "sum(grundy_game(n=9),subtraction(n=30,set=primes))",
        "sum(kayles(n=0),nim(heaps=0))"}) {
    Sum g = MakeGame<Sum>(spec);
    testing::CheckSpecRoundTrip(g);
    testing::CheckRandomPlayouts(g, 20, 200);
  }
}

TEST(SumTest, TextForm) {
  Sum g = MakeGame<Sum>(
      "sum(kayles(n=7),nim(heaps=3;5),octal(code=0.137,n=12),subtraction(n=10,set=1;2;4))");
  EXPECT_EQ(g.FormatState(g.Start()), "7 | 5;3 | 12 | 10");
  EXPECT_EQ(g.CanonicalSpec(),
            "sum(kayles(n=7),nim(heaps=3;5,misere=false),octal(code=0.137,n=12),"
            "subtraction(n=10,set=1;2;4,misere=false),misere=false)");
  auto m = g.ParseMove(g.Start(), "2:5>2");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(g.FormatState(g.Play(g.Start(), *m)), "7 | 3;2 | 12 | 10");
}

// Random small sums: the grundy solver and search agree on the value and on
// the set of winning moves.
TEST(SumTest, GrundyAgreesWithSearchOnRandomSums) {
  std::mt19937_64 rng(5);
  const char* codes[] = {"0.07", "0.137", "0.6", "0.4", "0.15", "0.33"};
  for (int t = 0; t < 40; ++t) {
    std::vector<std::string> parts;
    const int k = 2 + static_cast<int>(rng() % 2);
    for (int i = 0; i < k; ++i) {
      switch (rng() % 5) {
        case 0:
          parts.push_back(absl::StrCat("kayles(n=", rng() % 7, ")"));
          break;
        case 1:
          parts.push_back(absl::StrCat("nim(heaps=", rng() % 5, ";", rng() % 4, ")"));
          break;
        case 2:
          parts.push_back(absl::StrCat("octal(code=", codes[rng() % 6], ",n=", rng() % 8, ")"));
          break;
        case 3:
          parts.push_back(absl::StrCat("subtraction(n=", rng() % 12, ",set=1;3;4)"));
          break;
        default:
          parts.push_back(absl::StrCat("grundy_game(n=", rng() % 8, ")"));
          break;
      }
    }
    Sum g = MakeGame<Sum>(absl::StrCat("sum(", absl::StrJoin(parts, ","), ")"));
    SolveReport tt = TtSolver::Solve(g, g.Start(), testing::TestOptions());
    SolveReport gr = GrundySolver::Solve(g, g.Start(), testing::TestOptions());
    EXPECT_EQ(gr.value, tt.value) << g.CanonicalSpec();
    EXPECT_EQ(testing::Sorted<Sum>(gr.best_moves), testing::Sorted<Sum>(tt.best_moves))
        << g.CanonicalSpec();
  }
}

// Misere sums: Nim by its rule, anything else by search (and says so).
TEST(SumTest, MisereSums) {
  Sum nims = MakeGame<Sum>("sum(nim(heaps=1;1),nim(heaps=2;3),misere=true)");
  SolveReport a = GrundySolver::Solve(nims, nims.Start(), testing::TestOptions());
  EXPECT_TRUE(a.note.empty());
  EXPECT_EQ(a.value, TtSolver::Solve(nims, nims.Start(), testing::TestOptions()).value);
  Sum mixed = MakeGame<Sum>("sum(kayles(n=5),nim(heaps=2),misere=true)");
  SolveReport b = GrundySolver::Solve(mixed, mixed.Start(), testing::TestOptions());
  EXPECT_NE(b.note.find("search"), std::string::npos);
  EXPECT_EQ(b.value, TtSolver::Solve(mixed, mixed.Start(), testing::TestOptions()).value);
}

TEST(SumTest, RejectsBadSums) {
  for (const char* spec :
       {"sum()", "sum(misere=true)", "sum(tictactoe)", "sum(foo(n=1))", "sum(sum(nim))",
        "sum(nim(misere=true))", "sum(kayles(n=40))", "sum(kayles(n=20),kayles(n=20))",
        "sum(nim,nim,nim,nim,nim,nim,nim,nim,nim)", "sum(nim,size=3)", "sum(octal(code=0.8))"}) {
    auto parsed = ParseSpec(spec);
    ASSERT_TRUE(parsed.ok()) << spec;
    auto g = Sum::FromSpec(*parsed);
    EXPECT_FALSE(g.ok()) << spec;
    if (!g.ok()) {
      EXPECT_EQ(g.status().message().find('\n'), std::string::npos);
    }
  }
  Sum g = MakeGame<Sum>("sum(kayles(n=7),nim(heaps=3;5))");
  for (const char* pos : {"", "7", "7 | 5;3 | 1", "8 | 5;3", "7 | 5;3;1", "x | 1"})
    EXPECT_FALSE(g.ParseState(pos).ok()) << pos;
  for (const char* mv : {"", "7>3+3", "3:1>0", "0:7>3+3", "1:7>7", "2:4>3", "1:7>3+3+0"})
    EXPECT_FALSE(g.ParseMove(g.Start(), mv).ok()) << mv;
}

}  // namespace
}  // namespace gamebench
