#ifndef GAMEBENCH_SOLVERS_TIER_CHECKSUM_H_
#define GAMEBENCH_SOLVERS_TIER_CHECKSUM_H_

// The checksums of a tiered analysis (solvers/tiered_retrograde.h): a
// tier's is the hash of its whole table in index order, the same for any
// number of ranks and either partition, so that runs on different numbers
// of ranks and the tool's checks of the files (tool/tiered_analyze.h) can
// compare them; the analysis's is the hash of its tiers' (tier, checksum)
// pairs.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/checksummed_file.h"
#include "core/zeroed_array.h"
#include "solvers/tier_exchange.h"
#include "solvers/tier_partition.h"
#include "solvers/tiered_options.h"

namespace gamebench::tiered {

inline uint64_t HashEntries(const uint16_t* entries, uint64_t n) {
  TableHash h;
  h.Update(entries, n * sizeof(uint16_t));
  return h.Final();
}
inline uint64_t HashEntries(const ZeroedArray<uint16_t>& entries) {
  return HashEntries(entries.data(), entries.size());
}

// The checksum of a tier's whole table from this rank's share `entries`
// (collective): the ranks' shares hashed in turn (range), or gathered to
// rank 0 in bounded chunks of blocks (hash).
template <typename Comm>
uint64_t TierChecksum(Comm& comm, const TierPartition& part, const ZeroedArray<uint16_t>& entries) {
  const uint64_t size = part.size();
  const int ranks = comm.size(), rank = comm.rank();
  if (ranks == 1) return HashEntries(entries.data(), size);
  TableHash h;
  if (part.kind() == TierPartitionKind::kRange) {
    for (int r = 0; r < ranks; ++r) {
      if (r == rank) h.Update(entries.data(), entries.size() * sizeof(uint16_t));
      comm.Bcast(&h, 1, r);
    }
    return h.Final();
  }
  const uint64_t groups = (size + 63) / 64 / ranks + 1;
  const uint64_t mine_words = part.LocalWords(rank);
  std::vector<uint16_t> chunk;
  for (uint64_t g0 = 0; g0 < groups; g0 += kBatchWords) {
    const uint64_t g1 = std::min(groups, g0 + kBatchWords);
    std::vector<std::vector<uint16_t>> out(ranks);
    if (g0 < mine_words)
      out[0].assign(entries.data() + g0 * 64, entries.data() + std::min(mine_words, g1) * 64);
    std::vector<uint64_t> from;
    std::vector<uint16_t> in = comm.Alltoallv(out, from);
    if (rank != 0) continue;
    const uint64_t base = g0 * ranks * 64, end = std::min(size, g1 * ranks * 64);
    if (end <= base) continue;
    chunk.assign(end - base, 0);
    uint64_t at = 0;
    for (int r = 0; r < ranks; ++r)
      for (uint64_t j = 0; j < from[r]; ++j, ++at) {
        const uint64_t i = part.Global(r, g0 * 64 + j);
        if (i < end) chunk[i - base] = in[at];
      }
    h.Update(chunk.data(), chunk.size() * sizeof(uint16_t));
  }
  comm.Bcast(&h, 1, 0);
  return h.Final();
}

// The analysis's checksum: of its tiers' (tier, checksum) pairs in order.
inline uint64_t AnalysisChecksum(const std::vector<TierSummary>& tiers) {
  TableHash all;
  for (const TierSummary& s : tiers) {
    const uint64_t pair[2] = {static_cast<uint64_t>(s.tier), s.checksum};
    all.Update(pair, sizeof(pair));
  }
  return all.Final();
}

}  // namespace gamebench::tiered

#endif  // GAMEBENCH_SOLVERS_TIER_CHECKSUM_H_
