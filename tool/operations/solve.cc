// `solve`: one position (the start by default) with one solver.

#include "absl/strings/str_cat.h"
#include "core/memory.h"
#include "tool/commands.h"
#include "tool/game_registry.h"
#include "tool/heap_solve.h"
#include "tool/operations.h"

namespace gamebench {

const CommandLineSpec kSolveCommandLine = [] {
  CommandLineSpec spec{"SPEC", {{"solver", "NAME"}, {"position", "POS"}, {"json"}}};
  for (const FlagSpec& f : SolveFlags()) spec.flags.push_back(f);
  return spec;
}();

absl::StatusOr<SolveCommandLine> ParseSolveArgs(const std::vector<std::string>& argv,
                                                bool limit_address_space) {
  return ParseSolveCommandLine(argv, kSolveCommandLine, limit_address_space);
}

absl::StatusOr<SolveReport> SolveCommand(const SolveCommandLine& command_line) {
  const Args* args = &command_line.args;
  const Spec* spec = &command_line.spec;
  const SolveOptions* options = &command_line.options;
  const std::string solver_name = args->Get("solver").value_or("tt");

  // The Sprague–Grundy solver reads heap games without the search state's
  // bounds (tool/heap_solve.h); other games, and misère games other than
  // Nim, go through the game's state.
  if (solver_name == "grundy") {
    if (auto heaps = SolveHeapGame(*spec, args->Get("position"), *options)) return *heaps;
  }
  auto game = MakeGame(*spec);
  if (!game.ok()) return game.status();
  std::string state = (*game)->Start();
  if (auto pos = args->Get("position")) {
    auto parsed = (*game)->Parse(*pos);
    if (!parsed.ok()) return parsed.status();
    state = *parsed;
  }
  return (*game)->Solve(state, solver_name, *options);
}

Json SolveJson(const SolveReport& report) {
  Json j = report.ToJson();
  j.Set("peak_memory_bytes", PeakMemoryBytes());
  return j;
}

}  // namespace gamebench
