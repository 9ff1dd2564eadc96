// The parallel search (solvers/ptt.h): 1 thread against 2, both schemes, one
// binary, one table size (256 MiB), value only (no best-move step), against
// single-threaded tt as the baseline. Wall time is the figure that counts for
// a parallel search (UseRealTime); CPU time is the whole process's
// (MeasureProcessCPUTime), so CPU / wall shows how many cores were busy.
//
//   build/bench/parallel_search_bench --benchmark_repetitions=3
//       --benchmark_report_aggregates_only=true   (one line)
//
// Counters: nodes (all threads), main_nodes (the calling thread's), value.
// Results and the measurement's load: results/parallel_search.md.

#include <benchmark/benchmark.h>

#include <string>

#include "bench/manifest.h"
#include "core/solve.h"
#include "core/spec.h"
#include "solvers/ptt.h"
#include "solvers/tt.h"
#include "tool/dispatch.h"

namespace gamebench::bench {
namespace {

enum class Which { kTt, kLazySmp, kAbdada };

// Solves `position` of `spec` with the chosen solver; false when the game is
// not in this build.
bool Run(const std::string& spec_text, const std::string& position, Which which, int threads,
         SolveReport& report) {
  auto spec = ParseSpec(spec_text);
  if (!spec.ok()) return false;
  SolveOptions options = BenchOptions();
  options.tt_bytes = 256ull << 20;
  options.best_moves = false;
  options.threads = threads;
  absl::Status status = WithGame(*spec, [&]<typename G>(const G& game) -> absl::Status {
    if constexpr (!TtSolver::kAppliesTo<G>) {
      return absl::InvalidArgumentError("tt does not apply");
    } else {
      typename G::State s = game.Start();
      if (position != "-") {
        auto parsed = game.ParseState(position);
        if (!parsed.ok()) return parsed.status();
        s = *parsed;
      }
      switch (which) {
        case Which::kTt: report = TtSolver::Solve(game, s, options); break;
        case Which::kLazySmp:
          report = BasicParallelTtSolver<ParallelScheme::kLazySmp>::Solve(game, s, options);
          break;
        case Which::kAbdada:
          report = BasicParallelTtSolver<ParallelScheme::kAbdada>::Solve(game, s, options);
          break;
      }
      return absl::OkStatus();
    }
  });
  return status.ok();
}

void BM_Parallel(benchmark::State& state, std::string spec, std::string position) {
  const Which which = static_cast<Which>(state.range(0));
  const int threads = static_cast<int>(state.range(1));
  SolveReport report;
  for (auto _ : state) {
    if (!Run(spec, position, which, threads, report)) {
      state.SkipWithError("game not in this build");
      return;
    }
  }
  state.counters["nodes"] = static_cast<double>(report.nodes);
  const Json* main_nodes = report.stats.Find("main_thread_nodes");
  state.counters["main_nodes"] =
      main_nodes ? main_nodes->as_double() : static_cast<double>(report.nodes);
  state.counters["value"] = report.value;
  state.SetLabel(which == Which::kTt ? "tt" : which == Which::kLazySmp ? "lazy-smp" : "abdada");
}

// (solver, threads): tt on 1, each scheme on 1 and 2.
void Variants(benchmark::internal::Benchmark* b) {
  b->ArgNames({"solver", "threads"});
  b->Args({static_cast<int>(Which::kTt), 1});
  for (Which w : {Which::kLazySmp, Which::kAbdada})
    for (int t : {1, 2}) b->Args({static_cast<int>(w), t});
  b->Unit(benchmark::kMillisecond)->UseRealTime()->MeasureProcessCPUTime();
}
// Searches of seconds: one solve per repetition.
void BigVariants(benchmark::internal::Benchmark* b) {
  Variants(b);
  b->Iterations(1);
}

// Searches of a second or more single-threaded (idle machine).
BENCHMARK_CAPTURE(BM_Parallel, connect4_6x5_start, std::string("connect4(w=6,h=5)"),
                  std::string("-"))->Apply(BigVariants);
BENCHMARK_CAPTURE(BM_Parallel, sim_k8_start, std::string("sim(n=8)"), std::string("-"))
    ->Apply(BigVariants);
// Early 7x6 positions: Fhourstones' second (8 plies) and a 6-ply opening.
BENCHMARK_CAPTURE(BM_Parallel, connect4_35333571, std::string("connect4"),
                  std::string("35333571"))->Apply(BigVariants);
BENCHMARK_CAPTURE(BM_Parallel, connect4_123454, std::string("connect4"), std::string("123454"))
    ->Apply(BigVariants);
// The fourth instance: another board, 7 columns of 5 rows from the start (a
// draw; 21.6 M nodes, 3.4 s of CPU on one thread). 5x6 (0.3 s) is too small;
// 6x6 searched 53 % more nodes on two threads (docs/parallel-search.md).
BENCHMARK_CAPTURE(BM_Parallel, connect4_7x5_start, std::string("connect4(w=7,h=5)"),
                  std::string("-"))->Apply(BigVariants);
// Small searches, to show what they get (Domineering 6x7: 0.08 s since the
// game's static proof).
BENCHMARK_CAPTURE(BM_Parallel, small_domineering_6x7, std::string("domineering(rows=6,cols=7)"),
                  std::string("-"))->Apply(Variants);
BENCHMARK_CAPTURE(BM_Parallel, small_domineering_6x6, std::string("domineering(rows=6,cols=6)"),
                  std::string("-"))->Apply(Variants);
BENCHMARK_CAPTURE(BM_Parallel, small_connect4_6x4_start, std::string("connect4(w=6,h=4)"),
                  std::string("-"))->Apply(Variants);
BENCHMARK_CAPTURE(BM_Parallel, small_tictactoe, std::string("tictactoe"), std::string("-"))
    ->Apply(Variants);

}  // namespace
}  // namespace gamebench::bench
