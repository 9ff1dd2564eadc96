// Crash-safe long runs: `analyze --checkpoint FILE` killed with SIGKILL (at a
// deterministic checkpoint through the GAMEBENCH_CHECKPOINT_KILL_AFTER hook,
// or at an arbitrary moment from outside) and started again with the same
// command ends with a table byte-identical to an uninterrupted run's.

#include <signal.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/sanitized.h"
#include "tests/test_files.h"
#include "tests/tool_runner.h"

namespace gamebench {
namespace {

using testing::Exists;
using testing::ReadFile;
using testing::ScratchDir;
using testing::ToolProcess;
using testing::ToolRun;
using testing::WriteFile;

// `gamebench ARGS` with `env` ("VAR=1") added to its environment.
testing::RunOptions WithEnv(const std::string& env) {
  testing::RunOptions options;
  if (!env.empty()) options.env.push_back(env);
  return options;
}

ToolRun RunTool(const std::string& args, const std::string& env = "") {
  return testing::RunTool(args, WithEnv(env));
}

bool OneLineError(const ToolRun& r) { return r.OneLineError(); }

// Sanitized builds run several times slower: a smaller Dodgem.
std::string Spec() {
  return testing::Sanitized() ? "'dodgem(n=3)'" : "'dodgem(n=4)'";
}

class CheckpointTest : public ::testing::Test {
 protected:
  void SetUp() override {
    reference_ = dir_.File("reference.gbrt");
    table_ = dir_.File("table.gbrt");
    checkpoint_ = dir_.File("run.ckpt");
    ToolRun r = RunTool("analyze " + Spec() + " --threads 2 --save " + reference_);
    ASSERT_EQ(r.status, 0) << r.Describe();
  }
  std::string Command(const std::string& extra = "") const {
    return "analyze " + Spec() + " --threads 2 --save " + table_ + " --checkpoint " + checkpoint_ +
           " --checkpoint-every 0" + extra;
  }
  // The run finished: the table is the uninterrupted run's, and the
  // checkpoint is gone.
  void ExpectIdenticalTable() {
    const std::string a = ReadFile(reference_), b = ReadFile(table_);
    ASSERT_FALSE(a.empty());
    EXPECT_TRUE(a == b) << "resumed table differs from the uninterrupted run's (" << b.size()
                        << " vs " << a.size() << " bytes)";
    EXPECT_FALSE(Exists(checkpoint_));
    EXPECT_FALSE(Exists(checkpoint_ + ".tmp"));
  }

