// gamebench solve SPEC [--solver NAME] [--position POS] [--json] ...
// Solves one position (the start by default) with one solver.

#include "tool/command_lines.h"
#include "tool/commands.h"
#include "tool/operations.h"

namespace gamebench {

const CommandLineSpec kSolveCommandLine = [] {
  CommandLineSpec spec{"SPEC", {{"solver", "NAME"}, {"position", "POS"}, {"json"}}};
  for (const FlagSpec& f : SolveFlags()) spec.flags.push_back(f);
  return spec;
}();

absl::Status RunSolve(const std::vector<std::string>& argv) {
  auto command_line = ParseSolveCommandLine(argv, kSolveCommandLine);
  if (!command_line.ok()) return command_line.status();
  const Args& args = command_line->args;
  SolveRequest request{command_line->spec, args.Get("solver").value_or("tt"), PositionArg::Start(),
                       command_line->options};
  if (auto pos = args.Get("position")) request.position = PositionArg::Text(*pos);
  absl::StatusOr<SolveReport> solved = SolveCommand(request);
  if (!solved.ok()) return solved.status();
  PrintSolve(*solved, args.Has("json"));
  return absl::OkStatus();
}

}  // namespace gamebench
