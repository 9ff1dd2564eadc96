#ifndef GAMEBENCH_SOLVERS_TABLE_ALPHABETA_H_
#define GAMEBENCH_SOLVERS_TABLE_ALPHABETA_H_

// The node of alpha-beta with a transposition table of bounds, written once
// for tt (solvers/tt.h) and for every thread of ptt (solvers/ptt.h).
//
// TableAlphaBeta<G, Search> is a base of `Search` (CRTP: no virtual call per
// node). Search gives the node what differs between the two:
//   game, ordering, use_symmetry, KeyOf(s)   the game and the options' switches
//   bool Visit()          count the node; true once this search must stop
//   bool Stopped() const  this search was stopped (its results are unfinished)
//   uint64_t Nodes() const
//   Prefetch(key), bool Probe(key, TableBounds&), Store(key, lower, upper, move, nodes)
// and may override the parallel scheme's hooks below (a search alone keeps
// the defaults, which compile to nothing).

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "core/game.h"
#include "core/score.h"
#include "solvers/search_common.h"
#include "solvers/transposition_table.h"

namespace gamebench {

template <Game G, typename Search>
class TableAlphaBeta {
 public:
  using State = typename G::State;
  using Order = MoveList<uint16_t, G::kMaxMoves>;  // indices into the moves (up to 1024)
  // What a guarded node returns when another thread searches it (ABDADA):
  // outside every score, so never mistaken for a value.
  static constexpr Score kBusy = kScoreLimit + 1;
  // Enhanced transposition cutoffs (step 4b): plies from the root, and most
  // children, where a node first probes its children's entries.
  static constexpr int kCutoffPlies = 10, kCutoffMoves = 8;

  // --- The scheme's hooks (defaults: none) ----------------------------------
  // Children may answer kBusy; the node then searches them after the others.
  static constexpr bool kDefers = false;
  // Runs `expand` (steps 3 to 6 of the node); a scheme may refuse the node
  // (kBusy) or mark it as being searched around the call. `exclusive`: the
  // node is not its parent's first move.
  template <typename Key, typename Expand>
  Score Guard(Key /*key*/, int /*ply*/, bool /*exclusive*/, Expand&& expand) {
    return expand();
  }
  // May change the order of the moves at `ply` plies below the root.
  void Reorder(Order& /*order*/, int /*ply*/) const {}
  // Whether the first child too is searched `exclusive`ly, given the bounds
  // the table holds for the node and its window (before they narrow it).
  bool ExclusiveFirstChild(int /*ply*/, const TableBounds& /*stored*/, Score /*alpha*/,
                           Score /*beta*/) const {
    return false;
  }

  // The fail-soft value of s in the window [alpha, beta]. `no_win_now`: the
  // parent played a non-losing move, so the mover here cannot win at once
  // (Tactical games only). `known_key`: s's table key when the parent has
  // it already (the children it keeps), so that it is not computed again.
  // `known_bounds`: what the parent's probe of s's entry found (step 4b;
  // unbounded when it found none), used instead of probing again.
  Score AlphaBeta(const State& s, Score alpha, Score beta, int ply = 0, bool no_win_now = false,
                  bool exclusive = false, const GameKey<G>* known_key = nullptr,
                  const TableBounds* known_bounds = nullptr) {
    Search& search = static_cast<Search&>(*this);
    // Step 1: count the node; stop when the search is over.
    if (search.Visit()) return 0;
    // The table's bucket loads while the game's own checks run.
    const GameKey<G> key = known_key ? *known_key : search.KeyOf(s);
    search.Prefetch(key);
    // Step 2: the end of the game.
    if (auto t = search.game.Terminal(s)) return *t;
    // Step 2b: tactics: an immediate win, forced losses, bounds that may
    // settle the node or narrow the window; only non-losing moves remain.
    //   A ChildBounded game's look-ahead bounds wait for step 4a.
    MoveListOf<G> moves;
    bool non_losing = false;
    std::pair<Score, Score> before_children{0, 0};
    if (auto v = ApplyTactics(search.game, s, no_win_now, alpha, beta, moves, non_losing,
                              ChildBounded<G> ? &before_children : nullptr))
      return *v;
    return search.Guard(key, ply, exclusive, [&] {
      return Expand(s, key, alpha, beta, ply, moves, non_losing, before_children, known_bounds);
    });
  }

