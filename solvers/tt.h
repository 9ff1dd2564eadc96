#ifndef GAMEBENCH_SOLVERS_TT_H_
#define GAMEBENCH_SOLVERS_TT_H_

// Depth-first alpha-beta with a transposition table of bounds. When the game
// has canonical forms (Symmetric) and symmetry is on, positions are stored by
// their canonical form, so one entry serves a whole symmetry class.

#include <algorithm>
#include <limits>
#include <optional>

#include "core/game.h"
#include "core/memory.h"
#include "core/solver.h"
#include "core/solve.h"
#include "solvers/search_common.h"
#include "solvers/transposition_table.h"

namespace gamebench {

class TtSolver {
 public:
  static constexpr absl::string_view kName = "tt";
  static constexpr absl::string_view kDescription =
      "alpha-beta with a fixed-size transposition table of bounds; canonical forms under symmetry";
  template <typename G>
  static constexpr bool kAppliesTo = Acyclic<G>;  // depth-first: every play must end

  using Table = TranspositionTable;  // ReusesTable (core/solver.h): batch keeps one

  // The table gets tt_bytes, but never more than the memory budget allows.
  static uint64_t TableBytes(const SolveOptions& options) {
    uint64_t budget = options.memory_bytes ? options.memory_bytes : DefaultMemoryBudget();
    return std::min(options.tt_bytes, budget);
  }

  template <Game G>
  static SolveReport Solve(const G& game, const typename G::State& root,
                           const SolveOptions& options) {
    TranspositionTable table(TableBytes(options));
    return SolveWithTable(game, root, options, table, /*count_used=*/true);
  }

  // Solve with a table the caller owns and may reuse across positions (the
  // batch command solves a whole file with one table). Table statistics in
  // the report are cumulative over the table's life, and leave out tt_used
  // unless `count_used` (a scan of the whole table).
  template <Game G>
  static SolveReport SolveWithTable(const G& game, const typename G::State& root,
                                    const SolveOptions& options, TranspositionTable& table,
                                    bool count_used = false) {
    Search<G> search(game, options, table);
    SolveReport report =
        SolveFromRoot(game, root, options, kName, search, [&] { return search.RootValue(root); });
    report.stats = table.Stats(count_used);
    report.stats.Set("symmetry", search.use_symmetry);
    report.stats.Set("move_ordering", options.move_ordering);
    return report;
  }

 private:
  template <Game G>
  struct Search : TableSearchBase<G, TranspositionTable> {
    using State = typename G::State;
    using Base = TableSearchBase<G, TranspositionTable>;
    using Base::game, Base::ordering, Base::use_symmetry, Base::table, Base::monitor, Base::KeyOf;

    Search(const G& g, const SolveOptions& options, TranspositionTable& t)
        : Base(g, options, t) {}

    // The root's value: null-window tests for games with tactics
    // (RootValueByNullWindows says why), otherwise one full-window search.
    Score RootValue(const State& root) {
      if constexpr (Tactical<G>)
        return RootValueByNullWindows(
            game, [&](Score mid) { return AlphaBeta(root, mid, mid + 1); },
            [&] { return monitor.stopped(); });
      return AlphaBeta(root, game.MinScore(), game.MaxScore());
    }

    // `no_win_now`: the parent played a non-losing move, so the mover here
    // cannot win at once (Tactical games only).
    Score AlphaBeta(const State& s, Score alpha, Score beta, bool no_win_now = false) {
      // Step 1: count the node; stop when the time is up.
      if (monitor.Visit()) return 0;
      // The table's bucket loads while the game's own checks run.
      const uint64_t key = KeyOf(s);
      table.Prefetch(key);
      // Step 2: the end of the game.
      if (auto t = game.Terminal(s)) return *t;
      // Step 2b: tactics: an immediate win, forced losses, bounds that may
      // settle the node or narrow the window; only non-losing moves remain.
      MoveListOf<G> moves;
      bool non_losing = false;
      if (auto v = ApplyTactics(game, s, no_win_now, alpha, beta, moves, non_losing)) return *v;
      // Step 3: the table: a bound may settle the node or narrow the window.
      const uint64_t nodes_before = monitor.nodes();
      int hint = -1;
      if (const auto* e = table.Probe(key)) {
        if (e->lower >= beta) return e->lower;
        if (e->upper <= alpha) return e->upper;
        if (e->lower == e->upper) return e->lower;
        alpha = std::max<Score>(alpha, e->lower);
        beta = std::min<Score>(beta, e->upper);
        if (e->move != 255) hint = e->move;
      }
      // Step 4: moves, heuristic order, the table's best move first.
      if (!non_losing) game.GenerateMoves(s, moves);
      if (ordering) {
        OrderMoves(game, s, moves);
        MoveToFront(moves, hint);
      }
      // The table remembers a move by its index in heuristic order, before the
      // hint moved to the front, so that the index means the same next visit.
      auto unshifted = [hint, this](int i) {
        if (!ordering || hint < 0) return i;
        return i == 0 ? hint : (i <= hint ? i - 1 : i);
      };
      // Step 5: fail-soft alpha-beta over the children.
      const Score alpha0 = alpha;
      Score best = std::numeric_limits<Score>::min();
      int best_index = -1;
      for (int i = 0; i < moves.size(); ++i) {
        Score v = -AlphaBeta(game.Play(s, moves[i]), -beta, -alpha, non_losing);
        if (v > best) {
          best = v;
          best_index = i;
          if (v > alpha) alpha = v;
          if (alpha >= beta) break;
        }
      }
      if (monitor.stopped()) return 0;  // an unfinished result is not stored
      // Step 6: store what the window proved: a fail-low gives an upper
      // bound, a fail-high a lower bound, anything between is exact.
      Score lower = best > alpha0 ? best : game.MinScore();
      Score upper = best < beta ? best : game.MaxScore();
      table.Store(key, lower, upper, unshifted(best_index), monitor.nodes() - nodes_before);
      return best;
    }
  };
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_TT_H_
