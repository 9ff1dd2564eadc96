// gamebench solve SPEC [--solver NAME] [--position POS] [--json] ...
// Solves one position (the start by default) with one solver.

#include <cstdio>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "tool/args.h"
#include "tool/commands.h"
#include "tool/operations.h"

namespace gamebench {

absl::Status RunSolve(const std::vector<std::string>& argv) {
  auto command_line = ParseSolveArgs(argv);
  if (!command_line.ok()) return command_line.status();
  const Args* args = &command_line->args;
  absl::StatusOr<SolveReport> solved = SolveCommand(*command_line);
  if (!solved.ok()) return solved.status();
  const SolveReport& report = *solved;

  if (args->Has("json")) {
    std::printf("%s\n", SolveJson(report).Dump().c_str());
  } else {
    std::printf("game:       %s\n", report.game.c_str());
    std::printf("position:   %s\n", report.position.c_str());
    std::printf("solver:     %s\n", report.solver.c_str());
    if (!report.complete) {
      std::printf("result:     unknown: stopped by the time limit after %.3f s\n", report.seconds);
    } else {
      std::printf("value:      %s (for the player to move)\n",
                  ScoreText(report.value, report.scored).c_str());
      if (report.from_start)
        std::printf("winner:     %s\n", WinnerText(report.value));
      if (report.remoteness) std::printf("remoteness: %d plies\n", *report.remoteness);
      std::printf("best moves: %s\n", absl::StrJoin(report.best_moves, " ").c_str());
    }
    std::printf("nodes:      %lu\n", static_cast<unsigned long>(report.nodes));
    std::printf("seconds:    %.6f\n", report.seconds);
    if (!report.note.empty()) std::printf("note:       %s\n", report.note.c_str());
    for (const auto& [k, v] : report.stats.as_object())
      std::printf("%-11s %s\n", (k + ":").c_str(), v.Dump().c_str());
  }
  return absl::OkStatus();
}

}  // namespace gamebench
