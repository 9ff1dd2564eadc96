// Tests of the reporting commands of the tool: `gamebench compare` (exit
// status 0 for equal runs, 1 when a value or count changed, 2 for a bad
// file; slowdowns are warnings) and `gamebench positions` (deterministic for
// a seed, bad input rejected); and of the main job's script: every published
// claim reproduces, a report can be drawn again from its JSON, and two real
// runs of the same code compare with no error (bench/record_fields.tsv
// classifies every field, tool/record_fields.h).
//
// ctest cost: 30

#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "core/json.h"
#include "gtest/gtest.h"
#include "tests/sanitized.h"
#include "tests/test_files.h"
#include "tests/tool_runner.h"

namespace gamebench {
namespace {

using testing::RunTool;
using testing::ScratchDir;
using testing::ToolRun;

// The main job's script, scripts/report.py, with this build's tool. It runs
// claims that take minutes under a sanitizer: a longer timeout than a
// single command's.
ToolRun RunReport(const std::string& args) {
  const std::string binary = GAMEBENCH_BINARY;
  std::vector<std::string> argv = {"python3", GAMEBENCH_SOURCE_DIR "/scripts/report.py",
                                   "--build-dir", binary.substr(0, binary.rfind('/'))};
  for (std::string& word : testing::Words(args)) argv.push_back(std::move(word));
  testing::RunOptions options;
  options.timeout_seconds = 550;
  return testing::RunProgram(argv, options);
}

void Write(const std::string& path, const std::string& text) { testing::WriteFile(path, text); }

int Lines(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')); }

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
  ScratchDir dir("compare");
  const std::string a = dir.File("a.json"), b = dir.File("b.json");
  Write(a, RunFile("430", "win", 0.010));
  Write(b, RunFile("430", "win", 0.011));
  ToolRun same = RunTool("compare " + a + " " + b);
  EXPECT_EQ(same.status, 0) << same.Describe();
  EXPECT_NE(same.out.find("0 errors"), std::string::npos) << same.Describe();
  EXPECT_NE(same.out.find("0 warnings"), std::string::npos) << same.Describe();

  Write(b, RunFile("430", "win", 0.020));  // 2x slower: a warning, not an error
  ToolRun slower = RunTool("compare " + a + " " + b);
  EXPECT_EQ(slower.status, 0) << slower.Describe();
  EXPECT_NE(slower.out.find("WARNING seconds"), std::string::npos) << slower.Describe();
  EXPECT_NE(slower.out.find("2.00"), std::string::npos) << slower.Describe();
  ToolRun relaxed = RunTool("compare " + a + " " + b + " --threshold 3");
  EXPECT_NE(relaxed.out.find("0 warnings"), std::string::npos) << relaxed.Describe();
}

TEST(CompareTest, ChangedCountOrValueIsAnError) {
  ScratchDir dir("compare");
  const std::string a = dir.File("c.json"), b = dir.File("d.json");
  Write(a, RunFile("430", "win", 0.01));
  Write(b, RunFile("431", "win", 0.01));
  ToolRun nodes = RunTool("compare " + a + " " + b);
  EXPECT_EQ(nodes.status, 1) << nodes.Describe();
  EXPECT_NE(nodes.out.find("ERROR nodes 430 -> 431"), std::string::npos) << nodes.Describe();

  Write(b, RunFile("430", "loss", 0.01));
  ToolRun value = RunTool("compare " + a + " " + b);
  EXPECT_EQ(value.status, 1) << value.Describe();
  EXPECT_NE(value.out.find("ERROR value win -> loss"), std::string::npos) << value.Describe();

  Write(b, RunFile("430", "win", 0.01, "error"));
  ToolRun status = RunTool("compare " + a + " " + b);
  EXPECT_EQ(status.status, 1) << status.Describe();

  // Finishing or not within the time limit depends on the time: a warning.
  Write(b, RunFile("430", "win", 0.01, "dnf"));
  ToolRun dnf = RunTool("compare " + a + " " + b);
  EXPECT_EQ(dnf.status, 0) << dnf.Describe();
  EXPECT_NE(dnf.out.find("WARNING status ok -> dnf"), std::string::npos) << dnf.Describe();
}

// A record of one field group: {"id", "kind", "counts": {COUNTS}}.
std::string OneRecordRun(const std::string& id, const std::string& kind, const std::string& counts) {
  return R"({"format": "gamebench-run/1", "records": [{"id": ")" + id + R"(", "kind": ")" + kind +
         R"(", "status": "ok", "counts": {)" + counts + "}}]}";
}

