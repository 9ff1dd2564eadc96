#ifndef GAMEBENCH_TOOL_SOLVER_DISPATCH_H_
#define GAMEBENCH_TOOL_SOLVER_DISPATCH_H_

// From a solver's name to a solver type, through the solver catalog. Apart
// from tool/dispatch.h (which also knows every game) so that a per-game unit
// (tool/per_game_unit.h) includes the solvers and its own game only.

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "core/type_list.h"
#include "tool/solver_catalog.h"

namespace gamebench {

// Calls fn.template operator()<S>() for the solver named `name`, or returns
// an error naming the unknown solver.
template <typename Fn>
absl::Status WithSolver(absl::string_view name, Fn&& fn) {
  absl::Status result = absl::NotFoundError(
      absl::StrCat("unknown solver '", name, "' (see `gamebench list`)"));
  ForEachType(SolverCatalog{}, [&]<typename S>() {
    if (name != S::kName) return false;
    result = fn.template operator()<S>();
    return true;
  });
  return result;
}

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_SOLVER_DISPATCH_H_
