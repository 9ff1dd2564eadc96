#ifndef GAMEBENCH_SOLVERS_TIER_FORWARD_PASS_H_
#define GAMEBENCH_SOLVERS_TIER_FORWARD_PASS_H_

// The forward pass of a tiered analysis (solvers/tiered_retrograde.h, step
// 1): the reachable positions, as one bitmap per tier, tiers in increasing
// order from the start's tier. Inside a tier the reachable set is closed
// under the moves that stay in it (rounds until no rank finds anything
// new); moves to child tiers mark those tiers' bitmaps. Each finished
// bitmap goes to disk; only the current tier's and its pending child tiers'
// stay in memory. With more ranks, each holds its share of every bitmap and
// sends the marks of positions another rank owns to their owner, one
// exchange per batch (solvers/tier_exchange.h). A rerun finds a finished
// pass on disk and reads its counts (solvers/tier_resume.h).

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/move_list.h"
#include "core/progress.h"
#include "core/zeroed_array.h"
#include "solvers/tier_analysis_state.h"
#include "solvers/tier_exchange.h"
#include "solvers/tier_resume.h"
#include "solvers/tiered_options.h"

namespace gamebench::tiered {

template <Tiered G, typename Comm>
class ForwardPass {
 public:
  using State = typename G::State;

  explicit ForwardPass(AnalysisState<G, Comm>& run)
      : run_(run), pending_(run.num_tiers()), active_(run.num_tiers(), 0) {}

  // Fills run.reachable; result gets forward_resumed and forward_seconds.
  absl::Status Run(TieredResult& result) {
    Stopwatch watch;
    const int tiers = run_.num_tiers();
    run_.reachable.assign(tiers, 0);
    if (ForwardFinished(run_.comm, run_.files)) {
      if (auto st = run_.files.LoadForward(tiers, run_.reachable); !st.ok()) run_.FailWith(st);
      if (auto st = run_.errors.Check(run_.comm); !st.ok()) return st;
      result.forward_resumed = true;
      result.forward_seconds = watch.Seconds();
      return run_.errors.Check(run_.comm);
    }
    const int start_tier = run_.graph.start_tier();
    Activate(start_tier);
    const TierPartition& start_part = run_.graph.partition(start_tier);
    const uint64_t start_index = run_.game.TierIndex(run_.game.Start());
    if (start_part.Owner(start_index) == run_.rank)
      SetBit(pending_[start_tier].data(), start_part.Local(start_index));
    for (int tier = start_tier; tier < tiers; ++tier) {
      if (!active_[tier]) continue;
      for (int child = tier + 1; child < tiers; ++child)
        if (run_.graph.IsChild(tier, child)) Activate(child);
      if (auto st = ReachTier(tier); !st.ok()) return st;
    }
    if (auto st = run_.files.SaveForward(run_.reachable); !st.ok()) run_.FailWith(st);
    result.forward_seconds = watch.Seconds();
    return run_.errors.Check(run_.comm);
  }

 private:
  // This rank's share of the reach bitmap of a tier a finished tier's moves
  // lead to.
  void Activate(int tier) {
    if (active_[tier]) return;
    active_[tier] = 1;
    pending_[tier] = ZeroedArray<uint64_t>(run_.graph.partition(tier).LocalWords(run_.rank));
  }

  // Marks a position of tier `to` (the tier being reached, or a child tier)
  // given by its index: here, or in the outbox of its owner.
  template <typename One>
  void Mark(int to, uint64_t index, One) {
    if constexpr (One::value) {  // (the partition is the identity)
      SetBit(pending_[to].data(), index);
      return;
    }
    const TierPartition& part = run_.graph.partition(to);
    const int owner = part.Owner(index);
    if (owner == run_.rank) {
      SetBit(pending_[to].data(), part.Local(index));
    } else {
      run_.outboxes.To(owner).push_back(Key(to, index));
    }
  }

