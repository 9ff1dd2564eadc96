#ifndef GAMEBENCH_TOOL_DISPATCH_H_
#define GAMEBENCH_TOOL_DISPATCH_H_

// From a spec's name to a game type, and from a solver's name to a solver
// type, through the two catalogs. Everything after dispatch is a template
// instantiated for that game and solver.

#include <string>
#include "absl/strings/string_view.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/solver.h"
#include "core/spec.h"
#include "core/type_list.h"
#include "games/catalog.h"
#include "solvers/catalog.h"
#include "tool/solver_dispatch.h"

namespace gamebench {

// Builds the game a spec names and calls fn(game), which returns a Status.
template <typename Fn>
absl::Status WithGame(const Spec& spec, Fn&& fn) {
  absl::Status result = absl::NotFoundError(
      absl::StrCat("unknown game '", spec.name, "' (see `gamebench list`)"));
  ForEachType(GameCatalog{}, [&]<typename G>() {
    if (spec.name != G::kName) return false;
    absl::StatusOr<G> game = G::FromSpec(spec);
    result = game.ok() ? fn(*game) : game.status();
    return true;
  });
  return result;
}

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_DISPATCH_H_
