#include "solvers/grundy.h"

#include <set>

#include "absl/strings/str_cat.h"
#include "games/nim/nim.h"
#include "gtest/gtest.h"
#include "solvers/tt.h"
#include "tests/conformance.h"
#include "tests/solver_agreement.h"

namespace gamebench {
namespace {

using testing::MakeGame;

// Bouton: normal-play Nim is lost exactly when the xor is 0; the grundy
// solver agrees with search everywhere up to 5;5;5, moves included.
TEST(GrundySolverTest, NimXorRule) {
  Nim g = MakeGame<Nim>("nim(heaps=5;5;5)");
  for (int a = 0; a <= 5; ++a)
    for (int b = 0; b <= 5; ++b)
      for (int c = 0; c <= 5; ++c) {
        auto s = g.ParseState(absl::StrCat(a, ";", b, ";", c));
        ASSERT_TRUE(s.ok());
        SolveReport gr = GrundySolver::Solve(g, *s, testing::TestOptions());
        SolveReport tt = TtSolver::Solve(g, *s, testing::TestOptions());
        EXPECT_EQ(gr.value, (a ^ b ^ c) == 0 ? kLossScore : kWinScore);
        EXPECT_EQ(gr.value, tt.value);
        EXPECT_EQ(testing::Sorted<Nim>(gr.best_moves), testing::Sorted<Nim>(tt.best_moves));
        EXPECT_EQ(gr.stats.Find("grundy")->as_int(), a ^ b ^ c);
      }
}

TEST(GrundySolverTest, WinningMovesFrom357) {
  Nim g = MakeGame<Nim>("nim(heaps=3;5;7)");
  SolveReport r = GrundySolver::Solve(g, g.Start(), testing::TestOptions());
  EXPECT_EQ(r.value, kWinScore);
  EXPECT_EQ(testing::MoveTargets(g, g.Start(), r.best_moves),
            (std::set<std::string>{"2;5;7", "3;4;7", "3;5;6"}));
}

// Misere Nim by its rule, against search.
TEST(GrundySolverTest, MisereNimRule) {
  Nim g = MakeGame<Nim>("nim(heaps=4;4;4,misere=true)");
  for (int a = 0; a <= 4; ++a)
    for (int b = 0; b <= 4; ++b)
      for (int c = 0; c <= 4; ++c) {
        auto s = g.ParseState(absl::StrCat(a, ";", b, ";", c));
        ASSERT_TRUE(s.ok());
        SolveReport gr = GrundySolver::Solve(g, *s, testing::TestOptions());
        SolveReport tt = TtSolver::Solve(g, *s, testing::TestOptions());
        EXPECT_TRUE(gr.note.empty());
        EXPECT_EQ(gr.value, tt.value) << a << b << c;
        EXPECT_EQ(testing::Sorted<Nim>(gr.best_moves), testing::Sorted<Nim>(tt.best_moves))
            << a << b << c;
      }
}

}  // namespace
}  // namespace gamebench
