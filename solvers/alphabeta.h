#ifndef GAMEBENCH_SOLVERS_ALPHABETA_H_
#define GAMEBENCH_SOLVERS_ALPHABETA_H_

// Negamax with alpha-beta pruning and move ordering, no table; the game's
// tactics (Tactical) when it has them. The full
// window is [MinScore, MaxScore]: with fail-soft bounds a result at either
// end is still exact, because no value lies outside it.

#include <algorithm>
#include <limits>

#include "core/game.h"
#include "core/solve.h"
#include "solvers/search_common.h"

namespace gamebench {

class AlphaBetaSolver {
 public:
  static constexpr absl::string_view kName = "alphabeta";
  static constexpr absl::string_view kDescription =
      "negamax with alpha-beta pruning and move ordering, no table";
  template <typename G>
  static constexpr bool kAppliesTo = Acyclic<G>;  // depth-first: every play must end

  template <Game G>
  static SolveReport Solve(const G& game, const typename G::State& root,
                           const SolveOptions& options) {
    Search<G> search(game, options);
    return SolveFromRoot(game, root, options, kName, search, [&] {
      return search.AlphaBeta(root, game.MinScore(), game.MaxScore());
    });
  }

  // The bare search, for benchmarks: the value of `root` and the node count.
  template <Game G>
  static std::pair<Score, uint64_t> Value(const G& game, const typename G::State& root,
                                          bool move_ordering = true, bool tactics = true) {
    SolveOptions options;
    options.move_ordering = move_ordering;
    Search<G> search(game, options);
    search.tactics = tactics;
    Score v = search.AlphaBeta(root, game.MinScore(), game.MaxScore());
    return {v, search.monitor.nodes()};
  }

 private:
  template <Game G>
  struct Search {
    using State = typename G::State;
    const G& game;
    bool ordering;
    SearchMonitor monitor;

    bool tactics = true;  // off: the bare search, which tests check tactics against
    Search(const G& g, const SolveOptions& options)
        : game(g), ordering(options.move_ordering), monitor(options) {}

    // `no_win_now`: see ApplyTactics (Tactical games only).
    Score AlphaBeta(const State& s, Score alpha, Score beta, bool no_win_now = false) {
      if (monitor.Visit()) return 0;
      if (auto t = game.Terminal(s)) return *t;
      MoveListOf<G> moves;
      bool non_losing = false;
      if (tactics) {
        if (auto v = ApplyTactics(game, s, no_win_now, alpha, beta, moves, non_losing)) return *v;
      }
      if (!non_losing) game.GenerateMoves(s, moves);
      if (ordering) OrderMoves(game, s, moves);
      Score best = std::numeric_limits<Score>::min();
      for (auto m : moves) {
        Score v = -AlphaBeta(game.Play(s, m), -beta, -alpha, non_losing);
        if (v > best) {
          best = v;
          if (v > alpha) alpha = v;
          if (alpha >= beta) break;
        }
      }
      return best;
    }
  };
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_ALPHABETA_H_
