#ifndef GAMEBENCH_SOLVERS_MINIMAX_H_
#define GAMEBENCH_SOLVERS_MINIMAX_H_

// Plain exhaustive minimax in negamax form: no pruning, no table. It is the
// reference baseline, so it visits the full game tree and its node count is
// the tree's size. For win/loss/draw games it also gives the remoteness
// (fastest win, slowest loss), which needs the whole tree anyway.

#include <algorithm>
#include <limits>

#include "core/game.h"
#include "core/solve.h"
#include "solvers/search_common.h"

namespace gamebench {

class MinimaxSolver {
 public:
  static constexpr absl::string_view kName = "minimax";
  static constexpr absl::string_view kDescription =
      "exhaustive negamax, no pruning, no table: node count = game tree size";
  template <typename G>
  static constexpr bool kAppliesTo = Game<G> && !Loopy<G>;  // DFS needs an acyclic game

  template <Game G>
  static SolveReport Solve(const G& game, const typename G::State& root,
                           const SolveOptions& options) {
    Search<G> search(game, options);
    SolveReport report = StartReport(game, root, kName);
    Result r = search.Root(root, report.best_moves);
    report.value = r.value;
    if (!G::kScored && r.value != kDrawScore) report.remoteness = r.remoteness;
    report.complete = !search.monitor.stopped();
    report.nodes = search.monitor.nodes();
    report.seconds = search.monitor.seconds();
    search.monitor.Finish();
    return report;
  }

 private:
  struct Result {
    Score value;
    int remoteness;
  };

  template <Game G>
  struct Search {
    using State = typename G::State;
    const G& game;
    SearchMonitor monitor;

    Search(const G& g, const SolveOptions& options) : game(g), monitor(options) {}

    // Whether a child result `r` (seen from the parent: value already negated)
    // beats `best`: higher value first; among equal wins the faster, among
    // equal losses the slower.
    static bool Better(const Result& r, const Result& best) {
      if (r.value != best.value) return r.value > best.value;
      if (G::kScored || r.value == kDrawScore) return false;
      return r.value > 0 ? r.remoteness < best.remoteness : r.remoteness > best.remoteness;
    }

    Result Negamax(const State& s) {
      if (monitor.Visit()) return {0, 0};
      if (auto t = game.Terminal(s)) return {*t, 0};
      MoveListOf<G> moves;
      game.GenerateMoves(s, moves);
      Result best{std::numeric_limits<Score>::min(), 0};
      for (auto m : moves) {
        Result child = Negamax(game.Play(s, m));
        Result r{-child.value, child.remoteness + 1};
        if (Better(r, best)) best = r;
      }
      return best;
    }

    Result Root(const State& s, std::vector<std::string>& best_moves) {
      if (monitor.Visit()) return {0, 0};
      if (auto t = game.Terminal(s)) return {*t, 0};
      MoveListOf<G> moves;
      game.GenerateMoves(s, moves);
      std::vector<Result> results;
      Result best{std::numeric_limits<Score>::min(), 0};
      for (auto m : moves) {
        Result child = Negamax(game.Play(s, m));
        Result r{-child.value, child.remoteness + 1};
        results.push_back(r);
        if (Better(r, best)) best = r;
      }
      if (monitor.stopped()) return best;
      for (int i = 0; i < moves.size(); ++i)
        if (results[i].value == best.value) best_moves.push_back(game.FormatMove(s, moves[i]));
      return best;
    }
  };
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_MINIMAX_H_
