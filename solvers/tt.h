#ifndef GAMEBENCH_SOLVERS_TT_H_
#define GAMEBENCH_SOLVERS_TT_H_

// Depth-first alpha-beta with a transposition table of bounds. When the game
// has canonical forms (Symmetric) and symmetry is on, positions are stored by
// their canonical form, so one entry serves a whole symmetry class. The node
// is TableAlphaBeta's (solvers/table_alphabeta.h), shared with ptt.

#include <algorithm>
#include <limits>
#include <optional>

#include "core/game.h"
#include "core/memory.h"
#include "core/solver.h"
#include "core/solve.h"
#include "solvers/search_common.h"
#include "solvers/table_alphabeta.h"
#include "solvers/transposition_table.h"

namespace gamebench {

class TtSolver {
 public:
  static constexpr absl::string_view kName = "tt";
  static constexpr absl::string_view kDescription =
      "alpha-beta with a transposition table of bounds (it grows up to --tt-size); canonical forms under symmetry";
  template <typename G>
  static constexpr bool kAppliesTo = Acyclic<G>;  // depth-first: every play must end

  // ReusesTable (core/solver.h): batch keeps one. Entries hold the game's
  // whole key, 64 or 128 bits (solvers/transposition_table.h says why).
  template <Game G>
  using Table = TranspositionTableOf<GameKey<G>>;

  // The table gets tt_bytes, but never more than the memory budget allows.
  static uint64_t TableBytes(const SolveOptions& options) {
    uint64_t budget = options.memory_bytes ? options.memory_bytes : DefaultMemoryBudget();
    return std::min(options.tt_bytes, budget);
  }

  template <Game G>
  static SolveReport Solve(const G& game, const typename G::State& root,
                           const SolveOptions& options) {
    Table<G> table(TableBytes(options));
    return SolveWithTable(game, root, options, table, /*count_used=*/true);
  }

  // Solve with a table the caller owns and may reuse across positions (the
  // batch command solves a whole file with one table). Table statistics in
  // the report are cumulative over the table's life, and leave out tt_used
  // unless `count_used` (a scan of the whole table).
  template <Game G>
  static SolveReport SolveWithTable(const G& game, const typename G::State& root,
                                    const SolveOptions& options, Table<G>& table,
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
  struct Search : TableSearchBase<G, Table<G>>, TableAlphaBeta<G, Search<G>> {
    using State = typename G::State;
    using Base = TableSearchBase<G, Table<G>>;
    using Key = GameKey<G>;
    using Base::game, Base::ordering, Base::use_symmetry, Base::table, Base::monitor, Base::KeyOf;
    using TableAlphaBeta<G, Search<G>>::AlphaBeta;

    Search(const G& g, const SolveOptions& options, Table<G>& t)
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

    // What TableAlphaBeta asks of a search (the node itself is there).
    bool Visit() { return monitor.Visit(); }
    bool Stopped() const { return monitor.stopped(); }
    uint64_t Nodes() const { return monitor.nodes(); }
    void Prefetch(Key key) { table.Prefetch(key); }
    bool Probe(Key key, TableBounds& out) {
      const auto* e = table.Probe(key);
      if (e) out = {e->lower, e->upper, e->move};
      return e != nullptr;
    }
    void Store(Key key, Score lower, Score upper, int move, uint64_t subtree_nodes) {
      table.Store(key, lower, upper, move, subtree_nodes);
    }
  };
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_TT_H_
