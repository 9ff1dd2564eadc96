// Pascal Pons' Connect Four test sets (bench/positions/connect4/, source in
// its README): the tt solver must reproduce every exact score of the three
// easier sets and of a fixed sample of Test_L1_R1. Sanitized runs (3-10x
// slower) check a fixed smaller sample of each set.
//
// ctest cost: 4

#include <cstdlib>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "games/connect4/connect4.h"
#include "games/connect4/pons_test_set.h"
#include "gtest/gtest.h"
#include "solvers/transposition_table.h"
#include "solvers/tt.h"
#include "tests/conformance.h"
#include "tests/test_files.h"

namespace gamebench {
namespace {

std::vector<PonsTestCase> ReadSet(const std::string& name) {
  auto cases = ReadPonsTestSet(std::string(GAMEBENCH_SOURCE_DIR) + "/bench/positions/connect4/" + name);
  EXPECT_TRUE(cases.ok()) << cases.status();
  if (!cases.ok()) return {};
  EXPECT_EQ(cases->size(), 1000u) << name;
  return *std::move(cases);
}

// Solves every `stride`-th position of the set with one table, as the batch
// command does, and checks each score.
void CheckSet(const std::string& name, int stride) {
  const Connect4 game;
  SolveOptions options;
  options.best_moves = false;
  TranspositionTable table(64ull << 20);
  int checked = 0;
  const std::vector<PonsTestCase> cases = ReadSet(name);
  for (size_t i = 0; i < cases.size(); i += stride) {
    auto s = game.ParseState(cases[i].moves);
    ASSERT_TRUE(s.ok()) << s.status();
    const SolveReport r = TtSolver::SolveWithTable(game, *s, options, table);
    ASSERT_TRUE(r.complete);
    EXPECT_EQ(r.value, cases[i].score) << name << " line " << i + 1 << ": " << cases[i].moves;
    ++checked;
  }
  EXPECT_EQ(checked, (static_cast<int>(cases.size()) + stride - 1) / stride);
}

bool Sanitized() { return std::getenv("GAMEBENCH_SANITIZED") != nullptr; }

TEST(Connect4SetsTest, EndEasy) { CheckSet("Test_L3_R1", Sanitized() ? 20 : 1); }
TEST(Connect4SetsTest, MiddleEasy) { CheckSet("Test_L2_R1", Sanitized() ? 20 : 1); }
TEST(Connect4SetsTest, MiddleMedium) { CheckSet("Test_L2_R2", Sanitized() ? 100 : 1); }
// A fixed sample: every 10th position (every 100th sanitized).
TEST(Connect4SetsTest, BeginEasySample) { CheckSet("Test_L1_R1", Sanitized() ? 100 : 10); }

// Christophe Steininger's sets (bench/positions/connect4/steininger/, its
// README): moves 0-based; his score floor((N + 2 - m) / 2) for a win on move
// m is connect4's on boards with N even, and one less for the second
// player's wins when N is odd (9x5).
// G is the game's word: Connect4, or Connect4Of<Uint128> for 10x6 (70 bits).
template <typename G = Connect4>
void CheckSteiningerSet(const std::string& spec, const std::string& name, int stride) {
  const G game = testing::MakeGame<G>(spec);
  const std::string board = absl::StrCat(game.width(), "x", game.height());
  auto cases = ReadPonsTestSet(std::string(GAMEBENCH_SOURCE_DIR) + "/bench/positions/connect4/steininger/" +
                               board + "/" + name + ".txt");
  ASSERT_TRUE(cases.ok()) << cases.status();
  ASSERT_EQ(cases->size(), 1000u);
  SolveOptions options;
  options.best_moves = false;
  typename TtSolver::Table<G> table(64ull << 20);
  for (size_t i = 0; i < cases->size(); i += stride) {
    auto s = game.ParseState(OneBasedMoves((*cases)[i].moves));
    ASSERT_TRUE(s.ok()) << s.status();
    Score expected = (*cases)[i].score;
    const bool second_to_move = G::MovesPlayed(*s) % 2 == 1;
    if (game.Cells() % 2 == 1 && expected != 0 && (expected > 0) == second_to_move)
      expected += expected > 0 ? 1 : -1;  // a win of the second player
    const SolveReport r = TtSolver::SolveWithTable(game, *s, options, table);
    ASSERT_TRUE(r.complete);
    EXPECT_EQ(r.value, expected) << board << " " << name << " line " << i + 1 << ": " << (*cases)[i].moves;
  }
}

TEST(Connect4SetsTest, SteiningerEndgames) {
  CheckSteiningerSet("connect4", "endgame_L1", Sanitized() ? 20 : 1);
  CheckSteiningerSet("connect4(w=9,h=5)", "endgame_L1", Sanitized() ? 20 : 1);
}
TEST(Connect4SetsTest, SteiningerMidgames) {
  CheckSteiningerSet("connect4", "midgame_L1", Sanitized() ? 100 : 1);
  CheckSteiningerSet("connect4(w=9,h=5)", "midgame_L1", Sanitized() ? 100 : 1);
}

// 10x6 (Connect4Of<Uint128>): the endgames whole, every 10th midgame (the
// whole files: bench/connect4_wide_bench.cc).
TEST(Connect4SetsTest, SteiningerWideBoard) {
  using Wide = Connect4Of<Uint128>;
  CheckSteiningerSet<Wide>("connect4(w=10,h=6)", "endgame_L1", Sanitized() ? 20 : 1);
  CheckSteiningerSet<Wide>("connect4(w=10,h=6)", "midgame_L1", Sanitized() ? 100 : 10);
}

TEST(Connect4SetsTest, ReaderRejectsDamagedFiles) {
  EXPECT_FALSE(ReadPonsTestSet("/nonexistent/Test_L3_R1").ok());
  const testing::ScratchDir scratch("pons_set");
  const std::string path = scratch.File("damaged");
  for (const char* bad : {"4453\n", "4453 x\n", "4453 3 9\n", " 3\n"}) {
    std::ofstream(path) << "4453 3\n" << bad;
    auto cases = ReadPonsTestSet(path);
    ASSERT_FALSE(cases.ok()) << bad;
    EXPECT_NE(cases.status().message().find("line 2"), std::string::npos) << cases.status();
  }
  std::ofstream(path) << "4453 3\n\n12 -1\n";
  auto cases = ReadPonsTestSet(path);
  ASSERT_TRUE(cases.ok()) << cases.status();
  ASSERT_EQ(cases->size(), 2u);
  EXPECT_EQ((*cases)[1].moves, "12");
  EXPECT_EQ((*cases)[1].score, -1);
}

}  // namespace
}  // namespace gamebench
