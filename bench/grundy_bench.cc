// Nim-sequence benchmarks (figures in results/grundy.md):
//   - octal 0.6 (no known period) to n = 2^20 by the rare/common method;
//   - Kayles (0.77) to n = 10^6 term by term (no early stop at the period);
//   - terms per second of the rare/common method against the plain
//     quadratic mex on the same prefix, for 0.6 and Kayles;
//   - time to prove a long period, computing term by term and stopping at
//     the first check point where the octal periodicity theorem proves it:
//     0.16 (period 149459 from n = 105351) and 0.56 (period 144 from
//     n = 326640), both Gangolli and Plambeck (1989).
// The rare/common cases take a second argument, the cores allowed (oneTBB's
// max_allowed_parallelism): 1 and 2 measure in one run what the second core
// (the next chunk's far splits, solvers/nim_sequence.h) gains.
// Run: build/bench/grundy_bench --benchmark_filter=... (each case once).

#include <cstdint>
#include <string>

#include "benchmark/benchmark.h"
#include "games/heap_game.h"
#include "solvers/nim_sequence.h"
#include "tbb/global_control.h"

namespace gamebench {
namespace {

void Sequence(benchmark::State& state, const char* code, NimSequence::Method method) {
  const int64_t n = state.range(0);
  const int threads = state.range(1) > 0 ? static_cast<int>(state.range(1)) : 2;
  tbb::global_control cores(tbb::global_control::max_allowed_parallelism, threads);
  auto rule = HeapRule::ParseOctal(code);
  if (!rule.ok()) {
    state.SkipWithError(std::string(rule.status().message()).c_str());
    return;
  }
  uint64_t pairs = 0;
  int max_value = 0;
  for (auto _ : state) {
    NimSequence seq(*rule, method);
    if (!seq.ExtendTo(n).ok()) state.SkipWithError("ExtendTo failed");
    pairs = seq.pairs_examined();
    max_value = seq.max_value();
    benchmark::DoNotOptimize(seq.values().data());
  }
  state.counters["terms_per_second"] = benchmark::Counter(
      static_cast<double>(n + 1) * state.iterations(), benchmark::Counter::kIsRate);
  state.counters["pairs_per_term"] = static_cast<double>(pairs) / static_cast<double>(n + 1);
  state.counters["max_value"] = max_value;
}

void BM_Octal06RareCommon(benchmark::State& s) {
  Sequence(s, "0.6", NimSequence::Method::kRareCommon);
}
void BM_Octal06Plain(benchmark::State& s) { Sequence(s, "0.6", NimSequence::Method::kPlain); }
void BM_KaylesRareCommon(benchmark::State& s) {
  Sequence(s, "0.77", NimSequence::Method::kRareCommon);
}
void BM_KaylesPlain(benchmark::State& s) { Sequence(s, "0.77", NimSequence::Method::kPlain); }

// The period is found by the engine, not given: the counters report what it
// proved, and the main job's claims check those against the literature.
void ProvePeriod(benchmark::State& state, const char* code) {
  const int threads = state.range(0) > 0 ? static_cast<int>(state.range(0)) : 2;
  tbb::global_control cores(tbb::global_control::max_allowed_parallelism, threads);
  auto rule = HeapRule::ParseOctal(code);
  if (!rule.ok()) {
    state.SkipWithError(std::string(rule.status().message()).c_str());
    return;
  }
  PeriodInfo info;
  int64_t terms = 0;
  for (auto _ : state) {
    NimSequence seq(*rule);
    auto stop = ExtendSequence(seq, int64_t{1} << 24, /*stop_when_proved=*/true, 0, nullptr);
    if (!stop.ok() || *stop != ExtendStop::kProved) state.SkipWithError("period not proved");
    info = FindPeriod(seq.values(), rule->code_length());
    terms = seq.size();
  }
  state.counters["period"] = static_cast<double>(info.period);
  state.counters["preperiod"] = static_cast<double>(info.preperiod);
  state.counters["terms"] = static_cast<double>(terms);
}
void BM_ProvePeriod016(benchmark::State& s) { ProvePeriod(s, "0.16"); }
void BM_ProvePeriod056(benchmark::State& s) { ProvePeriod(s, "0.56"); }

BENCHMARK(BM_Octal06RareCommon)
    ->Args({1 << 16, 2})
    ->Args({1 << 20, 1})
    ->Args({1 << 20, 2})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK(BM_Octal06Plain)->Args({1 << 16, 1})->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_KaylesRareCommon)
    ->Args({1 << 16, 2})
    ->Args({1000000, 1})
    ->Args({1000000, 2})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK(BM_KaylesPlain)->Args({1 << 16, 1})->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_ProvePeriod016)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(5);
BENCHMARK(BM_ProvePeriod056)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(5);

}  // namespace
}  // namespace gamebench