 private:
  static constexpr bool kKeepsChildren = ChildOrdered<G>;

  // Steps 3 to 6 of a node that tactics did not settle.
  Score Expand(const State& s, GameKey<G> key, Score alpha, Score beta, int ply,
               MoveListOf<G>& moves, bool non_losing,
               [[maybe_unused]] std::pair<Score, Score> before_children,
               const TableBounds* known_bounds) {
    Search& search = static_cast<Search&>(*this);
    const G& game = search.game;
    // Step 3: the table: a bound may settle the node or narrow the window.
    const uint64_t nodes_before = search.Nodes();
    int hint = -1;
    TableBounds e;
    bool probed;
    if (known_bounds) {
      e = *known_bounds;
      probed = e.upper != std::numeric_limits<Score>::max();
    } else {
      probed = search.Probe(key, e);
    }
    const bool exclusive_first = probed && search.ExclusiveFirstChild(ply, e, alpha, beta);
    if (probed) {
      if (e.lower >= beta) return e.lower;
      if (e.upper <= alpha) return e.upper;
      if (e.lower == e.upper) return e.lower;
      alpha = std::max<Score>(alpha, e.lower);
      beta = std::min<Score>(beta, e.upper);
      if (e.move != 255) hint = e.move;
    }
    // Step 4: moves in heuristic order, the table's move first. `order`
    // lists indices into the heuristic order: the table keeps those, so that
    // an index means the same move at the next visit.
    // A ChildOrdered game's children are played here once, ordered from
    // what they hold and kept for steps 4a to 5; other games play each
    // child when it is searched.
    if (!non_losing) game.GenerateMoves(s, moves);
    [[maybe_unused]] std::conditional_t<kKeepsChildren, StateSlots<State, G::kMaxMoves>, char>
        children;
    [[maybe_unused]] std::conditional_t<kKeepsChildren, std::array<GameKey<G>, G::kMaxMoves>, char>
        child_keys;
    if constexpr (kKeepsChildren) {
      for (int i = 0; i < moves.size(); ++i) children[i] = game.Play(s, moves[i]);
      // Step 4a: a ChildBounded game's bounds from the children (in
      // generation order, as the game's contract has them), after the
      // table: nodes the table settles never pay for them.
      if constexpr (ChildBounded<G>) {
        if (non_losing) {
          if (auto v = ApplyChildBounds(game, s, before_children, children.data(), moves.size(),
                                        alpha, beta))
            return *v;
        }
      }
      // The children's buckets start loading now, while the moves are
      // ordered and the first child's own checks run: with a table larger
      // than the caches nearly every probe is a miss to memory, and a node
      // probes only after its parent has finished with it (Test_L1_R2's
      // sample: a 64 MiB table ran 2x slower than 2 MiB for 10% fewer
      // nodes). Prefetches change no result. The keys are kept (sorted with
      // the children) for step 4b and for the children's own nodes.
      for (int i = 0; i < moves.size(); ++i) {
        child_keys[i] = search.KeyOf(children[i]);
        search.Prefetch(child_keys[i]);
      }
      if (search.ordering)
        OrderMovesWithChildren(game, s, moves, children.data(), child_keys.data());
    } else {
      if (search.ordering) OrderMoves(game, s, moves);
    }
    auto child = [&](int i) -> State {
      if constexpr (kKeepsChildren) return children[i];
      else return game.Play(s, moves[i]);
    };
    auto known_child_key = [&](int i) -> const GameKey<G>* {
      if constexpr (kKeepsChildren) return &child_keys[i];
      else return nullptr;
    };
    [[maybe_unused]] std::conditional_t<kKeepsChildren, std::array<TableBounds, G::kMaxMoves>, char>
        child_bounds;  // step 4b: by position in `order`
    auto known_child_bounds = [&](int k) -> const TableBounds* {
      if constexpr (kKeepsChildren) return &child_bounds[k];
      else return nullptr;
    };
    const int n = moves.size();
    Order order;
    for (int i = 0; i < n; ++i) order.push_back(static_cast<uint16_t>(i));
    if (search.ordering) MoveToFront(order, hint);
    search.Reorder(order, ply);
    // Step 4b: enhanced transposition cutoffs. A child whose stored upper
    // bound u has -u >= beta proves this node's value >= -u >= beta (the
    // value is the maximum over the children of minus theirs), so the node
    // fails high with -u at once, where searching the children in order
    // might first spend a subtree on one that does not cut.
    //   A ChildOrdered game's children were played, keyed and prefetched
    // above, so a probe costs no key and its bucket is on its way: such a
    // node probes every child, at every ply, and keeps what it found
    // (`child_bounds`) for step 5, where a child whose bounds settle its window
    // is not visited (its node would have run its tactics only to return
    // the same bound at its step 3), and a child that is visited gets them
    // instead of probing again. A stored bound holds for ever (values are
    // exact game values, not depth-limited), so one probed before the
    // siblings were searched is still true (Test_L2_R2: 39 more nodes in
    // 14.56 M than with a fresh probe in each child).
    //   Other games pay a key and a cold probe per child: only within
    // kCutoffPlies of the root (large subtrees) and among at most
    // kCutoffMoves children, since with many the probes of children a
    // cut-off never reaches outnumber what it saves (Domineering 7x7 within
    // 10 plies: 11x the probes for 0.3% fewer nodes).
    if constexpr (kKeepsChildren) {
      for (int k = 0; k < n; ++k) {
        TableBounds& c = child_bounds[k];
        if (!search.Probe(child_keys[order[k]], c)) {
          c.lower = std::numeric_limits<Score>::min();
          c.upper = std::numeric_limits<Score>::max();
          c.move = 255;
        } else if (-c.upper >= beta) {
          return -c.upper;
        }
      }
    } else if (ply < kCutoffPlies && n <= kCutoffMoves) {
      for (int k = 0; k < n; ++k) {
        TableBounds c;
        if (search.Probe(search.KeyOf(child(order[k])), c) && -c.upper >= beta) return -c.upper;
      }
    }
    // Step 5: fail-soft alpha-beta over the children; children busy in
    // another thread (kDefers) wait for a second pass.
    const Score alpha0 = alpha;
    Score best = std::numeric_limits<Score>::min();
    int best_k = -1;  // position in `order` of the best child
    Order deferred;   // positions in `order`
    // A kept child's probed bounds settle it, fail-soft, as its own step 3
    // would: a lower bound >= its beta, an upper bound <= its alpha, or
    // equal bounds.
    auto settled = [&](int k, Score& r) {
      if constexpr (kKeepsChildren) {
        const TableBounds& c = child_bounds[k];
        if (c.lower >= -alpha) r = c.lower;
        else if (c.upper <= -beta) r = c.upper;
        else if (c.lower == c.upper) r = c.lower;
        else return false;
        return true;
      }
      return false;
    };
    // True on a cut-off. Of equal values the one first in `order` is kept
    // as the best move, whatever order the children were searched in (a
    // deferred child comes last): the move the table keeps must not depend
    // on which thread stored it.
    auto search_child = [&](int k, bool exclusive) {
      Score r;
      if (!settled(k, r))
        r = AlphaBeta(child(order[k]), -beta, -alpha, ply + 1, non_losing, exclusive,
                      known_child_key(order[k]), known_child_bounds(k));
      if constexpr (Search::kDefers) {
        if (r == kBusy) {
          deferred.push_back(static_cast<uint16_t>(k));
          return false;
        }
      }
      const Score v = -r;
      if (v > best || (v == best && k < best_k)) {
        best = v;
        best_k = k;
        if (v > alpha) alpha = v;
      }
      return alpha >= beta;
    };
    bool cut = false;
    for (int k = 0; k < n && !cut; ++k) cut = search_child(k, k > 0 || exclusive_first);
    for (int d = 0; d < deferred.size() && !cut; ++d) cut = search_child(deferred[d], false);
    if (search.Stopped()) return 0;  // an unfinished result is not stored
    // Step 6: store what the window proved: a fail-low gives an upper bound,
    // a fail-high a lower bound, anything between is exact.
    const Score lower = best > alpha0 ? best : game.MinScore();
    const Score upper = best < beta ? best : game.MaxScore();
    search.Store(key, lower, upper, best_k < 0 ? -1 : order[best_k], search.Nodes() - nodes_before);
    return best;
  }
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_TABLE_ALPHABETA_H_
