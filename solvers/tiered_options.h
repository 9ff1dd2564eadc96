#ifndef GAMEBENCH_SOLVERS_TIERED_OPTIONS_H_
#define GAMEBENCH_SOLVERS_TIERED_OPTIONS_H_

// What a tiered retrograde analysis (solvers/tiered_retrograde.h) is asked
// for and what it returns: the options of a run, and its result with one
// summary per tier. Apart from the analysis so that the tool can declare and
// print them without instantiating it.

#include <cstdint>
#include <string>
#include <vector>

#include "solvers/tier_partition.h"

namespace gamebench {

struct TieredOptions {
  std::string dir;  // where the tier files go (created if missing)
  int threads = 0;  // per rank; 0: all cores
  bool progress = false;
  uint64_t memory_bytes = 0;                                // 0: the default budget
  TierPartitionKind partition = TierPartitionKind::kRange;  // with more than one rank
  // Test hook (GAMEBENCH_TIER_KILL_AFTER=K in the tool): SIGKILL right after
  // the K-th tier this run solved is on disk. 0: never.
  int kill_after_tiers = 0;
};

struct TierSummary {
  int tier = 0;
  uint64_t size = 0;  // the tier's index size
  uint64_t positions = 0, wins = 0, losses = 0, draws = 0;
  uint64_t checksum = 0;  // TableHash of the whole tier's entries
  bool resumed = false;   // loaded from a previous run's files
};

struct TieredResult {
  std::string game;
  std::vector<TierSummary> tiers;  // every tier with reachable positions, in increasing order
  uint16_t root_entry = 0;
  uint64_t positions = 0, wins = 0, losses = 0, draws = 0;
  uint64_t checksum = 0;  // TableHash of the tiers' (tier, checksum) pairs
  int ranks = 1, threads = 1;
  TierPartitionKind partition = TierPartitionKind::kRange;
  uint64_t traffic_bytes = 0;  // sent between ranks, all ranks together
  bool forward_resumed = false;
  int tiers_resumed = 0;
  double seconds = 0, forward_seconds = 0, backward_seconds = 0;
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_TIERED_OPTIONS_H_