  // The marks other ranks found for this rank's positions (collective).
  void ReceiveMarks(int tier) {
    std::vector<uint64_t> from;
    for (uint64_t key : run_.comm.Alltoallv(run_.outboxes.Take(false), from)) {
      const int to = KeyTier(key);
      const uint64_t index = KeyIndex(key);
      if (to < tier || to >= run_.num_tiers() || !active_[to] ||
          run_.graph.partition(to).Owner(index) != run_.rank) {
        run_.errors.Fail(absl::StrCat("tier ", tier, ": another rank sent a mark for tier ", to,
                                      " index ", index, ", which this rank does not own"));
        continue;
      }
      SetBit(pending_[to].data(), run_.graph.partition(to).Local(index));
    }
  }

  // Closes `tier`'s reachable set, marks its children, and writes its share.
  absl::Status ReachTier(int tier) {
    const TierPartition& part = run_.graph.partition(tier);
    const uint64_t words = part.LocalWords(run_.rank);
    uint64_t* bits = pending_[tier].data();
    ZeroedArray<uint64_t> seen(words);
    run_.progress.Phase(absl::StrCat("tiers: reach tier ", tier, " of ", run_.num_tiers() - 1));
    std::atomic<uint64_t> done{0};
    // Rounds until no rank finds a new position in this tier.
    for (;;) {
      uint64_t batch = 0;
      const uint64_t batches = Batches(run_.comm, words, batch);
      for (uint64_t k = 0; k < batches; ++k) {
        const uint64_t begin = std::min(words, k * batch), end = std::min(words, begin + batch);
        auto scan = [&](const WordRange& range, auto one) {
          uint64_t scanned = 0;
          MoveListOf<G> moves;
          for (uint64_t w = range.begin(); w != range.end(); ++w) {
            const uint64_t todo =
                std::atomic_ref<uint64_t>(bits[w]).load(std::memory_order_relaxed) & ~seen[w];
            if (!todo) continue;
            seen[w] |= todo;
            for (uint64_t b = todo; b; b &= b - 1, ++scanned) {
              const uint64_t index = run_.GlobalIndex(part, w * 64 + std::countr_zero(b), one);
              run_.ForEachChild(tier, index, moves, [&](const State& s, const State& c, int to) {
                if (!run_.graph.MoveAllowed(tier, to)) {
                  run_.errors.Fail(MoveOutOfOrder(run_.game, s, tier, to));
                  return;
                }
                Mark(to, run_.game.TierIndex(c), one);
              });
            }
          }
          run_.ReportProgress(done.fetch_add(scanned) + scanned);
        };
        run_.ForBatch(begin, end, scan);
        if (run_.ranks > 1) ReceiveMarks(tier);
      }
      if (auto st = run_.errors.Check(run_.comm); !st.ok()) return st;
      // New positions of this rank's share (found here or by another rank).
      uint64_t found = 0;
      for (uint64_t w = 0; w < words; ++w) found += std::popcount(bits[w] & ~seen[w]);
      if (run_.comm.AllreduceSum(found) == 0) break;
    }
    uint64_t mine = 0;
    for (uint64_t w = 0; w < words; ++w) mine += std::popcount(bits[w]);
    run_.reachable[tier] = run_.comm.AllreduceSum(mine);
    if (auto st = run_.files.SaveReach(tier, part, bits, words, mine); !st.ok()) run_.FailWith(st);
    if (auto st = run_.errors.Check(run_.comm); !st.ok()) return st;
    pending_[tier] = ZeroedArray<uint64_t>();
    return absl::OkStatus();
  }

  AnalysisState<G, Comm>& run_;
  std::vector<ZeroedArray<uint64_t>> pending_;  // this rank's shares of the reach bitmaps
  std::vector<char> active_;                    // tiers some reached tier's moves lead to
};

}  // namespace gamebench::tiered

#endif  // GAMEBENCH_SOLVERS_TIER_FORWARD_PASS_H_
