#ifndef GAMEBENCH_SOLVERS_TIER_CACHE_H_
#define GAMEBENCH_SOLVERS_TIER_CACHE_H_

// The tiers' values one rank of a tiered analysis (solvers/tiered_retrograde.h)
// holds in memory during the backward pass: its shares of the tiers solved
// or loaded that a tier still to solve may reach. The backward pass drops a
// tier once no lower tier reaches it, so only the tier being solved and its
// child tiers stay.

#include <cstdint>
#include <utility>
#include <vector>

#include "core/zeroed_array.h"

namespace gamebench::tiered {

class TierCache {
 public:
  // This rank's share of `tier`, or nullptr when it is not held.
  const ZeroedArray<uint16_t>* Find(int tier) const {
    for (const auto& held : tiers_)
      if (held.first == tier) return &held.second;
    return nullptr;
  }
  void Keep(int tier, ZeroedArray<uint16_t> entries) {
    tiers_.emplace_back(tier, std::move(entries));
  }
  // Drops the tiers for which drop(tier) holds.
  template <typename Drop>
  void DropIf(Drop&& drop) {
    std::erase_if(tiers_, [&](const auto& held) { return drop(held.first); });
  }

 private:
  std::vector<std::pair<int, ZeroedArray<uint16_t>>> tiers_;
};

}  // namespace gamebench::tiered

#endif  // GAMEBENCH_SOLVERS_TIER_CACHE_H_
