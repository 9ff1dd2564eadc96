// gamebench list: the games with their parameters, and the solvers with the
// games each applies to.

#include <cstdio>

#include "absl/strings/str_join.h"
#include "core/json.h"
#include "tool/args.h"
#include "tool/commands.h"
#include "tool/dispatch.h"

namespace gamebench {

const CommandLineSpec kListCommandLine = {"", {{"json"}}};

absl::Status RunList(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, kListCommandLine);
  if (!args.ok()) return args.status();
  if (auto st = args->ExpectPositional(0, ""); !st.ok()) return st;

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

  if (args->Has("json")) {
    Json out = Json::MakeObject();
    out.Set("games", std::move(games));
    out.Set("solvers", std::move(solvers));
    std::printf("%s\n", out.Dump().c_str());
    return absl::OkStatus();
  }
  std::printf("games:\n");
  for (const Json& g : games.as_array()) {
    std::printf("  %-14s %s\n", g.Find("name")->as_string().c_str(),
                g.Find("description")->as_string().c_str());
    for (const Json& p : g.Find("params")->as_array())
      std::printf("  %14s   %s=%s  (%s)\n", "", p.Find("name")->as_string().c_str(),
                  p.Find("default")->as_string().c_str(), p.Find("help")->as_string().c_str());
  }
  std::printf("\nsolvers:\n");
  for (const Json& s : solvers.as_array()) {
    std::vector<std::string> names;
    for (const Json& n : s.Find("games")->as_array()) names.push_back(n.as_string());
    std::printf("  %-14s %s\n  %14s   games: %s\n", s.Find("name")->as_string().c_str(),
                s.Find("description")->as_string().c_str(), "",
                absl::StrJoin(names, ", ").c_str());
  }
  return absl::OkStatus();
}

}  // namespace gamebench
