#ifndef GAMEBENCH_SOLVERS_SEARCH_COMMON_H_
#define GAMEBENCH_SOLVERS_SEARCH_COMMON_H_

// Pieces shared by the depth-first search solvers (minimax, alphabeta, tt).

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>

#include "core/game.h"
#include "core/progress.h"
#include "core/solve.h"
#include "core/start_report.h"  // StartReport, used by every search solver

namespace gamebench {

// How often (in nodes) a search looks at the clock and updates progress.
inline constexpr uint64_t kPollInterval = 4096;

// The value of a root whose game has tactics (Tactical): such games have
// bounds that make narrow windows cheap, so the value is found by
// null-window tests, as Steininger's c4 does: the first asks whether the
// value is at least the middle of the score range (close games are the
// common case), and each next one is placed at the fail-soft bound the last
// returned (MTD(f)): a fail high r asks "above r?", a fail low r asks "at
// least r?". Near the value the fail-soft result is often exact, and each
// test near the value is the costly kind, so the tests far from it that a
// bisection makes first are wasted: the 6x6 empty board took 6 tests
// (-7, 7, -3, 3, -1, -2) and 11,595,353 nodes by bisection tried first
// nearer to 0 (Pons' order), 2 tests and 10,156,805 nodes this way.
// `test(mid)` is the fail-soft result of searching the root with the window
// (mid, mid + 1); tt and ptt share this loop.
template <Game G, typename Test, typename Stopped>
Score RootValueByNullWindows(const G& game, Test&& test, Stopped&& stopped) {
  Score lo = game.MinScore(), hi = game.MaxScore();  // lo <= value <= hi
  Score guess = lo + (hi - lo) / 2;                    // the next test: value >= guess?
  while (lo < hi && !stopped()) {
    const Score mid = std::min<Score>(std::max<Score>(guess, lo + 1) - 1, hi - 1);
    const Score r = test(mid);
    if (r > mid) {
      lo = r;
      guess = r + 1;
    } else {
      hi = r;
      guess = r;
    }
  }
  return lo;
}

// Step 2 of a search solver's root: every root move that achieves
// report.value, each by a null-window test of the child (cheap once a table
// holds most of the tree). `search(state, alpha, beta)` is the solver's
// fail-soft search.
template <Game G, typename SearchFn, typename Stopped>
void AddBestMoves(const G& game, const typename G::State& root, SolveReport& report,
                  SearchFn&& search, Stopped&& stopped) {
  if (game.Terminal(root)) return;
  MoveListOf<G> moves;
  game.GenerateMoves(root, moves);
  for (auto m : moves) {
    if (stopped()) break;
    const Score target = -report.value;  // the child's value when m is best
    if (search(game.Play(root, m), target, target + 1) <= target)
      report.best_moves.push_back(game.FormatMove(root, m));
  }
}

// The root of a depth-first search solver (alphabeta, tt), written once:
// step 1, the value of the root (`root_value()`, e.g. a full-window search);
// step 2, when options.best_moves, the best moves (AddBestMoves). `search`
// has AlphaBeta(state, alpha, beta) and a SearchMonitor `monitor`; the
// report says whether the search finished.
template <Game G, typename Search, typename RootValue>
SolveReport SolveFromRoot(const G& game, const typename G::State& root,
                          const SolveOptions& options, absl::string_view solver, Search& search,
                          RootValue&& root_value) {
  SolveReport report = StartReport(game, root, solver);
  report.value = root_value();
  auto stopped = [&] { return search.monitor.stopped(); };
  if (options.best_moves)
    AddBestMoves(
        game, root, report,
        [&](const typename G::State& s, Score alpha, Score beta) {
          return search.AlphaBeta(s, alpha, beta);
        },
        stopped);
  report.complete = !stopped();
  report.nodes = search.monitor.nodes();
  report.seconds = search.monitor.seconds();
  search.monitor.Finish();
  return report;
}

// Sorts moves by the game's heuristic, best first (a stable insertion sort:
// move lists are short, and equal keys keep generation order so searches are
// deterministic). A no-op for games without a heuristic.
template <Game G>
void OrderMoves(const G& game, const typename G::State& s, MoveListOf<G>& moves) {
  if constexpr (Ordered<G>) {
    std::array<int, G::kMaxMoves> keys;
    for (int i = 0; i < moves.size(); ++i) keys[i] = game.MoveOrder(s, moves[i]);
    for (int i = 1; i < moves.size(); ++i) {
      auto m = moves[i];
      int k = keys[i];
      int j = i - 1;
      for (; j >= 0 && keys[j] < k; --j) {
        moves[j + 1] = moves[j];
        keys[j + 1] = keys[j];
      }
      moves[j + 1] = m;
      keys[j + 1] = k;
    }
  }
}

// Room for up to N states, left uninitialised: a node fills the slots it
// uses, and zeroing a dozen states it does not use would cost more than the
// node's own work.
template <typename State, int N>
struct StateSlots {
  StateSlots() {}
  union {
    State items[N];
  };
  State* data() { return items; }
  State& operator[](int i) { return items[i]; }
};

// OrderMoves for a game that orders by the children (ChildOrdered): the
// same keys, hence the same order, with `children[i]` == Play(s, moves[i])
// and their table keys `table_keys[i]` sorted along with the moves.
template <Game G>
void OrderMovesWithChildren(const G& game, const typename G::State& s, MoveListOf<G>& moves,
                            typename G::State* children, GameKey<G>* table_keys) {
  if constexpr (ChildOrdered<G>) {
    std::array<int, G::kMaxMoves> keys;
    for (int i = 0; i < moves.size(); ++i) keys[i] = game.ChildOrder(s, moves[i], children[i]);
    for (int i = 1; i < moves.size(); ++i) {
      auto m = moves[i];
      const auto c = children[i];
      const auto t = table_keys[i];
      int k = keys[i];
      int j = i - 1;
      for (; j >= 0 && keys[j] < k; --j) {
        moves[j + 1] = moves[j];
        children[j + 1] = children[j];
        table_keys[j + 1] = table_keys[j];
        keys[j + 1] = keys[j];
      }
      moves[j + 1] = m;
      children[j + 1] = c;
      table_keys[j + 1] = t;
      keys[j + 1] = k;
    }
  }
}

// The table key of s: the key of its canonical form when the game has one and
// symmetry is on, so one entry serves a whole symmetry class.
template <Game G>
GameKey<G> TableKey(const G& game, const typename G::State& s, bool use_symmetry) {
  if constexpr (CanonicallyKeyed<G>) {
    if (use_symmetry) return game.CanonicalKey(s);
  } else if constexpr (Symmetric<G>) {
    if (use_symmetry) return game.Key(game.Canonical(s));
  }
  return game.Key(s);
}

// Moves a chosen move to the front, keeping the others in order.
template <typename Move, int N>
void MoveToFront(MoveList<Move, N>& moves, int index) {
  if (index <= 0 || index >= moves.size()) return;
  Move m = moves[index];
  for (int i = index; i > 0; --i) moves[i] = moves[i - 1];
  moves[0] = m;
}

// The Tactical refinement's steps at a node, before its moves are searched
// (a no-op returning nullopt for other games). Returns the node's value (or a
// bound outside the window, fail-soft) when tactics settle it. Otherwise
// narrows [alpha, beta] by the game's bounds and, when the mover has
// non-losing moves, puts them in `moves` and sets `non_losing`: the children
// then need not ask whether their mover can win at once (`no_win_now`).
// `before_children`, when not null and the game is ChildBounded: the
// bounds are the game's ValueBoundsBeforeChildren, stored there, and the
// caller applies ValueBoundsFromChildren once it has played the children
// (ApplyChildBounds).
template <Game G>
std::optional<Score> ApplyTactics(const G& game, const typename G::State& s, bool no_win_now,
                                  Score& alpha, Score& beta, MoveListOf<G>& moves,
                                  bool& non_losing,
                                  std::pair<Score, Score>* before_children = nullptr) {
  if constexpr (Tactical<G>) {
    if (!no_win_now) {
      if (auto w = game.WinNow(s)) return w;
    }
    game.GenerateNonLosingMoves(s, moves);
    if (moves.empty()) {
      // Every move lets the opponent win at once: the best of those losses.
      std::optional<Score> best;
      MoveListOf<G> all;
      game.GenerateMoves(s, all);
      for (auto m : all) {
        const auto child = game.Play(s, m);
        std::optional<Score> v = game.Terminal(child);
        if (!v) v = game.WinNow(child);
        if (!v) return std::nullopt;  // the game broke its promise: search all moves
        if (!best || -*v > *best) best = -*v;
      }
      return best;
    }
    non_losing = true;
    auto bounds = [&] {
      if constexpr (ChildBounded<G>) {
        if (before_children) return *before_children = game.ValueBoundsBeforeChildren(s);
      }
      return game.ValueBounds(s);
    };
    const auto [lower, upper] = bounds();
    if (alpha < lower) {
      alpha = lower;
      if (alpha >= beta) return alpha;
    }
    if (beta > upper) {
      beta = upper;
      if (alpha >= beta) return beta;
    }
  }
  return std::nullopt;
}

// The second part of a ChildBounded game's bounds (ApplyTactics gave the
// first, `before`), from the node's children: narrows [alpha, beta], and
// returns the value (or a bound outside the window, fail-soft) when that
// settles the node.
template <Game G>
std::optional<Score> ApplyChildBounds(const G& game, const typename G::State& s,
                                      std::pair<Score, Score> before,
                                      const typename G::State* children, int n, Score& alpha,
                                      Score& beta) {
  if constexpr (ChildBounded<G>) {
    const auto [lower, upper] = game.ValueBoundsFromChildren(s, before, children, n);
    if (alpha < lower) {
      alpha = lower;
      if (alpha >= beta) return alpha;
    }
    if (beta > upper) {
      beta = upper;
      if (alpha >= beta) return beta;
    }
  }
  return std::nullopt;
}

// Counts nodes, polls the deadline and feeds progress every kPollInterval
// nodes. A search returns early once stopped() is true. The node limit (for
// tests: a fixed amount of work, whatever the machine's speed) is checked at
// the same polls, so a search stops within kPollInterval nodes past it.
class SearchMonitor {
 public:
  SearchMonitor(const SolveOptions& options)
      : node_limit_(options.node_limit),
        deadline_(options.time_limit_seconds),
        progress_(options.progress) {
    progress_.Phase("search");
  }
  // The node's part is two instructions, kept inline in the search's node;
  // the poll, once per kPollInterval nodes, is out of line so that the
  // compiler's inlining of Visit does not depend on how many games a
  // translation unit instantiates (a second Connect Four word did tip it).
  bool Visit() {
    if ((++nodes_ & (kPollInterval - 1)) == 0) Poll();
    return stopped_;
  }
  bool stopped() const { return stopped_; }
  uint64_t nodes() const { return nodes_; }
  double seconds() const { return deadline_.Elapsed(); }
  void Finish() { progress_.Finish(); }

 private:
  [[gnu::noinline, gnu::cold]] void Poll() {
    progress_.Update(nodes_);
    if (deadline_.Poll() || (node_limit_ && nodes_ >= node_limit_)) stopped_ = true;
  }

  uint64_t nodes_ = 0;
  bool stopped_ = false;
  uint64_t node_limit_;
  Deadline deadline_;
  Progress progress_;
};

// What every search with a table keeps (tt, pns, dfpn): the game, the
// options' switches, the table, the node counter and clock, and the table key
// of a position (its canonical form's when symmetry is on).
template <Game G, typename Table>
struct TableSearchBase {
  const G& game;
  bool ordering;
  bool use_symmetry;
  Table& table;
  SearchMonitor monitor;

  TableSearchBase(const G& g, const SolveOptions& options, Table& t)
      : game(g),
        ordering(options.move_ordering),
        use_symmetry(Symmetric<G> && options.symmetry),
        table(t),
        monitor(options) {}

  GameKey<G> KeyOf(const typename G::State& s) const { return TableKey(game, s, use_symmetry); }
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_SEARCH_COMMON_H_
