// `list --json`: the games with their parameters and capabilities, and the
// solvers with the games each applies to.

#include <cstdio>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "tool/solver_catalog.h"
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

void PrintList(const Json& out, bool json) {
  if (json) {
    std::printf("%s\n", out.Dump().c_str());
    return;
  }
  std::printf("games:\n");
  for (const Json& g : out.Find("games")->as_array()) {
    std::printf("  %-14s %s\n", g.Find("name")->as_string().c_str(),
                g.Find("description")->as_string().c_str());
    for (const Json& p : g.Find("params")->as_array())
      std::printf("  %14s   %s=%s  (%s)\n", "", p.Find("name")->as_string().c_str(),
                  p.Find("default")->as_string().c_str(), p.Find("help")->as_string().c_str());
  }
  std::printf("\nsolvers:\n");
  for (const Json& s : out.Find("solvers")->as_array()) {
    std::vector<std::string> names;
    for (const Json& n : s.Find("games")->as_array()) names.push_back(n.as_string());
    std::printf("  %-14s %s\n  %14s   games: %s\n", s.Find("name")->as_string().c_str(),
                s.Find("description")->as_string().c_str(), "", absl::StrJoin(names, ", ").c_str());
  }
}

}  // namespace gamebench
