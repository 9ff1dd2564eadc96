// Sim on K_n: every solver that can finish, the ingredients of `tt`
// (symmetry, move ordering, table size), the cost of canonical forms, and the
// exhaustive analysis that sizes the game trees.
//
//   build/bench/sim_bench --benchmark_filter=Solve
//
// Plain minimax visits the whole game tree: it finishes on K3..K5 only. The
// tree sizes it would need on K6 (1.66e11 nodes: about an hour at its 45M
// nodes/s) and K7 (1.28e17) are the `tree_nodes` counters of
// BM_SimExhaustive (a memoised count over isomorphism classes). Alpha-beta
// without a table finishes K6 but not K7 (184M nodes in 60 s, unfinished).

#include <random>
#include <vector>

#include "benchmark/benchmark.h"
#include "games/sim/sim.h"
#include "games/sim/sim_analysis.h"
#include "solvers/alphabeta.h"
#include "solvers/minimax.h"
#include "solvers/tt.h"

namespace gamebench {
namespace {

Sim MakeSim(int n) { return Sim(n); }

// A table that holds the whole search without wasting time clearing it (a
// solve clears its table, which dominates on small boards).
uint64_t TableBytes(int n, bool symmetry) {
  if (n <= 5) return 1 << 20;
  if (n == 6) return symmetry ? 1 << 20 : 16 << 20;
  if (n == 7) return symmetry ? 16 << 20 : 256 << 20;
  return 256 << 20;
}

SolveOptions BenchOptions(int n, bool symmetry = true, bool ordering = true,
                          uint64_t tt_bytes = 0) {
  SolveOptions o;
  o.tt_bytes = tt_bytes ? tt_bytes : TableBytes(n, symmetry);
  o.memory_bytes = 4ull << 30;
  o.symmetry = symmetry;
  o.move_ordering = ordering;
  o.best_moves = false;  // the value only
  return o;
}

template <typename Solver>
void SolveStart(benchmark::State& state, bool symmetry = true, bool ordering = true) {
  const int n = static_cast<int>(state.range(0));
  Sim g = MakeSim(n);
  const SolveOptions options = BenchOptions(n, symmetry, ordering);
  SolveReport r;
  for (auto _ : state) {
    r = Solver::Solve(g, g.Start(), options);
    benchmark::DoNotOptimize(r.value);
  }
  state.counters["nodes"] = static_cast<double>(r.nodes);
  state.counters["nodes_per_s"] = benchmark::Counter(
      static_cast<double>(r.nodes) * state.iterations(), benchmark::Counter::kIsRate);
  state.counters["value"] = r.value;
  if (r.stats.is_object()) {
    for (const char* k : {"tt_used", "tt_hit_rate"})
      if (const Json* v = r.stats.Find(k)) state.counters[k] = v->as_double();
  }
}

void BM_SimSolveMinimax(benchmark::State& state) { SolveStart<MinimaxSolver>(state); }
BENCHMARK(BM_SimSolveMinimax)->DenseRange(3, 5)->Unit(benchmark::kMillisecond);

void BM_SimSolveAlphaBeta(benchmark::State& state) { SolveStart<AlphaBetaSolver>(state); }
BENCHMARK(BM_SimSolveAlphaBeta)->DenseRange(3, 6)->Unit(benchmark::kMillisecond);

void BM_SimSolveAlphaBetaNoOrdering(benchmark::State& state) {
  SolveStart<AlphaBetaSolver>(state, true, false);
}
BENCHMARK(BM_SimSolveAlphaBetaNoOrdering)->DenseRange(3, 6)->Unit(benchmark::kMillisecond);

void BM_SimSolveTt(benchmark::State& state) { SolveStart<TtSolver>(state); }
BENCHMARK(BM_SimSolveTt)->DenseRange(3, 8)->Unit(benchmark::kMillisecond);

void BM_SimSolveTtNoOrdering(benchmark::State& state) { SolveStart<TtSolver>(state, true, false); }
BENCHMARK(BM_SimSolveTtNoOrdering)->DenseRange(4, 8)->Unit(benchmark::kMillisecond);

void BM_SimSolveTtNoSymmetry(benchmark::State& state) { SolveStart<TtSolver>(state, false, true); }
BENCHMARK(BM_SimSolveTtNoSymmetry)->DenseRange(4, 7)->Unit(benchmark::kMillisecond);

void BM_SimSolveTtPlain(benchmark::State& state) { SolveStart<TtSolver>(state, false, false); }
BENCHMARK(BM_SimSolveTtPlain)->DenseRange(4, 7)->Unit(benchmark::kMillisecond);

// K8 with symmetry and ordering, tables from 64 KiB to 256 MiB (the
// argument is log2 of the bytes).
void BM_SimSolveTtK8TableSize(benchmark::State& state) {
  Sim g = MakeSim(8);
  SolveOptions o = BenchOptions(8, true, true, uint64_t{1} << state.range(0));
  SolveReport r;
  for (auto _ : state) r = TtSolver::Solve(g, g.Start(), o);
  state.counters["nodes"] = static_cast<double>(r.nodes);
  state.counters["tt_used"] = r.stats.Find("tt_used")->as_double();
}
BENCHMARK(BM_SimSolveTtK8TableSize)->DenseRange(16, 28, 4)->Unit(benchmark::kMillisecond);

// Canonical forms of random mid-game positions.
void BM_SimCanonical(benchmark::State& state) {
  Sim g = MakeSim(static_cast<int>(state.range(0)));
  std::mt19937_64 rng(1);
  std::vector<Sim::State> positions;
  while (positions.size() < 4096) {
    Sim::State s = g.Start();
    int plies = static_cast<int>(rng() % g.num_edges());
    for (int i = 0; i < plies && !g.Terminal(s); ++i) {
      MoveListOf<Sim> moves;
      g.GenerateMoves(s, moves);
      s = g.Play(s, moves[static_cast<int>(rng() % moves.size())]);
    }
    positions.push_back(s);
  }
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(g.Canonical(positions[i++ & 4095]));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SimCanonical)->DenseRange(5, 8);

// Every reachable class solved without pruning: the class count, the full
// game tree's size, the value and the remoteness from the start.
void BM_SimExhaustive(benchmark::State& state) {
  Sim g = MakeSim(static_cast<int>(state.range(0)));
  SimAnalysis::Result r;
  uint64_t classes = 0;
  for (auto _ : state) {
    SimAnalysis a(g);
    r = a.Exhaust(g.Start());
    classes = a.classes();
  }
  state.counters["classes"] = static_cast<double>(classes);
  state.counters["tree_nodes"] = static_cast<double>(r.tree_nodes);
  state.counters["value"] = r.value;
  state.counters["remoteness"] = r.remoteness;
}
BENCHMARK(BM_SimExhaustive)->DenseRange(3, 7)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
}  // namespace gamebench