// The threads of a record come from its field `threads` (a damaged one is
// no crash) or, for a benchmark, from `threads:N` in its name.
TEST(CompareTest, CountsOfWorkAreExactOnOneThreadOnly) {
  ScratchDir dir("compare");
  const std::string a = dir.File("a.json"), b = dir.File("b.json");
  auto compare = [&](const std::string& id, const std::string& kind, const std::string& old_counts,
                     const std::string& new_counts) {
    Write(a, OneRecordRun(id, kind, old_counts));
    Write(b, OneRecordRun(id, kind, new_counts));
    return RunTool("compare " + a + " " + b);
  };
  EXPECT_EQ(compare("solve/x/ptt", "solve", R"("threads": 2, "nodes": 5)",
                    R"("threads": 2, "nodes": 6)").status, 0);
  EXPECT_EQ(compare("solve/x/ptt", "solve", R"("threads": 1, "nodes": 5)",
                    R"("threads": 1, "nodes": 6)").status, 1);
  EXPECT_EQ(compare("solve/x/ptt", "solve", R"("threads": 1e300, "nodes": 5)",
                    R"("threads": 1e300, "nodes": 6)").status, 0);
  // Results stay exact on any number of threads.
  EXPECT_EQ(compare("solve/x/ptt", "solve", R"("threads": 2, "positions": 5)",
                    R"("threads": 2, "positions": 6)").status, 1);
  EXPECT_EQ(compare("gbench/p/BM/solver:1/threads:2", "benchmark", R"("main_nodes": 5)",
                    R"("main_nodes": 6)").status, 0);
  EXPECT_EQ(compare("gbench/p/BM/solver:1/threads:1", "benchmark", R"("main_nodes": 5)",
                    R"("main_nodes": 6)").status, 1);
  // A time-derived counter is a measurement, whatever group it sits in.
  EXPECT_EQ(compare("gbench/c4/BM", "benchmark", R"("mean_us": 5, "peer_ratio": 2)",
                    R"("mean_us": 6, "peer_ratio": 3)").status, 0);
}

TEST(CompareTest, NewlyAvailableRecordIsANote) {
  ScratchDir dir("compare");
  const std::string a = dir.File("e.json"), b = dir.File("f.json");
  Write(a, RunFile("430", "win", 0.01, "unavailable"));
  Write(b, RunFile("430", "win", 0.01));
  ToolRun o = RunTool("compare " + a + " " + b);
  EXPECT_EQ(o.status, 0) << o.Describe();
  EXPECT_NE(o.out.find("newly available"), std::string::npos) << o.Describe();
}

TEST(CompareTest, BadInputExitsWithStatus2) {
  ScratchDir dir("compare");
  const std::string a = dir.File("g.json"), bad = dir.File("bad.json");
  Write(a, RunFile("430", "win", 0.01));
  Write(bad, "{\"format\": \"something else\", \"records\": []}");
  for (const std::string& args :
       {"compare " + a, "compare " + a + " /nonexistent/run.json", "compare " + a + " " + bad,
        "compare " + a + " " + a + " --threshold 0.5", "compare " + a + " " + a + " --bogus"}) {
    ToolRun o = RunTool(args);
    EXPECT_TRUE(o.OneLineError()) << o.Describe();
    EXPECT_EQ(o.out, "") << o.Describe();
  }
  Write(bad, "{not json");
  EXPECT_EQ(RunTool("compare " + a + " " + bad).status, 2);
}

// The claims of bench/claims.tsv, end to end through scripts/report.py and
// the built tool: CI fails when a claim stops reproducing.
TEST(MainJobTest, ClaimsReproduceAndTheReportIsDrawnAgain) {
  ScratchDir dir("main_job");
  const std::string out = dir.path();
  // Under a sanitizer four claims take minutes (ASan, loaded machine): the
  // strong solution of Connect Four 5x5 (230 s), the table of the two-digit
  // octal games to 65,536 terms (killed at 300 s), and the misere quotients
  // of 0.34 to heap 40 (155 s) and of 0.07 to heap 30 (over 150 s). The
  // Release run checks them; tests/tiered_*, grundy_tool_test,
  // sprague_grundy_test and misere_quotient_test run the same code on
  // smaller instances under the sanitizers. So do the three MCGS families
  // that took 24 of the other claims' 38 s of CPU under ASan (NoGo on rows
  // 10.0 s, Elephants 9.3 s, NoGo 4.2 s; 2.2, 1.7 and 1.6 s in Release):
  // cgt_tool_test runs `gamebench mcgs` on those games' sections, and
  // cgt_games_test and cgt_sum_search_test check their values and outcomes.
  const std::string skip =
      testing::Sanitized()
          ? " --skip-claims connect4-5x5-strong,octal-table-two-digits,misere-034-period,"
            "misere-007-q30,mcgs-nogo-1xn,mcgs-elephants,mcgs-nogo"
          : "";
  ToolRun run = RunReport("--only claims --out " + out + skip);
  ASSERT_EQ(run.status, 0) << run.Describe();
  EXPECT_NE(run.err.find(" claims reproduced, 0 failed"), std::string::npos) << run.Describe();
  // Every field of every claim's output is in bench/record_fields.tsv (the
  // report warns of one that is not; `gamebench compare` refuses it).
  EXPECT_EQ(run.err.find("not classified"), std::string::npos) << run.Describe();
  ToolRun redraw = RunReport("--render-only --out " + out);
  ASSERT_EQ(redraw.status, 0) << redraw.Describe();
  const std::string report = testing::ReadFile(out + "/REPORT.md");
  EXPECT_NE(report.find("drawn again from the run's JSON"), std::string::npos);
  EXPECT_NE(report.find("✅ match"), std::string::npos);
  EXPECT_EQ(report.find("MISMATCH"), std::string::npos);
}

