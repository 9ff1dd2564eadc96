// What a tt solve with the default 64 MiB table costs, small and large, all
// of it: building the table, the search and the table's teardown, as the
// tool pays them (the solver's own clock starts after the table exists).
// The table's pages are mapped lazily (solvers/transposition_table.h), so a
// small solve should cost about what it touches and a large one no more than
// with a table zeroed up front.
//
// Counters: nodes, tt_stores, peak_memory_bytes (resident peak while the
// benchmark ran; the tool's whole-process figure adds about 5 MiB).
//
// Measured 2026-11-30 on the shared 2-core machine (load average 10-12),
// medians of 5, two interleaved runs of each binary; CPU time per solve and
// peak resident memory (wall times at that load are not comparable):
//   case (tt stores)                  zeroed up front      lazy pages
//   tictactoe (203)                   33.3 ms, 73.0 MB     0.69 ms, 6.5 MB
//   kayles(n=24) (1,941)              34.5 ms, 74.1 MB     6.8 ms, 14.4 MB
//   nim 5;7;9;11;13;15 (30,696)       52.6 ms, 73.5 MB     28.4 ms, 81.4 MB
//   nim 3;5;...;17 (406,546)           778 ms, 73.5 MB      590 ms, 81.4 MB
// The large solves peak 8 MB higher: for a moment the small-page table
// (about one page per store up to the switch) and the huge-page one coexist.

#include <string>

#include "bench/manifest.h"
#include "benchmark/benchmark.h"

namespace gamebench::bench {
namespace {

void BM_TtWholeSolve(benchmark::State& state, const std::string& spec) {
  SolveOptions options = BenchOptions();
  options.tt_bytes = 64ull << 20;
  SolveReport report;
  const bool peak_reset = ResetPeakMemory();
  for (auto _ : state) {
    auto r = SolveByName(spec, "-", "tt", options);
    if (!r) {
      state.SkipWithError("tt does not apply");
      return;
    }
    report = std::move(*r);
    benchmark::DoNotOptimize(report.value);
  }
  state.counters["nodes"] = static_cast<double>(report.nodes);
  if (const Json* stores = report.stats.Find("tt_stores"); stores && stores->is_number())
    state.counters["tt_stores"] = stores->as_double();
  if (peak_reset) state.counters["peak_memory_bytes"] = static_cast<double>(PeakMemoryBytes());
  state.SetLabel(ScoreText(report.value, report.scored));
}

BENCHMARK_CAPTURE(BM_TtWholeSolve, tictactoe, std::string("tictactoe"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_TtWholeSolve, kayles24, std::string("kayles(n=24)"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_TtWholeSolve, nim_5_7_9_11_13_15, std::string("nim(heaps=5;7;9;11;13;15)"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_TtWholeSolve, nim_3_to_17, std::string("nim(heaps=3;5;7;9;11;13;15;17)"))
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gamebench::bench
