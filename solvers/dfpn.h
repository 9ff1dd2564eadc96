#ifndef GAMEBENCH_SOLVERS_DFPN_H_
#define GAMEBENCH_SOLVERS_DFPN_H_

// Depth-first proof-number search (df-pn; Nagai 2002) with a transposition
// table and Pawlewicz and Lew's 1 + epsilon threshold trick.
//
// df-pn visits nodes in the same order as best-first proof-number search but
// keeps only the current path in memory: a node's subtree is searched while
// its proof and disproof numbers stay below thresholds set by its parent, and
// what it learned is left in the table for the next visit. The questions
// ("value >= t?"), the bounds and the value are those of
// solvers/proof_number.h.
//
// Thresholds. At a node with thresholds (thpn, thdn) the child c1 with the
// smallest dn (it decides the node's pn) is searched with
//   thdn(c1) = min(thpn, max(dn2 + 1, ceil(dn2 * (1 + epsilon))))
//   thpn(c1) = thdn - dn + pn(c1)
// where dn2 is the second smallest dn. Plain df-pn uses dn2 + 1, and then
// switches back and forth between two siblings of nearly equal dn, each
// switch re-reading a subtree from the table; with epsilon = 1/4 the search
// stays in c1 until its dn exceeds the sibling's by a quarter (Pawlewicz and
// Lew 2007; the survey of Kishimoto, Winands, Müller and Saito, ICGA 2012).
//
// Memory. One fixed table (--tt-size within --memory, see ProofTableBytes);
// when it is full, stores replace the entry with the smaller subtree, so a
// node may be searched again, never wrongly (entries are proven bounds or
// proof-number estimates). The path's children live in one arena vector
// reused across nodes (no allocation per node once it has grown to the
// deepest path).
//
// Graph history interaction (GHI). df-pn in a table is wrong on games whose
// positions can recur: a proof can depend on the path that led to a node
// (repetition rules), and the table forgets the path. This solver applies
// only to Acyclic games (kAppliesTo), where no position recurs and a
// position's value does not depend on the path, so GHI cannot arise.
//
// Over-counting. In a DAG, transpositions make dn = sum of the children's pn
// count a shared descendant once per path, so proof numbers overestimate and
// the search can prefer the wrong child. That costs nodes, never correctness
// (the answers come from proven bounds, not from the numbers). This solver
// does not correct it (the survey lists the fixes: e.g. weak proof numbers,
// source-node detection); merging symmetric positions (canonical keys, on by
// default for Symmetric games) removes the over-counting caused by symmetry.
//
// Termination. The value of a node with an unanswered question has pn and dn
// at most kInfinity - 1; the root runs with infinite thresholds until its
// question is answered. kInfinity - 1 saturation could in principle stall a
// search on a game too big for 32-bit proof numbers; the time limit then ends
// it.
//
// Nodes counted: calls of the search function (expansions; a node searched
// again after its thresholds rose counts again). `children_generated` counts
// the positions made by Play.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/game.h"
#include "core/solve.h"
#include "solvers/proof_number.h"
#include "solvers/search_common.h"

namespace gamebench {

class DfpnSolver {
 public:
  static constexpr absl::string_view kName = "dfpn";
  static constexpr absl::string_view kDescription =
      "depth-first proof-number search (df-pn) with a table, 1+epsilon thresholds; values by "
      "questions 'value >= t'";
  template <typename G>
  // GHI: see the header comment; the table keeps 64-bit keys.
  static constexpr bool kAppliesTo = Acyclic<G> && KeyedBy64Bits<G>;

  template <Game G>
  static SolveReport Solve(const G& game, const typename G::State& root,
                           const SolveOptions& options) {
    ProofTable table(ProofTableBytes(options));
    Search<G> search(game, options, table);
    SolveReport report = StartReport(game, root, kName);
    DecideByProofs(game, root, options, search, report);
    FinishProofReport(search, table, options, report);
    return report;
  }

 private:
  template <Game G>
  struct Search : TableSearchBase<G, ProofTable> {
    using State = typename G::State;
    struct Child {
      State state;
      uint64_t key;
      ProofState ps;
      bool terminal;
    };

    using Base = TableSearchBase<G, ProofTable>;
    using Base::game, Base::ordering, Base::use_symmetry, Base::table, Base::monitor, Base::KeyOf;
    std::vector<Child> arena;  // the children of the nodes on the current path
    uint64_t generated = 0;

    Search(const G& g, const SolveOptions& options, ProofTable& t) : Base(g, options, t) {}

