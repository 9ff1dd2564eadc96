#include "solvers/retrograde.h"

#include <cstdio>
#include <fstream>
#include <string>

#include "games/dodgem/dodgem.h"
#include "games/nim/nim.h"
#include "gtest/gtest.h"
#include "tests/conformance.h"
#include "tests/retrograde_checks.h"
#include "tests/solver_agreement.h"
#include "tests/test_files.h"

namespace gamebench {
namespace {

using testing::MakeGame;

TEST(RetrogradeTest, NimIndexingAndParents) {
  for (const char* spec : {"nim(heaps=3;5;7)", "nim(heaps=0;4)", "nim(heaps=2;2;2,misere=true)"}) {
    Nim g = MakeGame<Nim>(spec);
    testing::CheckIndexing(g, /*full_scan=*/true);
    testing::CheckParentsInverseMoves(g);
  }
}

TEST(RetrogradeTest, NimAgreesWithSearch) {
  testing::CheckAgainstSearch(MakeGame<Nim>("nim(heaps=1;2;3)"), /*with_minimax=*/true);
  testing::CheckAgainstSearch(MakeGame<Nim>("nim(heaps=2;2;3,misere=true)"), true);
  testing::CheckAgainstSearch(MakeGame<Nim>("nim(heaps=3;4;5)"), /*with_minimax=*/false);
  testing::CheckAgainstReference(MakeGame<Nim>("nim(heaps=3;5;7)"));
  testing::CheckSerialEqualsParallel(MakeGame<Nim>("nim(heaps=7;7;7;7)"));
}

// Bouton: every position with xor 0 is lost, and the counts follow.
TEST(RetrogradeTest, NimCountsFollowBouton) {
  Nim g = MakeGame<Nim>("nim(heaps=3;5;7)");
  RetrogradeTable t = testing::AnalyzeOrDie(g, 2);
  EXPECT_EQ(t.positions, 4u * 6 * 8);
  uint64_t zero_xor = 0;
  for (int a = 0; a <= 3; ++a)
    for (int b = 0; b <= 5; ++b)
      for (int c = 0; c <= 7; ++c) zero_xor += (a ^ b ^ c) == 0;
  EXPECT_EQ(t.losses, zero_xor);
  EXPECT_EQ(t.wins, t.positions - zero_xor);
  EXPECT_EQ(t.draws, 0u);
}

TEST(RetrogradeTest, SolveReportsValueRemotenessAndBestMoves) {
  Nim g = MakeGame<Nim>("nim(heaps=2;3;4)");
  SolveReport r = RetrogradeSolver::Solve(g, g.Start(), testing::RetroOptions(2));
  SolveReport mm = MinimaxSolver::Solve(g, g.Start(), testing::RetroOptions(1));
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.value, kWinScore);
  EXPECT_EQ(r.remoteness, mm.remoteness);
  EXPECT_EQ(testing::Sorted<Nim>(r.best_moves), testing::Sorted<Nim>(mm.best_moves));
  EXPECT_EQ(r.nodes, 3u * 4 * 5);
}

TEST(RetrogradeTest, RefusesOverBudgetWithEstimate) {
  Dodgem g = MakeGame<Dodgem>("dodgem(n=6)");
  SolveOptions o = testing::RetroOptions(2);
  auto t = RetrogradeSolver::Analyze(g, g.Start(), o);
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.status().message().find("needs about"), absl::string_view::npos) << t.status();
  // A root outside nim's index space (a heap above its start) is refused.
  Nim nim = MakeGame<Nim>("nim(heaps=1;2)");
  auto big = nim.ParseState("5;2");
  ASSERT_TRUE(big.ok());
  EXPECT_FALSE(RetrogradeSolver::Analyze(nim, *big, o).ok());
}

TEST(RetrogradeTest, VerifyCatchesAFlippedValue) {
  Dodgem g = MakeGame<Dodgem>("dodgem");
  RetrogradeTable t = testing::AnalyzeOrDie(g, 2);
  ASSERT_TRUE(RetrogradeSolver::Verify(g, t).ok());
  // Flip one win to a loss, one remoteness, one draw where none is.
  for (uint64_t i = 0; i < t.index_size(); ++i) {
    const uint16_t e = t.entries[i];
    if (retro::TagOf(e) != retro::kWin) continue;
    t.entries[i] = retro::Entry(retro::kLoss, retro::LowOf(e));
    EXPECT_FALSE(RetrogradeSolver::Verify(g, t).ok());
    t.entries[i] = retro::Entry(retro::kWin, retro::LowOf(e) + 2);
    EXPECT_FALSE(RetrogradeSolver::Verify(g, t).ok());
    t.entries[i] = retro::Entry(retro::kDraw, 0);
    EXPECT_FALSE(RetrogradeSolver::Verify(g, t).ok());
    t.entries[i] = e;
    break;
  }
  ASSERT_TRUE(RetrogradeSolver::Verify(g, t).ok());
}

TEST(RetrogradeTest, FileRoundTripAndDamage) {
  Dodgem g = MakeGame<Dodgem>("dodgem(n=3)");
  RetrogradeTable t = testing::AnalyzeOrDie(g, 2);
  // In a ScratchDir: removed even when an ASSERT below ends the test early.
  const testing::ScratchDir dir("retrograde_file");
  const std::string path = dir.File("dodgem3.gbrt");
  ASSERT_TRUE(SaveRetrogradeTable(t, path).ok());
  auto loaded = LoadRetrogradeTable(path);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_EQ(loaded->game, g.CanonicalSpec());
  EXPECT_EQ(loaded->positions, 1963u);
  EXPECT_EQ(loaded->root_index, t.root_index);
  ASSERT_EQ(loaded->index_size(), t.index_size());
  EXPECT_EQ(std::memcmp(loaded->entries.data(), t.entries.data(), 2 * t.index_size()), 0);
  EXPECT_TRUE(RetrogradeSolver::Verify(g, *loaded).ok());

  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  auto write = [&](const std::string& b) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(b.data(), static_cast<std::streamsize>(b.size()));
  };
  // Every single flipped byte (sampled) is caught, header or table.
  for (size_t pos :
       {size_t{0}, size_t{9}, size_t{20}, bytes.size() / 2, bytes.size() - 20, bytes.size() - 1}) {
    std::string damaged = bytes;
    damaged[pos] ^= 0x10;
    write(damaged);
    EXPECT_FALSE(LoadRetrogradeTable(path).ok()) << "flipped byte " << pos;
  }
  write(bytes.substr(0, bytes.size() - 100));
  EXPECT_FALSE(LoadRetrogradeTable(path).ok());
  write("");
  EXPECT_FALSE(LoadRetrogradeTable(path).ok());
  std::remove(path.c_str());
  EXPECT_FALSE(LoadRetrogradeTable(path).ok());
}

TEST(RetrogradeTest, TimeLimitStopsCleanly) {
  Dodgem g = MakeGame<Dodgem>("dodgem(n=4)");
  SolveOptions o = testing::RetroOptions(2);
  o.time_limit_seconds = 1e-9;
  SolveReport r = RetrogradeSolver::Solve(g, g.Start(), o);
  EXPECT_FALSE(r.complete);
}

}  // namespace
}  // namespace gamebench
