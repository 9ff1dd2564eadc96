#ifndef GAMEBENCH_TOOL_HEAP_SOLVE_H_
#define GAMEBENCH_TOOL_HEAP_SOLVE_H_

// The Sprague–Grundy path of `solve --solver grundy` and of `grundy`: reads a
// heap game's rules and heaps from its spec (games/heap_spec.h, no bound on
// heap sizes or their number) and values them with solvers/sprague_grundy.h.
// The search solvers' path (the game's bounded state) is not involved.

#include <optional>

#include "absl/status/statusor.h"
#include "core/solve.h"
#include "core/spec.h"
#include "games/heap_spec.h"

namespace gamebench {

// The heap description of the game a spec names; nullopt when that game is
// not a heap game (an unknown name is an error).
absl::StatusOr<std::optional<HeapGameSpec>> HeapSpecOf(const Spec& spec);

// `solve SPEC --solver grundy [--position POS]` for heap games: nullopt when
// the spec's game is not a heap game or is misère but not Nim (the caller
// then solves it through the game's state: a fallback to search).
std::optional<absl::StatusOr<SolveReport>> SolveHeapGame(const Spec& spec,
                                                         const std::optional<std::string>& position,
                                                         const SolveOptions& options);

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_HEAP_SOLVE_H_
