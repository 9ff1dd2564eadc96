// The parallel search (solvers/ptt.h) against tt: the same value and the
// same set of best moves on every catalog game tt applies to, at positions
// along random playouts, with both parallel schemes on two and three
// threads; on a sample of Pons' Connect Four sets (bench/positions/connect4/,
// source in its README) against the published scores; on one thread, the
// very search of tt (same node count); and the limits every thread must
// honour: node limit, time limit, cancellation, memory budget.
//
// Every limit is a count (positions, nodes), never a time, so the test does
// the same work on any machine; sanitized runs check fewer positions.
// Node counts of two threads vary from run to run: only values, best moves
// and completeness are compared there.

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/solve.h"
#include "games/connect4/connect4.h"
#include "games/sim/sim.h"
#include "gtest/gtest.h"
#include "solvers/ptt.h"
#include "solvers/tt.h"
#include "tests/catalog_types.h"
#include "tests/conformance.h"
#include "tests/sanitized.h"

namespace gamebench {
namespace {

using LazySmp = BasicParallelTtSolver<ParallelScheme::kLazySmp>;
using Abdada = BasicParallelTtSolver<ParallelScheme::kAbdada>;

using testing::Sanitized;

constexpr uint64_t kTtNodeLimit = 300000;  // positions tt cannot finish within are skipped

SolveOptions Options(int threads, uint64_t node_limit) {
  SolveOptions o;
  o.threads = threads;
  o.node_limit = node_limit;
  o.tt_bytes = 1 << 20;  // small: collisions and replacements happen
  o.memory_bytes = 64 << 20;
  return o;
}

std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Solves `s` with tt, then with each scheme on 2 and 3 threads, and expects
// the same value and best moves. False when tt did not finish (skipped).
template <Game G>
bool CheckPosition(const G& game, const typename G::State& s) {
  const SolveReport tt = TtSolver::Solve(game, s, Options(1, kTtNodeLimit));
  if (!tt.complete) return false;
  const std::string where = absl::StrCat(game.CanonicalSpec(), " at ", game.FormatState(s));
  // Generous: two threads may search more than one, never many times more.
  const uint64_t limit = 8 * tt.nodes + 200000;
  for (int threads : {2, 3}) {
    for (const SolveReport& r : {LazySmp::Solve(game, s, Options(threads, limit)),
                                 Abdada::Solve(game, s, Options(threads, limit))}) {
      const std::string what = absl::StrCat(r.stats.Find("scheme")->as_string(), " on ", threads,
                                            " threads at ", where);
      EXPECT_TRUE(r.complete) << what << ": did not finish within " << limit << " nodes";
      if (!r.complete) continue;
      EXPECT_EQ(r.value, tt.value) << what;
      EXPECT_EQ(Sorted(r.best_moves), Sorted(tt.best_moves)) << what;
    }
  }
  return true;
}

template <typename G>
class ParallelSearch : public ::testing::Test {};
TYPED_TEST_SUITE(ParallelSearch, testing::CatalogGames, testing::GameTypeName);

TYPED_TEST(ParallelSearch, SameValueAndBestMovesAsTt) {
  using G = TypeParam;
  if constexpr (!PttSolver::kAppliesTo<G>) {
    GTEST_SKIP() << "ptt does not apply to " << G::kName << " (as tt: depth-first search)";
  } else {
    static_assert(TtSolver::kAppliesTo<G>);
    G game = testing::MakeGame<G>(std::string(G::kName));
    const int wanted = Sanitized() ? 8 : 40;
    std::mt19937_64 rng(14);
    std::set<std::string> seen;
    int checked = 0;
    // Positions from the ends of random playouts backwards, cheap ones first;
    // a playout is left at its first position tt cannot finish.
    for (int p = 0; p < 100 && checked < wanted; ++p) {
      std::vector<typename G::State> line{game.Start()};
      while (!game.Terminal(line.back()) && line.size() < 10000) {
        MoveListOf<G> moves;
        game.GenerateMoves(line.back(), moves);
        line.push_back(game.Play(line.back(), moves[static_cast<int>(rng() % moves.size())]));
      }
      for (auto it = line.rbegin(); it != line.rend() && checked < wanted; ++it) {
        if (!seen.insert(game.FormatState(*it)).second) continue;
        if (!CheckPosition(game, *it)) break;
        ++checked;
      }
    }
    EXPECT_GE(checked, std::min<int>(wanted, static_cast<int>(seen.size()) / 2))
        << game.CanonicalSpec();
  }
}

// On one thread both schemes are tt's search: the same node count exactly.
// (Both run TableAlphaBeta's node; this says that ptt's hooks and its table
// change nothing on one thread.)
TEST(ParallelSearchTest, OneThreadIsTtsSearch) {
  const Connect4 game;
  for (const char* moves : {"32164625", "243335424257", "2252576253"}) {
    auto s = game.ParseState(moves);
    ASSERT_TRUE(s.ok());
    const SolveReport tt = TtSolver::Solve(game, *s, Options(1, 0));
    for (const SolveReport& r :
         {LazySmp::Solve(game, *s, Options(1, 0)), Abdada::Solve(game, *s, Options(1, 0))}) {
      EXPECT_EQ(r.value, tt.value) << moves;
      EXPECT_EQ(r.nodes, tt.nodes) << moves << " " << r.stats.Find("scheme")->as_string();
      EXPECT_EQ(r.best_moves, tt.best_moves) << moves;
    }
  }
  // A game without tactics: one full-window root search, symmetry on.
  const Sim sim = testing::MakeGame<Sim>("sim(n=5)");
  const SolveReport tt = TtSolver::Solve(sim, sim.Start(), Options(1, 0));
  for (const SolveReport& r : {LazySmp::Solve(sim, sim.Start(), Options(1, 0)),
                               Abdada::Solve(sim, sim.Start(), Options(1, 0))}) {
    EXPECT_EQ(r.value, tt.value);
    EXPECT_EQ(r.nodes, tt.nodes) << r.stats.Find("scheme")->as_string();
  }
}

// Pons' sets: a fixed sample of the two harder ones (begin-easy, middle-
// medium), on two threads, against the published exact scores and tt's best
// moves.
void CheckPonsSample(const std::string& name, int stride) {
  std::ifstream in(std::string(GAMEBENCH_SOURCE_DIR) + "/bench/positions/connect4/" + name);
  ASSERT_TRUE(in.good()) << name;
  const Connect4 game;
  std::string moves;
  Score score;
  int line = 0, checked = 0;
  while (in >> moves >> score) {
    if (line++ % stride != 0) continue;
    auto s = game.ParseState(moves);
    ASSERT_TRUE(s.ok()) << s.status();
    SolveOptions options = Options(2, 0);
    options.tt_bytes = 16 << 20;
    const SolveReport tt = TtSolver::Solve(game, *s, options);
    const SolveReport r = PttSolver::Solve(game, *s, options);
    ASSERT_TRUE(r.complete);
    EXPECT_EQ(r.value, score) << name << " line " << line << ": " << moves;
    EXPECT_EQ(Sorted(r.best_moves), Sorted(tt.best_moves)) << name << " line " << line;
    ++checked;
  }
  EXPECT_EQ(checked, (1000 + stride - 1) / stride);
}
TEST(ParallelSearchTest, PonsBeginEasySample) {
  CheckPonsSample("Test_L1_R1", Sanitized() ? 200 : 25);
}
TEST(ParallelSearchTest, PonsMiddleMediumSample) {
  CheckPonsSample("Test_L2_R2", Sanitized() ? 200 : 40);
}

// A search far too big to finish (the 7x6 start), stopped by each limit.
const Connect4 kBoard;

TEST(ParallelSearchTest, NodeLimitStopsEveryThread) {
  const SolveReport r = PttSolver::Solve(kBoard, kBoard.Start(), Options(2, 100000));
  EXPECT_FALSE(r.complete);
  // Each thread adds its nodes to the shared count every kPollInterval.
  EXPECT_LT(r.nodes, 100000 + 2 * 2 * kPollInterval);
}

TEST(ParallelSearchTest, TimeLimitStopsEveryThread) {
  SolveOptions o = Options(2, 0);
  o.time_limit_seconds = 0.05;
  const SolveReport r = PttSolver::Solve(kBoard, kBoard.Start(), o);
  EXPECT_FALSE(r.complete);
  EXPECT_GT(r.nodes, 0u);
}

TEST(ParallelSearchTest, CancelStopsEveryThread) {
  std::atomic<bool> cancel{false};
  CancelScope scope(&cancel);
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    cancel.store(true);
  });
  const SolveReport r = PttSolver::Solve(kBoard, kBoard.Start(), Options(2, 0));
  canceller.join();
  EXPECT_FALSE(r.complete);
}

TEST(ParallelSearchTest, TableWithinMemoryBudget) {
  SolveOptions o = Options(2, 0);
  o.tt_bytes = 1ull << 30;
  o.memory_bytes = 4 << 20;
  auto s = kBoard.ParseState("32164625");
  ASSERT_TRUE(s.ok());
  const SolveReport r = PttSolver::Solve(kBoard, *s, o);
  EXPECT_TRUE(r.complete);
  EXPECT_LE(r.stats.Find("tt_bytes")->as_double(), 4 << 20);
}

TEST(ParallelSearchTest, ZeroThreadsMeansAllCores) {
  const SolveReport r = PttSolver::Solve(kBoard, *kBoard.ParseState("32164625"), Options(0, 0));
  EXPECT_EQ(r.stats.Find("threads")->as_double(), tbb::this_task_arena::max_concurrency());
}

}  // namespace
}  // namespace gamebench
