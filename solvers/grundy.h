#ifndef GAMEBENCH_SOLVERS_GRUNDY_H_
#define GAMEBENCH_SOLVERS_GRUNDY_H_

// The Sprague–Grundy solver for impartial heap games and their sums
// (core/heap_rule.h). Under normal play a position is worth the xor of the
// Grundy values of its heaps, and each heap's value is a term of its rule's
// nim-sequence (solvers/nim_sequence.h, computed once per solve up to the
// largest heap). The mover wins iff the xor is non-zero; the winning moves are
// the moves to positions of xor 0.
//
// Misère play: misère Nim (every component under the rule of Nim) by its rule
// (play as in normal Nim unless the move would leave only heaps of one; then
// leave an odd number of them); any other misère sum, on the heap path
// (SolveHeapSum), by its misère quotient (solvers/misere_sum.h); through a
// game's search state (Solve) it falls back to search (tt), and the
// report's note says so.

#include <algorithm>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/heap_rule.h"
#include "core/solve.h"
#include "solvers/nim_sequence.h"
#include "solvers/search_common.h"
#include "solvers/sprague_grundy.h"
#include "solvers/tt.h"

namespace gamebench {

class GrundySolver {
 public:
  static constexpr absl::string_view kName = "grundy";
  static constexpr absl::string_view kDescription =
      "Sprague-Grundy: xor of the heaps' nim-sequence values (impartial heap games and sums); "
      "misere Nim by its rule, other misere sums by their misere quotient";
  template <typename G>
  static constexpr bool kAppliesTo = HeapGame<G>;

  // SolvesHeapSums (core/solver.h): a sum valued from its rules and heaps
  // alone (solvers/sprague_grundy.h), heaps of any size; under misère play
  // misère Nim by its rule and any other sum by its misère quotient (heaps
  // up to kMaxMisereHeap).
  static bool AnswersHeapSum(const HeapSum&) { return true; }
  static absl::StatusOr<HeapSumResult> SolveHeapSum(const HeapSum& sum,
                                                    const SolveOptions& options) {
    return ::gamebench::SolveHeapSum(sum, options);
  }

  template <HeapGame G>
  static SolveReport Solve(const G& game, const typename G::State& root,
                           const SolveOptions& options) {
    using State = typename G::State;
    Stopwatch watch;
    bool all_nim = true;
    for (int c = 0; c < game.NumComponents(); ++c)
      all_nim &= game.Rule(c).kind() == HeapRule::Kind::kNim;
    if (game.misere() && !all_nim) {
      SolveReport report = TtSolver::Solve(game, root, options);
      report.solver = std::string(kName);
      report.note =
          "misere play: the Sprague-Grundy sum rule does not hold and only misere Nim has a "
          "rule here, so this was solved by search (tt)";
      report.stats.Set("fallback", "tt");
      return report;
    }

    SolveReport report = StartReport(game, root, kName);
    // Step 1: one nim-sequence table per component, up to its largest heap.
    std::vector<NimSequence> tables;
    int64_t terms = 0;
    for (int c = 0; c < game.NumComponents(); ++c) {
      tables.emplace_back(game.Rule(c));
      std::vector<int> heaps = game.Heaps(root, c);
      int max_heap = heaps.empty() ? 0 : *std::max_element(heaps.begin(), heaps.end());
      if (absl::Status st = tables.back().ExtendTo(max_heap); !st.ok()) {
        report.complete = false;
        report.note = std::string(st.message());
        report.seconds = watch.Seconds();
        return report;
      }
      terms += tables.back().size();
    }
    // Step 2: the value of a position: normal play by the xor of the heaps'
    // values; misere Nim by its rule.
    uint64_t nodes = 0;
    auto grundy = [&](const State& s) {
      uint32_t x = 0;
      for (int c = 0; c < game.NumComponents(); ++c)
        for (int h : game.Heaps(s, c)) x ^= tables[c][h];
      return x;
    };
    auto value = [&](const State& s) -> Score {
      ++nodes;
      const uint32_t x = grundy(s);
      if (!game.misere()) return x != 0 ? kWinScore : kLossScore;
      bool big = false;
      for (int c = 0; c < game.NumComponents(); ++c)
        for (int h : game.Heaps(s, c)) big |= h > 1;
      return (big ? x != 0 : x == 0) ? kWinScore : kLossScore;
    };
    report.value = value(root);
    // Step 3: the moves that achieve the value (to a lost position when the
    // root is won; every move when it is lost, as the search solvers list).
    if (options.best_moves && !game.Terminal(root)) {
      MoveListOf<G> moves;
      game.GenerateMoves(root, moves);
      for (auto m : moves)
        if (-value(game.Play(root, m)) == report.value)
          report.best_moves.push_back(game.FormatMove(root, m));
    }
    report.nodes = nodes;
    report.seconds = watch.Seconds();
    report.stats.Set("grundy", static_cast<int64_t>(grundy(root)));
    report.stats.Set("table_terms", terms);
    if (game.misere()) report.stats.Set("rule", "misere nim");
    return report;
  }
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_GRUNDY_H_
