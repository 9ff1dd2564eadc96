#ifndef GAMEBENCH_TOOL_REFUSAL_H_
#define GAMEBENCH_TOOL_REFUSAL_H_

// The "does not apply" refusal: a solver asked for a game it does not apply
// to (its kAppliesTo), or for a capability it lacks (core/solver.h's optional
// concepts, e.g. `analyze --solver tt`). Every command refuses the same way,
// with one code, `unimplemented` (the README's promise: scripts classify a
// pair that does not apply by it, scripts/gamebench_report/tool.py), and exit
// status 2.

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

namespace gamebench {

// "solver 'S' does not apply to game 'G' (WHY)"; WHY defaults to the pointer
// to `gamebench list`, which shows what applies to what.
inline absl::Status DoesNotApply(absl::string_view solver, absl::string_view game,
                                 absl::string_view why = "see `gamebench list`") {
  return absl::UnimplementedError(
      absl::StrCat("solver '", solver, "' does not apply to game '", game, "' (", why, ")"));
}

// A solver that lacks what a command needs of it whatever the game:
// "solver 'S' WHAT" (`analyze --solver tt`: it solves one position).
inline absl::Status LacksCapability(absl::string_view solver, absl::string_view what) {
  return absl::UnimplementedError(absl::StrCat("solver '", solver, "' ", what));
}

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_REFUSAL_H_
