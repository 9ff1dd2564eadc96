// gamebench list: the games with their parameters, and the solvers with the
// games each applies to.

#include "tool/command_lines.h"
#include "tool/commands.h"
#include "tool/operations.h"

namespace gamebench {

const CommandLineSpec kListCommandLine = {"", {{"json"}}};

absl::Status RunList(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, kListCommandLine);
  if (!args.ok()) return args.status();
  if (auto st = args->ExpectPositional(0, ""); !st.ok()) return st;
  PrintList(ListJson(), args->Has("json"));
  return absl::OkStatus();
}

}  // namespace gamebench
