// Google Benchmark of the solvers on the fixed suites of positions under
// bench/positions/ (listed in bench/positions/suites.tsv, generated once with
// a fixed seed by scripts/make_positions.py), so that every solver does the
// same work. One benchmark per suite, phase, easy/hard class and solver: an
// iteration solves every position of the group. A suite whose file or game is
// missing from this build is skipped.
//
// The table solver gets a 4 MiB table here (the positions are small), so the
// wall time is not dominated by clearing the tool's default 64 MiB table.
// Counters: positions, nodes (summed over the group), nodes_per_second,
// solver_seconds (the solvers' own clocks, summed), peak_memory_bytes.

#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "bench/manifest.h"
#include "benchmark/benchmark.h"

namespace gamebench::bench {
namespace {

struct Group {
  std::string spec;
  std::vector<std::string> positions;
};

void RunGroup(benchmark::State& state, const Group& group, const std::string& solver) {
  SolveOptions options = BenchOptions();
  options.tt_bytes = std::min<uint64_t>(4 << 20, options.tt_bytes);
  options.best_moves = false;
  uint64_t nodes = 0;
  double solver_seconds = 0;
  const bool peak_reset = ResetPeakMemory();
  for (auto _ : state) {
    nodes = 0;
    for (const std::string& pos : group.positions) {
      auto r = SolveByName(group.spec, pos, solver, options);
      if (!r) {
        state.SkipWithError("solver does not apply, or a bad position");
        return;
      }
      nodes += r->nodes;
      solver_seconds += r->seconds;
    }
  }
  state.counters["positions"] = static_cast<double>(group.positions.size());
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes_per_second"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
  // The peak resident memory while this benchmark ran (tables included).
  if (peak_reset) state.counters["peak_memory_bytes"] = static_cast<double>(PeakMemoryBytes());
  state.counters["solver_seconds"] =
      benchmark::Counter(solver_seconds, benchmark::Counter::kAvgIterations);
}

int RegisterAll() {
  const std::string dir = SourceDir() + "/bench/positions/";
  // Per suite and phase: the solvers to run.
  std::map<std::string, std::map<std::string, std::string>> solvers_for;
  std::vector<std::string> suites;
  for (const Row& row : ReadManifest(dir + "suites.tsv")) {
    if (!solvers_for.count(row.at("name"))) suites.push_back(row.at("name"));
    solvers_for[row.at("name")][row.at("phase")] = row.at("solvers");
  }
  int count = 0;
  for (const std::string& suite : suites) {
    std::ifstream probe(dir + suite + ".tsv");
    if (!probe) continue;  // not generated yet (its game is not in the build)
    // Groups in file order: phase, then class.
    std::vector<std::pair<std::string, std::string>> order;
    std::map<std::pair<std::string, std::string>, Group> groups;
    for (const Row& row : ReadManifest(dir + suite + ".tsv")) {
      auto key = std::make_pair(row.at("phase"), row.at("class"));
      if (!groups.count(key)) order.push_back(key);
      groups[key].spec = row.at("spec");
      groups[key].positions.push_back(row.at("position"));
    }
    for (const auto& key : order) {
      const Group& group = groups[key];
      const std::string pick =
          solvers_for[suite].count(key.first) ? solvers_for[suite][key.first] : "*";
      std::set<std::string> wanted;
      if (pick != "*") wanted = absl::StrSplit(pick, ',');
      for (const std::string& solver : ApplicableSolvers(group.spec)) {
        if (pick != "*" && !wanted.count(solver)) continue;
        const std::string name =
            "suite/" + suite + "/" + key.first + "/" + key.second + "/" + solver;
        benchmark::RegisterBenchmark(name.c_str(), RunGroup, group, solver)
            ->Unit(benchmark::kMicrosecond);
        ++count;
      }
    }
  }
  return count;
}

const int kRegistered = RegisterAll();

}  // namespace
}  // namespace gamebench::bench
