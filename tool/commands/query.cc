

#include "tool/command_lines.h"
#include "tool/commands.h"
#include "tool/operations.h"

namespace gamebench {

const CommandLineSpec kQueryCommandLine = {"FILE", {{"position", "POS"}, {"json"}}};

absl::Status RunQuery(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, kQueryCommandLine);
  if (!args.ok()) return args.status();
  if (auto st = args->ExpectPositional(1, "table FILE"); !st.ok()) return st;
  absl::StatusOr<Json> answer = QueryCommand(args->positional()[0], args->Get("position"));
  if (!answer.ok()) return answer.status();
  PrintQuery(*answer, args->Has("json"));
  return absl::OkStatus();
}

}  // namespace gamebench
