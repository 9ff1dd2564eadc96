#ifndef GAMEBENCH_TOOL_SERVE_GRUNDY_VALUE_H_
#define GAMEBENCH_TOOL_SERVE_GRUNDY_VALUE_H_

// The Grundy value of a position of a heap game under normal play, for the
// explorer's "mex" field: the heaps read from the position's text through
// the game's heap description (games/heap_spec.h), valued by the
// Sprague-Grundy sum rule (solvers/sprague_grundy.h). None for a game that
// is not a heap game, under misere play, or when the valuation stops.

#include <cstdint>
#include <optional>
#include <string>

#include "core/solve.h"
#include "games/heap_spec.h"

namespace gamebench {

// The heap description of `game_spec` (canonical), or none.
std::optional<HeapGameSpec> NormalPlayHeapGame(const std::string& game_spec);

std::optional<uint64_t> GrundyValue(const HeapGameSpec& game, const std::string& position,
                                    const SolveOptions& options);

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_SERVE_GRUNDY_VALUE_H_
