#ifndef GAMEBENCH_SOLVERS_TIER_MEMORY_H_
#define GAMEBENCH_SOLVERS_TIER_MEMORY_H_

// The memory of a tiered analysis (solvers/tiered_retrograde.h) against its
// budget (--memory): what the tiers need is known before the run, and a run
// that would not fit is refused at once; what a loopy tier's fixpoint needs
// is known only while its moves are scanned, so the scan charges them as it
// goes and the run stops, its finished tiers on disk, instead of exceeding
// the budget.

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/memory.h"
#include "solvers/tier_exchange.h"

namespace gamebench::tiered {

// Bytes one of `ranks` ranks needs at its peak: its share of the largest
// tier's entries and bitmap with its shares of that tier's child tiers'
// entries, and with more than one rank the exchange buffers of a batch. A
// loopy tier's fixpoint comes on top, for the rank's share only: 4 bytes a
// position of side data and 16 an in-tier move (32 while the moves go to
// their children's owners); only Dodgem has loopy tiers. How many moves stay
// inside a tier is known only during its scan, so the scan itself checks
// them against what the budget leaves (FixpointBudget).
template <Tiered G>
uint64_t MemoryNeeded(const G& game, int ranks = 1) {
  uint64_t peak = 0;
  std::vector<int> children;
  auto add = [](uint64_t a, uint64_t b) { return a > ~uint64_t{0} - b ? ~uint64_t{0} : a + b; };
  auto times = [](uint64_t a, uint64_t k) { return a > ~uint64_t{0} / k ? ~uint64_t{0} : a * k; };
  const uint64_t ranks64 = static_cast<uint64_t>(ranks);
  auto share = [&](uint64_t size) { return (size + ranks64 - 1) / ranks64 + 64; };
  for (int tier = 0; tier < game.NumTiers(); ++tier) {
    children.clear();
    game.ChildTiers(tier, children);
    const uint64_t size = share(game.TierSize(tier));
    uint64_t need = add(times(size, 2), size / 8 + 8);
    for (int child : children) need = add(need, times(share(game.TierSize(child)), 2));
    peak = std::max(peak, need);
  }
  if (ranks > 1) peak = add(peak, kBatchWords * 64 * G::kMaxMoves * 8 * 3);
  return peak;
}

// Refuses, with the estimate, an analysis whose largest tier would not fit
// in one rank's memory.
template <Tiered G>
absl::Status CheckMemory(const G& game, uint64_t budget_bytes, int ranks = 1) {
  const uint64_t budget = budget_bytes ? budget_bytes : DefaultMemoryBudget();
  const uint64_t need = MemoryNeeded(game, ranks);
  if (need > budget)
    return absl::ResourceExhaustedError(absl::StrCat(
        "tiered retrograde analysis of ", game.CanonicalSpec(), " needs about ",
        need == ~uint64_t{0} ? std::string("more than 16 EiB") : FormatBytes(need),
        ranks > 1 ? absl::StrCat(" per rank (of ", ranks, ")") : std::string(),
        " for its largest tier and that tier's child tiers (2 bytes per indexed position), "
        "over the memory budget of ",
        FormatBytes(budget), " (--memory)"));
  return absl::OkStatus();
}

// What the budget leaves beside the tiers for a loopy tier's fixpoint: its
// side data (4 bytes a position of the share) and its in-tier moves, 16
// bytes each, counted 4 times (vectors grow by doubling, and the per-thread
// lists are copied into one) and 2 more with other ranks (the moves travel
// to their children's owners).
class FixpointBudget {
 public:
  template <Tiered G>
  FixpointBudget(const G& game, uint64_t budget_bytes, int ranks) : ranks_(ranks) {
    const uint64_t budget = budget_bytes ? budget_bytes : DefaultMemoryBudget();
    const uint64_t need = MemoryNeeded(game, ranks);
    left_ = budget > need ? budget - need : 0;
  }

  // Whether the fixpoint of a tier with `share` positions on this rank and
  // `moves` in-tier moves so far fits.
  bool Fits(uint64_t share, uint64_t moves) const {
    return 4 * share + moves * 16 * (ranks_ > 1 ? 6 : 4) <= left_;
  }
  uint64_t left() const { return left_; }

 private:
  int ranks_;
  uint64_t left_ = 0;
};

}  // namespace gamebench::tiered

#endif  // GAMEBENCH_SOLVERS_TIER_MEMORY_H_
