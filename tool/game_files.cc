#include "tool/game_files.h"

#include <utility>

#include "core/spec.h"
#include "solvers/tier_files.h"
#include "tool/game_registry.h"
#include "tool/table_file.h"

namespace gamebench {

absl::StatusOr<OpenedTable> OpenTableFile(const std::string& path) {
  auto read = ReadTableFile(path);
  if (!read.ok()) return read.status();
  auto& [table, spec] = *read;
  auto game = MakeGame(spec);
  if (!game.ok()) return game.status();
  if (auto st = (*game)->MatchTable(table, path); !st.ok()) return st;
  return OpenedTable{*std::move(game), std::move(table)};
}

absl::StatusOr<std::unique_ptr<const GameHandle>> OpenTierDirectory(const std::string& dir) {
  auto game_spec = TierDirectoryGame(dir);
  if (!game_spec.ok()) return game_spec.status();
  auto spec = ParseSpec(*game_spec);
  if (!spec.ok()) return spec.status();
  auto game = MakeGame(*spec);
  if (!game.ok()) return game.status();
  if (auto st = (*game)->MatchTierDirectory(dir, *game_spec); !st.ok()) return st;
  return game;
}

}  // namespace gamebench
