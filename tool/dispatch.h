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
#include "tool/solver_catalog.h"
#include "tool/solver_dispatch.h"

namespace gamebench {

// Calls fn(game) with G made from the spec, or with G::Wider when G refuses
// the spec as out of its range (Widens, core/game.h).
template <typename G, typename Fn>
absl::Status WithGameOf(const Spec& spec, Fn& fn) {
  absl::StatusOr<G> game = G::FromSpec(spec);
  if constexpr (Widens<G>) {
    if (absl::IsOutOfRange(game.status())) return WithGameOf<typename G::Wider>(spec, fn);
  }
  return game.ok() ? fn(*game) : game.status();
}

// Builds the game a spec names and calls fn(game), which returns a Status.
template <typename Fn>
absl::Status WithGame(const Spec& spec, Fn&& fn) {
  absl::Status result = absl::NotFoundError(
      absl::StrCat("unknown game '", spec.name, "' (see `gamebench list`)"));
  ForEachType(GameCatalog{}, [&]<typename G>() {
    if (spec.name != G::kName) return false;
    result = WithGameOf<G>(spec, fn);
    return true;
  });
  return result;
}

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_DISPATCH_H_
