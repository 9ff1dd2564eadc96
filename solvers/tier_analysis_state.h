#ifndef GAMEBENCH_SOLVERS_TIER_ANALYSIS_STATE_H_
#define GAMEBENCH_SOLVERS_TIER_ANALYSIS_STATE_H_

// What the passes of one tiered analysis (solvers/tiered_retrograde.h)
// share: the game and its tier graph, this rank and the communicator, its
// files, the first error, the exchange's outboxes, the memory left for
// loopy tiers, the progress line, and what the forward pass found (the
// reachable positions per tier); with the scan helpers both passes use.

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <type_traits>
#include <vector>

#include "core/game.h"
#include "core/move_list.h"
#include "core/parallel.h"
#include "core/progress.h"
#include "solvers/tier_errors.h"
#include "solvers/tier_exchange.h"
#include "solvers/tier_graph.h"
#include "solvers/tier_memory.h"
#include "solvers/tier_share_files.h"
#include "solvers/tiered_options.h"
#include "tbb/blocked_range.h"

namespace gamebench::tiered {

using WordRange = tbb::blocked_range<uint64_t>;

template <Tiered G, typename Comm>
struct AnalysisState {
  using State = typename G::State;

  AnalysisState(const G& g, const TieredOptions& o, Comm& c)
      : game(g),
        options(o),
        comm(c),
        rank(c.rank()),
        ranks(c.size()),
        files(o.dir, g.CanonicalSpec(), o.partition, c.rank(), c.size()),
        outboxes(c.size()),
        fixpoint_budget(g, o.memory_bytes, c.size()),
        progress(o.progress && c.rank() == 0) {}

  const G& game;
  const TieredOptions& options;
  Comm& comm;
  const int rank, ranks;  // this rank, and how many
  TierGraph graph;
  ShareFiles files;
  FirstError errors;
  Outboxes outboxes;
  FixpointBudget fixpoint_budget;
  Progress progress;
  std::mutex progress_mutex;
  std::vector<uint64_t> reachable;  // positions per tier, all ranks (the forward pass)

  int num_tiers() const { return graph.num_tiers(); }

  // Records a failed status (the passes check errors at their collectives).
  void FailWith(const absl::Status& status) { errors.Fail(std::string(status.message())); }

  void ReportProgress(uint64_t done) {
    if (progress.enabled() && progress_mutex.try_lock()) {
      progress.Update(done);
      progress_mutex.unlock();
    }
  }

  // fn(s, c, tier of c) for every move s -> c of position `index` of `tier`,
  // unless s is terminal.
  template <typename Fn>
  void ForEachChild(int tier, uint64_t index, MoveListOf<G>& moves, Fn&& fn) const {
    const State s = game.TierUnindex(tier, index);
    if (game.Terminal(s)) return;
    moves.clear();
    game.GenerateMoves(s, moves);
    for (auto m : moves) {
      const State c = game.Play(s, m);
      fn(s, c, game.TierOf(c));
    }
  }

  // The tier index of this rank's local index `local`; `One` is
  // std::true_type when this is the only rank (the partition is the identity).
  template <typename One>
  uint64_t GlobalIndex(const TierPartition& part, uint64_t local, One) const {
    if constexpr (One::value) return local;
    return part.Global(rank, local);
  }

  // Runs scan(range, one) over the local words [begin, end) in parallel,
  // `one` std::true_type when this is the only rank, so that the loop of a
  // single process has no owner tests in it.
  template <typename Scan>
  void ForBatch(uint64_t begin, uint64_t end, Scan& scan) {
    if (ranks == 1) {
      ParallelFor(WordRange(begin, end, 64),
                  [&](const WordRange& r) { scan(r, std::true_type{}); });
    } else {
      ParallelFor(WordRange(begin, end, 64),
                  [&](const WordRange& r) { scan(r, std::false_type{}); });
    }
  }
};

// Sets bit i of a bitmap that other threads set bits of too.
inline void SetBit(uint64_t* bits, uint64_t i) {
  std::atomic_ref<uint64_t>(bits[i >> 6])
      .fetch_or(uint64_t{1} << (i & 63), std::memory_order_relaxed);
}

}  // namespace gamebench::tiered

#endif  // GAMEBENCH_SOLVERS_TIER_ANALYSIS_STATE_H_
