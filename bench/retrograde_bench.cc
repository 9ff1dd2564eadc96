// Retrograde analysis: whole-game solves of Dodgem (3×3, 4×4, 5×5), Sim K6
// and Nim, on 1 and 2 threads. Counters: reachable positions, positions per second,
// bytes per indexed position (table and bitmaps), peak resident memory.
//
//   build/bench/retrograde_bench --benchmark_filter='Dodgem/5'
//
// Dodgem 5×5 takes 20–45 s per run, so it runs one iteration.

#include <benchmark/benchmark.h>

#include "core/memory.h"
#include "core/spec.h"
#include "games/dodgem/dodgem.h"
#include "games/nim/nim.h"
#include "games/sim/sim.h"
#include "solvers/retrograde.h"

namespace gamebench {
namespace {

template <typename G>
G Make(const char* text) {
  return *G::FromSpec(*ParseSpec(text));
}

// kIncremental = false forces the generic path on a game that has
// incremental indices (Sim), for comparison.
template <bool kIncremental = true, typename G>
void Analyze(benchmark::State& state, const G& game, int64_t threads) {
  SolveOptions options;
  options.threads = static_cast<int>(threads);
  options.memory_bytes = DefaultMemoryBudget();
  uint64_t positions = 0;
  // Each case's own peak, not the largest of the cases run before it.
  const bool peak_reset = ResetPeakMemory();
  for (auto _ : state) {
    auto table = RetrogradeSolver::Analyze<kIncremental>(game, game.Start(), options);
    if (!table.ok()) {
      state.SkipWithError(std::string(table.status().message()).c_str());
      return;
    }
    positions = table->positions;
    benchmark::DoNotOptimize(table->entries.data());
  }
  state.counters["positions"] = static_cast<double>(positions);
  state.counters["positions_per_s"] = benchmark::Counter(
      static_cast<double>(positions), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["bytes_per_indexed"] =
      static_cast<double>(RetrogradeSolver::MemoryNeeded(game)) / game.IndexSize();
  state.counters["bytes_per_reachable"] =
      static_cast<double>(RetrogradeSolver::MemoryNeeded(game)) / positions;
  if (peak_reset) {
    state.counters["peak_rss_MiB"] = static_cast<double>(PeakMemoryBytes()) / (1 << 20);
  }
}

void BM_Dodgem(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  Analyze(state, Dodgem(n, false), state.range(1));
}
BENCHMARK(BM_Dodgem)
    ->ArgNames({"n", "threads"})
    ->Args({3, 1})
    ->Args({3, 2})
    ->Args({4, 1})
    ->Args({4, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_Dodgem)
    ->ArgNames({"n", "threads"})
    ->Args({5, 1})
    ->Args({5, 2})
    ->Iterations(1)
    ->Unit(benchmark::kSecond)
    ->UseRealTime();

// Sim K6: every reachable position (2,230,702 of 3^15 indices), with
// remoteness; Sim's incremental indices (IncrementallyIndexed), or the
// generic path (Play + Index, GenerateParents + Index) for comparison.
template <bool kIncremental>
void BM_SimK6(benchmark::State& state) {
  Analyze<kIncremental>(state, Sim(6), state.range(0));
}
BENCHMARK(BM_SimK6<true>)
    ->Name("BM_SimK6")
    ->ArgNames({"threads"})
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_SimK6<false>)
    ->Name("BM_SimK6_generic")
    ->ArgNames({"threads"})
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// Nim with four heaps of 15: 65536 positions, no cycles.
void BM_Nim(benchmark::State& state) {
  Analyze(state, Make<Nim>("nim(heaps=15;15;15;15)"), state.range(0));
}
BENCHMARK(BM_Nim)
    ->ArgNames({"threads"})
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace gamebench
