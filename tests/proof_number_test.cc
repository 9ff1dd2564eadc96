// The proof-number solvers (pns, dfpn) against tt on every catalog game they
// apply to: the same value and the same set of best moves at positions along
// random playouts of the default instance, taken from the end of each playout
// backwards until tt needs more than a fixed number of nodes (so the work is
// fixed: node counts do not depend on the machine). Also: a table far too
// small (dfpn evicts, pns rebuilds its tree) still gives the right answers,
// and a time limit stops them cleanly.

#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/solve.h"
#include "games/domineering/domineering.h"
#include "games/sim/sim.h"
#include "gtest/gtest.h"
#include "solvers/dfpn.h"
#include "solvers/pns.h"
#include "solvers/tt.h"
#include "tests/conformance.h"
#include "tests/registry_games.h"
#include "tests/sanitized.h"

namespace gamebench {
namespace {

using testing::Sanitized;

// Positions whose tt search exceeds this are where a playout stops.
uint64_t MaxTtNodes() { return Sanitized() ? 1000 : 5000; }
int NumPlayouts() { return Sanitized() ? 6 : 20; }
int MaxPositions() { return Sanitized() ? 20 : 60; }

SolveOptions Small(uint64_t table_bytes) {
  SolveOptions o;
  o.tt_bytes = table_bytes;
  o.memory_bytes = 64 << 20;
  o.time_limit_seconds = 60;  // a safety net only: the positions are small
  return o;
}

std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

void ExpectSame(const SolveReport& ref, const SolveReport& r, const std::string& where) {
  ASSERT_TRUE(r.complete) << r.solver << " did not finish at " << where;
  EXPECT_EQ(r.value, ref.value) << r.solver << " at " << where;
  EXPECT_EQ(Sorted(r.best_moves), Sorted(ref.best_moves)) << r.solver << " at " << where;
}

// Checks pns and dfpn at s against tt, through the tool's game registry
// (tests/registry_games.h); false once tt's search is too big.
bool CheckPosition(const GameHandle& game, const std::string& s, uint64_t table_bytes) {
  const std::string where = absl::StrCat(game.spec(), " at ", game.Format(s));
  SolveOptions plain = Small(table_bytes);
  plain.symmetry = false;
  plain.move_ordering = false;
  SolveReport tt = testing::SolveThrough(game, s, "tt", Small(1 << 20));
  if (!tt.complete || tt.nodes > MaxTtNodes()) return false;
  SolveOptions tt_plain = plain;
  tt_plain.tt_bytes = 1 << 20;
  const SolveReport tt_unordered = testing::SolveThrough(game, s, "tt", tt_plain);
  if (!tt_unordered.complete || tt_unordered.nodes > MaxTtNodes()) return false;
  ExpectSame(tt, testing::SolveThrough(game, s, "dfpn", Small(table_bytes)), where);
  ExpectSame(tt, testing::SolveThrough(game, s, "pns", Small(table_bytes)), where);
  ExpectSame(tt, testing::SolveThrough(game, s, "dfpn", plain), where + " (no symmetry, no ordering)");
  ExpectSame(tt, testing::SolveThrough(game, s, "pns", plain), where + " (no symmetry, no ordering)");
  return true;
}

int CheckPlayouts(const GameHandle& game, uint64_t table_bytes, uint64_t seed) {
  std::set<std::string> seen;
  int checked = 0;
  for (const auto& line : testing::Playouts(game, NumPlayouts(), seed)) {
    for (auto it = line.rbegin(); it != line.rend() && checked < MaxPositions(); ++it) {
      if (!seen.insert(game.Format(*it)).second) continue;
      if (!CheckPosition(game, *it, table_bytes)) break;
      if (::testing::Test::HasFailure()) return checked;
      ++checked;
    }
  }
  return checked;
}

// One instance per game of the registry (so of games/catalog.h).
class ProofNumber : public ::testing::TestWithParam<std::string> {};

TEST_P(ProofNumber, AgreesWithTt) {
  if (!testing::SolverApplies(GetParam(), "dfpn") || !testing::SolverApplies(GetParam(), "pns"))
    GTEST_SKIP() << "pns/dfpn do not apply to " << GetParam();
  auto game = testing::GameOf(GetParam());
  ASSERT_TRUE(game);
  const int checked = CheckPlayouts(*game, 1 << 20, 17);
  std::printf("%s: %d positions\n", game->spec().c_str(), checked);
  EXPECT_GT(checked, 0);
}

INSTANTIATE_TEST_SUITE_P(Catalog, ProofNumber, ::testing::ValuesIn(testing::RegistryGames()),
                         testing::RegistryGameName());

// Tables far smaller than these searches need: dfpn evicts (4 KiB: 170
// entries), pns rebuilds its tree (48 KiB: about 500 nodes); same answers.
// 5x6, not 4x5: Domineering's static proof settles 4x5 in fewer nodes than
// these tables hold.
TEST(ProofNumberMemory, TinyTablesGiveTheSameAnswers) {
  const Domineering d = testing::MakeGame<Domineering>("domineering(rows=5,cols=6)");
  SolveReport tt = TtSolver::Solve(d, d.Start(), Small(1 << 20));
  SolveReport dfpn = DfpnSolver::Solve(d, d.Start(), Small(4 << 10));
  ExpectSame(tt, dfpn, "5x6 start");
  EXPECT_GT(dfpn.stats.Find("tt_overwrites")->as_int(), 0);
  SolveReport pns = PnsSolver::Solve(d, d.Start(), Small(64 << 10));
  ExpectSame(tt, pns, "5x6 start");
  EXPECT_GT(pns.stats.Find("rebuilds")->as_int(), 0);
}

TEST(ProofNumberLimits, TimeLimitStopsCleanly) {
  const Domineering d = testing::MakeGame<Domineering>("domineering(rows=8,cols=8)");
  SolveOptions o = Small(1 << 20);
  o.time_limit_seconds = 0.05;
  for (const SolveReport& r :
       {PnsSolver::Solve(d, d.Start(), o), DfpnSolver::Solve(d, d.Start(), o)}) {
    EXPECT_FALSE(r.complete) << r.solver;
    EXPECT_GT(r.nodes, 0u);
  }
}

}  // namespace
}  // namespace gamebench
