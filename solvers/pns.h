#ifndef GAMEBENCH_SOLVERS_PNS_H_
#define GAMEBENCH_SOLVERS_PNS_H_

// Best-first proof-number search (Allis, van der Meulen and van den Herik
// 1994) over an explicit tree in memory, with transpositions merged into a
// DAG. The questions ("value >= t?"), the bounds and the value are those of
// solvers/proof_number.h.
//
// The loop: from the root, go down to the most-proving leaf (at every node
// the child with the smallest dn, which sets the node's pn; ties go to the
// game's move order), expand it, and update the proof numbers back up the
// path, until the root's question is answered.
//
// Transpositions. Nodes are keyed by (position key, question threshold) in a
// hash index, so a position reached by two paths is one node with two
// parents: the DAG is never expanded twice. A node's numbers are updated on
// the path that expanded it; its other parents are corrected when a later
// descent passes through them (every node on a descent is recomputed from its
// children before its child is chosen). Stale numbers are only ever too high,
// never a false answer (answers come from proven bounds), so the search stays
// correct; a descent that finds a node answered by its children stops there
// and updates the path. Over-counting (dn sums a shared descendant once per
// parent) is not corrected, as in solvers/dfpn.h.
//
// Memory. The tree (nodes, child lists, hash index) has a fixed size set at
// the start: three quarters of --tt-size within --memory. Answered nodes are
// also written to a fixed proof table (the last quarter, solvers/proof_number.h),
// which evicts when full. When the tree is full, the proof numbers of its
// expanded nodes are written to the table too, the tree is dropped and the
// search starts again from the root, new nodes taking what the table knows
// (answers, and proof numbers as df-pn keeps them): memory never grows, and
// the work done is kept as far as the table holds it (`rebuilds` counts the
// restarts). A tree far too small for the proof thrashes; the time limit
// ends such a run.
//
// Nodes counted: expansions. `children_generated` counts positions made by
// Play.

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <vector>

#include "core/game.h"
#include "core/solve.h"
#include "solvers/proof_number.h"
#include "solvers/search_common.h"

namespace gamebench {

class PnsSolver {
 public:
  static constexpr absl::string_view kName = "pns";
  static constexpr absl::string_view kDescription =
      "best-first proof-number search over a DAG in memory (transpositions merged); values by "
      "questions 'value >= t'";
  template <typename G>
  // A cycle would make the DAG a graph; nodes and table keep 64-bit keys.
  static constexpr bool kAppliesTo = Acyclic<G> && KeyedBy64Bits<G>;

  template <Game G>
  static SolveReport Solve(const G& game, const typename G::State& root,
                           const SolveOptions& options) {
    const uint64_t bytes = ProofTableBytes(options);
    ProofTable table(bytes / 4);
    Search<G> search(game, options, table, bytes - bytes / 4);
    SolveReport report = StartReport(game, root, kName);
    DecideByProofs(game, root, options, search, report);
    FinishProofReport(search, table, options, report);
    report.stats.Set("tree_node_capacity", search.node_capacity);
    report.stats.Set("tree_nodes_peak", search.nodes_peak);
    report.stats.Set("tree_bytes", search.tree_bytes);
    report.stats.Set("rebuilds", search.rebuilds);
    return report;
  }

 private:
  template <Game G>
  struct Search : TableSearchBase<G, ProofTable> {
    using State = typename G::State;
    using Move = typename G::Move;
    static constexpr uint32_t kNone = 0xFFFFFFFFu;

    struct Node {
      uint64_t key;
      ProofState ps;
      Score t;               // the node's question: value >= t
      uint32_t first_child;  // index in `children`; kNone: not expanded
      uint32_t num_children;
    };
    struct ChildRef {
      uint32_t node;
      Move move;
    };
    struct Slot {
      uint32_t node;
      uint32_t generation;  // a slot of an older generation is empty
    };
    struct Step {
      uint32_t node;
      State state;
    };

