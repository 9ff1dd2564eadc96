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
// finished tier. A Tiered game that the dense solver does not apply to
// (Connect Four) takes the tiered path anyway, in a temporary directory. It
// prints one line per tier (won, drawn, lost for the player to move).

#include <cstdio>

#include "tool/args.h"
#include "tool/commands.h"
#include "tool/operations.h"
#include "tool/tiered_analyze.h"

namespace gamebench {

absl::Status RunAnalyze(const std::vector<std::string>& argv) {
  auto command_line = ParseAnalyzeArgs(argv);
  if (!command_line.ok()) return command_line.status();
  const Args* args = &command_line->solve.args;
  absl::StatusOr<Json> analyzed = AnalyzeCommand(*command_line, nullptr);
  if (!analyzed.ok()) return analyzed.status();
  const Json& out = *analyzed;

  if (args->Has("json")) {
    std::printf("%s\n", out.Dump().c_str());
    return absl::OkStatus();
  }
  if (out.Has("tiers")) {
    PrintTieredText(out);
    return absl::OkStatus();
  }
  for (const auto& [k, v] : out.as_object())
    std::printf("%-19s %s\n", (k + ":").c_str(),
                v.is_string() ? v.as_string().c_str() : v.Dump().c_str());
  return absl::OkStatus();
}

}  // namespace gamebench
