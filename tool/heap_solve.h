#ifndef GAMEBENCH_TOOL_HEAP_SOLVE_H_
#define GAMEBENCH_TOOL_HEAP_SOLVE_H_

// The heap path of `solve --solver NAME` for a solver that SolvesHeapSums
// (core/solver.h; grundy), and of `grundy`: reads a heap game's rules and
// heaps from its spec (games/heap_spec.h, no bound on heap sizes or their
// number) and values them with the solver (solvers/sprague_grundy.h's types).
// The search solvers' path (the game's bounded state) is not involved.

#include <optional>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/solve.h"
#include "core/spec.h"
#include "games/heap_spec.h"
#include "solvers/sprague_grundy.h"

namespace gamebench {

// The heap description of the game a spec names; nullopt when that game is
// not a heap game (an unknown name is an error).
absl::StatusOr<std::optional<HeapGameSpec>> HeapSpecOf(const Spec& spec);

// A solver that SolvesHeapSums (core/solver.h), as two function pointers so
// that this file compiles no solver: HeapSumSolverOf<S>().
struct HeapSumSolver {
  absl::string_view name;
  bool (*answers)(const HeapSum& sum);
  absl::StatusOr<HeapSumResult> (*solve)(const HeapSum& sum, const SolveOptions& options);
};
template <typename S>
HeapSumSolver HeapSumSolverOf() {
  return {S::kName, &S::AnswersHeapSum, &S::SolveHeapSum};
}

// `solve SPEC --solver NAME [--position POS]` for a heap game (`game`, its
// spec's description) with such a solver: nullopt when the solver does not
// answer the sum from its heaps (the caller then solves through the game's
// state; grundy answers every sum, misère ones by their misère quotient).
std::optional<absl::StatusOr<SolveReport>> SolveHeapGame(const HeapGameSpec& game,
                                                         const std::optional<std::string>& position,
                                                         const SolveOptions& options,
                                                         const HeapSumSolver& solver);

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_HEAP_SOLVE_H_
