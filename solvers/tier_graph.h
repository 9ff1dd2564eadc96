#ifndef GAMEBENCH_SOLVERS_TIER_GRAPH_H_
#define GAMEBENCH_SOLVERS_TIER_GRAPH_H_

// The tiers of a Tiered game (core/game.h) as the tiered analysis
// (solvers/tiered_retrograde.h) walks them: which tiers each tier's moves
// may reach (ChildTiers, always later tiers), the lowest tier that reaches
// each tier (below it the tier's values are not needed any more), and how
// each tier is split over the ranks (solvers/tier_partition.h).

#include <algorithm>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "solvers/tier_partition.h"

namespace gamebench::tiered {

class TierGraph {
 public:
  // An error when ChildTiers lists a tier that is not a later one.
  template <Tiered G>
  absl::Status Build(const G& game, TierPartitionKind partition, int ranks) {
    num_tiers_ = game.NumTiers();
    lowest_parent_.assign(num_tiers_, num_tiers_);
    is_child_.assign(num_tiers_, std::vector<char>(num_tiers_, 0));
    for (int tier = 0; tier < num_tiers_; ++tier) {
      partitions_.emplace_back(partition, game.TierSize(tier), ranks);
      std::vector<int> children;
      game.ChildTiers(tier, children);
      for (int child : children) {
        if (child <= tier || child >= num_tiers_)
          return absl::InternalError(absl::StrCat(game.CanonicalSpec(), ": ChildTiers(", tier,
                                                  ") lists tier ", child, ", not a later tier"));
        is_child_[tier][child] = 1;
        lowest_parent_[child] = std::min(lowest_parent_[child], tier);
      }
    }
    start_tier_ = game.TierOf(game.Start());
    return absl::OkStatus();
  }

  int num_tiers() const { return num_tiers_; }
  int start_tier() const { return start_tier_; }
  const TierPartition& partition(int tier) const { return partitions_[tier]; }
  // Whether a move from `tier` may lead to tier `child` (ChildTiers lists it).
  bool IsChild(int tier, int child) const {
    return child >= 0 && child < num_tiers_ && is_child_[tier][child] != 0;
  }
  // Whether a move from `tier` may lead to tier `to`: itself, or a child.
  bool MoveAllowed(int tier, int to) const { return to == tier || IsChild(tier, to); }
  // The lowest tier whose moves reach `tier` (num_tiers() when none does).
  int LowestParent(int tier) const { return lowest_parent_[tier]; }

 private:
  int num_tiers_ = 0;
  int start_tier_ = 0;
  std::vector<TierPartition> partitions_;
  std::vector<int> lowest_parent_;
  std::vector<std::vector<char>> is_child_;
};

// The message for a move that leaves the tier order.
template <Tiered G>
std::string MoveOutOfOrder(const G& game, const typename G::State& s, int from, int to) {
  return absl::StrCat(game.CanonicalSpec(), ": the move from ", game.FormatState(s), " (tier ",
                      from, ") goes to tier ", to,
                      to < from ? ", an earlier tier" : ", which ChildTiers does not list",
                      ": the game's tiers are not ordered");
}

}  // namespace gamebench::tiered

#endif  // GAMEBENCH_SOLVERS_TIER_GRAPH_H_
