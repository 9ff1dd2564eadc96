// gamebench analyze SPEC [--solver retrograde] [--threads N] [--save FILE] [--json]
//                  [--checkpoint FILE [--checkpoint-every SECONDS]] ...
// Strongly solves a game: every position reachable from the start, with its
// value and remoteness, and optionally saves the table.
//
// --checkpoint FILE saves the analysis's state to FILE at level boundaries,
// at most every --checkpoint-every seconds (default 60; 0: every level), and
// when the time limit stops it. Running the same command again resumes from
// FILE (a checkpoint of another game, or a damaged one, is refused) and ends
// with the table an uninterrupted run gives. FILE is removed once the
// analysis is complete and its table saved.
//
// --tiers DIR runs the tiered analysis (solvers/tiered_retrograde.h) with its
// tier files in DIR, kept afterwards; running it again resumes after the last
// finished tier. A Tiered game that --solver does not analyse (Connect Four:
// retrograde needs a dense index and win/loss/draw values) takes the tiered
// path anyway, in a temporary directory. It prints one line per tier (won,
// drawn, lost for the player to move).
//
// --solver names a solver that analyses every position (AnalysesEveryPosition,
// core/solver.h); one that solves one position is refused (`unimplemented`).

#include "tool/command_lines.h"
#include "tool/commands.h"
#include "tool/operations.h"

namespace gamebench {

const CommandLineSpec kAnalyzeCommandLine = [] {
  CommandLineSpec spec{"SPEC",
                       {{"solver", "retrograde"},
                        {"save", "FILE"},
                        {"checkpoint", "FILE"},
                        {"checkpoint-every", "S"},
                        {"tiers", "DIR"},
                        {"json"}}};
  for (const FlagSpec& f : SolveFlags()) spec.flags.push_back(f);
  return spec;
}();

absl::Status RunAnalyze(const std::vector<std::string>& argv) {
  auto command_line = ParseSolveCommandLine(argv, kAnalyzeCommandLine);
  if (!command_line.ok()) return command_line.status();
  const Args& args = command_line->args;
  AnalyzeRequest request;
  request.spec = command_line->spec;
  request.options = command_line->options;
  request.solver = args.Get("solver").value_or("retrograde");
  request.save = args.Get("save");
  request.checkpoint = args.Get("checkpoint");
  request.tiers = args.Get("tiers");
  if (args.Has("checkpoint-every")) {
    auto every = args.GetDouble("checkpoint-every", 60, 0, kMaxSeconds);
    if (!every.ok()) return every.status();
    request.checkpoint_every = *every;
  }
  absl::StatusOr<AnalyzeResult> analyzed = AnalyzeCommand(request);
  if (!analyzed.ok()) return analyzed.status();
  PrintAnalyze(analyzed->summary, args.Has("json"));
  return absl::OkStatus();
}

}  // namespace gamebench