// The record of a run with this id, or null.
Json* RecordOf(Json& run, const std::string& id) {
  const Json* records = run.Find("records");
  if (!records || !records->is_array()) return nullptr;
  // Json::Find is const only; the records belong to `run`, which is not.
  for (Json& r : const_cast<Json*>(records)->as_array())
    if (r.Find("id") && r.Find("id")->is_string() && r.Find("id")->as_string() == id) return &r;
  return nullptr;
}

// The number `key` of a record, in whichever group the report put it.
double FieldOf(const Json& record, const std::string& key) {
  for (const char* group : {"values", "counts", "measures"})
    if (const Json* g = record.Find(group); g && g->Find(key) && g->Find(key)->is_number())
      return g->Find(key)->as_double();
  ADD_FAILURE() << "no number " << key << " in " << record.Dump();
  return -1;
}

// Sets `key` of a record in the group that holds it (else in "counts").
void SetField(Json& record, const std::string& key, Json value) {
  std::string where = "counts";
  for (const char* group : {"values", "counts", "measures"})
    if (const Json* g = record.Find(group); g && g->Find(key)) where = group;
  Json g = record.Find(where) ? *record.Find(where) : Json::MakeObject();
  g.Set(key, std::move(value));
  record.Set(where, std::move(g));
}

// Two real runs of a small main job (tests/report/small_job/: claims, the
// solver comparison and scaling runs, with the parallel search on 2 threads,
// whose node counts vary from run to run) compare with no error: every
// field is classified (bench/record_fields.tsv) and only measurements
// differ. A real change is still an error: of a value, of a node count on
// one thread, and an unclassified field.
TEST(MainJobTest, TwoRunsOfTheSameCodeCompareWithoutErrors) {
  ScratchDir dir("small_job");
  const std::string first = dir.File("first"), second = dir.File("second");
  for (const std::string& out : {first, second}) {
    ToolRun run = RunReport("--manifests " GAMEBENCH_SOURCE_DIR
                            "/tests/report/small_job --only claims,solvers,scaling "
                            "--time-limit 60 --out " + out);
    ASSERT_EQ(run.status, 0) << run.Describe();
    EXPECT_NE(run.err.find(" claims reproduced, 0 failed"), std::string::npos) << run.Describe();
    EXPECT_EQ(run.err.find("not classified"), std::string::npos) << run.Describe();
  }
  const std::string a = first + "/run.json", b = second + "/run.json";
  ToolRun same = RunTool("compare " + a + " " + b);
  EXPECT_EQ(same.status, 0) << same.Describe();
  EXPECT_NE(same.out.find(" 0 errors"), std::string::npos) << same.Describe();
  EXPECT_EQ(same.out.find("ERROR"), std::string::npos) << same.Describe();

  auto parsed = Json::Parse(testing::ReadFile(b));
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  const Json original = *parsed;
  // What the test is about is in the runs: the parallel search's node counts
  // on 2 threads, and on one.
  const std::string two = "scaling/ptt-c4-6x4-threads/-/2", one = "scaling/ptt-c4-6x4-threads/-/1";
  Json run = original;
  ASSERT_NE(RecordOf(run, two), nullptr) << b;
  ASSERT_NE(RecordOf(run, one), nullptr) << b;
  ASSERT_EQ(FieldOf(*RecordOf(run, two), "threads"), 2);
  ASSERT_EQ(FieldOf(*RecordOf(run, one), "threads"), 1);
  auto compare_with = [&](const Json& changed) {
    testing::WriteFile(b, changed.Dump(1));
    return RunTool("compare " + a + " " + b);
  };

  // Counts of work on 2 threads are measurements: another count is no error.
  for (const char* key : {"nodes", "main_thread_nodes", "tt_probes"})
    SetField(*RecordOf(run, two), key, Json(FieldOf(*RecordOf(run, two), key) + 1));
  ToolRun threaded = compare_with(run);
  EXPECT_EQ(threaded.status, 0) << threaded.Describe();

  // On one thread the same count is exact.
  run = original;
  const double nodes = FieldOf(*RecordOf(run, one), "nodes");
  SetField(*RecordOf(run, one), "nodes", Json(static_cast<int64_t>(nodes) + 1));
  ToolRun counted = compare_with(run);
  EXPECT_EQ(counted.status, 1) << counted.Describe();
  EXPECT_NE(counted.out.find("ERROR nodes " + std::to_string(static_cast<int64_t>(nodes)) + " -> " +
                             std::to_string(static_cast<int64_t>(nodes) + 1)),
            std::string::npos)
      << counted.Describe();

  // A value, on 2 threads too.
  run = original;
  SetField(*RecordOf(run, two), "winner", Json("first"));
  ToolRun value = compare_with(run);
  EXPECT_EQ(value.status, 1) << value.Describe();
  EXPECT_NE(value.out.find("ERROR winner second -> first"), std::string::npos) << value.Describe();

  // A field the table does not list.
  run = original;
  SetField(*RecordOf(run, one), "unheard_of", Json(1));
  ToolRun unknown = compare_with(run);
  EXPECT_EQ(unknown.status, 1) << unknown.Describe();
  EXPECT_NE(unknown.out.find("not classified in bench/record_fields.tsv: tool/unheard_of"),
            std::string::npos)
      << unknown.Describe();
  EXPECT_NE(unknown.err.find("1 field(s) of the new run are not classified"), std::string::npos)
      << unknown.Describe();
}

