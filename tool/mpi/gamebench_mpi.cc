// gamebench-mpi analyze SPEC --tiers DIR [--partition range|hash] [--threads N]
//                       [--memory SIZE] [--json] [--progress | --no-progress]
// The tiered retrograde analysis of `gamebench analyze --tiers DIR`
// (tool/tiered_analyze.h) on MPI ranks: run it under `mpirun -np N`. Each
// tier's index range is split over the ranks, each rank writes its own shard
// of each tier into DIR (one directory all ranks see), and rank 0 prints the
// same output as `gamebench analyze` (tool/operations/tiered_output.h).
// --partition chooses how a tier is split (solvers/tier_partition.h; default
// range, the better one on Connect Four 5x5: docs/scaling.md). Rerunning with the same DIR and N
// resumes after the last tier every rank finished; `gamebench query` and
// `gamebench verify --tiers DIR` read the shards of any number of ranks.
//
// Bad input: rank 0 prints one line and every rank exits with status 2
// (mpirun then adds its own note that a process exited non-zero). A rank
// that dies takes the job down: mpirun stops the others and names the rank.

#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "tool/args.h"
#include "tool/dispatch.h"
#include "tool/mpi/mpi_comm.h"
#include "tool/operations/tiered_output.h"
#include "tool/tiered_analyze.h"

namespace gamebench {
namespace {

const CommandLineSpec kMpiAnalyzeCommandLine = [] {
  CommandLineSpec spec{"SPEC", {{"tiers", "DIR"}, {"partition", "range|hash"}, {"json"}}};
  for (const FlagSpec& f : SolveFlags()) spec.flags.push_back(f);
  return spec;
}();

absl::Status Run(const std::vector<std::string>& argv, MpiComm& comm) {
  if (argv.empty() || argv[0] != "analyze")
    return absl::InvalidArgumentError(
        absl::StrCat("usage: gamebench-mpi analyze ", kMpiAnalyzeCommandLine.Usage()));
  const std::vector<std::string> rest(argv.begin() + 1, argv.end());
  // No address-space cap: MPI maps shared memory segments of its own.
  auto command_line = ParseSolveCommandLine(rest, kMpiAnalyzeCommandLine, false);
  absl::Status parsed = command_line.status();
  if (parsed.ok() && command_line->args.Get("tiers").value_or("").empty())
    parsed =
        absl::InvalidArgumentError("gamebench-mpi needs --tiers DIR (a directory every rank sees)");
  TierPartitionKind partition = TierPartitionKind::kRange;
  if (parsed.ok() && command_line->args.Has("partition")) {
    const std::string p = command_line->args.Get("partition").value_or("");
    if (p == "hash") {
      partition = TierPartitionKind::kHash;
    } else if (p != "range") {
      parsed = absl::InvalidArgumentError(
          absl::StrCat("--partition '", p, "': expected range or hash"));
    }
  }
  // Every rank learns whether any rank refused its arguments, so that none
  // waits in a collective for a rank that has left.
  if (comm.AllreduceMax(parsed.ok() ? 0 : 1))
    return parsed.ok() ? absl::InvalidArgumentError("another rank refused its arguments") : parsed;
  const Args& args = command_line->args;
  auto dir = args.Get("tiers");
  TieredOptions options;
  options.dir = *dir;
  options.threads = command_line->options.threads;
  options.progress = command_line->options.progress;
  options.memory_bytes = command_line->options.memory_bytes;
  options.partition = partition;
  if (const char* k = std::getenv("GAMEBENCH_TIER_KILL_AFTER"))
    options.kill_after_tiers = std::atoi(k);
  // Test hook: only this rank kills itself (GAMEBENCH_TIER_KILL_RANK).
  if (const char* r = std::getenv("GAMEBENCH_TIER_KILL_RANK"))
    if (std::atoi(r) != comm.rank()) options.kill_after_tiers = 0;
  // MpiComm is this binary's own: it dispatches through the catalog itself
  // (the tool's per-game units instantiate the analysis for SerialComm).
  absl::StatusOr<TieredRun> run;
  absl::Status status = WithGame(command_line->spec, [&]<typename G>(const G& game) {
    run = TieredAnalyzeGame(game, options, comm);
    return run.status();
  });
  if (!status.ok()) return status;
  if (comm.rank() == 0) {
    const Json out = TieredJson(*run, *dir);
    if (args.Has("json")) {
      std::printf("%s\n", out.Dump().c_str());
    } else {
      PrintTieredText(out);
    }
    std::fflush(stdout);
  }
  return absl::OkStatus();
}

}  // namespace
}  // namespace gamebench

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  gamebench::MpiComm comm;
  const std::vector<std::string> args(argv + 1, argv + argc);
  absl::Status st;
  try {
    st = gamebench::Run(args, comm);
  } catch (const std::bad_alloc&) {
    st = absl::ResourceExhaustedError("out of memory (see --memory)");
  }
  int code = 0;
  if (!st.ok()) {
    // Errors come from the arguments (the same on every rank) or pass
    // through the analysis's collective error check: print once.
    if (comm.rank() == 0)
      std::fprintf(stderr, "gamebench-mpi: error: %s\n", std::string(st.message()).c_str());
    code = 2;
  }
  MPI_Finalize();
  return code;
}
