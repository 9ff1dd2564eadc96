// The generic retrograde checks (tests/retrograde_checks.h) on tic-tac-toe and
// Sim K3..K5, plus Sim's incremental indices and its triangle lookup table.

#include <cstdint>

#include "games/sim/sim.h"
#include "games/tictactoe/tictactoe.h"
#include "gtest/gtest.h"
#include "solvers/retrograde.h"
#include "tests/conformance.h"
#include "tests/retrograde_checks.h"

namespace gamebench {
namespace {

using testing::MakeGame;

static_assert(IncrementallyIndexed<Sim>);
static_assert(Indexed<TicTacToe> && !IncrementallyIndexed<TicTacToe>);

TEST(RetrogradeCatalogTest, TicTacToe) {
  const TicTacToe g = MakeGame<TicTacToe>("tictactoe");
  testing::CheckIndexing(g);
  testing::CheckParentsInverseMoves(g);
  testing::CheckAgainstReference(g);
  testing::CheckSerialEqualsParallel(g);
  testing::CheckAgainstSearch(g, /*with_minimax=*/true);
  RetrogradeTable t = testing::AnalyzeOrDie(g, 2);
  EXPECT_EQ(t.positions, 5478u);
  EXPECT_EQ(RetrogradeSolver::ValueOf(t.entries[t.root_index]), kDrawScore);
}

TEST(RetrogradeCatalogTest, SimSmall) {
  for (int n : {3, 4, 5}) {
    SCOPED_TRACE(n);
    const Sim g = MakeGame<Sim>(absl::StrCat("sim(n=", n, ")"));
    testing::CheckIndexing(g, /*full_scan=*/true);
    testing::CheckParentsInverseMoves(g);
    testing::CheckIncrementalIndices(g);
    testing::CheckAgainstReference(g);
    testing::CheckSerialEqualsParallel(g);
    testing::CheckAgainstSearch(g, /*with_minimax=*/n <= 4);
  }
}

// The 2^15-entry table HasTriangle uses for masks of K6's edges equals a
// scan of the triangles.
TEST(RetrogradeCatalogTest, SimTriangleTableMatchesScan) {
  for (int n : {3, 6, 8}) {
    const Sim g = MakeGame<Sim>(absl::StrCat("sim(n=", n, ")"));
    const int triangles = n * (n - 1) * (n - 2) / 6;
    for (uint32_t m = 0; m < (uint32_t{1} << 15); ++m) {
      const uint32_t mask = m & g.all_edges();
      bool expected = false;
      for (int t = 0; t < triangles; ++t) {
        const uint32_t tri = sim_internal::kTables.triangle[t];
        expected |= (mask & tri) == tri;
      }
      ASSERT_EQ(g.HasTriangle(mask), expected) << "n=" << n << " mask " << mask;
    }
  }
}

}  // namespace
}  // namespace gamebench
