// Tests of the reporting commands of the tool: `gamebench compare` (exit
// status 0 for equal runs, 1 when a value or count changed, 2 for a bad
// file; slowdowns are warnings) and `gamebench positions` (deterministic for
// a seed, bad input rejected); and of the main job's script: every published
// claim reproduces, and a report can be drawn again from its JSON.

#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "gtest/gtest.h"

namespace gamebench {
namespace {

struct Output {
  int status = -1;
  std::string out;
};

// Runs a shell command line; stderr is merged into `out`.
Output RunCommand(const std::string& command) {
  Output o;
  std::string cmd = command + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return o;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) o.out.append(buf, n);
  int st = pclose(p);
  o.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return o;
}

Output RunTool(const std::string& args) {
  return RunCommand(std::string(GAMEBENCH_BINARY) + " " + args);
}

// The main job's script, scripts/report.py, with this build's tool.
Output RunReport(const std::string& args) {
  const std::string binary = GAMEBENCH_BINARY;
  return RunCommand("python3 " GAMEBENCH_SOURCE_DIR "/scripts/report.py --build-dir " +
                    binary.substr(0, binary.rfind('/')) + " " + args);
}

std::string TempPath(const std::string& name) {
  return ::testing::TempDir() + "/gamebench_report_tools_" + name;
}

void Write(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::trunc) << text;
}

std::string RunFile(const std::string& nodes, const std::string& value, double seconds,
                    const std::string& status = "ok") {
  return R"({"format": "gamebench-run/1", "commit": "abc", "date": "today", "records": [
    {"id": "solve/nim(heaps=3;5;7)/tt", "kind": "solve", "status": ")" +
         status + R"(",
     "values": {"value": ")" +
         value + R"("}, "counts": {"nodes": )" + nodes + R"(},
     "measures": {"seconds": )" +
         std::to_string(seconds) + R"(}},
    {"id": "claim/x", "kind": "claim", "status": "match", "values": {}, "counts": {},
     "measures": {"wall_seconds": 0.5}}]})";
}

TEST(CompareTest, EqualRunsPassAndSlowdownsWarn) {
  const std::string a = TempPath("a.json"), b = TempPath("b.json");
  Write(a, RunFile("430", "win", 0.010));
  Write(b, RunFile("430", "win", 0.011));
  Output same = RunTool("compare " + a + " " + b);
  EXPECT_EQ(same.status, 0) << same.out;
  EXPECT_NE(same.out.find("0 errors"), std::string::npos) << same.out;
  EXPECT_NE(same.out.find("0 warnings"), std::string::npos) << same.out;

  Write(b, RunFile("430", "win", 0.020));  // 2x slower: a warning, not an error
  Output slower = RunTool("compare " + a + " " + b);
  EXPECT_EQ(slower.status, 0) << slower.out;
  EXPECT_NE(slower.out.find("WARNING seconds"), std::string::npos) << slower.out;
  EXPECT_NE(slower.out.find("2.00"), std::string::npos) << slower.out;
  Output relaxed = RunTool("compare " + a + " " + b + " --threshold 3");
  EXPECT_NE(relaxed.out.find("0 warnings"), std::string::npos) << relaxed.out;
}

TEST(CompareTest, ChangedCountOrValueIsAnError) {
  const std::string a = TempPath("c.json"), b = TempPath("d.json");
  Write(a, RunFile("430", "win", 0.01));
  Write(b, RunFile("431", "win", 0.01));
  Output nodes = RunTool("compare " + a + " " + b);
  EXPECT_EQ(nodes.status, 1) << nodes.out;
  EXPECT_NE(nodes.out.find("ERROR nodes 430 -> 431"), std::string::npos) << nodes.out;

  Write(b, RunFile("430", "loss", 0.01));
  Output value = RunTool("compare " + a + " " + b);
  EXPECT_EQ(value.status, 1) << value.out;
  EXPECT_NE(value.out.find("ERROR value win -> loss"), std::string::npos) << value.out;

  Write(b, RunFile("430", "win", 0.01, "error"));
  Output status = RunTool("compare " + a + " " + b);
  EXPECT_EQ(status.status, 1) << status.out;

  // Finishing or not within the time limit depends on the time: a warning.
  Write(b, RunFile("430", "win", 0.01, "dnf"));
  Output dnf = RunTool("compare " + a + " " + b);
  EXPECT_EQ(dnf.status, 0) << dnf.out;
  EXPECT_NE(dnf.out.find("WARNING status ok -> dnf"), std::string::npos) << dnf.out;
}

TEST(CompareTest, NewlyAvailableRecordIsANote) {
  const std::string a = TempPath("e.json"), b = TempPath("f.json");
  Write(a, RunFile("430", "win", 0.01, "unavailable"));
  Write(b, RunFile("430", "win", 0.01));
  Output o = RunTool("compare " + a + " " + b);
  EXPECT_EQ(o.status, 0) << o.out;
  EXPECT_NE(o.out.find("newly available"), std::string::npos) << o.out;
}

