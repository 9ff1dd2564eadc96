#ifndef GAMEBENCH_TOOL_TABLE_FILE_H_
#define GAMEBENCH_TOOL_TABLE_FILE_H_

// Opening a saved retrograde table for `query` and `verify`: the file is
// read and checksummed, its spec names the game, and the game must match the
// table (canonical spec, index size, start position), so a table is never
// read through another game's index, and the game must be one a catalog
// solver writes table files of (tool/table_solver.h). ReadTableFile and
// CheckTableMatches are
// the two halves; OpenTableFile (tool/game_files.h) joins them through the
// game registry, the fuzz target through tool/dispatch.h.

#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/spec.h"
#include "solvers/retrograde_table.h"
#include "tool/table_solver.h"

namespace gamebench {

inline absl::Status TableMismatch(const std::string& path, absl::string_view what) {
  return absl::InvalidArgumentError(
      absl::StrCat("table file '", path, "' does not match its game: ", what));
}

// The table in `path` and the spec of the game it names.
inline absl::StatusOr<std::pair<RetrogradeTable, Spec>> ReadTableFile(const std::string& path) {
  absl::StatusOr<RetrogradeTable> table = LoadRetrogradeTable(path);
  if (!table.ok()) return table.status();
  absl::StatusOr<Spec> spec = ParseSpec(table->game);
  if (!spec.ok()) return TableMismatch(path, absl::StrCat("bad spec '", table->game, "'"));
  return std::make_pair(*std::move(table), *std::move(spec));
}

// Whether `table`, read from `path`, was made for `game`.
template <typename G>
absl::Status CheckTableMatches(const G& game, const RetrogradeTable& table,
                               const std::string& path) {
  if constexpr (!kHasTableFiles<G>) {
    (void)game, (void)table;
    return TableMismatch(path, absl::StrCat("no solver of the catalog writes table files of game '",
                                            G::kName, "'"));
  } else {
    if (game.CanonicalSpec() != table.game)
      return TableMismatch(path, absl::StrCat("spec '", table.game, "' is not canonical"));
    if (game.IndexSize() != table.index_size())
      return TableMismatch(path, absl::StrCat(table.index_size(), " entries, but ", table.game,
                                              " indexes ", game.IndexSize(), " positions"));
    if (game.Index(game.Start()) != table.root_index)
      return TableMismatch(path, "the table was not analysed from the start position");
    return absl::OkStatus();
  }
}

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_TABLE_FILE_H_
