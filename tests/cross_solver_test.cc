// Cross-solver agreement on every game in the catalog: minimax (where its
// full tree is small enough), alphabeta, and tt with and without symmetry and
// move ordering give the same value and the same set of best moves, at the
// start of the default instance and at hundreds of positions along random
// playouts. Then every other solver in the solver catalog is checked against
// them too. A game or solver added to a catalog is checked here with no edit.
//
// Positions are taken from the end of each playout backwards, so that the
// cheap ones come first; a playout is left once a position's search does not
// finish within a node budget, so a game too big to solve from its start
// still gets checked on the positions that can be solved. Every limit is a
// count (nodes, positions, memory), never a time: the test does the same work
// and reaches the same verdict on a fast, slow, loaded or sanitized machine.
//
// The solvers run through the tool's game registry (tool/game_registry.h),
// as `gamebench solve` runs them: what is checked is what the tool ships,
// and this test compiles no game and no solver of its own (the per-game
// units of the tool instantiate them once).
//
// ctest cost: 60


#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/solve.h"
#include "core/type_list.h"
#include "gtest/gtest.h"
#include "tool/solver_catalog.h"
#include "tests/registry_games.h"
#include "tests/sanitized.h"

namespace gamebench {
namespace {

constexpr uint64_t kSearchNodeLimit = 1000000;         // per solve: beyond it a position is skipped
constexpr uint64_t kMinimaxMaxAlphaBetaNodes = 20000;  // minimax only on small subtrees
constexpr uint64_t kMinimaxNodeLimit = 2000000;
constexpr int kMaxPlies = 100000;
// Other catalog solvers (retrograde, Sprague-Grundy) take no node limit:
// they get a memory budget that keeps the large index spaces (Sim K6's 3^15)
// out, so that each comparison is small.
constexpr uint64_t kOtherSolversMemory = 16 << 20;

using testing::Sanitized;

// Positions per game: fewer under sanitizers, which run 3-10x slower.
int PositionsPerGame() { return Sanitized() ? 100 : 300; }

// The budgets of the unordered alpha-beta and of minimax, whose runs are
// compared only when they finish. Under sanitizers, a quarter: on
// Domineering's 100 positions, 24 unordered runs and 29 of minimax spent
// their whole budgets (4M and 2M nodes) and finished nothing, 115M of the
// test's 205M nodes; with a quarter, 4 of 76 unordered and 2 of 52 minimax
// runs that finished no longer do (commit message).
uint64_t UnorderedNodeLimit() { return (Sanitized() ? 1 : 4) * kSearchNodeLimit; }
uint64_t MinimaxNodeLimit() { return Sanitized() ? kMinimaxNodeLimit / 4 : kMinimaxNodeLimit; }

SolveOptions Limited(uint64_t nodes) {
  SolveOptions o;
  o.node_limit = nodes;
  o.tt_bytes = 1 << 20;
  o.memory_bytes = 64 << 20;
  return o;
}

std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Compares `r` with the reference report `ref` when `r` finished.
void ExpectSameResult(const SolveReport& ref, const SolveReport& r, const std::string& where) {
  if (!r.complete) return;
  EXPECT_EQ(r.value, ref.value) << r.solver << " vs " << ref.solver << " at " << where;
  EXPECT_EQ(Sorted(r.best_moves), Sorted(ref.best_moves))
      << r.solver << " vs " << ref.solver << " at " << where;
}

// Solves `s` with the search solvers. Returns false when alphabeta did not
// finish within its node budget (the position is then skipped).
bool CheckSearchSolvers(const GameHandle& game, const std::string& s, int& minimax_runs) {
  const std::string where = absl::StrCat(game.spec(), " at ", game.Format(s));
  SolveReport ab = testing::SolveThrough(game, s, "alphabeta", Limited(kSearchNodeLimit));
  if (!ab.complete) return false;
  // tt never searches more nodes than alphabeta (its table only cuts), so
  // with the same budget it must finish.
  SolveOptions with_symmetry = Limited(kSearchNodeLimit);
  SolveReport tt = testing::SolveThrough(game, s, "tt", with_symmetry);
  EXPECT_TRUE(tt.complete) << "tt did not finish where alphabeta did: " << where;
  ExpectSameResult(ab, tt, where);
  SolveOptions plain = with_symmetry;
  plain.symmetry = false;
  plain.move_ordering = false;
  SolveReport tt_plain = testing::SolveThrough(game, s, "tt", plain);
  ExpectSameResult(ab, tt_plain, where + " (tt, no symmetry, no ordering)");
  SolveOptions unordered = Limited(UnorderedNodeLimit());
  unordered.move_ordering = false;
  ExpectSameResult(ab, testing::SolveThrough(game, s, "alphabeta", unordered), where + " (no ordering)");
  if (ab.nodes <= kMinimaxMaxAlphaBetaNodes) {
    SolveReport mm = testing::SolveThrough(game, s, "minimax", Limited(MinimaxNodeLimit()));
    ExpectSameResult(ab, mm, where);
    minimax_runs += mm.complete;
  }
  return true;
}

// One instance per game of the registry (so of games/catalog.h).
class CrossSolver : public ::testing::TestWithParam<std::string> {
 protected:
  // Depth-first solvers do not apply to loopy games (alphabeta applies to
  // exactly the acyclic ones); retrograde analysis is checked there against
  // a naive reference (tests/retrograde_checks.h).
  bool Loopy() const { return !testing::SolverApplies(GetParam(), "alphabeta"); }
};

TEST_P(CrossSolver, SearchSolversAgree) {
  if (Loopy()) GTEST_SKIP() << GetParam() << " is loopy";
  auto game = testing::GameOf(GetParam());
  ASSERT_TRUE(game);
  int minimax_runs = 0;
  const bool start_solved = CheckSearchSolvers(*game, game->Start(), minimax_runs);
  // Hundreds of positions, distinct by text, from the ends of playouts back.
  std::set<std::string> seen;
  int checked = 0, skipped_playouts = 0;
  const int positions = PositionsPerGame();
  for (const auto& line : testing::Playouts(*game, 200, 11, kMaxPlies)) {
    for (auto it = line.rbegin(); it != line.rend(); ++it) {
      if (checked >= positions) break;
      if (!seen.insert(game->Format(*it)).second) continue;
      if (!CheckSearchSolvers(*game, *it, minimax_runs)) {
        ++skipped_playouts;
        break;
      }
      ++checked;
    }
  }
  std::printf("%s: start %s; %d positions checked, %d with minimax; %d playouts cut short\n",
              game->spec().c_str(), start_solved ? "solved" : "too big, skipped", checked,
              minimax_runs, skipped_playouts);
  EXPECT_GE(checked, std::min<int>(50, static_cast<int>(seen.size())));
  EXPECT_GT(minimax_runs, 0);
}

// Every solver of the solver catalog that applies to the game (the search
// solvers above and any other, e.g. retrograde or Sprague-Grundy) agrees with
// alphabeta at the start and along a few playouts, wherever both finish.
TEST_P(CrossSolver, EverySolverInTheCatalogAgrees) {
  if (Loopy()) GTEST_SKIP() << GetParam() << " is loopy";
  auto game = testing::GameOf(GetParam());
  ASSERT_TRUE(game);
  std::vector<std::string> positions{game->Start()};
  for (const auto& line : testing::Playouts(*game, 20, 13, kMaxPlies)) {
    positions.push_back(line[line.size() / 2]);
    positions.push_back(line[line.size() * 3 / 4]);
  }
  int compared = 0;
  for (const auto& s : positions) {
    // Only small subtrees: minimax is in the catalog too. (A larger budget
    // would only finish positions that are skipped here anyway.)
    SolveReport ab = testing::SolveThrough(*game, s, "alphabeta", Limited(kMinimaxMaxAlphaBetaNodes));
    if (!ab.complete || ab.nodes > kMinimaxMaxAlphaBetaNodes) continue;
    const std::string where = absl::StrCat(game->spec(), " at ", game->Format(s));
    // The catalog's names only: the solvers themselves run in the tool's units.
    ForEachType(SolverCatalog{}, [&]<typename S>() {
      if (testing::SolverApplies(GetParam(), S::kName)) {
        SolveOptions options = Limited(kMinimaxNodeLimit);
        options.memory_bytes = kOtherSolversMemory;
        options.tt_bytes = 1 << 20;
        SolveReport r = testing::SolveThrough(*game, s, S::kName, options);
        ExpectSameResult(ab, r, where);
        compared += r.complete;
      }
      return false;
    });
  }
  EXPECT_GT(compared, 0) << "no position of " << game->spec() << " could be compared";
}

INSTANTIATE_TEST_SUITE_P(Catalog, CrossSolver, ::testing::ValuesIn(testing::RegistryGames()),
                         testing::RegistryGameName());

}  // namespace
}  // namespace gamebench
