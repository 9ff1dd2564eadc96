// The tool's tiered path: `analyze --tiers DIR` killed after a tier and run
// again ends with the tables of an uninterrupted run; `query` and `verify`
// read the tier directory; a damaged shard, a missing shard and a shard of
// another game are refused with one line and exit status 2.

#include <signal.h>

#include <filesystem>
#include <string>

#include "gtest/gtest.h"
#include "tests/test_files.h"
#include "tests/tool_runner.h"

namespace gamebench {
namespace {

using testing::ToolRun;

ToolRun RunTool(const std::string& args, const std::string& env = "") {
  testing::RunOptions options;
  if (!env.empty()) options.env.push_back(env);
  return testing::RunTool(args, options);
}

bool OneLineError(const ToolRun& r) { return r.OneLineError(); }

// The fields that must not depend on how the run went.
std::string Digest(const std::string& json) {
  const size_t a = json.find("\"checksum\""), b = json.find("\"positions\"");
  return json.substr(b, json.find(",\"value\"") - b) + " " + json.substr(a, 30);
}

class TieredToolTest : public ::testing::Test {
 protected:
  // The tier directories go in a scratch folder (removed with it).
  testing::ScratchDir scratch_{"tiers"};
  const std::string dir_ = scratch_.File("tiers");
  const std::string spec_ = "'connect4(w=4,h=4)'";
};

TEST_F(TieredToolTest, KilledRunResumesToTheSameTables) {
  ToolRun reference = RunTool("analyze " + spec_ + " --json --no-progress");
  ASSERT_EQ(reference.status, 0) << reference.Describe();
  ToolRun killed = RunTool("analyze " + spec_ + " --tiers " + dir_ + " --json --no-progress",
                           "GAMEBENCH_TIER_KILL_AFTER=5");
  EXPECT_EQ(killed.signal, SIGKILL) << killed.Describe();
  ToolRun resumed = RunTool("analyze " + spec_ + " --tiers " + dir_ + " --json --no-progress");
  ASSERT_EQ(resumed.status, 0) << resumed.Describe();
  EXPECT_EQ(Digest(resumed.out), Digest(reference.out));
  EXPECT_NE(resumed.out.find("\"tiers_resumed\":5"), std::string::npos) << resumed.out;
  ToolRun verified = RunTool("verify " + dir_ + " --json");
  ASSERT_EQ(verified.status, 0) << verified.err;
  EXPECT_NE(verified.out.find(reference.out.substr(reference.out.find("\"checksum\""), 30)),
            std::string::npos);
  ToolRun query = RunTool("query " + dir_ + " --position 4433 --json");
  ASSERT_EQ(query.status, 0) << query.err;
  EXPECT_NE(query.out.find("\"value\":\"draw\""), std::string::npos) << query.out;
}

TEST_F(TieredToolTest, DamagedMissingAndForeignShardsAreRefused) {
  ASSERT_EQ(RunTool("analyze " + spec_ + " --tiers " + dir_ + " --no-progress").status, 0);
  const std::string shard = dir_ + "/tier-9.values.0-of-1";
  const std::string bytes = testing::ReadFile(shard);
  std::string damaged = bytes;
  damaged[damaged.size() / 2] ^= 4;
  testing::WriteFile(shard, damaged);
  ToolRun r = RunTool("verify " + dir_);
  EXPECT_TRUE(OneLineError(r)) << r.err;
  EXPECT_NE(r.err.find("checksum"), std::string::npos) << r.err;
  std::filesystem::remove(shard);
  std::filesystem::remove(dir_ + "/tier-10.values.0-of-1");
  testing::WriteFile(dir_ + "/tier-10.values.0-of-2", "x");
  r = RunTool("query " + dir_ + " --position 444433221");
  EXPECT_TRUE(OneLineError(r)) << r.err;
  r = RunTool("verify " + dir_);
  EXPECT_TRUE(OneLineError(r)) << r.err;
  // A shard of another game, under this game's name.
  const std::string other = dir_ + "_other";
  ASSERT_EQ(RunTool("analyze 'connect4(w=5,h=4)' --tiers " + other + " --no-progress").status, 0);
  std::filesystem::remove(dir_ + "/tier-10.values.0-of-2");
  std::filesystem::copy_file(other + "/tier-9.values.0-of-1", shard);
  r = RunTool("verify " + dir_);
  EXPECT_TRUE(OneLineError(r)) << r.err;
  EXPECT_NE(r.err.find("holds game connect4(w=5"), std::string::npos) << r.err;
  r = RunTool("analyze " + spec_ + " --tiers " + dir_ + " --memory 1M");
  EXPECT_TRUE(OneLineError(r)) << r.err;
}

TEST_F(TieredToolTest, MemoryBudgetRefusesWithTheEstimate) {
  ToolRun r = RunTool("analyze 'connect4(w=7,h=6)' --memory 1G");
  EXPECT_TRUE(OneLineError(r)) << r.err;
  EXPECT_NE(r.err.find("largest tier"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace gamebench
