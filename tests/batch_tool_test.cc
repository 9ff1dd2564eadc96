// `gamebench batch`: a file or stdin of positions solved in one process, one
// JSON line each, expected values checked; bad lines exit with status 2 and
// one line naming the line. Also the tool's errors for bad connect4 input.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/json.h"
#include "gtest/gtest.h"
#include "tests/test_files.h"
#include "tests/tool_runner.h"

namespace gamebench {
namespace {

using testing::RunTool;
using testing::ScratchDir;
using testing::ToolRun;

// `gamebench batch ... --positions -` with stdin from `path`.
ToolRun RunWithStdin(const std::string& args, const std::string& path) {
  testing::RunOptions options;
  options.stdin_path = path;
  return RunTool(args, options);
}

std::vector<std::string> Lines(const std::string& text) {
  return absl::StrSplit(text, '\n', absl::SkipEmpty());
}

TEST(BatchToolTest, SolvesAFileWithExpectedValues) {
  ScratchDir dir("batch");
  const std::string path = dir.File("good");
  // Three lines of Pons' Test_L3_R1 and Test_L2_R1, a comment and a blank line.
  testing::WriteFile(path,
                     "# Pons' format: moves and score\n"
                     "2252576253462244111563365343671351441 -1\n"
                     "\n"
                     "5554224333234511764415115 4\n"
                     "7422341735647741166133573473242566\n");
  ToolRun r = RunTool(absl::StrCat("batch connect4 --positions '", path, "' --no-best-moves"));
  ASSERT_EQ(r.status, 0) << r.Describe();
  const auto lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  auto first = Json::Parse(lines[0]);
  ASSERT_TRUE(first.ok()) << lines[0];
  EXPECT_EQ(first->Find("line")->as_double(), 2);
  EXPECT_EQ(first->Find("value")->as_double(), -1);
  EXPECT_TRUE(first->Find("agrees")->as_bool());
  auto last = Json::Parse(lines[2]);
  ASSERT_TRUE(last.ok());
  EXPECT_EQ(last->Find("input")->as_string(), "7422341735647741166133573473242566");
  EXPECT_EQ(last->Find("expected"), nullptr);
  EXPECT_EQ(Lines(r.err).size(), 1u) << r.err;  // the summary
}

TEST(BatchToolTest, ReadsStdinAndReportsDisagreement) {
  ScratchDir dir("batch");
  const std::string path = dir.File("wrong");
  testing::WriteFile(path, "2252576253462244111563365343671351441 5\n");
  ToolRun r = RunWithStdin("batch connect4 --positions -", path);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(Lines(r.out).size(), 1u);
  EXPECT_NE(r.err.find("differ"), std::string::npos) << r.err;
}

TEST(BatchToolTest, BadLinesNameTheLine) {
  for (const auto& [name, text] : std::vector<std::pair<std::string, std::string>>{
           {"column", "7422341735647741166133573473242566\n48\n"},
           {"full", "1111111\n"},
           {"over", "12121212\n"},
           {"score", "4453 x\n"},
           {"fields", "4453 1 2\n"},
       }) {
    SCOPED_TRACE(name);
    ScratchDir dir("batch");
    const std::string path = dir.File(name);
    testing::WriteFile(path, text);
    ToolRun r = RunTool(absl::StrCat("batch connect4 --positions '", path, "'"));
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(Lines(r.err).size(), 1u) << r.err;
    EXPECT_NE(r.err.find(" line "), std::string::npos) << r.err;
  }
  ToolRun missing = RunTool("batch connect4 --positions /no/such/file");
  EXPECT_EQ(missing.status, 2);
  ToolRun no_flag = RunTool("batch connect4");
  EXPECT_EQ(no_flag.status, 2);
}

TEST(BatchToolTest, Connect4BadInputOneLineExit2) {
  for (const char* args : {
           "solve connect4 --position 48",
           "solve connect4 --position 1111111",
           "solve connect4 --position 12121212",
           "solve connect4 --position '......./......./......./......./...x.../.......'",
           "solve connect4 --position '......./......./......./......./......./xxx....'",
           "solve connect4 --position '......./......./x.....o/x.....o/x.....o/x.....o'",
           "solve 'connect4(w=16,h=8)'",   // 144 bits: over the 128-bit board
           "solve 'connect4(w=4,h=32)'",   // over the spec's range
           "solve 'connect4(w=10,h=6)' --position 1a1a1a1a",  // the game is over
           "solve 'connect4(w=10,h=6)' --solver ptt",  // ptt's table keeps 64-bit keys
           "solve 'connect4(w=3)'",
           "solve 'connect4(score=fast)'",
       }) {
    SCOPED_TRACE(args);
    ToolRun r = RunTool(args);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(Lines(r.err).size(), 1u) << r.err;
  }
}

}  // namespace
}  // namespace gamebench
