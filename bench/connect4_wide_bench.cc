// Connect Four on the 128-bit board (Connect4Of<Uint128>): Christophe
// Steininger's 10x6 sets (bench/positions/connect4/steininger/10x6/, 1,000
// positions each, source in its README), each file solved whole with one
// table as `gamebench batch` does. Counters: nodes per position and `wrong`
// (scores that differ from the file's; the benchmark errors if any).
//
//   build/bench/connect4_wide_bench                               # every file
//   build/bench/connect4_wide_bench --benchmark_filter=endgame    # one file
//
// The main job runs endgame_L1 and midgame_L1 (bench/gbench.tsv); the
// midgame_L2 and opening files are for --full.

#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "core/solve.h"
#include "games/connect4/connect4.h"
#include "games/connect4/pons_test_set.h"
#include "solvers/tt.h"

namespace gamebench {
namespace {

using Wide = Connect4Of<Uint128>;

// 64 MiB: 2 Mi entries of 32 bytes (the whole 128-bit key, transposition_table.h).
constexpr uint64_t kTableBytes = 64ull << 20;

void BM_Connect4Steininger10x6(benchmark::State& state, const char* name) {
  const Wide game(10, 6);
  auto cases = ReadPonsTestSet(std::string(GAMEBENCH_SOURCE_DIR) +
                               "/bench/positions/connect4/steininger/10x6/" + name + ".txt");
  if (!cases.ok() || cases->size() != 1000) {
    state.SkipWithError("cannot read the set");
    return;
  }
  std::vector<Wide::State> positions;
  for (const PonsTestCase& c : *cases) {
    auto s = game.ParseState(OneBasedMoves(c.moves));
    if (!s.ok()) {
      state.SkipWithError("a position does not parse");
      return;
    }
    positions.push_back(*s);
  }
  SolveOptions options;
  options.best_moves = false;
  options.tt_bytes = kTableBytes;
  uint64_t nodes = 0, wrong = 0;
  for (auto _ : state) {
    nodes = wrong = 0;
    TtSolver::Table<Wide> table(kTableBytes);
    for (size_t i = 0; i < positions.size(); ++i) {
      const SolveReport r = TtSolver::SolveWithTable(game, positions[i], options, table);
      nodes += r.nodes;
      wrong += r.value != (*cases)[i].score;  // 10x6: N even, his score is connect4's
    }
  }
  if (wrong) state.SkipWithError("scores differ from the file");
  state.counters["positions"] = static_cast<double>(positions.size());
  state.counters["nodes_per_position"] = static_cast<double>(nodes) / positions.size();
  state.counters["wrong"] = static_cast<double>(wrong);
}

BENCHMARK_CAPTURE(BM_Connect4Steininger10x6, endgame_L1, "endgame_L1")
    ->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Connect4Steininger10x6, midgame_L1, "midgame_L1")
    ->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Connect4Steininger10x6, midgame_L2, "midgame_L2")
    ->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Connect4Steininger10x6, opening_L1, "opening_L1")
    ->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Connect4Steininger10x6, opening_L2, "opening_L2")
    ->Iterations(1)->Unit(benchmark::kMillisecond);

// What the 128-bit word costs where both words work: Pons' Test_L1_R1
// (7x6) in either word, the 128-bit table twice the bytes so that both have
// the same buckets and the searches are identical (same nodes, checked by
// games/connect4/connect4_wide_test.cc). Count instructions per node with
//   valgrind --tool=callgrind build/bench/connect4_wide_bench --benchmark_filter=Word/64
// and Word/128 (docs/connect4.md has the figures).
template <typename G>
void BM_Connect4Word(benchmark::State& state) {
  const G game(7, 6);
  auto cases = ReadPonsTestSet(std::string(GAMEBENCH_SOURCE_DIR) + "/bench/positions/connect4/Test_L1_R1");
  if (!cases.ok() || cases->size() != 1000) {
    state.SkipWithError("cannot read the set");
    return;
  }
  const uint64_t bytes = (2ull << 20) * (G::kBits / 64);
  SolveOptions options;
  options.best_moves = false;
  options.tt_bytes = bytes;
  uint64_t nodes = 0, wrong = 0;
  for (auto _ : state) {
    nodes = wrong = 0;
    TtSolver::Table<G> table(bytes);
    for (size_t i = 0; i < 300; ++i) {
      const SolveReport r = TtSolver::SolveWithTable(game, *game.ParseState((*cases)[i].moves), options, table);
      nodes += r.nodes;
      wrong += r.value != (*cases)[i].score;
    }
  }
  if (wrong) state.SkipWithError("scores differ from the file");
  state.counters["nodes"] = static_cast<double>(nodes);
}
BENCHMARK_TEMPLATE(BM_Connect4Word, Connect4)->Name("BM_Connect4Word/64")->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_Connect4Word, Wide)->Name("BM_Connect4Word/128")->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gamebench
