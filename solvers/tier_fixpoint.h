#ifndef GAMEBENCH_SOLVERS_TIER_FIXPOINT_H_
#define GAMEBENCH_SOLVERS_TIER_FIXPOINT_H_

// The fixpoint of a loopy tier (solvers/tiered_retrograde.h, step 3): the
// positions with moves inside their own tier, settled level by level over
// those moves, the children outside the tier entering at the level of their
// remoteness, so that every entry (value and remoteness) is the dense
// solver's (retrograde_engine.h).

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/zeroed_array.h"
#include "solvers/retrograde_table.h"

namespace gamebench {

namespace tier_fixpoint {

inline constexpr uint64_t kPending = uint64_t{1} << 63;  // bucket item flag

// Side data of a position with moves inside its tier: the level at which
// a child outside the tier makes it a win (least loss remoteness + 1; 0:
// none), the least level at which it can be a loss (largest outside win
// remoteness + 1), and whether a child outside is a draw.
inline uint32_t Side(int win_at, int loss_at, bool draw) {
  return static_cast<uint32_t>(win_at) | static_cast<uint32_t>(loss_at) << 15 |
         (draw ? uint32_t{1} << 30 : 0);
}
inline int WinAt(uint32_t s) { return s & 0x7FFF; }
inline int LossAt(uint32_t s) { return (s >> 15) & 0x7FFF; }
inline bool DrawOut(uint32_t s) { return s >> 30 & 1; }

}  // namespace tier_fixpoint

// `e`: the tier's entries after the scan (decided, or undecided with the
// count of distinct children inside the tier); `side`: each undecided
// position's tier_fixpoint::Side; `edges`: (child, parent) index pairs of the
// moves inside the tier, flattened (consumed). Level by level: bucket k holds
// the positions decided with remoteness k (each once), and positions that a
// child outside the tier, or a delayed loss, may decide at level k (flagged
// kPending, checked when their level comes).
inline absl::Status TierFixpoint(uint64_t size, uint16_t* e, const ZeroedArray<uint32_t>& side,
                                 std::vector<uint64_t>& edges) {
  using namespace tier_fixpoint;
  const uint64_t num = edges.size() / 2;
  std::vector<std::pair<uint64_t, uint64_t>> pairs(num);
  for (uint64_t k = 0; k < num; ++k) pairs[k] = {edges[2 * k], edges[2 * k + 1]};
  edges = std::vector<uint64_t>();
  std::sort(pairs.begin(), pairs.end());
  auto parents_of = [&](uint64_t c) {
    auto lo = std::lower_bound(pairs.begin(), pairs.end(), std::make_pair(c, uint64_t{0}));
    auto hi = lo;
    while (hi != pairs.end() && hi->first == c) ++hi;
    return std::make_pair(lo, hi);
  };
  std::vector<std::vector<uint64_t>> buckets;
  bool overflow = false;
  auto push = [&](int level, uint64_t item) {
    if (level > retro::kMaxRemoteness) {
      overflow = true;
      return;
    }
    if (static_cast<size_t>(level) >= buckets.size()) buckets.resize(level + 1);
    buckets[level].push_back(item);
  };
  for (uint64_t i = 0; i < size; ++i) {
    const uint16_t v = e[i];
    if (v == 0) continue;
    if (retro::TagOf(v) != retro::kUndecided) {
      auto [lo, hi] = parents_of(i);
      if (lo != hi && retro::TagOf(v) != retro::kDraw) push(retro::LowOf(v), i);
    } else if (WinAt(side[i])) {
      push(WinAt(side[i]), i | kPending);
    }
  }
  for (size_t k = 0; k < buckets.size(); ++k) {
    for (size_t j = 0; j < buckets[k].size(); ++j) {
      const uint64_t item = buckets[k][j];
      const uint64_t i = item & ~kPending;
      const int level = static_cast<int>(k);
      if (item & kPending) {
        if (retro::TagOf(e[i]) != retro::kUndecided) continue;  // decided sooner
        const uint32_t sd = side[i];
        if (WinAt(sd) == level) {
          e[i] = retro::Entry(retro::kWin, level);
        } else if (retro::LowOf(e[i]) == 0 && !WinAt(sd) && !DrawOut(sd)) {
          e[i] = retro::Entry(retro::kLoss, level);
        } else {
          continue;
        }
      }
      const bool loss = retro::TagOf(e[i]) == retro::kLoss;
      auto [lo, hi] = parents_of(i);
      for (auto it = lo; it != hi; ++it) {
        const uint64_t p = it->second;
        const uint16_t v = e[p];
        if (retro::TagOf(v) != retro::kUndecided || retro::LowOf(v) == 0) continue;
        if (loss) {
          e[p] = retro::Entry(retro::kWin, level + 1);
          push(level + 1, p);
          continue;
        }
        const int left = retro::LowOf(v) - 1;
        e[p] = retro::Entry(retro::kUndecided, left);
        if (left > 0) continue;
        const uint32_t sd = side[p];
        if (WinAt(sd) || DrawOut(sd)) continue;  // a win to come, or a draw
        const int at = std::max(level + 1, LossAt(sd));
        if (at == level + 1) {
          e[p] = retro::Entry(retro::kLoss, level + 1);
          push(level + 1, p);
        } else {
          push(at, p | kPending);
        }
      }
    }
    buckets[k] = std::vector<uint64_t>();
  }
  if (overflow)
    return absl::OutOfRangeError(
        absl::StrCat("remoteness above ", retro::kMaxRemoteness, ": the table cannot store it"));
  return absl::OkStatus();
}

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_TIER_FIXPOINT_H_
