// gamebench solve SPEC [--solver NAME] [--position POS] [--json] ...
// Solves one position (the start by default) with one solver.

#include <cstdio>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/memory.h"
#include "tool/args.h"
#include "tool/commands.h"
#include "tool/dispatch.h"
#include "tool/heap_solve.h"

namespace gamebench {

const CommandLineSpec kSolveCommandLine = [] {
  CommandLineSpec spec{"SPEC", {{"solver", "NAME"}, {"position", "POS"}, {"json"}}};
  for (const FlagSpec& f : SolveFlags()) spec.flags.push_back(f);
  return spec;
}();

absl::Status RunSolve(const std::vector<std::string>& argv) {
  auto command_line = ParseSolveCommandLine(argv, kSolveCommandLine);
  if (!command_line.ok()) return command_line.status();
  const Args* args = &command_line->args;
  const Spec* spec = &command_line->spec;
  const SolveOptions* options = &command_line->options;
  const std::string solver_name = args->Get("solver").value_or("tt");

  SolveReport report;
  // The Sprague–Grundy solver reads heap games without the search state's
  // bounds (tool/heap_solve.h); other games, and misère games other than
  // Nim, go through the game's state.
  std::optional<absl::StatusOr<SolveReport>> heaps;
  if (solver_name == "grundy") heaps = SolveHeapGame(*spec, args->Get("position"), *options);
  absl::Status status = absl::OkStatus();
  if (heaps) {
    if (heaps->ok()) {
      report = **heaps;
    } else {
      status = heaps->status();
    }
  } else {
    status = WithGame(*spec, [&]<typename G>(const G& game) -> absl::Status {
      typename G::State state = game.Start();
      if (auto pos = args->Get("position")) {
        auto parsed = game.ParseState(*pos);
        if (!parsed.ok()) return parsed.status();
        state = *parsed;
      }
      return WithSolver(solver_name, [&]<typename S>() -> absl::Status {
        if constexpr (S::template kAppliesTo<G>) {
          // A solver may refuse up front (e.g. a table over the memory budget).
          if constexpr (requires { S::Precheck(game, state, *options); }) {
            if (auto st = S::Precheck(game, state, *options); !st.ok()) return st;
          }
          report = S::Solve(game, state, *options);
          return absl::OkStatus();
        } else {
          return absl::InvalidArgumentError(absl::StrCat("solver '", S::kName,
                                                         "' does not apply to game '", G::kName,
                                                         "' (see `gamebench list`)"));
        }
      });
    });
  }
  if (!status.ok()) return status;

  if (args->Has("json")) {
    Json j = report.ToJson();
    j.Set("peak_memory_bytes", PeakMemoryBytes());
    std::printf("%s\n", j.Dump().c_str());
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
        std::printf("winner:     %s\n",
                    report.value > 0 ? "first" : (report.value < 0 ? "second" : "draw"));
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
