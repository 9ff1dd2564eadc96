#ifndef GAMEBENCH_TOOL_TABLE_FILE_H_
#define GAMEBENCH_TOOL_TABLE_FILE_H_

// Opening a saved retrograde table for `query` and `verify`: the file is
// read and checksummed, its spec names the game, and the game must match the
// table (canonical spec, index size, start position), so a table is never
// read through another game's index.

#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/spec.h"
#include "solvers/retrograde.h"
#include "solvers/retrograde_table.h"
#include "tool/dispatch.h"

namespace gamebench {

// Calls fn(game, table) with the game the table file was made for.
template <typename Fn>
absl::Status WithTableFile(const std::string& path, Fn&& fn) {
  absl::StatusOr<RetrogradeTable> table = LoadRetrogradeTable(path);
  if (!table.ok()) return table.status();
  auto mismatch = [&](absl::string_view what) {
    return absl::InvalidArgumentError(
        absl::StrCat("table file '", path, "' does not match its game: ", what));
  };
  absl::StatusOr<Spec> spec = ParseSpec(table->game);
  if (!spec.ok()) return mismatch(absl::StrCat("bad spec '", table->game, "'"));
  return WithGame(*spec, [&]<typename G>(const G& game) -> absl::Status {
    if constexpr (!RetrogradeSolver::kAppliesTo<G>) {
      return mismatch(absl::StrCat("game '", G::kName, "' has no dense index"));
    } else {
      if (game.CanonicalSpec() != table->game)
        return mismatch(absl::StrCat("spec '", table->game, "' is not canonical"));
      if (game.IndexSize() != table->index_size())
        return mismatch(absl::StrCat(table->index_size(), " entries, but ", table->game,
                                     " indexes ", game.IndexSize(), " positions"));
      if (game.Index(game.Start()) != table->root_index)
        return mismatch("the table was not analysed from the start position");
      return fn(game, *table);
    }
  });
}

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_TABLE_FILE_H_
