#ifndef GAMEBENCH_SOLVERS_TIER_FILES_H_
#define GAMEBENCH_SOLVERS_TIER_FILES_H_

// The files of a tiered retrograde analysis (solvers/tiered_retrograde.h), all
// in one directory. Each rank of a run with R ranks (1 without MPI) writes its
// own shard of each tier: the positions it owns (solvers/tier_partition.h),
// an index range [begin, end) or, partitioned by hash, its blocks in order.
//
//   tier-<t>.reach.<rank>-of-<R>   the reachable positions of the range (bitmap)
//   tier-<t>.values.<rank>-of-<R>  their values (retro:: entries, 2 bytes each)
//   forward.<rank>-of-<R>          the forward pass is complete (its counts)
//
// Each file (little-endian), written atomically through core/checksummed_file:
//   char[8]  magic "GBTIER\0\0"
//   u32      version (1)
//   u32      length of the canonical spec, then the spec's bytes
//   u64      kind (1 reach, 2 values, 3 forward) + 2^32 x partition (0 index
//            range, 1 hash), tier, tier size, begin, end, rank, ranks,
//            positions, wins, losses, draws
//   data     reach: the bitmap words of the share (range: of [begin, end),
//            begin a multiple of 64; hash: begin 0, end the share's local
//            size); values: end - begin u16 entries, in local order;
//            forward: one u64 per tier, the reachable positions of the tier
//            (all ranks together)
//   u64      checksum of every byte before it (TableHash)
//
// A finished tier is one whose value shards all exist and pass their checks;
// a rerun resumes below the last finished tier. Readers refuse, with one line
// naming the file, a shard that is missing, damaged, of another game or tier,
// or whose ranges do not tile the tier.

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/zeroed_array.h"
#include "solvers/tier_partition.h"

namespace gamebench {

inline constexpr char kTierMagic[8] = {'G', 'B', 'T', 'I', 'E', 'R', '\0', '\0'};
inline constexpr uint32_t kTierVersion = 1;

enum class TierFileKind : uint64_t { kReach = 1, kValues = 2, kForward = 3 };

struct TierShardHeader {
  std::string game;  // canonical spec
  TierFileKind kind = TierFileKind::kValues;
  TierPartitionKind partition = TierPartitionKind::kRange;
  uint64_t tier = 0, tier_size = 0, begin = 0, end = 0, rank = 0, ranks = 1;
  uint64_t positions = 0, wins = 0, losses = 0, draws = 0;
};

std::string TierFilePath(const std::string& dir, TierFileKind kind, int tier, int rank, int ranks);

// Writes a shard: `data` holds `bytes` bytes (reach: words, values: entries,
// forward: per-tier counts).
absl::Status SaveTierShard(const std::string& path, const TierShardHeader& h, const void* data,
                           uint64_t bytes);

// Reads a shard's header and data into `out` (resized to the data), checking
// the checksum and that the header matches `expected` in game, kind,
// partition, tier, tier size, rank and ranks.
absl::StatusOr<TierShardHeader> LoadTierShard(const std::string& path,
                                              const TierShardHeader& expected,
                                              std::vector<char>& out);

// A whole tier's values, from the shards of however many ranks wrote them
// (found in `dir`): every shard present, of this game and tier, the shares
// covering [0, tier_size) exactly once. `entries` gets tier_size entries.
struct TierValues {
  uint64_t positions = 0, wins = 0, losses = 0, draws = 0;
  int ranks = 0;
};
absl::StatusOr<TierValues> LoadTierValues(const std::string& dir, const std::string& game, int tier,
                                          uint64_t tier_size, ZeroedArray<uint16_t>& entries);

// The game (canonical spec) whose value shards `dir` holds, read from the
// first shard's preamble; an error when `dir` holds none.
absl::StatusOr<std::string> TierDirectoryGame(const std::string& dir);

// The rank counts whose value shards of `tier` exist in `dir` (for messages).
std::vector<int> TierShardRankCounts(const std::string& dir, int tier);

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_TIER_FILES_H_
