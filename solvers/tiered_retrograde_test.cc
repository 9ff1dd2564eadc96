// Tiered retrograde analysis (solvers/tiered_retrograde.h): the Tiered
// indices of every game, the tiered tables against the dense solver's position
// by position, Connect Four's reachable counts against John Tromp's published
// ones and sampled positions against `tt`, and the refusal of a game whose
// moves leave its tiers backwards.
//
// ctest cost: 5

#include "solvers/tiered_retrograde.h"

#include <cstdlib>
#include <deque>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "games/connect4/connect4.h"
#include "games/dodgem/dodgem.h"
#include "games/sim/sim.h"
#include "games/tictactoe/tictactoe.h"
#include "gtest/gtest.h"
#include "solvers/retrograde.h"
#include "solvers/tt.h"
#include "tests/conformance.h"
#include "tests/retrograde_checks.h"
#include "tests/sanitized.h"
#include "tests/test_files.h"

namespace gamebench {
namespace {

using testing::MakeGame;

using testing::Sanitized;

// A fresh directory for tier files, inside one scratch folder for the whole
// test binary that removes itself with everything in it when the binary
// exits, also after a failed ASSERT left a directory behind.
std::string FreshDir(const std::string& name) {
  static testing::ScratchDir scratch("tiered");
  static int counter = 0;
  const std::string dir = scratch.File(name + "_" + std::to_string(counter++));
  std::filesystem::remove_all(dir);
  return dir;
}

template <Tiered G>
TieredResult RunTiered(const G& game, const std::string& dir, int threads = 2) {
  TieredOptions options;
  options.dir = dir;
  options.threads = threads;
  options.memory_bytes = 1ull << 30;
  SerialComm comm;
  TieredRetrograde<G> analysis(game, options, comm);
  auto r = analysis.Run();
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? *std::move(r) : TieredResult{};
}

// Every position reachable from the start, by breadth-first search.
template <Game G>
std::vector<typename G::State> Reachable(const G& game) {
  std::vector<typename G::State> out{game.Start()};
  absl::flat_hash_set<uint64_t> seen{game.Key(game.Start())};
  for (size_t k = 0; k < out.size(); ++k) {
    const auto s = out[k];
    if (game.Terminal(s)) continue;
    MoveListOf<G> moves;
    game.GenerateMoves(s, moves);
    for (auto m : moves) {
      const auto c = game.Play(s, m);
      if (seen.insert(game.Key(c)).second) out.push_back(c);
    }
  }
  return out;
}

// TierIndex is injective into the tier and TierUnindex inverts it, and every
// move stays in its tier or goes to a listed child tier.
template <Tiered G>
void CheckTiers(const G& game) {
  SCOPED_TRACE(game.CanonicalSpec());
  absl::flat_hash_set<std::pair<int, uint64_t>> indices;
  for (const auto& s : Reachable(game)) {
    const int t = game.TierOf(s);
    ASSERT_GE(t, 0);
    ASSERT_LT(t, game.NumTiers());
    const uint64_t i = game.TierIndex(s);
    ASSERT_LT(i, game.TierSize(t)) << game.FormatState(s);
    ASSERT_TRUE(game.TierUnindex(t, i) == s) << game.FormatState(s);
    ASSERT_TRUE(indices.insert({t, i}).second) << "two positions at tier " << t << " index " << i;
    if (game.Terminal(s)) continue;
    std::vector<int> children;
    game.ChildTiers(t, children);
    MoveListOf<G> moves;
    game.GenerateMoves(s, moves);
    for (auto m : moves) {
      const int ct = game.TierOf(game.Play(s, m));
      EXPECT_TRUE(ct == t || std::find(children.begin(), children.end(), ct) != children.end())
          << game.FormatState(s) << " moves from tier " << t << " to " << ct;
    }
  }
}

TEST(TieredTest, IndicesAreDenseBijections) {
  CheckTiers(TicTacToe());
  CheckTiers(MakeGame<Sim>("sim(n=5)"));
  CheckTiers(MakeGame<Dodgem>("dodgem(n=3)"));
  CheckTiers(MakeGame<Connect4>("connect4(w=4,h=4)"));
  if (!Sanitized()) {
    CheckTiers(MakeGame<Dodgem>("dodgem(n=4)"));
  }
}

// Connect Four's index covers every stacked board of a tier: all indices of
// a small board's tiers round-trip (reachable or not).
TEST(TieredTest, Connect4IndexRoundTripsEveryIndex) {
  for (const char* spec : {"connect4(w=4,h=4)", "connect4(w=5,h=4)", "connect4(w=6,h=5)"}) {
    Connect4 g = MakeGame<Connect4>(spec);
    for (int t = 0; t < g.NumTiers(); ++t) {
      const uint64_t size = g.TierSize(t);
      const uint64_t step = std::max<uint64_t>(1, size / 2000);
      for (uint64_t i = 0; i < size; i += step) {
        const Connect4::State s = g.TierUnindex(t, i);
        ASSERT_EQ(g.TierOf(s), t);
        ASSERT_EQ(g.TierIndex(s), i) << spec << " tier " << t;
      }
    }
  }
}

// The tiered tables hold, for every reachable position, the dense solver's
// entry: the same value and the same remoteness.
template <typename G>
void CheckAgainstDense(const G& game) {
  SCOPED_TRACE(game.CanonicalSpec());
  const std::string dir = FreshDir(std::string(G::kName));
  TieredResult tiered = RunTiered(game, dir);
  RetrogradeTable dense = testing::AnalyzeOrDie(game, 2);
  EXPECT_EQ(tiered.positions, dense.positions);
  EXPECT_EQ(tiered.wins, dense.wins);
  EXPECT_EQ(tiered.losses, dense.losses);
  EXPECT_EQ(tiered.draws, dense.draws);
  EXPECT_EQ(tiered.root_entry, dense.entries[dense.root_index]);
  std::vector<ZeroedArray<uint16_t>> tiers(game.NumTiers());
  for (const TierSummary& s : tiered.tiers) {
    auto v = LoadTierValues(dir, game.CanonicalSpec(), s.tier, s.size, tiers[s.tier]);
    ASSERT_TRUE(v.ok()) << v.status();
    EXPECT_EQ(v->positions, s.positions);
  }
  uint64_t compared = 0, mismatches = 0;
  for (const auto& s : Reachable(game)) {
    const int t = game.TierOf(s);
    ASSERT_GT(tiers[t].size(), 0u);
    const uint16_t got = tiers[t][game.TierIndex(s)], want = dense.entries[game.Index(s)];
    if (got != want && ++mismatches < 5)
      ADD_FAILURE() << game.FormatState(s) << ": tiered " << got << ", dense " << want;
    ++compared;
  }
  EXPECT_EQ(compared, dense.positions);
  EXPECT_EQ(mismatches, 0u);
  std::filesystem::remove_all(dir);
}

TEST(TieredTest, AgreesWithDenseSolverOnEveryPosition) {
  CheckAgainstDense(TicTacToe());
  CheckAgainstDense(MakeGame<Sim>("sim(n=5)"));
  CheckAgainstDense(MakeGame<Dodgem>("dodgem(n=3)"));
  CheckAgainstDense(MakeGame<Dodgem>("dodgem(n=3,misere=true)"));
  if (!Sanitized()) {
    CheckAgainstDense(MakeGame<Dodgem>("dodgem(n=4)"));
    CheckAgainstDense(MakeGame<Sim>("sim(n=6)"));
  }
}

TEST(TieredTest, OneThreadEqualsTwo) {
  const Dodgem g = MakeGame<Dodgem>("dodgem(n=3)");
  const std::string a = FreshDir("one"), b = FreshDir("two");
  TieredResult one = RunTiered(g, a, 1), two = RunTiered(g, b, 2);
  EXPECT_EQ(one.checksum, two.checksum);
  EXPECT_EQ(one.positions, two.positions);
  std::filesystem::remove_all(a);
  std::filesystem::remove_all(b);
}

// John Tromp's counts of the positions reachable in play, from "John's
// Connect Four Playground" (tromp.github.io/c4/c4.html), board-size table:
// 4x4 161029, 5x4 3945711, 4x5 1706255 (width x height).
TEST(TieredTest, Connect4CountsMatchTrompAndSamplesMatchTt) {
  struct Board {
    const char* spec;
    uint64_t tromp;
  };
  std::vector<Board> boards = {{"connect4(w=4,h=4)", 161029}};
  if (!Sanitized()) {
    boards.push_back({"connect4(w=5,h=4)", 3945711});
    boards.push_back({"connect4(w=4,h=5)", 1706255});
  }
  for (const Board& b : boards) {
    SCOPED_TRACE(b.spec);
    const Connect4 g = MakeGame<Connect4>(b.spec);
    const std::string dir = FreshDir("c4");
    TieredResult r = RunTiered(g, dir);
    EXPECT_EQ(r.positions, b.tromp);
    EXPECT_EQ(r.tiers.size(), static_cast<size_t>(g.NumTiers()));  // every ply has positions
    // The start against tt.
    SolveOptions o;
    o.tt_bytes = 16 << 20;
    o.best_moves = false;
    const SolveReport start = TtSolver::Solve(g, g.Start(), o);
    ASSERT_TRUE(start.complete);
    EXPECT_EQ(retro::ValueOf(r.root_entry), start.value > 0 ? 1 : start.value < 0 ? -1 : 0);
    // Up to 12 positions of each ply, spread over its reachable ones.
    const int per_tier = Sanitized() ? 3 : 12;
    for (const TierSummary& s : r.tiers) {
      ZeroedArray<uint16_t> e;
      ASSERT_TRUE(LoadTierValues(dir, g.CanonicalSpec(), s.tier, s.size, e).ok());
      const uint64_t stride = std::max<uint64_t>(1, s.positions / per_tier);
      uint64_t seen = 0;
      for (uint64_t i = 0; i < s.size; ++i) {
        if (e[i] == 0) continue;
        if (seen++ % stride != 0) continue;
        const Connect4::State p = g.TierUnindex(s.tier, i);
        const SolveReport want = TtSolver::Solve(g, p, o);
        ASSERT_TRUE(want.complete);
        EXPECT_EQ(retro::ValueOf(e[i]), want.value > 0   ? 1
                                        : want.value < 0 ? -1
                                                         : 0)
            << g.FormatState(p);
      }
    }
    std::filesystem::remove_all(dir);
  }
}

// A game whose ChildTiers leaves out tier 5 although tier 4's moves reach it.
struct BadTicTacToe : TicTacToe {
  static absl::StatusOr<BadTicTacToe> FromSpec(const Spec&) { return BadTicTacToe(); }
  void ChildTiers(int t, std::vector<int>& out) const {
    if (t < kCells && t != 4) out.push_back(t + 1);
  }
};

TEST(TieredTest, RefusesAMoveToAnUnlistedTier) {
  const std::string dir = FreshDir("bad");
  TieredOptions options;
  options.dir = dir;
  SerialComm comm;
  TieredRetrograde<BadTicTacToe> analysis(BadTicTacToe(), options, comm);
  auto r = analysis.Run();
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("goes to tier 5, which ChildTiers does not list"),
            std::string::npos)
      << r.status();
  std::filesystem::remove_all(dir);
}

TEST(TieredTest, ResumesFromFinishedTiers) {
  const Connect4 g = MakeGame<Connect4>("connect4(w=4,h=4)");
  const std::string dir = FreshDir("resume");
  TieredResult first = RunTiered(g, dir);
  // Remove the lower tiers' values: a rerun solves them again, loads the rest.
  for (int t = 0; t < 8; ++t)
    std::filesystem::remove(TierFilePath(dir, TierFileKind::kValues, t, 0, 1));
  TieredResult second = RunTiered(g, dir);
  EXPECT_TRUE(second.forward_resumed);
  EXPECT_EQ(second.tiers_resumed, g.NumTiers() - 8);
  EXPECT_EQ(second.checksum, first.checksum);
  EXPECT_EQ(second.positions, first.positions);
  std::filesystem::remove_all(dir);
}

// A loopy tier's in-tier moves are known only while it is scanned: a budget
// that holds the tiers but not those moves stops the run with
// resource_exhausted (never past --memory), and a rerun with more resumes.
TEST(TieredTest, LoopyTierMovesPastTheBudgetStopTheRun) {
  const Dodgem g = MakeGame<Dodgem>("dodgem(n=3)");
  const std::string dir = FreshDir("loopy_budget");
  TieredOptions options;
  options.dir = dir;
  options.threads = 2;
  options.memory_bytes = tiered::MemoryNeeded(g) + 1024;  // the tiers fit, the moves do not
  SerialComm comm;
  TieredRetrograde<Dodgem> tight(g, options, comm);
  auto r = tight.Run();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kResourceExhausted) << r.status();
  EXPECT_NE(r.status().message().find("moves inside it"), std::string::npos) << r.status();
  const TieredResult resumed = RunTiered(g, dir);
  EXPECT_EQ(resumed.checksum, RunTiered(g, FreshDir("loopy_budget_ref")).checksum);
  std::filesystem::remove_all(dir);
}

TEST(TieredTest, MemoryBudgetRefusesUpFront) {
  const Connect4 g = MakeGame<Connect4>("connect4(w=7,h=6)");
  auto st = TieredRetrograde<Connect4>::CheckMemory(g, 16ull << 30);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.code(), absl::StatusCode::kResourceExhausted);
  EXPECT_TRUE(
      TieredRetrograde<Connect4>::CheckMemory(MakeGame<Connect4>("connect4(w=4,h=4)"), 16ull << 30)
          .ok());
}

}  // namespace
}  // namespace gamebench
