#ifndef GAMEBENCH_SOLVERS_TIER_BACKWARD_PASS_H_
#define GAMEBENCH_SOLVERS_TIER_BACKWARD_PASS_H_

// The backward pass of a tiered analysis (solvers/tiered_retrograde.h,
// steps 2 and 3): the values, tiers in decreasing order. Each tier is
// solved (solvers/tier_solve.h) or, when a previous run finished it, loaded
// (solvers/tier_resume.h); then its checksum is taken, and the child tiers
// no lower tier reaches are dropped from memory. Each rank holds its shares
// of the tier being solved and of the child tiers still needed.

#include <algorithm>
#include <csignal>
#include <cstdint>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/progress.h"
#include "core/zeroed_array.h"
#include "solvers/tier_analysis_state.h"
#include "solvers/tier_cache.h"
#include "solvers/tier_checksum.h"
#include "solvers/tier_resume.h"
#include "solvers/tier_solve.h"
#include "solvers/tiered_options.h"

namespace gamebench::tiered {

template <Tiered G, typename Comm>
class BackwardPass {
 public:
  explicit BackwardPass(AnalysisState<G, Comm>& run) : run_(run), solver_(run, held_) {}

  // Fills result's tiers, root entry, tiers_resumed and backward_seconds.
  absl::Status Run(TieredResult& result) {
    Stopwatch watch;
    const int start_tier = run_.graph.start_tier();
    for (int tier = run_.num_tiers() - 1; tier >= start_tier; --tier) {
      if (run_.reachable[tier] == 0) continue;
      const TierPartition& part = run_.graph.partition(tier);
      TierSummary summary;
      summary.tier = tier;
      summary.size = part.size();
      ZeroedArray<uint16_t> entries;  // this rank's share
      if (TierFinished(run_.comm, run_.files, tier)) {
        if (auto st = Load(tier, entries, summary); !st.ok()) return st;
        ++result.tiers_resumed;
      } else {
        if (auto st = solver_.Solve(tier, entries, summary); !st.ok()) return st;
        ++solved_;
      }
      if (summary.positions != run_.reachable[tier])
        return absl::InternalError(absl::StrCat("tier ", tier, ": ", summary.positions,
                                                " positions solved, ", run_.reachable[tier],
                                                " reached"));
      summary.checksum = TierChecksum(run_.comm, part, entries);
      if (tier == start_tier) {
        const uint64_t start_index = run_.game.TierIndex(run_.game.Start());
        result.root_entry = static_cast<uint16_t>(run_.comm.AllreduceMax(
            part.Owner(start_index) == run_.rank ? entries[part.Local(start_index)] : 0));
      }
      result.tiers.push_back(summary);
      held_.Keep(tier, std::move(entries));
      // Tiers no tier below this one reaches are not needed any more.
      held_.DropIf([&](int held) { return run_.graph.LowestParent(held) >= tier; });
      if (!summary.resumed && run_.options.kill_after_tiers > 0 &&
          solved_ == run_.options.kill_after_tiers)
        std::raise(SIGKILL);  // test hook: a crash right after this tier is on disk
    }
    std::reverse(result.tiers.begin(), result.tiers.end());
    result.backward_seconds = watch.Seconds();
    return absl::OkStatus();
  }

 private:
  // A tier a previous run finished: this rank's share and the counts.
  absl::Status Load(int tier, ZeroedArray<uint16_t>& entries, TierSummary& summary) {
    auto h = run_.files.LoadValues(tier, run_.graph.partition(tier), entries);
    if (!h.ok()) run_.FailWith(h.status());
    if (auto st = run_.errors.Check(run_.comm); !st.ok()) return st;
    summary.positions = run_.comm.AllreduceSum(h->positions);
    summary.wins = run_.comm.AllreduceSum(h->wins);
    summary.losses = run_.comm.AllreduceSum(h->losses);
    summary.draws = run_.comm.AllreduceSum(h->draws);
    summary.resumed = true;
    return absl::OkStatus();
  }

  AnalysisState<G, Comm>& run_;
  TierCache held_;
  TierSolver<G, Comm> solver_;
  int solved_ = 0;  // tiers this run solved (for the kill hook)
};

}  // namespace gamebench::tiered

#endif  // GAMEBENCH_SOLVERS_TIER_BACKWARD_PASS_H_
