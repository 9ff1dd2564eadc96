// `gamebench misere` and misère sums on `solve --solver grundy`, through the
// binary: the JSON, the sums against plain misère search (tt), bad input.

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/json.h"
#include "gtest/gtest.h"
#include "tests/tool_runner.h"

namespace gamebench {
namespace {

using testing::ToolRun;

Json RunJson(const std::string& args) {
  ToolRun r = testing::RunTool(args);
  EXPECT_EQ(r.status, 0) << r.Describe();
  auto j = Json::Parse(r.out);
  EXPECT_TRUE(j.ok()) << r.out;
  return j.ok() ? *j : Json();
}

TEST(MisereToolTest, KaylesQuotient) {
  Json j = RunJson("misere kayles --upto 30 --json");
  EXPECT_EQ(j.Find("rule")->as_string(), "0.77");
  EXPECT_EQ(j.Find("upto")->as_int(), 30);
  EXPECT_TRUE(j.Find("verified")->as_bool());
  const int64_t size = j.Find("size")->as_int();
  EXPECT_EQ(static_cast<int64_t>(j.Find("elements")->as_array().size()), size);
  EXPECT_EQ(static_cast<int64_t>(j.Find("p_portion")->as_array().size()),
            j.Find("p_count")->as_int());
  EXPECT_EQ(size % 2, 0);  // impartial quotients have even order (Plambeck–Siegel)
  EXPECT_EQ(j.Find("pretending")->as_array().size(), 30u);
  EXPECT_EQ(j.Find("size_history")->as_array().back().as_int(), size);
  EXPECT_FALSE(j.Find("generators")->as_array().empty());
  EXPECT_FALSE(j.Find("relations")->as_array().empty());
  // *0's genus, and heap 1 of Kayles (a nim heap *1): 1^031.
  const auto& genera = j.Find("genera")->as_array();
  ASSERT_GE(genera.size(), 2u);
  EXPECT_EQ(genera[0].Find("genus")->as_string(), "0^120");
  EXPECT_EQ(genera[1].Find("genus")->as_string(), "1^031");
}

// Random misère sums of every heap game, by the quotient (grundy) and by
// plain search (tt): same value and the same best moves.
TEST(MisereToolTest, SumsAgreeWithSearch) {
  std::mt19937 rng(7);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const std::vector<std::string> parts = {"kayles(n=%)", "octal(code=0.07,n=%)",
                                          "octal(code=0.137,n=%)", "grundy_game(n=%)",
                                          "subtraction(n=%,set=1;3;4)", "nim(heaps=%)"};
  int checked = 0;
  for (int round = 0; round < 24; ++round) {
    std::vector<std::string> comps;
    const int count = pick(1, 3);
    for (int i = 0; i < count; ++i) {
      std::string p = parts[pick(0, static_cast<int>(parts.size()) - 1)];
      p.replace(p.find('%'), 1, std::to_string(pick(1, 7)));
      comps.push_back(p);
    }
    const std::string spec = absl::StrCat("sum(", absl::StrJoin(comps, ","), ",misere=true)");
    Json by_quotient = RunJson(absl::StrCat("solve '", spec, "' --solver grundy --json"));
    Json by_search = RunJson(absl::StrCat("solve '", spec, "' --solver tt --json"));
    ASSERT_TRUE(by_quotient.Find("value") && by_search.Find("value")) << spec;
    EXPECT_EQ(by_quotient.Find("value")->Dump(), by_search.Find("value")->Dump()) << spec;
    auto moves = [](const Json& j) {
      std::vector<std::string> m;
      for (const Json& x : j.Find("best_moves")->as_array()) m.push_back(x.as_string());
      std::sort(m.begin(), m.end());
      return m;
    };
    EXPECT_EQ(moves(by_quotient), moves(by_search)) << spec;
    ++checked;
  }
  EXPECT_EQ(checked, 24);
  // A one-heap misère subtraction game, too.
  Json a = RunJson("solve 'subtraction(n=23,set=2;5,misere=true)' --solver grundy --json");
  Json b = RunJson("solve 'subtraction(n=23,set=2;5,misere=true)' --solver tt --json");
  EXPECT_EQ(a.Find("value")->Dump(), b.Find("value")->Dump());
}

TEST(MisereToolTest, BadInput) {
  for (const char* args :
       {"misere kayles", "misere kayles --upto 0", "misere kayles --upto 100000",
        "misere kayles --upto 5 --bogus", "misere tictactoe --upto 5",
        "misere 'sum(kayles(n=3),nim(heaps=2))' --upto 5", "misere 'octal(code=0.9)' --upto 5",
        "misere kayles --upto 5 --max-size 1", "misere kayles --upto 5 --memory lots",
        "misere kayles --upto 5 --time-limit -1", "misere kayles --upto 5 --time-limit soon"}) {
    ToolRun r = testing::RunTool(args);
    EXPECT_EQ(r.status, 2) << args << ": " << r.Describe();
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
  }
}

TEST(MisereToolTest, PastTheBudgetItStopsWithWhatItHad) {
  ToolRun r = testing::RunTool("misere kayles --upto 30 --max-size 10 --json");
  EXPECT_EQ(r.status, 2) << r.Describe();
  EXPECT_NE(r.err.find("--max-size"), std::string::npos) << r.err;
  // First line: what was computed; then the error object.
  auto first = Json::Parse(r.out.substr(0, r.out.find('\n')));
  ASSERT_TRUE(first.ok()) << r.out;
  EXPECT_EQ(first->Find("upto")->as_int(), 4);
  EXPECT_NE(first->Find("stopped"), nullptr);
  EXPECT_NE(r.out.find("\"error\""), std::string::npos) << r.out;
}

TEST(MisereToolTest, PastTheTimeLimitItStopsWithWhatItHad) {
  // A limit already past when the first heap starts: nothing finished, and
  // it says so (the solver's test checks a stop after some heaps).
  ToolRun r = testing::RunTool("misere kayles --upto 30 --time-limit 1e-9 --json");
  EXPECT_EQ(r.status, 2) << r.Describe();
  EXPECT_NE(r.err.find("time limit"), std::string::npos) << r.err;
  auto first = Json::Parse(r.out.substr(0, r.out.find('\n')));
  ASSERT_TRUE(first.ok()) << r.out;
  EXPECT_EQ(first->Find("upto")->as_int(), 0);
  EXPECT_NE(first->Find("stopped"), nullptr);
}

}  // namespace
}  // namespace gamebench
