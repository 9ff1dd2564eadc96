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

#include <algorithm>
#include <cstdlib>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/solve.h"
#include "core/type_list.h"
#include "gtest/gtest.h"
#include "solvers/alphabeta.h"
#include "solvers/catalog.h"
#include "solvers/minimax.h"
#include "solvers/tt.h"
#include "tests/catalog_types.h"
#include "tests/conformance.h"

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

// Positions per game: fewer under sanitizers, which run 3-10x slower.
int PositionsPerGame() { return std::getenv("GAMEBENCH_SANITIZED") ? 100 : 300; }

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
template <Game G>
bool CheckSearchSolvers(const G& game, const typename G::State& s, int& minimax_runs) {
  const std::string where = absl::StrCat(game.CanonicalSpec(), " at ", game.FormatState(s));
  SolveReport ab = AlphaBetaSolver::Solve(game, s, Limited(kSearchNodeLimit));
  if (!ab.complete) return false;
  // tt never searches more nodes than alphabeta (its table only cuts), so
  // with the same budget it must finish.
  SolveOptions with_symmetry = Limited(kSearchNodeLimit);
  SolveReport tt = TtSolver::Solve(game, s, with_symmetry);
  EXPECT_TRUE(tt.complete) << "tt did not finish where alphabeta did: " << where;
  ExpectSameResult(ab, tt, where);
  SolveOptions plain = with_symmetry;
  plain.symmetry = false;
  plain.move_ordering = false;
  SolveReport tt_plain = TtSolver::Solve(game, s, plain);
  ExpectSameResult(ab, tt_plain, where + " (tt, no symmetry, no ordering)");
  SolveOptions unordered = Limited(4 * kSearchNodeLimit);
  unordered.move_ordering = false;
  ExpectSameResult(ab, AlphaBetaSolver::Solve(game, s, unordered), where + " (no ordering)");
  if (ab.nodes <= kMinimaxMaxAlphaBetaNodes) {
    SolveReport mm = MinimaxSolver::Solve(game, s, Limited(kMinimaxNodeLimit));
    ExpectSameResult(ab, mm, where);
    minimax_runs += mm.complete;
  }
  return true;
}

// Random playouts from the start of the default instance.
template <Game G>
std::vector<std::vector<typename G::State>> Playouts(const G& game, int count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::vector<typename G::State>> lines;
  for (int p = 0; p < count; ++p) {
    std::vector<typename G::State> line{game.Start()};
    while (!game.Terminal(line.back()) && static_cast<int>(line.size()) <= kMaxPlies) {
      MoveListOf<G> moves;
      game.GenerateMoves(line.back(), moves);
      line.push_back(game.Play(line.back(), moves[static_cast<int>(rng() % moves.size())]));
    }
    lines.push_back(std::move(line));
  }
  return lines;
}

template <typename G>
class CrossSolver : public ::testing::Test {};
TYPED_TEST_SUITE(CrossSolver, testing::CatalogGames, testing::GameTypeName);

TYPED_TEST(CrossSolver, SearchSolversAgree) {
  using G = TypeParam;
  if constexpr (Loopy<G>) {
    // Depth-first solvers do not apply to loopy games; retrograde analysis is
    // checked there against a naive reference (tests/retrograde_checks.h).
    GTEST_SKIP() << G::kName << " is loopy";
  } else {
    G game = testing::MakeGame<G>(std::string(G::kName));
    int minimax_runs = 0;
    const bool start_solved = CheckSearchSolvers(game, game.Start(), minimax_runs);
    // Hundreds of positions, distinct by text, from the ends of playouts back.
    std::set<std::string> seen;
    int checked = 0, skipped_playouts = 0;
    const int positions = PositionsPerGame();
    for (const auto& line : Playouts(game, 200, 11)) {
      for (auto it = line.rbegin(); it != line.rend(); ++it) {
        if (checked >= positions) break;
        if (!seen.insert(game.FormatState(*it)).second) continue;
        if (!CheckSearchSolvers(game, *it, minimax_runs)) {
          ++skipped_playouts;
          break;
        }
        ++checked;
      }
    }
    std::printf("%s: start %s; %d positions checked, %d with minimax; %d playouts cut short\n",
                game.CanonicalSpec().c_str(), start_solved ? "solved" : "too big, skipped", checked,
                minimax_runs, skipped_playouts);
    EXPECT_GE(checked, std::min<int>(50, static_cast<int>(seen.size())));
    EXPECT_GT(minimax_runs, 0);
  }
}

// Every solver of the solver catalog that applies to the game (the search
// solvers above and any other, e.g. retrograde or Sprague-Grundy) agrees with
// alphabeta at the start and along a few playouts, wherever both finish.
TYPED_TEST(CrossSolver, EverySolverInTheCatalogAgrees) {
  using G = TypeParam;
  if constexpr (Loopy<G>) {
    // Depth-first solvers do not apply to loopy games; retrograde analysis is
    // checked there against a naive reference (tests/retrograde_checks.h).
    GTEST_SKIP() << G::kName << " is loopy";
  } else {
    G game = testing::MakeGame<G>(std::string(G::kName));
    std::vector<typename G::State> positions{game.Start()};
    for (const auto& line : Playouts(game, 20, 13)) {
      positions.push_back(line[line.size() / 2]);
      positions.push_back(line[line.size() * 3 / 4]);
    }
    int compared = 0;
    for (const auto& s : positions) {
      // Only small subtrees: minimax is in the catalog too.
      SolveReport ab = AlphaBetaSolver::Solve(game, s, Limited(kSearchNodeLimit));
      if (!ab.complete || ab.nodes > kMinimaxMaxAlphaBetaNodes) continue;
      const std::string where = absl::StrCat(game.CanonicalSpec(), " at ", game.FormatState(s));
      ForEachType(SolverCatalog{}, [&]<typename S>() {
        if constexpr (S::template kAppliesTo<G>) {
          SolveOptions options = Limited(kMinimaxNodeLimit);
          options.memory_bytes = kOtherSolversMemory;
          options.tt_bytes = 1 << 20;
          SolveReport r = S::Solve(game, s, options);
          ExpectSameResult(ab, r, where);
          compared += r.complete;
        }
        return false;
      });
    }
    EXPECT_GT(compared, 0) << "no position of " << game.CanonicalSpec() << " could be compared";
  }
}

}  // namespace
}  // namespace gamebench
