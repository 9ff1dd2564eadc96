// Connect Four: Pascal Pons' test sets (bench/positions/connect4/, 1,000
// positions each) and John Tromp's three Fhourstones positions.
//
//   build/bench/connect4_bench                       # everything
//   build/bench/connect4_bench --benchmark_filter=Set # the sets only
//
// A set benchmark solves the whole file in one iteration with ONE table (as
// Pons' solver and `gamebench batch` do), timing each position: counters are
// the mean and median microseconds per position, nodes per position, the
// table's hit rate over the file, and `wrong` (positions whose score differs
// from the file's; the benchmark errors if any). Only the value is searched
// (no best moves), as in Pons' measurements.
//
// Solvers: tt on every set; alphabeta (no table, the game's tactics) on the
// two sets where it finishes quickly (end-easy, middle-easy): on begin-easy a
// single position can take 3e7 nodes and on middle-medium far more.

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "benchmark/benchmark.h"
#include "core/solve.h"
#include "games/connect4/connect4.h"
#include "games/connect4/pons_test_set.h"
#include "solvers/alphabeta.h"
#include "solvers/transposition_table.h"
#include "solvers/tt.h"

namespace gamebench {
namespace {

std::vector<PonsTestCase> ReadSet(const std::string& name) {
  auto cases = ReadPonsTestSet(std::string(GAMEBENCH_SOURCE_DIR) + "/bench/positions/connect4/" + name);
  return cases.ok() ? *std::move(cases) : std::vector<PonsTestCase>{};
}

// The sets' table: 2 MiB (128 Ki entries). Their searches are small (tens
// of thousands of nodes), and the time of a node is mostly the table's cache
// miss: a table that stays in the cache solves Test_L2_R2 about twice as fast
// as a 64 MiB one for 2.5% more nodes (results/connect4.md). Fhourstones'
// positions need the big table (fewer nodes).
constexpr uint64_t kSetTableBytes = 2ull << 20;
constexpr uint64_t kTableBytes = 64ull << 20;  // 4 Mi entries

SolveOptions ValueOnly(uint64_t table_bytes = kTableBytes) {
  SolveOptions o;
  o.best_moves = false;
  o.tt_bytes = table_bytes;
  return o;
}

// The peers' whole-file wall times on this kind of machine (issue #13): Pons'
// c4solver (commit d6ba50d, -O3, 2^24-entry table, one process per file) and
// Fhourstones 3.2 for its three positions (win/draw/loss only). The counter
// `peer_ratio` is the peer's time over ours (> 1: we are faster); ours here
// is the sum of the positions' wall times, without the process start and
// the table's allocation, which the peers include.
constexpr double kFhourstonesSeconds = 35.6;

template <typename Solver>
void BM_Connect4Set(benchmark::State& state, const char* name, double peer_seconds) {
  const Connect4 game;
  const std::vector<PonsTestCase> cases = ReadSet(name);
  if (cases.size() != 1000) {
    state.SkipWithError("cannot read the set");
    return;
  }
  std::vector<Connect4::State> positions;
  for (const PonsTestCase& c : cases) positions.push_back(*game.ParseState(c.moves));
  const SolveOptions options = ValueOnly(kSetTableBytes);
  std::vector<double> micros;
  uint64_t nodes = 0, wrong = 0;
  double hit_rate = 0;
  for (auto _ : state) {
    micros.clear();
    nodes = wrong = 0;
    TranspositionTable table(kSetTableBytes);
    for (size_t i = 0; i < positions.size(); ++i) {
      Stopwatch watch;
      SolveReport r;
      if constexpr (std::is_same_v<Solver, TtSolver>) {
        r = TtSolver::SolveWithTable(game, positions[i], options, table);
      } else {
        r = Solver::Solve(game, positions[i], options);
      }
      micros.push_back(watch.Seconds() * 1e6);
      nodes += r.nodes;
      wrong += r.value != cases[i].score;
    }
    if constexpr (std::is_same_v<Solver, TtSolver>) {
      hit_rate = table.Stats(false).Find("tt_hit_rate")->as_double();
    }
  }
  if (wrong) state.SkipWithError("scores differ from the file");
  std::sort(micros.begin(), micros.end());
  double sum = 0;
  for (double m : micros) sum += m;
  state.counters["positions"] = static_cast<double>(micros.size());
  state.counters["mean_us"] = sum / micros.size();
  state.counters["median_us"] = (micros[499] + micros[500]) / 2;
  state.counters["nodes_per_position"] = static_cast<double>(nodes) / micros.size();
  state.counters["tt_hit_rate"] = hit_rate;
  state.counters["wrong"] = static_cast<double>(wrong);
  state.counters["peer_seconds"] = peer_seconds;
  state.counters["peer_ratio"] = peer_seconds / (sum * 1e-6);
}

void BM_Connect4SetTt(benchmark::State& state, const char* name, double peer_seconds) {
  BM_Connect4Set<TtSolver>(state, name, peer_seconds);
}
void BM_Connect4SetAlphaBeta(benchmark::State& state, const char* name, double peer_seconds) {
  BM_Connect4Set<AlphaBetaSolver>(state, name, peer_seconds);
}

BENCHMARK_CAPTURE(BM_Connect4SetTt, Test_L3_R1, "Test_L3_R1", 0.087)
    ->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Connect4SetTt, Test_L2_R1, "Test_L2_R1", 0.152)
    ->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Connect4SetTt, Test_L2_R2, "Test_L2_R2", 8.10)
    ->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Connect4SetTt, Test_L1_R1, "Test_L1_R1", 0.668)
    ->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Connect4SetAlphaBeta, Test_L3_R1, "Test_L3_R1", 0.087)
    ->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Connect4SetAlphaBeta, Test_L2_R1, "Test_L2_R1", 0.152)
    ->Iterations(1)->Unit(benchmark::kMillisecond);