    using Base = TableSearchBase<G, ProofTable>;
    using Base::game, Base::ordering, Base::use_symmetry, Base::table, Base::monitor, Base::KeyOf;
    uint64_t node_capacity, child_capacity, slot_count, tree_bytes;
    // Reserved, zeroed by the kernel (calloc), never touched before use: a
    // large tree costs no time until it fills.
    std::vector<Node> nodes;
    std::unique_ptr<ChildRef, decltype(&std::free)> children{nullptr, &std::free};
    std::unique_ptr<Slot, decltype(&std::free)> slots{nullptr, &std::free};
    uint32_t generation = 0;
    uint64_t num_nodes = 0, num_children = 0;
    uint64_t nodes_peak = 0, rebuilds = 0, generated = 0;
    std::vector<Step> path;

    // Per node: the node, 2 hash slots, and room for 4 children on average.
    static constexpr uint64_t kBytesPerNode =
        sizeof(Node) + 2 * sizeof(Slot) + 4 * sizeof(ChildRef);

    Search(const G& g, const SolveOptions& options, ProofTable& t, uint64_t bytes)
        : Base(g, options, t) {
      node_capacity = std::clamp<uint64_t>(bytes / kBytesPerNode, 16, kNone - 1);
      child_capacity = std::max<uint64_t>(4 * node_capacity, G::kMaxMoves);
      slot_count = 2 * node_capacity;
      tree_bytes = node_capacity * sizeof(Node) + child_capacity * sizeof(ChildRef) +
                   slot_count * sizeof(Slot);
      nodes.reserve(node_capacity);
      children.reset(static_cast<ChildRef*>(std::calloc(child_capacity, sizeof(ChildRef))));
      slots.reset(static_cast<Slot*>(std::calloc(slot_count, sizeof(Slot))));
      if (!children || !slots) throw std::bad_alloc();
    }

    // The position a node stands for. With symmetry, a node is a symmetry
    // class, and its child list holds moves of the canonical form: every
    // descent goes through canonical forms, so a move is always applied to
    // the position it was generated in.
    State Representative(const State& s) const {
      if constexpr (Symmetric<G>) {
        if (use_symmetry) return game.Canonical(s);
      }
      return s;
    }

    void ClearTree() {
      nodes.clear();  // keeps the reserved memory
      num_nodes = num_children = 0;
      ++generation;  // every slot is now empty (generation 0 is never current)
    }

    // The slot of (key, t): the node's slot, or the empty slot it would take.
    Slot& Find(uint64_t key, Score t) {
      uint64_t h = (key ^ static_cast<uint64_t>(static_cast<int64_t>(t)) * 0xD6E8FEB86659FD93ull) *
                   0x9E3779B97F4A7C15ull;
      h ^= h >> 31;
      for (uint64_t i = h % slot_count;; i = i + 1 == slot_count ? 0 : i + 1) {
        Slot& s = slots.get()[i];
        if (s.generation != generation) return s;
        if (nodes[s.node].key == key && nodes[s.node].t == t) return s;
      }
    }

    // The node of position s (key) for the question ">= t", made if new;
    // kNone when the tree is full.
    uint32_t NodeFor(const State& s, uint64_t key, Score t) {
      Slot& slot = Find(key, t);
      if (slot.generation == generation) return slot.node;
      if (num_nodes >= node_capacity) return kNone;
      Node& n = nodes.emplace_back();
      n.key = key;
      n.t = t;
      n.first_child = kNone;
      n.num_children = 0;
      n.ps = ProofState{};
      n.ps.lower = game.MinScore();
      n.ps.upper = game.MaxScore();
      if (auto v = game.Terminal(s)) {
        n.ps.lower = n.ps.upper = *v;
      } else {
        ApplyTacticalBounds(game, s, n.ps);
        if (!table.Lookup(key, t, n.ps) || n.ps.pn == 1) {
          // Mobility: dn would be the sum of the children's pn, 1 each.
          MoveListOf<G> moves;
          game.GenerateMoves(s, moves);
          n.ps.pn = 1;
          n.ps.dn = static_cast<ProofNumber>(moves.size());
        }
      }
      n.ps.AnsweredBy(t);
      slot = Slot{static_cast<uint32_t>(num_nodes), generation};
      nodes_peak = std::max(nodes_peak, ++num_nodes);
      return static_cast<uint32_t>(num_nodes - 1);
    }

