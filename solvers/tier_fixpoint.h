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

// Where the fixpoint's positions live. `Alone`: one process, every parent
// is local (index = tier index). With more ranks (tiered_retrograde.h) the
// peers route an event to a parent another rank owns (Route returns false
// and queues it), and Deliver, called by every rank at the end of every
// level, exchanges the queued events and returns those for this rank's
// positions (local index | kLossEvent when the child is a loss).
namespace tier_fixpoint {

inline constexpr uint64_t kLossEvent = uint64_t{1} << 63;

struct Alone {
  static constexpr bool kAlone = true;
  bool Route(uint64_t p, bool, uint64_t& j) {
    j = p;
    return true;
  }
  std::vector<uint64_t> Deliver() { return {}; }
  uint64_t AllreduceMax(uint64_t v) { return v; }
};

}  // namespace tier_fixpoint

// `e`, `side`: this process's positions of the tier after the scan (decided,
// or undecided with the count of distinct children inside the tier, and each
// undecided position's tier_fixpoint::Side); `pairs`: (child, parent) of the
// moves inside the tier whose child is one of those positions (its local
// index), sorted, the parent as `peers` routes it (consumed). Level by
// level: bucket k holds the positions decided with remoteness k (each once),
// and positions that a child outside the tier, or a delayed loss, may decide
// at level k (flagged kPending). A level first settles its pending positions,
// then tells the parents of its decided ones; those events only reach levels
// above k, so the result does not depend on the order within a level, nor on
// how the positions are spread over ranks.
template <typename Peers>
absl::Status TierFixpoint(uint64_t n, uint16_t* e, const ZeroedArray<uint32_t>& side,
                          std::vector<std::pair<uint64_t, uint64_t>>& pairs, Peers& peers) {
  using namespace tier_fixpoint;
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
  // A child of undecided p settled at `level`: a loss, or not.
  auto apply = [&](uint64_t p, bool loss, int level) {
    const uint16_t v = e[p];
    if (retro::TagOf(v) != retro::kUndecided || retro::LowOf(v) == 0) return;
    if (loss) {
      e[p] = retro::Entry(retro::kWin, level + 1);
      push(level + 1, p);
      return;
    }
    const int left = retro::LowOf(v) - 1;
    e[p] = retro::Entry(retro::kUndecided, left);
    if (left > 0) return;
    const uint32_t sd = side[p];
    if (WinAt(sd) || DrawOut(sd)) return;  // a win to come, or a draw
    const int at = std::max(level + 1, LossAt(sd));
    if (at == level + 1) {
      e[p] = retro::Entry(retro::kLoss, level + 1);
      push(level + 1, p);
    } else {
      push(at, p | kPending);
    }
  };
  for (uint64_t i = 0; i < n; ++i) {
    const uint16_t v = e[i];
    if (v == 0) continue;
    if (retro::TagOf(v) != retro::kUndecided) {
      auto [lo, hi] = parents_of(i);
      if (lo != hi && retro::TagOf(v) != retro::kDraw) push(retro::LowOf(v), i);
    } else if (WinAt(side[i])) {
      push(WinAt(side[i]), i | kPending);
    }
  }
  constexpr uint64_t kSkip = ~uint64_t{0};
  uint64_t levels = peers.AllreduceMax(buckets.size());
  for (size_t k = 0; k < levels; ++k) {
    const int level = static_cast<int>(k);
    if (k < buckets.size()) {
      for (uint64_t& item : buckets[k]) {  // (deciding pushes nothing)
        if (!(item & kPending)) continue;
        const uint64_t i = item & ~kPending;
        item = kSkip;
        if (retro::TagOf(e[i]) != retro::kUndecided) continue;  // decided sooner
        const uint32_t sd = side[i];
        if (WinAt(sd) == level) {
          e[i] = retro::Entry(retro::kWin, level);
        } else if (retro::LowOf(e[i]) == 0 && !WinAt(sd) && !DrawOut(sd)) {
          e[i] = retro::Entry(retro::kLoss, level);
        } else {
          continue;
        }
        item = i;
      }
      for (size_t j = 0; j < buckets[k].size(); ++j) {  // (apply may grow `buckets`)
        const uint64_t i = buckets[k][j];
        if (i == kSkip) continue;
        const bool loss = retro::TagOf(e[i]) == retro::kLoss;
        auto [lo, hi] = parents_of(i);
        for (auto it = lo; it != hi; ++it) {
          uint64_t p;
          if (peers.Route(it->second, loss, p)) apply(p, loss, level);
        }
      }
      buckets[k] = std::vector<uint64_t>();
    }
    if constexpr (Peers::kAlone) {
      levels = buckets.size();
    } else {
      for (uint64_t ev : peers.Deliver()) apply(ev & ~kLossEvent, (ev & kLossEvent) != 0, level);
      levels = peers.AllreduceMax(buckets.size());
    }
  }
  if (peers.AllreduceMax(overflow ? 1 : 0))
    return absl::OutOfRangeError(
        absl::StrCat("remoteness above ", retro::kMaxRemoteness, ": the table cannot store it"));
  return absl::OkStatus();
}

// One process: `edges` holds (child, parent) tier index pairs, flattened
// (consumed).
inline absl::Status TierFixpoint(uint64_t size, uint16_t* e, const ZeroedArray<uint32_t>& side,
                                 std::vector<uint64_t>& edges) {
  const uint64_t num = edges.size() / 2;
  std::vector<std::pair<uint64_t, uint64_t>> pairs(num);
  for (uint64_t k = 0; k < num; ++k) pairs[k] = {edges[2 * k], edges[2 * k + 1]};
  edges = std::vector<uint64_t>();
  std::sort(pairs.begin(), pairs.end());
  tier_fixpoint::Alone alone;
  return TierFixpoint(size, e, side, pairs, alone);
}

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_TIER_FIXPOINT_H_
