#ifndef GAMEBENCH_TESTS_MCGS_RUN_H_
#define GAMEBENCH_TESTS_MCGS_RUN_H_

// `gamebench mcgs` on a test file written for the test: the file goes in a
// scratch directory under the name given (the name is the CSV's File
// column), the tool runs with --out and --json, and what it wrote comes
// back: the run, its JSON report and the CSV. The directory is gone when
// RunMcgs returns.
//
//   McgsRun m = RunMcgs("k.test", kText);
//   ASSERT_TRUE(m.ok()) << m.Describe();
//   EXPECT_EQ(m.Totals(), "7 commands: 6 pass, 1 fail, 0 completed, 0 skipped") << m.csv;

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/json.h"
#include "tests/test_files.h"
#include "tests/tool_runner.h"

namespace gamebench::testing {

struct McgsRun {
  ToolRun run;
  std::optional<Json> json;  // the --json report; empty when it did not parse
  std::string csv;           // the --out file

  // Exit status 0 and a report with totals.
  bool ok() const { return run.status == 0 && json && json->Find("total") != nullptr; }
  std::string Describe() const { return run.Describe(); }
  // A count of the report's "total" ("commands", "pass", "fail",
  // "skipped"); -1 when it is missing.
  int64_t Total(const char* key) const {
    const Json* total = json ? json->Find("total") : nullptr;
    const Json* v = total ? total->Find(key) : nullptr;
    return v && v->is_int() ? v->as_int() : -1;
  }
  // The report's totals in one line, to compare in one expectation.
  std::string Totals() const {
    return std::to_string(Total("commands")) + " commands: " + std::to_string(Total("pass")) +
           " pass, " + std::to_string(Total("fail")) + " fail, " +
           std::to_string(Total("completed")) + " completed, " + std::to_string(Total("skipped")) +
           " skipped";
  }
  // A field of the report itself; nullptr when it is missing.
  const Json* Find(const char* key) const { return json ? json->Find(key) : nullptr; }
};

// Writes `text` to a scratch file `file_name` and runs `gamebench mcgs` on
// it, with `extra` words after --out and --json.
inline McgsRun RunMcgs(const std::string& file_name, const std::string& text,
                       std::vector<std::string> extra = {}) {
  ScratchDir dir("mcgs_" + file_name);
  WriteFile(dir.File(file_name), text);
  std::vector<std::string> args = {"mcgs", dir.File(file_name), "--out", dir.File("out.csv"),
                                   "--json"};
  args.insert(args.end(), extra.begin(), extra.end());
  McgsRun m;
  m.run = RunToolArgs(std::move(args));
  if (auto j = Json::Parse(m.run.out); j.ok()) m.json = *std::move(j);
  m.csv = ReadFile(dir.File("out.csv"));
  return m;
}

}  // namespace gamebench::testing

#endif  // GAMEBENCH_TESTS_MCGS_RUN_H_