TEST(CompareTest, BadInputExitsWithStatus2) {
  const std::string a = TempPath("g.json"), bad = TempPath("bad.json");
  Write(a, RunFile("430", "win", 0.01));
  Write(bad, "{\"format\": \"something else\", \"records\": []}");
  for (const std::string& args :
       {"compare " + a, "compare " + a + " /nonexistent/run.json", "compare " + a + " " + bad,
        "compare " + a + " " + a + " --threshold 0.5", "compare " + a + " " + a + " --bogus"}) {
    Output o = RunTool(args);
    EXPECT_EQ(o.status, 2) << args << ": " << o.out;
    EXPECT_EQ(std::count(o.out.begin(), o.out.end(), '\n'), 1) << args << ": " << o.out;
  }
  Write(bad, "{not json");
  EXPECT_EQ(RunTool("compare " + a + " " + bad).status, 2);
}

// The claims of bench/claims.tsv, end to end through scripts/report.py and
// the built tool: CI fails when a claim stops reproducing.
TEST(MainJobTest, ClaimsReproduceAndTheReportIsDrawnAgain) {
  const std::string out = TempPath("main_job");
  // Under a sanitizer the strong solution of Connect Four 5x5 takes minutes
  // (230 s under ASan): the Release run checks it, tests/tiered_* check the
  // same code on smaller boards under the sanitizers.
  const std::string skip =
      std::getenv("GAMEBENCH_SANITIZED") ? " --skip-claims connect4-5x5-strong" : "";
  Output run = RunReport("--only claims --out " + out + skip);
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_NE(run.out.find(" claims reproduced, 0 failed"), std::string::npos) << run.out;
  Output redraw = RunReport("--render-only --out " + out);
  ASSERT_EQ(redraw.status, 0) << redraw.out;
  std::ifstream in(out + "/REPORT.md");
  const std::string report((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(report.find("drawn again from the run's JSON"), std::string::npos);
  EXPECT_NE(report.find("✅ match"), std::string::npos);
  EXPECT_EQ(report.find("MISMATCH"), std::string::npos);
}

TEST(MainJobTest, RenderOnlyRefusesAFolderWithoutARun) {
  const std::string dir = TempPath("no_run");
  ASSERT_EQ(RunCommand("rm -rf " + dir + " && mkdir -p " + dir).status, 0);
  Output missing = RunReport("--render-only --out " + dir);
  EXPECT_NE(missing.status, 0);
  EXPECT_EQ(std::count(missing.out.begin(), missing.out.end(), '\n'), 1) << missing.out;
  EXPECT_NE(missing.out.find("cannot read"), std::string::npos) << missing.out;
  for (const char* name : {"run", "environment", "claims", "solvers", "scaling", "gbench"}) {
    Write(dir + "/" + name + ".json", "{}");
  }
  Output wrong = RunReport("--render-only --out " + dir);
  EXPECT_NE(wrong.status, 0);
  EXPECT_EQ(std::count(wrong.out.begin(), wrong.out.end(), '\n'), 1) << wrong.out;
  EXPECT_NE(wrong.out.find("is not a gamebench-run/1 file"), std::string::npos) << wrong.out;
  Write(dir + "/run.json", "{not json");
  Output damaged = RunReport("--render-only --out " + dir);
  EXPECT_NE(damaged.status, 0);
  EXPECT_EQ(std::count(damaged.out.begin(), damaged.out.end(), '\n'), 1) << damaged.out;
  EXPECT_NE(damaged.out.find("is not JSON"), std::string::npos) << damaged.out;
}

TEST(PositionsTest, SameSeedSamePositionsAllDistinctAndParseable) {
  const std::string cmd = "positions 'nim(heaps=3;5;7)' --count 12 --seed 42 --plies 1-3";
  Output first = RunTool(cmd);
  Output again = RunTool(cmd);
  ASSERT_EQ(first.status, 0) << first.out;
  EXPECT_EQ(first.out, again.out);
  std::set<std::string> seen;
  for (absl::string_view line : absl::StrSplit(first.out, '\n', absl::SkipEmpty())) {
    std::vector<std::string> cells = absl::StrSplit(line, '\t');
    ASSERT_EQ(cells.size(), 3u) << line;
    EXPECT_EQ(cells[0], "nim(heaps=3;5;7,misere=false)");
    EXPECT_TRUE(seen.insert(cells[1]).second) << "repeated " << cells[1];
    int plies = std::stoi(cells[2]);
    EXPECT_GE(plies, 1);
    EXPECT_LE(plies, 3);
    // Each position solves from the text form it was printed in.
    Output solved = RunTool("solve 'nim(heaps=3;5;7)' --position '" + cells[1] + "' --json");
    EXPECT_EQ(solved.status, 0) << solved.out;
  }
  EXPECT_EQ(seen.size(), 12u);
  Output other = RunTool("positions 'nim(heaps=3;5;7)' --count 12 --seed 43 --plies 1-3");
  EXPECT_NE(first.out, other.out);
}

TEST(PositionsTest, BadInputExitsWithStatus2) {
  for (const char* args : {"positions", "positions 'nim(heaps=3;5;7)' --plies 5-3",
                           "positions 'nim(heaps=3;5;7)' --plies x", "positions nosuchgame",
                           "positions 'nim(heaps=3;5;7)' --count 0"}) {
    Output o = RunTool(args);
    EXPECT_EQ(o.status, 2) << args << ": " << o.out;
  }
}

}  // namespace
}  // namespace gamebench
