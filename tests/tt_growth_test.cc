// tt with a table that grows during the search (solvers/transposition_table.h)
// gives the values and best moves of tt with a fixed table, on every game of
// the catalog, at positions along random playouts. The growing table starts
// at 64 entries and grows at every subtree of one node per entry, so that it
// grows several times inside most searches (the defaults grow far less
// often; here growth is what is tested). A growth that dropped or moved an
// entry to a bucket where probes do not look would only cost nodes (the
// table is a cache), so the unit test in solvers/transposition_table_test.cc
// checks that every entry survives; this one checks that the search above a
// growing table is still exact, and that growth happened.

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/solve.h"
#include "gtest/gtest.h"
#include "solvers/tt.h"
#include "tests/catalog_types.h"
#include "tests/conformance.h"
#include "tests/sanitized.h"

namespace gamebench {
namespace {

using testing::Sanitized;

constexpr uint64_t kNodeLimit = 300000;  // positions the fixed table cannot finish within are skipped
constexpr uint64_t kMaxTableBytes = 1 << 20;

SolveOptions Options() {
  SolveOptions o;
  o.node_limit = kNodeLimit;
  o.tt_bytes = kMaxTableBytes;  // below the first size of the default table: fixed
  o.memory_bytes = 64 << 20;
  return o;
}

std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

template <typename G>
class TtGrowth : public ::testing::Test {};
TYPED_TEST_SUITE(TtGrowth, testing::CatalogGames, testing::GameTypeName);

TYPED_TEST(TtGrowth, SameValueAndBestMovesAsAFixedTable) {
  using G = TypeParam;
  if constexpr (!TtSolver::kAppliesTo<G>) {
    GTEST_SKIP() << "tt does not apply to " << G::kName;
  } else {
    G game = testing::MakeGame<G>(std::string(G::kName));
    const int wanted = Sanitized() ? 10 : 40;
    std::mt19937_64 rng(24);
    std::set<std::string> seen;
    int checked = 0;
    uint64_t growths = 0, largest_search = 0;
    for (int p = 0; p < 100 && checked < wanted; ++p) {
      std::vector<typename G::State> line{game.Start()};
      while (!game.Terminal(line.back()) && line.size() < 10000) {
        MoveListOf<G> moves;
        game.GenerateMoves(line.back(), moves);
        line.push_back(game.Play(line.back(), moves[static_cast<int>(rng() % moves.size())]));
      }
      for (auto it = line.rbegin(); it != line.rend() && checked < wanted; ++it) {
        if (!seen.insert(game.FormatState(*it)).second) continue;
        const SolveReport fixed = TtSolver::Solve(game, *it, Options());
        if (!fixed.complete) break;
        const std::string where = absl::StrCat(game.CanonicalSpec(), " at ", game.FormatState(*it));
        TtSolver::Table<G> table(kMaxTableBytes, /*first_bytes=*/64 * sizeof(typename TtSolver::Table<G>::Entry),
                                 /*growth_factor=*/4, /*grow_nodes_per_entry=*/1);
        SolveOptions generous = Options();  // the small early table may cost more nodes, not 20x
        generous.node_limit = 20 * kNodeLimit;
        const SolveReport grown = TtSolver::SolveWithTable(game, *it, generous, table);
        ASSERT_TRUE(grown.complete) << where;
        EXPECT_EQ(grown.value, fixed.value) << where;
        EXPECT_EQ(Sorted(grown.best_moves), Sorted(fixed.best_moves)) << where;
        growths += table.growths();
        largest_search = std::max(largest_search, grown.nodes);
        ++checked;
      }
    }
    EXPECT_GE(checked, std::min<int>(wanted, static_cast<int>(seen.size()) / 2)) << game.CanonicalSpec();
    // A search of over 64 nodes stores a subtree of over 64 nodes (its root),
    // which grows the table: growth was exercised wherever a search was.
    if (largest_search > 64) {
      EXPECT_GT(growths, 0u) << game.CanonicalSpec();
    }
  }
}

}  // namespace
}  // namespace gamebench