TEST(MainJobTest, RenderOnlyRefusesAFolderWithoutARun) {
  ScratchDir scratch("no_run");
  const std::string dir = scratch.path();
  ToolRun missing = RunReport("--render-only --out " + dir);
  EXPECT_NE(missing.status, 0);
  EXPECT_EQ(Lines(missing.out + missing.err), 1) << missing.Describe();
  EXPECT_NE(missing.err.find("cannot read"), std::string::npos) << missing.Describe();
  for (const char* name : {"run", "environment", "claims", "solvers", "scaling", "gbench"}) {
    Write(dir + "/" + name + ".json", "{}");
  }
  ToolRun wrong = RunReport("--render-only --out " + dir);
  EXPECT_NE(wrong.status, 0);
  EXPECT_EQ(Lines(wrong.out + wrong.err), 1) << wrong.Describe();
  EXPECT_NE(wrong.err.find("is not a gamebench-run/1 file"), std::string::npos) << wrong.Describe();
  Write(dir + "/run.json", "{not json");
  ToolRun damaged = RunReport("--render-only --out " + dir);
  EXPECT_NE(damaged.status, 0);
  EXPECT_EQ(Lines(damaged.out + damaged.err), 1) << damaged.Describe();
  EXPECT_NE(damaged.err.find("is not JSON"), std::string::npos) << damaged.Describe();
}

TEST(PositionsTest, SameSeedSamePositionsAllDistinctAndParseable) {
  const std::string cmd = "positions 'nim(heaps=3;5;7)' --count 12 --seed 42 --plies 1-3";
  ToolRun first = RunTool(cmd);
  ToolRun again = RunTool(cmd);
  ASSERT_EQ(first.status, 0) << first.Describe();
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
    ToolRun solved = RunTool("solve 'nim(heaps=3;5;7)' --position '" + cells[1] + "' --json");
    EXPECT_EQ(solved.status, 0) << solved.Describe();
  }
  EXPECT_EQ(seen.size(), 12u);
  ToolRun other = RunTool("positions 'nim(heaps=3;5;7)' --count 12 --seed 43 --plies 1-3");
  EXPECT_NE(first.out, other.out);
}

TEST(PositionsTest, BadInputExitsWithStatus2) {
  for (const char* args : {"positions", "positions 'nim(heaps=3;5;7)' --plies 5-3",
                           "positions 'nim(heaps=3;5;7)' --plies x", "positions nosuchgame",
                           "positions 'nim(heaps=3;5;7)' --count 0"}) {
    ToolRun o = RunTool(args);
    EXPECT_EQ(o.status, 2) << o.Describe();
  }
}

}  // namespace
}  // namespace gamebench
