// `list --json`: the games with their parameters and capabilities, and the
// solvers with the games each applies to.

#include "core/game.h"
#include "tool/dispatch.h"
#include "tool/operations.h"

namespace gamebench {

Json ListJson() {
  Json games = Json::MakeArray();
  ForEachType(GameCatalog{}, [&]<typename G>() {
    Json g = Json::MakeObject();
    g.Set("name", G::kName);
    g.Set("description", G::kDescription);
    Json params = Json::MakeArray();
    for (const ParamInfo& p : G::Params()) {
      Json pj = Json::MakeObject();
      pj.Set("name", p.name);
      pj.Set("default", p.default_value);
      pj.Set("help", p.help);
      params.Push(std::move(pj));
    }
    g.Set("params", std::move(params));
    Json caps = Json::MakeArray();
    if (G::kScored) caps.Push("scored");
    if (Symmetric<G>) caps.Push("symmetric");
    if (Indexed<G>) caps.Push("indexed");
    if (Impartial<G>) caps.Push("impartial");
    if (Loopy<G>) caps.Push("loopy");
    g.Set("capabilities", std::move(caps));
    games.Push(std::move(g));
    return false;
  });
  Json solvers = Json::MakeArray();
  ForEachType(SolverCatalog{}, [&]<typename S>() {
    Json s = Json::MakeObject();
    s.Set("name", S::kName);
    s.Set("description", S::kDescription);
    Json applies = Json::MakeArray();
    ForEachType(GameCatalog{}, [&]<typename G>() {
      if (S::template kAppliesTo<G>) applies.Push(G::kName);
      return false;
    });
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