    // What is known of s for the question ">= t", from the rules or the table.
    ProofState Evaluate(const State& s, uint64_t key, Score t, bool& terminal) {
      ProofState ps;
      ps.lower = game.MinScore();
      ps.upper = game.MaxScore();
      terminal = false;
      if (auto v = game.Terminal(s)) {
        terminal = true;
        ps.lower = ps.upper = *v;
      } else {
        ApplyTacticalBounds(game, s, ps);
        if (!table.Lookup(key, t, ps) || ps.pn == 1) {
          // A new node: its dn would be the sum of its children's pn, each 1
          // when first seen, so start it at its number of moves (mobility).
          MoveListOf<G> moves;
          game.GenerateMoves(s, moves);
          ps.dn = static_cast<ProofNumber>(moves.size());
        }
      }
      ps.AnsweredBy(t);
      return ps;
    }

    ProofResult Prove(const State& root, Score t) {
      ProofResult r;
      bool terminal;
      const uint64_t key = KeyOf(root);
      r.state = Evaluate(root, key, t, terminal);
      while (r.state.pn != 0 && r.state.dn != 0) {
        Mid(root, key, t, kInfinity, kInfinity, r.state);
        if (monitor.stopped()) {
          r.stopped = true;
          break;
        }
      }
      return r;
    }

    // Searches s for the question ">= t" until its pn >= thpn or dn >= thdn
    // (or the question is answered); `ps` comes in as known and leaves updated.
    void Mid(const State& s, uint64_t key, Score t, ProofNumber thpn, ProofNumber thdn,
             ProofState& ps) {
      // Step 1: count the node; stop when the time is up.
      if (monitor.Visit()) return;
      const uint64_t nodes_before = monitor.nodes();
      // Step 2: the children, in heuristic order, each with what the rules or
      // the table know of it for the children's question ">= 1 - t".
      const Score ct = 1 - t;
      const size_t base = arena.size();
      {
        MoveListOf<G> moves;
        game.GenerateMoves(s, moves);
        if (ordering) OrderMoves(game, s, moves);
        for (auto m : moves) {
          Child c;
          c.state = game.Play(s, m);
          c.key = KeyOf(c.state);
          c.ps = Evaluate(c.state, c.key, ct, c.terminal);
          arena.push_back(c);
        }
        generated += moves.size();
      }
      const size_t end = arena.size();
      // Step 3: search the most proving child until the node's numbers reach
      // the thresholds or the question is answered.
      while (true) {
        // The node's numbers and bounds, from the children.
        ProofNumber pn = kInfinity, dn = 0;
        Score lower = game.MinScore(), upper = game.MinScore();
        size_t best = end;
        ProofNumber best_dn = kInfinity, second_dn = kInfinity;
        for (size_t i = base; i < end; ++i) {
          const ProofState& c = arena[i].ps;
          lower = std::max<Score>(lower, -c.upper);
          upper = std::max<Score>(upper, -c.lower);
          dn = AddProofNumbers(dn, c.pn);
          if (c.dn < best_dn) {
            second_dn = best_dn;
            best_dn = c.dn;
            best = i;
          } else if (c.dn < second_dn) {
            second_dn = c.dn;
          }
        }
        pn = best_dn;
        ps.lower = std::max(ps.lower, lower);
        ps.upper = std::min(ps.upper, upper);
        ps.pn = pn;
        ps.dn = dn;
        if (ps.AnsweredBy(t) || pn >= thpn || dn >= thdn) break;
        // The 1 + epsilon trick (epsilon = 1/4) on the sibling's dn.
        const uint64_t second = second_dn;
        const uint64_t widened =
            second == kInfinity ? second : std::max(second + 1, second + second / 4);
        const ProofNumber child_thdn = static_cast<ProofNumber>(std::min<uint64_t>(thpn, widened));
        const uint64_t child_thpn64 =
            thdn == kInfinity ? kInfinity : uint64_t{thdn} - dn + arena[best].ps.pn;
        const ProofNumber child_thpn =
            static_cast<ProofNumber>(std::min<uint64_t>(kInfinity, child_thpn64));
        Child& c = arena[best];
        ProofState child_ps = c.ps;
        const State child_state = c.state;
        const uint64_t child_key = c.key;
        Mid(child_state, child_key, ct, child_thpn, child_thdn, child_ps);
        arena[best].ps = child_ps;  // (the arena may have moved)
        if (monitor.stopped()) break;
        // Transpositions: a sibling may have been settled inside that search.
        for (size_t i = base; i < end; ++i) {
          if (i == best || arena[i].terminal) continue;
          ProofState& o = arena[i].ps;
          if (o.pn == 0 || o.dn == 0) continue;
          table.Lookup(arena[i].key, ct, o);
        }
      }
      arena.resize(base);
      // Step 4: store what was learned (not when stopped: numbers half-updated
      // are still true bounds and estimates, but keep the table clean).
      if (!monitor.stopped()) table.Store(key, t, ps, monitor.nodes() - nodes_before + 1);
    }
  };
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_DFPN_H_
