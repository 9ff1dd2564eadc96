#ifndef GAMEBENCH_SOLVERS_TIER_SHARE_FILES_H_
#define GAMEBENCH_SOLVERS_TIER_SHARE_FILES_H_

// One rank's files of a tiered analysis (solvers/tiered_retrograde.h): its
// shards (the format and the names are solvers/tier_files.h) of each tier's
// reachable positions and values, and the forward pass's counts, written and
// read back with headers that say whose share of which tier they hold, so
// that a shard of another game, tier, rank or partition is refused.

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/zeroed_array.h"
#include "solvers/tier_files.h"
#include "solvers/tier_partition.h"

namespace gamebench::tiered {

class ShareFiles {
 public:
  ShareFiles(std::string dir, std::string game, TierPartitionKind partition, int rank, int ranks)
      : dir_(std::move(dir)),
        game_(std::move(game)),
        partition_(partition),
        rank_(rank),
        ranks_(ranks) {}

  const std::string& dir() const { return dir_; }
  std::string Path(TierFileKind kind, int tier) const { return PathOf(kind, tier, rank_); }
  // The path of rank `rank`'s shard (to see whether every rank's exists).
  std::string PathOf(TierFileKind kind, int tier, int rank) const {
    return TierFilePath(dir_, kind, tier, rank, ranks_);
  }

  // The reachable positions of this rank's share of `tier`: `words` bitmap
  // words, `positions` of them set.
  absl::Status SaveReach(int tier, const TierPartition& part, const uint64_t* bits, uint64_t words,
                         uint64_t positions) const {
    TierShardHeader h = ShareHeader(TierFileKind::kReach, tier, part);
    h.positions = positions;
    return SaveTierShard(Path(TierFileKind::kReach, tier), h, bits, words * 8);
  }
  // Returns the header; `bitmap` gets the share's words (as bytes).
  absl::StatusOr<TierShardHeader> LoadReach(int tier, uint64_t tier_size,
                                            std::vector<char>& bitmap) const {
    return LoadTierShard(Path(TierFileKind::kReach, tier),
                         Header(TierFileKind::kReach, tier, tier_size), bitmap);
  }

  // The values of this rank's share of `tier`, with its counts of
  // positions, wins, losses and draws.
  absl::Status SaveValues(int tier, const TierPartition& part, const uint16_t* entries, uint64_t n,
                          const uint64_t counts[4]) const {
    TierShardHeader h = ShareHeader(TierFileKind::kValues, tier, part);
    h.positions = counts[0];
    h.wins = counts[1];
    h.losses = counts[2];
    h.draws = counts[3];
    return SaveTierShard(Path(TierFileKind::kValues, tier), h, entries, n * 2);
  }
  // Returns the header; `entries` gets the share's values.
  absl::StatusOr<TierShardHeader> LoadValues(int tier, const TierPartition& part,
                                             ZeroedArray<uint16_t>& entries) const {
    std::vector<char> data;
    auto h = LoadTierShard(Path(TierFileKind::kValues, tier),
                           Header(TierFileKind::kValues, tier, part.size()), data);
    if (!h.ok()) return h.status();
    entries = ZeroedArray<uint16_t>(part.LocalSize(rank_));
    if (data.size() != entries.size() * 2)
      return absl::InvalidArgumentError(absl::StrCat("tier file of tier ", tier, " rank ", rank_,
                                                     ": its share has the wrong size"));
    if (!data.empty()) std::memcpy(entries.data(), data.data(), data.size());
    return h;
  }

  // The forward pass is complete: the reachable positions of every tier.
  absl::Status SaveForward(const std::vector<uint64_t>& reachable) const {
    const TierShardHeader h = Header(TierFileKind::kForward, 0, reachable.size());
    return SaveTierShard(Path(TierFileKind::kForward, 0), h, reachable.data(),
                         reachable.size() * 8);
  }
  // `reachable` holds one count per tier, num_tiers of them.
  absl::Status LoadForward(int num_tiers, std::vector<uint64_t>& reachable) const {
    TierShardHeader expected = Header(TierFileKind::kForward, 0, num_tiers);
    expected.tier_size = static_cast<uint64_t>(num_tiers);
    std::vector<char> data;
    auto h = LoadTierShard(Path(TierFileKind::kForward, 0), expected, data);
    if (!h.ok()) return h.status();
    std::memcpy(reachable.data(), data.data(), data.size());
    return absl::OkStatus();
  }

 private:
  TierShardHeader Header(TierFileKind kind, int tier, uint64_t size) const {
    TierShardHeader h;
    h.game = game_;
    h.kind = kind;
    h.partition = partition_;
    h.tier = static_cast<uint64_t>(tier);
    h.tier_size = size;
    h.rank = static_cast<uint64_t>(rank_);
    h.ranks = static_cast<uint64_t>(ranks_);
    return h;
  }
  // The header of this rank's share of `tier`.
  TierShardHeader ShareHeader(TierFileKind kind, int tier, const TierPartition& part) const {
    TierShardHeader h = Header(kind, tier, part.size());
    h.begin = part.Begin(rank_);
    h.end = h.begin + part.LocalSize(rank_);
    return h;
  }

  std::string dir_, game_;
  TierPartitionKind partition_;
  int rank_, ranks_;
};

}  // namespace gamebench::tiered

#endif  // GAMEBENCH_SOLVERS_TIER_SHARE_FILES_H_
