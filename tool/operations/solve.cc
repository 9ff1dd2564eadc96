// `solve`: one position (the start by default) with one solver.

#include <cstdio>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/memory.h"
#include "core/solver.h"
#include "tool/game_registry.h"
#include "tool/heap_solve.h"
#include "tool/operations.h"
#include "tool/solver_dispatch.h"

namespace gamebench {

absl::StatusOr<std::string> StateOf(const GameHandle& game, const PositionArg& position) {
  if (position.game) {
    if (position.game->spec() != game.spec())
      return absl::InvalidArgumentError(absl::StrCat("a position of ", position.game->spec(),
                                                     " is not a position of ", game.spec()));
    return position.state;
  }
  if (position.text) return game.Parse(*position.text);
  return game.Start();
}

absl::StatusOr<SolveReport> SolveCommand(const SolveRequest& request) {
  absl::StatusOr<const GameEntry*> entry = FindGame(request.spec.name);
  if (!entry.ok()) return entry.status();

  // A solver that values heap sums reads a heap game's rules and heaps from
  // the spec (tool/heap_solve.h), with no bound from the search state;
  // other games, and sums it does not answer, go through the game's state.
  // (An unknown solver is refused below, after the game's own checks.)
  std::optional<absl::StatusOr<SolveReport>> by_heaps;
  bool known_solver = false;
  absl::Status heap_status = WithSolver(request.solver, [&]<typename S>() -> absl::Status {
    known_solver = true;
    if constexpr (SolvesHeapSums<S, HeapSum, HeapSumResult>) {
      auto described = (*entry)->heap_spec(request.spec);
      if (!described.ok()) return described.status();
      if (!described->has_value()) return absl::OkStatus();
      // The heap path reads the position as heaps: a state's text names them.
      std::optional<std::string> text = request.position.text;
      if (request.position.game) {
        if (request.position.game->spec() != (*described)->canonical)
          return absl::InvalidArgumentError(
              absl::StrCat("a position of ", request.position.game->spec(),
                           " is not a position of ", (*described)->canonical));
        text = request.position.game->Format(request.position.state);
      }
      by_heaps = SolveHeapGame(**described, text, request.options, HeapSumSolverOf<S>());
    }
    return absl::OkStatus();
  });
  if (by_heaps) return *std::move(by_heaps);
  if (known_solver && !heap_status.ok()) return heap_status;

  auto game = (*entry)->make(request.spec);
  if (!game.ok()) return game.status();
  auto state = StateOf(**game, request.position);
  if (!state.ok()) return state.status();
  return (*game)->Solve(*state, request.solver, request.options);
}

Json SolveJson(const SolveReport& report) {
  Json j = report.ToJson();
  j.Set("peak_memory_bytes", PeakMemoryBytes());
  return j;
}

void PrintSolve(const SolveReport& report, bool json) {
  if (json) {
    std::printf("%s\n", SolveJson(report).Dump().c_str());
    return;
  }
  std::printf("game:       %s\n", report.game.c_str());
  std::printf("position:   %s\n", report.position.c_str());
  std::printf("solver:     %s\n", report.solver.c_str());
  if (!report.complete) {
    std::printf("result:     unknown: stopped by the time limit after %.3f s\n", report.seconds);
  } else {
    std::printf("value:      %s (for the player to move)\n",
                ScoreText(report.value, report.scored).c_str());
    if (report.from_start) std::printf("winner:     %s\n", WinnerText(report.value));
    if (report.remoteness) std::printf("remoteness: %d plies\n", *report.remoteness);
    std::printf("best moves: %s\n", absl::StrJoin(report.best_moves, " ").c_str());
  }
  std::printf("nodes:      %lu\n", static_cast<unsigned long>(report.nodes));
  std::printf("seconds:    %.6f\n", report.seconds);
  if (!report.note.empty()) std::printf("note:       %s\n", report.note.c_str());
  for (const auto& [k, v] : report.stats.as_object())
    std::printf("%-11s %s\n", (k + ":").c_str(), v.Dump().c_str());
}

}  // namespace gamebench
