// Tests of `gamebench grundy` and `gamebench solve --solver grundy` through
// the binary: the JSON contract, the reproduced results, and bad input.

#include <cstdlib>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/json.h"
#include "gtest/gtest.h"
#include "tests/sanitized.h"
#include "tests/test_files.h"
#include "tests/tool_runner.h"

namespace gamebench {
namespace {

using testing::ToolRun;

ToolRun Gamebench(const std::string& args) { return testing::RunTool(args); }

Json RunJson(const std::string& args) {
  ToolRun r = Gamebench(args);
  EXPECT_EQ(r.status, 0) << r.Describe();
  auto j = Json::Parse(r.out);
  EXPECT_TRUE(j.ok()) << r.out;
  return j.ok() ? *j : Json();
}

TEST(GrundyToolTest, KaylesPeriodProved) {
  Json j = RunJson("grundy kayles --upto 300 --json");
  EXPECT_EQ(j.Find("game")->as_string(), "kayles(n=10)");
  EXPECT_EQ(j.Find("upto")->as_int(), 300);
  EXPECT_EQ(j.Find("values")->as_array().size(), 301u);
  EXPECT_EQ(j.Find("max_value")->as_int(), 8);
  EXPECT_EQ(j.Find("period")->as_int(), 12);
  EXPECT_EQ(j.Find("preperiod")->as_int(), 71);
  EXPECT_TRUE(j.Find("proved")->as_bool());
  EXPECT_TRUE(j.Find("seconds")->is_number());
}

TEST(GrundyToolTest, DawsonsKayles) {
  Json j = RunJson("grundy 'octal(code=0.07)' --upto 1000 --json --no-values");
  EXPECT_FALSE(j.Has("values"));
  EXPECT_EQ(j.Find("period")->as_int(), 34);
  EXPECT_TRUE(j.Find("proved")->as_bool());
}

TEST(GrundyToolTest, StopWhenProved) {
  Json j = RunJson("grundy kayles --upto 100000 --json --no-values --stop-when-proved");
  EXPECT_TRUE(j.Find("proved")->as_bool());
  EXPECT_LT(j.Find("upto")->as_int(), 100000);
  EXPECT_EQ(j.Find("stopped")->as_string(), "proved");
}

TEST(GrundyToolTest, SolveKaylesWithGrundy) {
  Json j = RunJson("solve 'kayles(n=9)' --solver grundy --json");
  EXPECT_EQ(j.Find("value")->as_string(), "win");
  bool middle = false;
  for (const Json& m : j.Find("best_moves")->as_array()) middle |= m.as_string() == "9>4+4";
  EXPECT_TRUE(middle);
}

TEST(GrundyToolTest, BadInput) {
  for (const char* args :
       {"grundy kayles", "grundy 'octal(code=0.8)' --upto 10", "grundy tictactoe --upto 10",
        "grundy 'sum(nim,kayles)' --upto 10", "grundy kayles --upto -1",
        "grundy kayles --upto 10 --method fast", "grundy 'octal(code=0.)' --upto 10",
        "solve 'sum(foo)' --solver grundy", "solve 'sum()' --solver grundy"}) {
    const ToolRun r = Gamebench(args);
    EXPECT_EQ(r.status, 2) << r.Describe();
  }
}

// Issue 17: the Sprague-Grundy path has no search-state bounds.
TEST(GrundyToolTest, HugeHeapsFromProvedPeriods) {
  Json j = RunJson("solve 'kayles(n=1000000000000)' --solver grundy --json");
  EXPECT_EQ(j.Find("value")->as_string(), "win");
  EXPECT_EQ(j.Find("grundy")->as_int(), 1);  // g(71 + (10^12 - 71) mod 12) = g(75)
  EXPECT_EQ(j.Find("period")->as_int(), 12);
  EXPECT_EQ(j.Find("preperiod")->as_int(), 71);
  EXPECT_TRUE(j.Find("proved")->as_bool());
  EXPECT_FALSE(j.Find("best_moves_listed")->as_bool());
  EXPECT_TRUE(j.Find("best_moves_note")->is_string());

  j = RunJson("solve 'nim(heaps=1000000;3)' --solver grundy --json");
  EXPECT_EQ(j.Find("grundy")->as_int(), 1000000 ^ 3);
  ASSERT_EQ(j.Find("best_moves")->as_array().size(), 1u);
  EXPECT_EQ(j.Find("best_moves")->as_array()[0].as_string(), "1:999997");

  j = RunJson("solve 'nim(heaps=9223372036854775807;9223372036854775807)' --solver grundy --json");
  EXPECT_EQ(j.Find("value")->as_string(), "loss");
  EXPECT_FALSE(j.Find("best_moves_listed")->as_bool());  // lost: every move, too many
}

TEST(GrundyToolTest, SumOfManyComponents) {
  // The example (the search state holds 16 heaps), with moves.
  Json j = RunJson(
      "solve 'sum(octal(code=0.07,n=26),octal(code=0.07,n=8),octal(code=0.07,n=11),"
      "octal(code=0.77,n=9))' --solver grundy --json");
  EXPECT_EQ(j.Find("value")->as_string(), "win");
  EXPECT_TRUE(j.Find("best_moves_listed")->as_bool());
  EXPECT_FALSE(j.Find("best_moves")->as_array().empty());
  // Twelve components; a position given with --position.
  std::string spec = "sum(";
  for (int i = 0; i < 12; ++i) spec += i ? ",kayles(n=1000)" : "kayles(n=1000)";
  j = RunJson("solve '" + spec + ")' --solver grundy --json");
  EXPECT_EQ(j.Find("value")->as_string(), "loss");  // 12 equal heaps
  j = RunJson(
      "solve 'sum(kayles(n=5),subtraction(n=7,set=1;2))' --solver grundy --position '40 | "
      "100000000000' --json");
  EXPECT_EQ(j.Find("position")->as_string(), "40 | 100000000000");
}

TEST(GrundyToolTest, GrundyCommandAcceptsBigHeapsInTheSpec) {
  Json j = RunJson("grundy 'kayles(n=100000000000)' --upto 300 --no-values --json");
  EXPECT_EQ(j.Find("period")->as_int(), 12);
}

TEST(GrundyToolTest, BadInputOnTheSpragueGrundyPath) {
  for (const char* args :
       {"solve 'kayles(n=18446744073709551616)' --solver grundy",  // 2^64
        "solve 'nim(heaps=3;-1)' --solver grundy", "solve 'octal(code=0.18,n=5)' --solver grundy",
        "solve 'sum()' --solver grundy", "solve 'sum(misere=false)' --solver grundy",
        "solve 'kayles(n=5)' --solver grundy --position '5 | 3'",
        "solve 'subtraction(n=1000000000000,set=primes)' --solver grundy",
        "grundy 'octal(code=0.8)' --upto 10", "grundy --table --digits 4",
        "grundy kayles --table"}) {
    const ToolRun r = Gamebench(args);
    EXPECT_EQ(r.status, 2) << r.Describe();
  }
  // Over the memory budget, after a probe of 2 bytes a term of the budget
  // (1 MiB: 419,430 terms of 0.6; slow under sanitizers).
  if (!testing::Sanitized()) {
    EXPECT_EQ(
        Gamebench("solve 'octal(code=0.6,n=1000000000000000)' --solver grundy --memory 1M").status,
        2);
  }
}

TEST(GrundyToolTest, OctalTable) {
  testing::ScratchDir dir("octal");
  Json summary =
      RunJson(absl::StrCat("grundy --table --digits 2 --terms 4096 --json --out ", dir.path(),
                           " --published ", GAMEBENCH_SOURCE_DIR, "/bench/octal_published.tsv"));
  EXPECT_EQ(summary.Find("codes")->as_int(), 63);
  EXPECT_EQ(summary.Find("class_check_failures")->as_int(), 0);
  EXPECT_EQ(summary.Find("comparison_disagrees")->as_int(), 0);
  EXPECT_TRUE(testing::Exists(dir.File("octal.json")));
}

}  // namespace
}  // namespace gamebench
