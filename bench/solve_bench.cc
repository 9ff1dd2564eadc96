// Google Benchmark of every applicable solver on the instances listed in
// bench/instances.tsv (column `gbench` picks the solvers per instance), so a
// new game or solver is benchmarked by adding a manifest line, not code.
// Only rows of set `default` run unless GAMEBENCH_FULL=1.
//
// Counters: nodes (per solve), nodes_per_second, solver_seconds (the solver's
// own clock: the wall time also counts allocating and clearing its tables),
// peak_memory_bytes (resident peak while the benchmark ran), and for table
// solvers the table's hit rate and size.

#include <cstdlib>
#include <set>
#include <string>

#include "absl/strings/str_split.h"
#include "bench/manifest.h"
#include "benchmark/benchmark.h"

namespace gamebench::bench {
namespace {

void RunSolve(benchmark::State& state, const std::string& spec, const std::string& position,
              const std::string& solver) {
  const SolveOptions options = BenchOptions();
  SolveReport report;
  double solver_seconds = 0;
  const bool peak_reset = ResetPeakMemory();
  for (auto _ : state) {
    auto r = SolveByName(spec, position, solver, options);
    if (!r) {
      state.SkipWithError("solver does not apply");
      return;
    }
    report = std::move(*r);
    solver_seconds += report.seconds;
    benchmark::DoNotOptimize(report.value);
  }
  const double nodes = static_cast<double>(report.nodes);
  state.counters["nodes"] = nodes;
  // The solver's own clock, without setting up its tables (the wall time above includes it).
  // The peak resident memory while this benchmark ran (tables included).
  if (peak_reset) state.counters["peak_memory_bytes"] = static_cast<double>(PeakMemoryBytes());
  state.counters["solver_seconds"] =
      benchmark::Counter(solver_seconds, benchmark::Counter::kAvgIterations);
  state.counters["nodes_per_second"] =
      benchmark::Counter(nodes, benchmark::Counter::kIsIterationInvariantRate);
  if (const Json* hit = report.stats.Find("tt_hit_rate"); hit && hit->is_number())
    state.counters["tt_hit_rate"] = hit->as_double();
  if (const Json* bytes = report.stats.Find("tt_bytes"); bytes && bytes->is_number())
    state.counters["tt_bytes"] = bytes->as_double();
  state.SetLabel(ScoreText(report.value, report.scored));
}

int RegisterAll() {
  const bool full =
      std::getenv("GAMEBENCH_FULL") && std::string(std::getenv("GAMEBENCH_FULL")) == "1";
  int count = 0;
  for (const Row& row : ReadManifest(SourceDir() + "/bench/instances.tsv")) {
    const std::string& set = row.at("set");
    if (set != "default" && !(full && set == "full")) continue;
    const std::string spec = row.at("spec");
    const std::string position = row.count("position") ? row.at("position") : "-";
    const std::string pick = row.count("gbench") ? row.at("gbench") : "*";
    if (pick == "-" || pick.empty()) continue;
    std::set<std::string> wanted;
    if (pick != "*") wanted = absl::StrSplit(pick, ',');
    for (const std::string& solver : ApplicableSolvers(spec)) {
      if (pick != "*" && !wanted.count(solver)) continue;
      std::string name = "solve/" + spec + (position == "-" ? "" : "@" + position) + "/" + solver;
      benchmark::RegisterBenchmark(name.c_str(), RunSolve, spec, position, solver)
          ->Unit(benchmark::kMicrosecond);
      ++count;
    }
  }
  return count;
}

const int kRegistered = RegisterAll();

}  // namespace
}  // namespace gamebench::bench