  ScratchDir dir_{"checkpoint"};
  std::string reference_, table_, checkpoint_;
};

// Killed right after its K-th checkpoint (a forward level; a backward
// level), then resumed.
TEST_F(CheckpointTest, KilledAfterACheckpointResumesToTheSameTable) {
  for (int k : {2, 40}) {
    SCOPED_TRACE(k);
    ToolRun killed = RunTool(Command(), "GAMEBENCH_CHECKPOINT_KILL_AFTER=" + std::to_string(k));
    if (!killed.killed()) {
      // Fewer levels than k (a small sanitized instance): nothing to resume.
      ASSERT_EQ(killed.status, 0) << killed.err;
      ExpectIdenticalTable();
      continue;
    }
    ASSERT_TRUE(Exists(checkpoint_));
    EXPECT_FALSE(Exists(table_));
    ToolRun resumed = RunTool(Command());
    ASSERT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_NE(resumed.err.find("resuming"), std::string::npos) << resumed.err;
    EXPECT_TRUE(resumed.err.find("forward level") != std::string::npos ||
                resumed.err.find("backward level") != std::string::npos)
        << resumed.err;
    ExpectIdenticalTable();
    std::filesystem::remove(table_);
  }
}

// Killed again and again, every ten checkpoints, until it finishes:
// resumes from a resumed run in both phases.
TEST_F(CheckpointTest, RepeatedKillsStillEndWithTheSameTable) {
  int kills = 0;
  for (; kills < 100; ++kills) {
    ToolRun r = RunTool(Command(), "GAMEBENCH_CHECKPOINT_KILL_AFTER=10");
    if (!r.killed()) {
      ASSERT_EQ(r.status, 0) << r.err;
      break;
    }
  }
  EXPECT_GT(kills, 2);
  ExpectIdenticalTable();
}

// SIGKILL from outside at an arbitrary moment: as soon as the first
// checkpoint exists, and again a little later.
TEST_F(CheckpointTest, KilledFromOutsideResumes) {
  ToolRun r;
  {
    ToolProcess run(testing::ToolCommand(Command()));
    for (int i = 0; i < 20000 && !Exists(checkpoint_); ++i)
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    // (On a slow machine the wait may end before the first checkpoint: then
    // the kill lands before it, which must resume just as well.)
    const bool had_checkpoint = Exists(checkpoint_);
    run.Signal(SIGKILL);
    r = run.Wait();
    if (r.killed() && had_checkpoint) {
      EXPECT_TRUE(Exists(checkpoint_));
    }
  }
  if (r.killed()) {
    ToolProcess again(testing::ToolCommand(Command()));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    again.Signal(SIGKILL);
    again.Wait();
  }
  ToolRun resumed = RunTool(Command());
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  ExpectIdenticalTable();
}

// A time-limited run leaves a checkpoint (taken inside the level it was
// in); running the same command again and again finishes the analysis.
TEST_F(CheckpointTest, TimeLimitedRunsResumeToTheSameTable) {
  ToolRun first = RunTool(Command(" --time-limit 0.000001"));
  EXPECT_TRUE(OneLineError(first)) << first.err;  // stopped: no table to save
  EXPECT_NE(first.err.find("run the same command again to resume"), std::string::npos) << first.err;
  ASSERT_TRUE(Exists(checkpoint_));
  EXPECT_FALSE(Exists(table_));
  // The limit grows by half each run, so that the number of runs stays
  // small on any machine (a fixed limit would need more runs the slower the
  // machine): from 0.03 s it passes a minute within 20 runs.
  int runs = 1;
  double limit = 0.03;
  for (; runs < 40; ++runs, limit *= 1.5) {
    ToolRun r = RunTool(Command(absl::StrCat(" --time-limit ", limit)));
    if (r.status == 0) break;
    ToolRun last_line = r;
    last_line.err = r.err.substr(r.err.find('\n') + 1);
    ASSERT_TRUE(OneLineError(last_line)) << r.Describe();
  }
  EXPECT_LT(runs, 40);
  ExpectIdenticalTable();
  // Without --save, a stopped run reports where its checkpoint is.
  ToolRun j =
      RunTool("analyze " + Spec() + " --json --time-limit 0.000001 --checkpoint " + checkpoint_);
  EXPECT_EQ(j.status, 0) << j.err;
  EXPECT_NE(j.out.find("\"complete\":false"), std::string::npos) << j.out;
  EXPECT_NE(j.out.find("\"checkpoint\":\"" + checkpoint_ + "\""), std::string::npos) << j.out;
  EXPECT_TRUE(Exists(checkpoint_));
}

TEST_F(CheckpointTest, ForeignOrDamagedCheckpointsAreRefused) {
  ToolRun killed = RunTool(Command(), "GAMEBENCH_CHECKPOINT_KILL_AFTER=2");
  ASSERT_TRUE(killed.killed()) << killed.Describe();
  const std::string good = ReadFile(checkpoint_);
  ASSERT_GT(good.size(), 100u);
  // Another game (the misere variant has the same index size).
  const std::string other =
      "analyze 'dodgem(n=" + std::string(Spec().find("n=3") != std::string::npos ? "3" : "4") +
      ",misere=true)' --checkpoint " + checkpoint_;
  ToolRun r = RunTool(other);
  EXPECT_TRUE(OneLineError(r)) << r.err;
  EXPECT_NE(r.err.find("is a checkpoint of"), std::string::npos) << r.err;
  EXPECT_TRUE(OneLineError(RunTool("analyze 'dodgem(n=5)' --checkpoint " + checkpoint_)));
  // Damaged: a flipped bit in the header's level, in the entries, in the
  // bitmaps, in the checksum; truncated; not a checkpoint at all.
  for (size_t pos : {size_t{50}, good.size() / 3, good.size() - 100, good.size() - 2}) {
    std::string bad = good;
    bad[pos] ^= 0x10;
    WriteFile(checkpoint_, bad);
    ToolRun b = RunTool(Command());
    EXPECT_TRUE(OneLineError(b)) << pos << ": " << b.err;
  }
  WriteFile(checkpoint_, good.substr(0, good.size() - 1));
  EXPECT_TRUE(OneLineError(RunTool(Command())));
  WriteFile(checkpoint_, "not a checkpoint");
  ToolRun g = RunTool(Command());
  EXPECT_TRUE(OneLineError(g)) << g.err;
  EXPECT_NE(g.err.find("bad magic"), std::string::npos) << g.err;
  EXPECT_FALSE(Exists(table_));
  // The intact checkpoint still resumes.
  WriteFile(checkpoint_, good);
  ASSERT_EQ(RunTool(Command()).status, 0);
  ExpectIdenticalTable();
}

TEST(CheckpointFlagsTest, BadFlagsAreRefused) {
  ScratchDir dir("checkpoint");
  const std::string f = dir.File("flags.ckpt");
  EXPECT_TRUE(OneLineError(RunTool("analyze dodgem --checkpoint-every 5")));
  EXPECT_TRUE(OneLineError(RunTool("analyze dodgem --checkpoint " + f + " --checkpoint-every -1")));
  EXPECT_TRUE(OneLineError(RunTool("analyze dodgem --checkpoint " + f + " --checkpoint-every x")));
  EXPECT_TRUE(OneLineError(RunTool("analyze dodgem --checkpoint " + f + " --save " + f)));
  EXPECT_TRUE(
      OneLineError(RunTool("analyze dodgem --checkpoint /nonexistent-dir/x.ckpt "
                           "--checkpoint-every 0")));
  EXPECT_FALSE(Exists(f));
}

}  // namespace
}  // namespace gamebench
