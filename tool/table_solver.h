#ifndef GAMEBENCH_TOOL_TABLE_SOLVER_H_
#define GAMEBENCH_TOOL_TABLE_SOLVER_H_

// Which solver analyses a game into the dense table the tool saves, queries
// and verifies (solvers/retrograde_table.h's RetrogradeTable, its file), by
// capability (core/solver.h: AnalysesEveryPosition, WritesTable), never by
// name. A table file names its game, not a solver: the tool reads a table of
// game G with the first catalog solver that writes tables for G.

#include "core/solver.h"
#include "tool/solver_catalog.h"
#include "solvers/retrograde_checkpoint.h"
#include "solvers/retrograde_table.h"

namespace gamebench {

// S analyses G into the table file's table, with its checkpoints.
template <typename S, typename G>
concept AnalysesIntoTable = AnalysesEveryPosition<S, G, RetrogradeTable, RetroCheckpointOptions>;

// ... and reads that table back (query, verify).
template <typename S, typename G>
concept WritesTableFile = WritesTable<S, G, RetrogradeTable, RetroCheckpointOptions>;

// Whether some catalog solver writes table files of G.
template <typename G, typename... S>
consteval bool AnyWritesTableFile(TypeList<S...>) {
  return (WritesTableFile<S, G> || ...);
}
template <typename G>
constexpr bool kHasTableFiles = AnyWritesTableFile<G>(SolverCatalog{});

// Calls fn.template operator()<S>() with the first catalog solver S that
// writes table files of G, and returns what it returns; `none` if there is
// no such solver.
template <typename G, typename Fn, typename R>
R WithTableWriter(Fn&& fn, R none) {
  ForEachType(SolverCatalog{}, [&]<typename S>() {
    if constexpr (WritesTableFile<S, G>) {
      none = fn.template operator()<S>();
      return true;
    }
    return false;
  });
  return none;
}

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_TABLE_SOLVER_H_
