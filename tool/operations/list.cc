// `list --json`: the games with their parameters and capabilities, and the
// solvers with the games each applies to.

#include "solvers/catalog.h"
#include "tool/game_registry.h"
#include "tool/operations.h"

namespace gamebench {

Json ListJson() {
  Json games = Json::MakeArray();
  for (const GameEntry* entry : GameRegistry()) games.Push(entry->list_json());
  Json solvers = Json::MakeArray();
  ForEachType(SolverCatalog{}, [&]<typename S>() {
    Json s = Json::MakeObject();
    s.Set("name", S::kName);
    s.Set("description", S::kDescription);
    Json applies = Json::MakeArray();
    for (const GameEntry* entry : GameRegistry())
      if (entry->solver_applies(S::kName)) applies.Push(entry->name);
    s.Set("games", std::move(applies));
    solvers.Push(std::move(s));
    return false;
  });
  Json out = Json::MakeObject();
  out.Set("games", std::move(games));
  out.Set("solvers", std::move(solvers));
  return out;
}

}  // namespace gamebench
