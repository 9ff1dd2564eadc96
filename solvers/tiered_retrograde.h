#ifndef GAMEBENCH_SOLVERS_TIERED_RETROGRADE_H_
#define GAMEBENCH_SOLVERS_TIERED_RETROGRADE_H_

// Tiered retrograde analysis: the strong solution of a Tiered game (core/game.h)
// one tier at a time, holding in memory only the tier being solved and the
// tiers its moves reach, and writing each finished tier to disk. The model is
// GamesCrafters' GamesmanOne tier solver, split as it is, one concern a file;
// the per-position values are those of the dense solver (retrograde_engine.h):
// the retro:: entries, with the fastest win and the slowest loss, draws where
// neither side can force an end. Tests compare the two position by position.
//
// 1. Forward (tier_forward_pass.h), tiers in increasing order from the
//    start's tier: the reachable positions, as one bitmap per tier.
// 2. Backward (tier_backward_pass.h, tier_solve.h), tiers in decreasing
//    order: each reachable position's value from its children, the child
//    tiers already solved (tier_cache.h).
// 3. Loopy tiers (moves inside the tier, Dodgem; tier_fixpoint.h): settled by
//    a level-by-level fixpoint over the tier's own moves, the children outside
//    the tier entering at the level of their remoteness, so that remoteness
//    comes out exactly as in the dense solver. Why not the dense engine
//    itself: it needs one index over the whole game and un-moves, and its
//    levels start from terminal positions only; here a tier's levels start
//    from solved children of every remoteness at once.
//
// Around the passes: the tier graph (tier_graph.h); distribution over ranks
// (tier_comm.h the communicator, tier_partition.h who owns what,
// tier_exchange.h what goes between ranks, in bounded batches); the tier
// files (tier_files.h the format, tier_share_files.h one rank's shards,
// tier_checksum.h a tier's checksum, the same for any number of ranks and
// either partition); resuming (tier_resume.h: a rerun with the same
// directory repeats no finished work); the memory budget (tier_memory.h);
// stopping every rank together on an error (tier_errors.h); and the state
// the passes share (tier_analysis_state.h). With one rank none of the
// exchange runs: the scans read their child tiers directly.

#include <cstdint>
#include <filesystem>
#include <string>
#include <system_error>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/progress.h"
#include "solvers/tier_analysis_state.h"
#include "solvers/tier_backward_pass.h"
#include "solvers/tier_checksum.h"
#include "solvers/tier_comm.h"
#include "solvers/tier_exchange.h"
#include "solvers/tier_forward_pass.h"
#include "solvers/tier_memory.h"
#include "solvers/tier_resume.h"
#include "solvers/tiered_options.h"
#include "tbb/task_arena.h"

namespace gamebench {

template <Tiered G, typename Comm = SerialComm>
class TieredRetrograde {
 public:
  TieredRetrograde(const G& game, const TieredOptions& options, Comm& comm)
      : options_(options),
        threads_(options.threads > 0 ? options.threads : tbb::this_task_arena::max_concurrency()),
        arena_(threads_),
        run_(game, options_, comm) {}

  // Refuses, with the estimate, an analysis whose largest tier would not fit
  // in one rank's memory.
  static absl::Status CheckMemory(const G& game, uint64_t budget_bytes, int ranks = 1) {
    return tiered::CheckMemory(game, budget_bytes, ranks);
  }

  absl::StatusOr<TieredResult> Run() {
    Stopwatch watch;
    const G& game = run_.game;
    Comm& comm = run_.comm;
    TieredResult result;
    result.game = game.CanonicalSpec();
    result.ranks = run_.ranks;
    result.threads = threads_;
    result.partition = options_.partition;
    if (auto st = comm.Agree(absl::StrCat(result.game, " dir=", options_.dir,
                                          " partition=", TierPartitionName(options_.partition)));
        !st.ok())
      return st;
    if (auto st = CheckMemory(game, options_.memory_bytes, run_.ranks); !st.ok()) return st;
    if (run_.ranks > 1) {
      for (int t = 0; t < game.NumTiers(); ++t)
        if (game.NumTiers() > 255 || game.TierSize(t) > tiered::kIndexMask)
          return absl::InvalidArgumentError(absl::StrCat(
              game.CanonicalSpec(), ": tier ", t, " is too large to exchange between ranks"));
    }
    if (auto st = PrepareDirectory(); !st.ok()) return st;
    if (auto st = run_.graph.Build(game, options_.partition, run_.ranks); !st.ok()) return st;
    absl::Status status;
    arena_.execute([&] { status = tiered::ForwardPass<G, Comm>(run_).Run(result); });
    if (!status.ok()) return status;
    arena_.execute([&] { status = tiered::BackwardPass<G, Comm>(run_).Run(result); });
    if (!status.ok()) return status;
    run_.progress.Finish();
    for (const TierSummary& s : result.tiers) {
      result.positions += s.positions;
      result.wins += s.wins;
      result.losses += s.losses;
      result.draws += s.draws;
    }
    result.checksum = tiered::AnalysisChecksum(result.tiers);
    result.traffic_bytes = comm.AllreduceSum(comm.bytes_sent());
    result.seconds = watch.Seconds();
    return result;
  }

 private:
  // Creates the directory, and refuses one with another run's shards
  // (collective: a rank whose view of the directory differs must not leave
  // the others waiting).
  absl::Status PrepareDirectory() {
    std::error_code ec;
    std::filesystem::create_directories(options_.dir, ec);
    if (!std::filesystem::is_directory(options_.dir))
      run_.errors.Fail(absl::StrCat("tier directory '", options_.dir, "': cannot create it"));
    if (auto st = run_.errors.Check(run_.comm); !st.ok()) return st;
    if (std::string foreign = tiered::ForeignRankCount(options_.dir, run_.ranks); !foreign.empty())
      run_.errors.Fail(std::move(foreign));
    return run_.errors.Check(run_.comm);
  }

  TieredOptions options_;
  int threads_;
  tbb::task_arena arena_;
  tiered::AnalysisState<G, Comm> run_;
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_TIERED_RETROGRADE_H_
