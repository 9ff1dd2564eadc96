#ifndef GAMEBENCH_SOLVERS_TIER_PARTITION_H_
#define GAMEBENCH_SOLVERS_TIER_PARTITION_H_

// How a tier's index range [0, size) is split over R ranks for the tiered
// analysis (solvers/tiered_retrograde.h). The unit is a block of 64 indices,
// one word of the reach bitmap, so a rank's share of a bitmap is whole words.
// Each rank stores its share densely: local index j, 0 <= j < LocalSize(r).
//
//   kRange: rank r owns the blocks [B*r/R, B*(r+1)/R) of the tier's B
//           blocks: one contiguous run, local index = index - Begin(r).
//   kHash:  the blocks go in groups of R consecutive blocks; in group g the
//           block at position p goes to rank (p + Mix(g)) mod R. Every rank
//           owns one block of each full group (balanced by construction), the
//           owner of a block is a hash, not its neighbourhood; local index =
//           64 g + (index mod 64).
//
// With one rank both are the identity. Which is better is measured in
// docs/scaling.md (traffic: children owned by other ranks; balance).

#include <algorithm>
#include <cstdint>
#include <string_view>

namespace gamebench {

enum class TierPartitionKind : uint64_t { kRange = 0, kHash = 1 };

inline const char* TierPartitionName(TierPartitionKind k) {
  return k == TierPartitionKind::kHash ? "hash" : "range";
}

class TierPartition {
 public:
  TierPartition(TierPartitionKind kind, uint64_t size, int ranks)
      : kind_(kind), size_(size), ranks_(static_cast<uint64_t>(ranks)), blocks_((size + 63) / 64) {}

  TierPartitionKind kind() const { return kind_; }
  uint64_t size() const { return size_; }

  int Owner(uint64_t i) const {
    const uint64_t b = i >> 6;
    if (kind_ == TierPartitionKind::kHash) return static_cast<int>((b % ranks_ + Rot(b / ranks_)) % ranks_);
    uint64_t r = std::min(ranks_ - 1, b * ranks_ / std::max<uint64_t>(blocks_, 1));
    while (r + 1 < ranks_ && FirstBlock(r + 1) <= b) ++r;
    while (r > 0 && FirstBlock(r) > b) --r;
    return static_cast<int>(r);
  }
  // The index within its owner's share.
  uint64_t Local(uint64_t i) const {
    if (kind_ == TierPartitionKind::kHash) return ((i >> 6) / ranks_) << 6 | (i & 63);
    return i - (FirstBlock(static_cast<uint64_t>(Owner(i))) << 6);
  }
  // The tier index of rank r's local index j (>= size() for the padding of a
  // hash share's last block).
  uint64_t Global(int r, uint64_t j) const {
    if (kind_ == TierPartitionKind::kHash) {
      const uint64_t g = j >> 6;
      const uint64_t p = (static_cast<uint64_t>(r) + ranks_ - Rot(g)) % ranks_;
      return (g * ranks_ + p) << 6 | (j & 63);
    }
    return (FirstBlock(static_cast<uint64_t>(r)) << 6) + j;
  }
  // Bitmap words of rank r's share.
  uint64_t LocalWords(int r) const {
    const uint64_t ur = static_cast<uint64_t>(r);
    if (kind_ == TierPartitionKind::kHash) {
      const uint64_t full = blocks_ / ranks_, rest = blocks_ % ranks_;
      return full + ((ur + ranks_ - Rot(full)) % ranks_ < rest ? 1 : 0);
    }
    return FirstBlock(ur + 1) - FirstBlock(ur);
  }
  // Entries of rank r's share (a range share ends at size(); a hash share is
  // whole blocks).
  uint64_t LocalSize(int r) const {
    if (kind_ == TierPartitionKind::kHash) return LocalWords(r) * 64;
    const uint64_t ur = static_cast<uint64_t>(r);
    return std::min(size_, FirstBlock(ur + 1) * 64) - std::min(size_, FirstBlock(ur) * 64);
  }
  // A range share's first index (0 for a hash share).
  uint64_t Begin(int r) const {
    return kind_ == TierPartitionKind::kHash
               ? 0
               : std::min(size_, FirstBlock(static_cast<uint64_t>(r)) * 64);
  }

 private:
  uint64_t FirstBlock(uint64_t r) const { return blocks_ * r / ranks_; }
  uint64_t Rot(uint64_t g) const {
    uint64_t x = g + 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return (x ^ (x >> 31)) % ranks_;
  }

  TierPartitionKind kind_;
  uint64_t size_, ranks_, blocks_;
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_TIER_PARTITION_H_
