#ifndef GAMEBENCH_SOLVERS_MINIMAX_H_
#define GAMEBENCH_SOLVERS_MINIMAX_H_

// Plain exhaustive minimax in negamax form: no pruning, no table. It is the
// reference baseline, so it visits the full game tree and its node count is
// the tree's size. For win/loss/draw games it also gives the remoteness
// (fastest win, slowest loss), which needs the whole tree anyway.

#include <algorithm>
#include <cstdlib>
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
  static constexpr bool kAppliesTo = Acyclic<G>;  // depth-first: every play must end

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

    // Inside the search a result is one integer, ordered so that the best
    // child is simply the largest (as Better orders results): for scored
    // games the score; for win/loss/draw games a win in r plies is kWin - r,
    // a loss in r plies r - kWin, a draw 0.
    static constexpr Score kWin = 1 << 20;
    static Score Encode(Score terminal) { return G::kScored ? terminal : terminal * kWin; }
    // A child's result as its parent sees it, one ply further from the end.
    static Score ToParent(Score c) { return G::kScored ? -c : -c + (c > 0) - (c < 0); }
    static Result Decode(Score e) {
      if (G::kScored) return {e, 0};
      return {(e > 0) - (e < 0), e == 0 ? 0 : kWin - std::abs(e)};
    }

    Score Negamax(const State& s) {
      if (monitor.Visit()) return 0;
      if (auto t = game.Terminal(s)) return Encode(*t);
      return Expand(s);
    }

    // The encoded result of a non-terminal position already counted. A child
    // that ends the game is scored here rather than by a call: most nodes of
    // a game tree are such leaves, and the call costs more than the leaf.
    Score Expand(const State& s) {
      MoveListOf<G> moves;
      game.GenerateMoves(s, moves);
      Score best = std::numeric_limits<Score>::min();
      for (auto m : moves) {
        const State c = game.Play(s, m);
        if (monitor.Visit()) return 0;
        const auto t = game.Terminal(c);
        best = std::max(best, ToParent(t ? Encode(*t) : Expand(c)));
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
        Result r = Decode(ToParent(Negamax(game.Play(s, m))));
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
