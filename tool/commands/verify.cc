

#include "tool/command_lines.h"
#include "tool/commands.h"
#include "tool/operations.h"

namespace gamebench {

const CommandLineSpec kVerifyCommandLine = {"FILE", {{"threads", "N"}, {"json"}}};

absl::Status RunVerify(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, kVerifyCommandLine);
  if (!args.ok()) return args.status();
  if (auto st = args->ExpectPositional(1, "table FILE"); !st.ok()) return st;
  auto threads = args->GetInt("threads", 0, 0, kMaxThreads);
  if (!threads.ok()) return threads.status();
  absl::StatusOr<Json> verified = VerifyCommand(args->positional()[0], static_cast<int>(*threads));
  if (!verified.ok()) return verified.status();
  PrintVerify(*verified, args->Has("json"));
  return absl::OkStatus();
}

}  // namespace gamebench
