// The analyze, query and verify commands, run as the real binary.

#include <sys/stat.h>

#include <string>
#include <vector>

#include "core/json.h"
#include "gtest/gtest.h"
#include "solvers/retrograde_table.h"
#include "tests/test_files.h"
#include "tests/tool_runner.h"

namespace gamebench {
namespace {

using testing::ReadFile;
using testing::RunOptions;
using testing::RunTool;
using testing::ScratchDir;
using testing::ToolRun;
using testing::WriteFile;

Json ParseOrDie(const std::string& text) {
  auto j = Json::Parse(text);
  EXPECT_TRUE(j.ok()) << text;
  return j.ok() ? *j : Json::MakeObject();
}

bool OneLineError(const ToolRun& r) { return r.OneLineError(); }

TEST(AnalyzeToolTest, DodgemThreeByThree) {
  ScratchDir dir("analyze");
  const std::string file = dir.File("d3.gbrt");
  ToolRun r = RunTool("analyze dodgem --threads 2 --json --save " + file);
  ASSERT_EQ(r.status, 0) << r.Describe();
  Json j = ParseOrDie(r.out);
  for (const char* key : {"game", "solver", "positions", "wins", "losses", "draws", "value",
                          "winner", "remoteness", "threads", "seconds", "peak_memory_bytes"})
    EXPECT_TRUE(j.Has(key)) << key;
  EXPECT_EQ(j.Find("game")->as_string(), "dodgem(n=3,misere=false)");
  EXPECT_EQ(j.Find("solver")->as_string(), "retrograde");
  EXPECT_EQ(j.Find("positions")->as_int(), 1963);
  EXPECT_EQ(j.Find("wins")->as_int(), 1123);
  EXPECT_EQ(j.Find("losses")->as_int(), 840);
  EXPECT_EQ(j.Find("draws")->as_int(), 0);
  EXPECT_EQ(j.Find("value")->as_string(), "win");
  EXPECT_EQ(j.Find("winner")->as_string(), "first");
  EXPECT_EQ(j.Find("threads")->as_int(), 2);
  // No temporary file is left beside the table: the folder holds the table only.
  EXPECT_EQ(dir.Entries(), std::vector<std::string>{"d3.gbrt"});
  EXPECT_EQ(RunTool("verify " + file).status, 0);
}

TEST(AnalyzeToolTest, QueryAgreesWithSolve) {
  ScratchDir dir("analyze");
  const std::string file = dir.File("d3q.gbrt");
  ASSERT_EQ(RunTool("analyze dodgem --save " + file).status, 0);
  for (const char* pos :
       {"B../B../.RR:b", "..B/B../R..:r", ".B./B../.RR:r", ".../B../RB.:r", "B../.B./..R:b"}) {
    ToolRun q = RunTool("query " + file + " --json --position '" + pos + "'");
    ToolRun s =
        RunTool(std::string("solve dodgem --solver retrograde --json --position '") + pos + "'");
    ASSERT_EQ(q.status, 0) << q.Describe();
    ASSERT_EQ(s.status, 0) << s.Describe();
    Json qj = ParseOrDie(q.out), sj = ParseOrDie(s.out);
    EXPECT_EQ(*qj.Find("value"), *sj.Find("value")) << pos;
    EXPECT_EQ(*qj.Find("remoteness"), *sj.Find("remoteness")) << pos;
    EXPECT_EQ(*qj.Find("best_moves"), *sj.Find("best_moves")) << pos;
  }
  // A position the table cannot hold (the start's cars with red to move:
  // without exits every move changes the parity of the cars' summed
  // coordinates, so it is unreachable), and a malformed one.
  EXPECT_TRUE(OneLineError(RunTool("query " + file + " --position 'B../B../.RR:r'")));
  EXPECT_TRUE(OneLineError(RunTool("query " + file + " --position 'nonsense'")));
}

TEST(AnalyzeToolTest, DamagedFilesAreRefused) {
  ScratchDir dir("analyze");
  const std::string file = dir.File("d4.gbrt");
  ASSERT_EQ(RunTool("analyze 'dodgem(n=4)' --save " + file).status, 0);
  const std::string good = ReadFile(file);
  ASSERT_GT(good.size(), 1000000u);
  EXPECT_EQ(RunTool("verify " + file).status, 0);
  const std::string bad = dir.File("bad.gbrt");
  // A flipped byte in the table, in the header, in the checksum.
  for (size_t pos : {good.size() / 2, size_t{5}, good.size() - 3}) {
    std::string b = good;
    b[pos] ^= 0x01;
    WriteFile(bad, b);
    EXPECT_TRUE(OneLineError(RunTool("verify " + bad))) << pos;
    EXPECT_TRUE(OneLineError(RunTool("query " + bad))) << pos;
  }
  // Truncated, empty, missing.
  WriteFile(bad, good.substr(0, good.size() / 3));
  EXPECT_TRUE(OneLineError(RunTool("verify " + bad)));
  WriteFile(bad, "");
  EXPECT_TRUE(OneLineError(RunTool("verify " + bad)));
  EXPECT_TRUE(OneLineError(RunTool("verify " + bad + ".missing")));
  // Not regular files: a directory, and a FIFO (opening one for reading
  // would wait for a writer: the reader must refuse it, not hang).
  EXPECT_TRUE(OneLineError(RunTool("verify " + dir.path())));
  const std::string fifo = dir.File("table.fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  RunOptions within_20s;
  within_20s.timeout_seconds = 20;
  EXPECT_TRUE(OneLineError(RunTool("verify " + fifo, within_20s)));
  EXPECT_TRUE(OneLineError(RunTool("query " + fifo, within_20s)));
}

// A well-formed file (checksum right) whose content is wrong: a value
// flipped, then re-checksummed, so only the local re-check can catch it;
// and a table whose header names another game.
TEST(AnalyzeToolTest, VerifyCatchesConsistentlyChecksummedLies) {
  ScratchDir dir("analyze");
  const std::string file = dir.File("d3v.gbrt");
  ASSERT_EQ(RunTool("analyze dodgem --save " + file).status, 0);
  std::string bytes = ReadFile(file);
  auto rechecksum = [](std::string& b) {
    TableHash h;
    h.Update(b.data(), b.size() - 8);
    const uint64_t sum = h.Final();
    b.replace(b.size() - 8, 8, reinterpret_cast<const char*>(&sum), 8);
  };
  // Find the first entry that is a win (tag 2) and make it a loss.
  const size_t entries = bytes.size() - 8 - 2 * 2846;
  std::string lie = bytes;
  for (size_t i = entries; i + 1 < bytes.size() - 8; i += 2) {
    const uint16_t e = static_cast<uint8_t>(lie[i]) | static_cast<uint8_t>(lie[i + 1]) << 8;
    if ((e >> 14) == 2) {
      lie[i + 1] = static_cast<char>(lie[i + 1] | 0x40);  // tag 2 -> 3
      break;
    }
  }
  rechecksum(lie);
  WriteFile(file, lie);
  ToolRun v = RunTool("verify " + file);
  EXPECT_TRUE(OneLineError(v)) << v.Describe();
  EXPECT_NE(v.err.find("fails verification"), std::string::npos) << v.Describe();
  // The header says misere: same index size, but the values are wrong.
  std::string other = bytes;
  const std::string spec = "dodgem(n=3,misere=false)";
  const size_t at = other.find(spec);
  ASSERT_NE(at, std::string::npos);
  other.replace(at, spec.size(), "dodgem(n=3,misere=true) ");
  rechecksum(other);
  WriteFile(file, other);
  EXPECT_TRUE(OneLineError(RunTool("verify " + file)));
}

TEST(AnalyzeToolTest, TimeLimit) {
  ToolRun r = RunTool("analyze 'dodgem(n=4)' --time-limit 0.000001 --json");
  ASSERT_EQ(r.status, 0) << r.Describe();
  Json j = ParseOrDie(r.out);
  EXPECT_FALSE(j.Find("complete")->as_bool());
  EXPECT_TRUE(j.Find("value")->is_null());
  EXPECT_TRUE(j.Find("draws")->is_null());
  // It says where it stopped: "forward level K" or "backward level K", partly done.
  ASSERT_NE(j.Find("stopped_at"), nullptr);
  EXPECT_NE(j.Find("stopped_at")->as_string().find(" level "), std::string::npos) << r.Describe();
  ScratchDir dir("analyze");
  const std::string file = dir.File("stopped.gbrt");
  EXPECT_TRUE(OneLineError(RunTool("analyze 'dodgem(n=4)' --time-limit 0.000001 --save " + file)));
  EXPECT_EQ(dir.Entries(), std::vector<std::string>{});  // nothing was written, not even a temporary
}

TEST(AnalyzeToolTest, BadInvocations) {
  EXPECT_TRUE(OneLineError(RunTool("analyze")));
  EXPECT_TRUE(OneLineError(RunTool("analyze nosuchgame")));
  EXPECT_TRUE(OneLineError(RunTool("analyze dodgem --solver tt")));
  EXPECT_TRUE(OneLineError(RunTool("analyze dodgem --solver nosuch")));
  EXPECT_TRUE(OneLineError(RunTool("analyze 'dodgem(n=6)'")));  // over the memory budget
  EXPECT_TRUE(OneLineError(RunTool("analyze 'dodgem(n=5)' --memory 64M")));
  EXPECT_TRUE(OneLineError(RunTool("analyze dodgem --save /nonexistent-dir/x.gbrt")));
  // Dodgem is loopy: the depth-first solvers refuse it instead of
  // recursing forever.
  EXPECT_TRUE(OneLineError(RunTool("solve dodgem")));
  EXPECT_TRUE(OneLineError(RunTool("solve dodgem --solver minimax")));
  EXPECT_TRUE(OneLineError(RunTool("query")));
  EXPECT_TRUE(OneLineError(RunTool("verify")));
}

}  // namespace
}  // namespace gamebench
