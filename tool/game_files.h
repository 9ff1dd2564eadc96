#ifndef GAMEBENCH_TOOL_GAME_FILES_H_
#define GAMEBENCH_TOOL_GAME_FILES_H_

// What `query` and `verify` (and the Python module's load_table) open: a
// saved retrograde table, or a tier directory, with the game it was made for
// (through the game registry, tool/game_registry.h). The table must match its
// game (tool/table_file.h), the directory's files must name a game with tiers.

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "solvers/retrograde_table.h"
#include "tool/game_handle.h"

namespace gamebench {

struct OpenedTable {
  std::unique_ptr<const GameHandle> game;
  RetrogradeTable table;
};
absl::StatusOr<OpenedTable> OpenTableFile(const std::string& path);

// The game of the tier directory `dir` (`analyze --tiers DIR`, gamebench-mpi).
absl::StatusOr<std::unique_ptr<const GameHandle>> OpenTierDirectory(const std::string& dir);

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_GAME_FILES_H_
