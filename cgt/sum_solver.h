#ifndef GAMEBENCH_CGT_SUM_SOLVER_H_
#define GAMEBENCH_CGT_SUM_SOLVER_H_

// `--solver cgt`: a solver of sums, after MCGS (Folkersen, Müller and Du,
// ACG 2025) and combinatorial game theory. A position of a Decomposable game
// (core/partizan.h) is split into its independent components; each is
// replaced by its canonical form (cgt/form_builder.h: built once per
// component, bottom-up, with the components of every position below split
// again, so a board that has fallen apart costs its regions, not their
// product); and the winner of the sum is found by the search of
// cgt/sum_outcome.h over those forms (numbers added, negatives cancelled,
// small sums decided by comparison), without forming the sum's canonical
// form. The best moves are the root moves after which the opponent, moving
// first in the new sum, loses.
//
// Value: the outcome for the player to move (Partizan games are not
// scored). Nodes: the positions whose form was built plus the sums
// searched. Limits: time and node limits are polled once per position
// built; the arena holds the forms within half of memory_bytes (the rest is
// the memo of positions), and a form past it stops the solve, marked
// incomplete, with the reason in `note`.

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "cgt/arena.h"
#include "cgt/form_builder.h"
#include "cgt/sum_outcome.h"
#include "core/game.h"
#include "core/partizan.h"
#include "core/solve.h"
#include "core/start_report.h"

namespace gamebench {

struct CgtSumSolver {
  static constexpr absl::string_view kName = "cgt";
  static constexpr absl::string_view kDescription =
      "combinatorial game theory: splits the position into independent components, values "
      "each by its canonical form, and searches the sum of the forms (Decomposable games)";

  template <typename G>
  static constexpr bool kAppliesTo = Decomposable<G>;

  template <Decomposable G>
  static SolveReport Solve(const G& game, const typename G::State& root,
                           const SolveOptions& options) {
    using State = typename G::State;
    SolveReport report = StartReport(game, root, kName);
    Stopwatch watch;
    Deadline deadline(options.time_limit_seconds);
    const uint64_t budget =
        options.memory_bytes ? options.memory_bytes / 2 : cgt::GameArena::kDefaultBudgetBytes;
    cgt::GameArena arena(budget);
    FormBuilder<G> forms(game);
    uint64_t polls = 0;
    forms.SetStop([&] {
      if (options.node_limit && forms.positions() >= options.node_limit) return true;
      return (++polls & 255) == 0 && deadline.Poll();
    });
    cgt::SumOutcome outcome(arena);
    // Whether the player to move in s wins it.
    auto mover_wins = [&](const State& s) {
      return outcome.Wins(game.Mover(s) == kLeft, forms.ComponentValues(arena, s));
    };
    try {
      const bool wins = mover_wins(root);
      report.value = wins ? kWinScore : kLossScore;
      if (options.best_moves && !game.Terminal(root)) {
        MoveListOf<G> moves;
        game.GenerateMoves(root, moves);
        for (const auto& m : moves)
          // A winning move leaves the opponent a lost sum; in a lost
          // position every move keeps the value.
          if (!wins || !mover_wins(game.Play(root, m)))
            report.best_moves.push_back(game.FormatMove(root, m));
      }
    } catch (const typename FormBuilder<G>::Stopped&) {
      report.complete = false;
    } catch (const cgt::CgtRefusal& e) {
      report.complete = false;
      report.note = absl::StrCat("stopped: ", e.what());
    }
    report.nodes = forms.positions() + outcome.Nodes();
    report.seconds = watch.Seconds();
    report.stats.Set("forms_built", forms.positions());
    report.stats.Set("sums_searched", outcome.Nodes());
    report.stats.Set("arena_forms", static_cast<uint64_t>(arena.NodeCount()));
    report.stats.Set("arena_bytes", arena.MemoryBytes());
    return report;
  }
};

}  // namespace gamebench

#endif  // GAMEBENCH_CGT_SUM_SOLVER_H_
