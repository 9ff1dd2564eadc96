// Tests of `gamebench grundy` and `gamebench solve --solver grundy` through
// the binary: the JSON contract, the reproduced results, and bad input.

#include <cstdio>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/json.h"
#include "gtest/gtest.h"

namespace gamebench {
namespace {

struct Run {
  int status;
  std::string out;
};

Run Gamebench(const std::string& args) {
  std::string cmd = absl::StrCat(GAMEBENCH_BINARY, " ", args, " 2>/dev/null");
  FILE* p = popen(cmd.c_str(), "r");
  Run r{-1, ""};
  if (p == nullptr) return r;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  int st = pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

Json RunJson(const std::string& args) {
  Run r = Gamebench(args);
  EXPECT_EQ(r.status, 0) << args;
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
    EXPECT_EQ(Gamebench(args).status, 2) << args;
  }
}

}  // namespace
}  // namespace gamebench
