#include "games/octal/octal.h"

#include <random>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "solvers/grundy.h"
#include "solvers/tt.h"
#include "tests/conformance.h"
#include "tests/solver_agreement.h"

namespace gamebench {
namespace {

using testing::MakeGame;

TEST(OctalTest, ApiConformance) {
  for (const char* spec : {"octal", "octal(code=0.07,n=20)", "octal(code=0.137,n=12)",
                           "octal(code=0.6,n=25)", "octal(code=0.4,n=30)", "octal(code=0.1,n=1)",
                           "octal(code=0.3,n=65535)", "octal(code=0.0000007,n=40)"}) {
    Octal g = MakeGame<Octal>(spec);
    testing::CheckSpecRoundTrip(g);
    testing::CheckRandomPlayouts(g, 10, 70000);
  }
}

// Random codes of 1 to 4 digits and random positions: the grundy solver
// agrees with search on value and winning moves.
TEST(OctalTest, GrundyAgreesWithSearchOnRandomCodes) {
  std::mt19937_64 rng(11);
  int checked = 0;
  for (int t = 0; t < 60; ++t) {
    std::string code = "0.";
    const int digits = 1 + static_cast<int>(rng() % 4);
    for (int i = 0; i < digits; ++i) code += static_cast<char>('0' + rng() % 8);
    auto spec = ParseSpec(absl::StrCat("octal(code=", code, ",n=", 8 + rng() % 10, ")"));
    ASSERT_TRUE(spec.ok());
    auto g = Octal::FromSpec(*spec);
    if (!g.ok()) continue;  // all-zero codes and too many heaps are rejected
    SolveReport tt = TtSolver::Solve(*g, g->Start(), testing::TestOptions());
    SolveReport gr = GrundySolver::Solve(*g, g->Start(), testing::TestOptions());
    EXPECT_EQ(gr.value, tt.value) << g->CanonicalSpec();
    EXPECT_EQ(testing::Sorted<Octal>(gr.best_moves), testing::Sorted<Octal>(tt.best_moves))
        << g->CanonicalSpec();
    ++checked;
  }
  EXPECT_GT(checked, 30);
}

TEST(OctalTest, RejectsBadCodes) {
  for (const char* spec :
       {"octal(code=0.8)", "octal(code=0.78)", "octal(code=0.)", "octal(code=0.000)",
        "octal(code=77)", "octal(code=1.77)", "octal(code=0.7x)", "octal(n=-1)", "octal(n=65536)",
        "octal(code=0.77,n=40)", "octal(size=3)"}) {
    auto parsed = ParseSpec(spec);
    ASSERT_TRUE(parsed.ok()) << spec;
    auto g = Octal::FromSpec(*parsed);
    EXPECT_FALSE(g.ok()) << spec;
    if (!g.ok()) {
      EXPECT_EQ(g.status().message().find('\n'), std::string::npos);
    }
  }
  auto digit8 = Octal::FromSpec(*ParseSpec("octal(code=0.78)"));
  EXPECT_NE(digit8.status().message().find("'8' is not an octal digit"), std::string::npos)
      << digit8.status();
  auto none = Octal::FromSpec(*ParseSpec("octal(code=0.00)"));
  EXPECT_NE(none.status().message().find("allows no move"), std::string::npos) << none.status();
  auto empty = Octal::FromSpec(*ParseSpec("octal(code=0.)"));
  EXPECT_NE(empty.status().message().find("no digits"), std::string::npos) << empty.status();
}

}  // namespace
}  // namespace gamebench