    // Makes the children of node n (position s). False when the tree is full.
    bool Expand(uint32_t n, const State& s) {
      MoveListOf<G> moves;
      game.GenerateMoves(s, moves);
      if (ordering) OrderMoves(game, s, moves);
      if (num_children + moves.size() > child_capacity) return false;
      const Score ct = 1 - nodes[n].t;
      const uint64_t first = num_children;
      for (auto m : moves) {
        const State c = Representative(game.Play(s, m));
        const uint32_t id = NodeFor(c, game.Key(c), ct);
        if (id == kNone) {
          num_children = first;  // the nodes made stay, unreferenced until the rebuild
          return false;
        }
        children.get()[num_children++] = ChildRef{id, m};
      }
      generated += moves.size();
      nodes[n].first_child = static_cast<uint32_t>(first);
      nodes[n].num_children = static_cast<uint32_t>(moves.size());
      return true;
    }

    // Recomputes node n from its children; returns the child to descend to.
    uint32_t Recompute(uint32_t n) {
      Node& node = nodes[n];
      ProofNumber dn = 0, best_dn = kInfinity;
      Score lower = game.MinScore(), upper = game.MinScore();
      uint32_t best = kNone;
      for (uint32_t i = 0; i < node.num_children; ++i) {
        const ChildRef& ref = children.get()[node.first_child + i];
        const ProofState& c = nodes[ref.node].ps;
        lower = std::max<Score>(lower, -c.upper);
        upper = std::max<Score>(upper, -c.lower);
        dn = AddProofNumbers(dn, c.pn);
        if (c.dn < best_dn) {
          best_dn = c.dn;
          best = node.first_child + i;
        }
      }
      node.ps.lower = std::max(node.ps.lower, lower);
      node.ps.upper = std::min(node.ps.upper, upper);
      node.ps.pn = best_dn;
      node.ps.dn = dn;
      if (node.ps.AnsweredBy(node.t)) table.Store(node.key, node.t, node.ps, node.num_children);
      return best;
    }

    // Before a rebuild: the proof numbers of every expanded node go to the
    // table, so that the next tree starts where this one was (a node's
    // pn + dn stands in for the size of its subtree when the table chooses
    // what to keep).
    void SaveExpandedNodes() {
      for (uint64_t i = 0; i < num_nodes; ++i) {
        const Node& n = nodes[i];
        if (n.first_child == kNone || Answered(static_cast<uint32_t>(i))) continue;
        table.Store(n.key, n.t, n.ps, uint64_t{n.ps.pn} + n.ps.dn);
      }
    }

    bool Answered(uint32_t n) const { return nodes[n].ps.pn == 0 || nodes[n].ps.dn == 0; }

    ProofResult Prove(const State& root, Score t) {
      ProofResult r;
      const State start = Representative(root);
      const uint64_t root_key = game.Key(start);
      ClearTree();
      uint32_t root_id = NodeFor(start, root_key, t);
      while (!Answered(root_id)) {
        if (monitor.Visit()) {
          r.stopped = true;
          break;
        }
        // Step 1: down to the most-proving leaf, recomputing on the way.
        path.clear();
        path.push_back(Step{root_id, start});
        while (nodes[path.back().node].first_child != kNone) {
          const uint32_t n = path.back().node;
          const uint32_t ref = Recompute(n);
          if (Answered(n)) break;
          const State next = Representative(game.Play(path.back().state, children.get()[ref].move));
          path.push_back(Step{children.get()[ref].node, next});
        }
        // Step 2: expand it (unless answered on the way down). A full tree
        // is dropped; the search restarts from the root with the table.
        const Step leaf = path.back();
        if (!Answered(leaf.node) && nodes[leaf.node].first_child == kNone &&
            !Expand(leaf.node, leaf.state)) {
          ++rebuilds;
          SaveExpandedNodes();
          ClearTree();
          root_id = NodeFor(start, root_key, t);
          continue;
        }
        // Step 3: update back up the path.
        for (auto it = path.rbegin(); it != path.rend(); ++it) Recompute(it->node);
      }
      r.state = nodes[root_id].ps;
      return r;
    }
  };
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_PNS_H_
