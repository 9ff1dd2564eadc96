// Pascal Pons' Connect Four test sets (bench/positions/connect4/, source in
// its README): the tt solver must reproduce every exact score of the three
// easier sets and of a fixed sample of Test_L1_R1. Sanitized runs (3-10x
// slower) check a fixed smaller sample of each set.

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "games/connect4/connect4.h"
#include "gtest/gtest.h"
#include "solvers/transposition_table.h"
#include "solvers/tt.h"

namespace gamebench {
namespace {

struct Case {
  std::string moves;
  Score score;
};

std::vector<Case> ReadSet(const std::string& name) {
  std::ifstream in(std::string(GAMEBENCH_SOURCE_DIR) + "/bench/positions/connect4/" + name);
  EXPECT_TRUE(in.good()) << name;
  std::vector<Case> cases;
  Case c;
  while (in >> c.moves >> c.score) cases.push_back(c);
  EXPECT_EQ(cases.size(), 1000u) << name;
  return cases;
}

// Solves every `stride`-th position of the set with one table, as the batch
// command does, and checks each score.
void CheckSet(const std::string& name, int stride) {
  const Connect4 game;
  SolveOptions options;
  options.best_moves = false;
  TranspositionTable table(64ull << 20);
  int checked = 0;
  const std::vector<Case> cases = ReadSet(name);
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

}  // namespace
}  // namespace gamebench
