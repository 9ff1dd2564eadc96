// gamebench list: the games with their parameters, and the solvers with the
// games each applies to.

#include <cstdio>

#include "absl/strings/str_join.h"
#include "core/json.h"
#include "tool/args.h"
#include "tool/commands.h"
#include "tool/operations.h"

namespace gamebench {

const CommandLineSpec kListCommandLine = {"", {{"json"}}};

absl::Status RunList(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, kListCommandLine);
  if (!args.ok()) return args.status();
  if (auto st = args->ExpectPositional(0, ""); !st.ok()) return st;

  Json out = ListJson();
  if (args->Has("json")) {
    std::printf("%s\n", out.Dump().c_str());
    return absl::OkStatus();
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
                s.Find("description")->as_string().c_str(), "",
                absl::StrJoin(names, ", ").c_str());
  }
  return absl::OkStatus();
}

}  // namespace gamebench
