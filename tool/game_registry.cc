#include "tool/game_registry.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace gamebench {

absl::StatusOr<const GameEntry*> FindGame(absl::string_view name) {
  for (const GameEntry* entry : GameRegistry())
    if (entry->name == name) return entry;
  return absl::NotFoundError(absl::StrCat("unknown game '", name, "' (see `gamebench list`)"));
}

absl::StatusOr<std::unique_ptr<const GameHandle>> MakeGame(const Spec& spec) {
  absl::StatusOr<const GameEntry*> entry = FindGame(spec.name);
  if (!entry.ok()) return entry.status();
  return (*entry)->make(spec);
}

}  // namespace gamebench