// Fhourstones' three 7x6 positions (Tromp), each from a fresh 64 MiB table:
// the exact score (Pons' scoring) and win/draw/loss.
void BM_Connect4Fhourstones(benchmark::State& state, const char* moves, bool exact) {
  const Connect4 game(7, 6, exact);
  const Connect4::State s = *game.ParseState(moves);
  SolveReport r;
  for (auto _ : state) r = TtSolver::Solve(game, s, ValueOnly());
  state.counters["value"] = r.value;
  state.counters["nodes"] = static_cast<double>(r.nodes);
  state.counters["tt_hit_rate"] = r.stats.Find("tt_hit_rate")->as_double();
}
BENCHMARK_CAPTURE(BM_Connect4Fhourstones, 45461667_exact, "45461667", true)
    ->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Connect4Fhourstones, 35333571_exact, "35333571", true)
    ->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Connect4Fhourstones, 13333111_exact, "13333111", true)
    ->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Connect4Fhourstones, 45461667_wdl, "45461667", false)
    ->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Connect4Fhourstones, 35333571_wdl, "35333571", false)
    ->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Connect4Fhourstones, 13333111_wdl, "13333111", false)
    ->Iterations(1)->Unit(benchmark::kMillisecond);

// The three together, exact score: the figure compared with Fhourstones'
// 35.6 s (which only weak-solves them). One fresh table per position.
void BM_Connect4FhourstonesAllExact(benchmark::State& state) {
  const Connect4 game;
  double seconds = 0, nodes = 0;
  for (auto _ : state) {
    seconds = nodes = 0;
    for (const char* moves : {"45461667", "35333571", "13333111"}) {
      const SolveReport r = TtSolver::Solve(game, *game.ParseState(moves), ValueOnly());
      seconds += r.seconds;
      nodes += static_cast<double>(r.nodes);
    }
  }
  state.counters["nodes"] = nodes;
  state.counters["peer_seconds"] = kFhourstonesSeconds;
  state.counters["peer_ratio"] = kFhourstonesSeconds / seconds;
}
BENCHMARK(BM_Connect4FhourstonesAllExact)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gamebench
