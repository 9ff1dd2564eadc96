// Tests of the `gamebench` executable itself: the JSON contract of `list` and
// `solve`, and that every class of bad input exits with status 2 and exactly
// one line on stderr.

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/json.h"
#include "core/type_list.h"
#include "games/catalog.h"
#include "gtest/gtest.h"
#include "tool/solver_catalog.h"
#include "tests/test_files.h"
#include "tests/tool_runner.h"
#include "tool/table_solver.h"

namespace gamebench {
namespace {

using testing::ToolRun;

ToolRun RunTool(const std::vector<std::string>& args) { return testing::RunToolArgs(args); }

// The command, for messages.
std::string Describe(const std::vector<std::string>& args) {
  std::string s = "gamebench";
  for (const auto& a : args) absl::StrAppend(&s, " '", a, "'");
  return s;
}

// Parses stdout as exactly one JSON object on one line.
Json ParseOneObject(const ToolRun& run, const std::string& what) {
  EXPECT_EQ(run.status, 0) << what << "\nstderr: " << run.err;
  EXPECT_EQ(run.err, "") << what;
  EXPECT_FALSE(run.out.empty()) << what;
  EXPECT_EQ(run.out.find('\n'), run.out.size() - 1) << what << ": not one line: " << run.out;
  auto j = Json::Parse(run.out);
  EXPECT_TRUE(j.ok()) << what << ": " << j.status() << "\n" << run.out;
  if (!j.ok()) return Json();
  EXPECT_TRUE(j->is_object()) << what;
  return *j;
}

TEST(ToolTest, ListJsonNamesEveryGameAndSolver) {
  Json j = ParseOneObject(RunTool({"list", "--json"}), "list --json");
  ASSERT_TRUE(j.is_object());
  const Json* games = j.Find("games");
  const Json* solvers = j.Find("solvers");
  ASSERT_TRUE(games && games->is_array());
  ASSERT_TRUE(solvers && solvers->is_array());
  std::vector<std::string> game_names, solver_names;
  for (const Json& g : games->as_array()) {
    ASSERT_TRUE(g.Find("name") && g.Find("params") && g.Find("description"));
    game_names.push_back(g.Find("name")->as_string());
    for (const Json& p : g.Find("params")->as_array())
      EXPECT_TRUE(p.Find("name") && p.Find("default")) << p.Dump();
  }
  for (const Json& s : solvers->as_array()) {
    ASSERT_TRUE(s.Find("name") && s.Find("games"));
    solver_names.push_back(s.Find("name")->as_string());
  }
  ForEachType(GameCatalog{}, [&]<typename G>() {
    EXPECT_EQ(std::count(game_names.begin(), game_names.end(), std::string(G::kName)), 1)
        << G::kName;
    return false;
  });
  ForEachType(SolverCatalog{}, [&]<typename S>() {
    EXPECT_EQ(std::count(solver_names.begin(), solver_names.end(), std::string(S::kName)), 1)
        << S::kName;
    return false;
  });
  for (const char* name : {"nim", "tictactoe", "ends"})
    EXPECT_EQ(std::count(game_names.begin(), game_names.end(), name), 1) << name;
  for (const char* name : {"minimax", "alphabeta", "tt"})
    EXPECT_EQ(std::count(solver_names.begin(), solver_names.end(), name), 1) << name;
  // The plain form works too.
  ToolRun plain = RunTool({"list"});
  EXPECT_EQ(plain.status, 0);
  EXPECT_NE(plain.out.find("tictactoe"), std::string::npos);
}

// Every command `gamebench help` lists answers `COMMAND --help` with its own
// usage line and status 0 (read from the help text, so a new command is
// covered without editing this test).
TEST(ToolTest, EveryCommandAnswersHelp) {
  ToolRun help = RunTool({"help"});
  ASSERT_EQ(help.status, 0);
  int commands = 0;
  for (absl::string_view line : absl::StrSplit(help.out, '\n')) {
    if (!absl::ConsumePrefix(&line, "  ") || line.empty() || line[0] == ' ') continue;
    const std::string name(line.substr(0, line.find(' ')));
    for (const char* flag : {"--help", "-h"}) {
      ToolRun run = RunTool({name, flag});
      EXPECT_EQ(run.status, 0) << name << " " << flag << ": " << run.err;
      EXPECT_EQ(run.out.rfind("usage: gamebench " + name, 0), 0u) << name << ": " << run.out;
      EXPECT_EQ(run.err, "") << name;
    }
    ++commands;
  }
  EXPECT_GE(commands, 10) << help.out;
}

// The contract fields of `solve --json`, in every search solver.
TEST(ToolTest, SolveJsonContract) {
  for (const char* solver : {"minimax", "alphabeta", "tt", "pns", "dfpn", "ptt"}) {
    const std::vector<std::string> args = {"solve", "tictactoe", "--solver", solver, "--json"};
    Json j = ParseOneObject(RunTool(args), Describe(args));
    ASSERT_TRUE(j.is_object());
    for (const char* field :
         {"game", "solver", "value", "winner", "best_moves", "nodes", "seconds"})
      EXPECT_TRUE(j.Has(field)) << Describe(args) << ": no '" << field << "'";
    EXPECT_EQ(j.Find("game")->as_string(), "tictactoe");
    EXPECT_EQ(j.Find("solver")->as_string(), solver);
    EXPECT_EQ(j.Find("value")->as_string(), "draw");
    EXPECT_EQ(j.Find("winner")->as_string(), "draw");
    EXPECT_EQ(j.Find("best_moves")->as_array().size(), 9u);
    EXPECT_TRUE(j.Find("nodes")->is_int());
    EXPECT_GT(j.Find("nodes")->as_int(), 0);
    EXPECT_TRUE(j.Find("seconds")->is_number());
  }
  // The canonical spec, an integer value, and the winner of a scored game.
  {
    const std::vector<std::string> args = {"solve", "ends", "--json"};
    Json j = ParseOneObject(RunTool(args), Describe(args));
    ASSERT_TRUE(j.is_object());
    EXPECT_EQ(j.Find("game")->as_string(), "ends(values=3;9;1;2)");
    EXPECT_TRUE(j.Find("value")->is_int());
    EXPECT_EQ(j.Find("value")->as_int(), 7);
    EXPECT_EQ(j.Find("winner")->as_string(), "first");
    ASSERT_EQ(j.Find("best_moves")->as_array().size(), 1u);
    EXPECT_EQ(j.Find("best_moves")->as_array()[0].as_string(), "R");
  }
  {
    const std::vector<std::string> args = {"solve", "nim(heaps=1;2;3)", "--solver", "alphabeta",
                                           "--json"};
    Json j = ParseOneObject(RunTool(args), Describe(args));
    ASSERT_TRUE(j.is_object());
    EXPECT_EQ(j.Find("game")->as_string(), "nim(heaps=1;2;3,misere=false)");
    EXPECT_EQ(j.Find("value")->as_string(), "loss");
    EXPECT_EQ(j.Find("winner")->as_string(), "second");
    EXPECT_TRUE(j.Find("best_moves")->as_array().size() == 6u);  // every move loses
  }
  // A position other than the start: no winner.
  {
    const std::vector<std::string> args = {"solve", "tictactoe", "--position", "XX.OO....",
                                           "--json"};
    Json j = ParseOneObject(RunTool(args), Describe(args));
    ASSERT_TRUE(j.is_object());
    EXPECT_EQ(j.Find("value")->as_string(), "win");
    EXPECT_FALSE(j.Has("winner"));
    ASSERT_EQ(j.Find("best_moves")->as_array().size(), 1u);
    EXPECT_EQ(j.Find("best_moves")->as_array()[0].as_string(), "c1");
  }
}

// Exit status 2, nothing on stdout, exactly one line on stderr that contains
// `names` (the thing at fault).
void ExpectUsageError(const std::vector<std::string>& args, const std::string& names) {
  ToolRun run = RunTool(args);
  const std::string what = Describe(args);
  EXPECT_EQ(run.status, 2) << what << "\nstderr: " << run.err;
  EXPECT_EQ(run.out, "") << what;
  ASSERT_FALSE(run.err.empty()) << what;
  EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << what << ": not one line:\n" << run.err;
  EXPECT_NE(run.err.find(names), std::string::npos)
      << what << ": the message does not name '" << names << "': " << run.err;
}

TEST(ToolTest, BadInputExitsWithStatus2AndOneLine) {
  ExpectUsageError({"frobnicate"}, "frobnicate");                            // unknown command
  ExpectUsageError({"solve", "nosuchgame"}, "nosuchgame");                   // unknown game
  ExpectUsageError({"solve", "tictactoe", "--solver", "nosuch"}, "nosuch");  // unknown solver
  ExpectUsageError({"solve", "nim(heaps=3"}, "nim(heaps=3");                 // unbalanced
  ExpectUsageError({"solve", "nim)"}, "nim)");
  ExpectUsageError({"solve", "nim(heaps=3,heaps=4)"}, "heaps");  // parameter twice
  ExpectUsageError({"solve", "nim(size=3)"}, "size");            // unknown parameter
  ExpectUsageError({"solve", "nim(heaps=64)"}, "64");            // out of range
  ExpectUsageError({"solve", "ends(values=1001)"}, "1001");      // out of range
  ExpectUsageError({"solve",
                    "ends(values=1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16;17;18;19;20;"
                    "21;22;23;24;25)"},
                   "values");                                          // too many values
  ExpectUsageError({"solve", "tictactoe(n=4)"}, "n");                  // a game without params
  ExpectUsageError({"solve", "tictactoe", "--position", "XX"}, "XX");  // malformed position
  ExpectUsageError({"solve", "tictactoe", "--position", "XXXOOO..."}, "XXXOOO...");  // illegal
  ExpectUsageError({"solve", "ends", "--position", "[3;9;1]:0"}, "[3;9;1]:0");
  ExpectUsageError({"solve"}, "SPEC");                               // missing spec
  ExpectUsageError({"solve", "nim", "--frobnicate"}, "frobnicate");  // unknown flag
  ExpectUsageError({"solve", "nim", "--solver"}, "solver");          // flag without value
  ExpectUsageError({"solve", "nim", "tictactoe"}, "");               // two specs
  ExpectUsageError({"list", "extra"}, "extra");                      // stray argument
}

// A solver that does not apply to a game says so. Found from the catalogs, so
// the check runs as soon as such a pair exists.
TEST(ToolTest, SolverThatDoesNotApply) {
  std::string game, solver;
  ForEachType(SolverCatalog{}, [&]<typename S>() {
    return ForEachType(GameCatalog{}, [&]<typename G>() {
      if constexpr (!S::template kAppliesTo<G>) {
        game = std::string(G::kName);
        solver = std::string(S::kName);
        return true;
      }
      return false;
    });
  });
  if (game.empty()) GTEST_SKIP() << "every solver in the catalog applies to every game";
  ExpectUsageError({"solve", game, "--solver", solver}, solver);
}

}  // namespace
}  // namespace gamebench

namespace gamebench {
namespace {

// With --json a refusal is also one JSON object on stdout, whose code is the
// absl status code in lower case: scripts classify by it, not by the message.
void ExpectJsonError(const std::vector<std::string>& args, const std::string& code) {
  ToolRun r = RunTool(args);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  auto j = Json::Parse(r.out);
  ASSERT_TRUE(j.ok()) << r.out;
  const Json* error = j->Find("error");
  ASSERT_NE(error, nullptr) << r.out;
  ASSERT_NE(error->Find("code"), nullptr) << r.out;
  EXPECT_EQ(error->Find("code")->as_string(), code) << r.out;
  // The message is the stderr line's, after "gamebench CMD: error: ".
  const std::string message = error->Find("message")->as_string();
  EXPECT_FALSE(message.empty());
  EXPECT_NE(r.err.find(message), std::string::npos) << r.err << " vs " << message;
}

TEST(ToolTest, JsonRefusalsCarryACode) {
  ExpectJsonError({"solve", "nosuchgame", "--json"}, "not_found");
  ExpectJsonError({"solve", "nim", "--solver", "nosuch", "--json"}, "not_found");
  ExpectJsonError({"nosuchcommand", "--json"}, "not_found");
  ExpectJsonError({"solve", "nim(heaps=64)", "--json"}, "out_of_range");
  ExpectJsonError({"solve", "nim", "--frobnicate", "--json"}, "invalid_argument");
  ExpectJsonError({"solve", "tictactoe", "--solver", "grundy", "--json"}, "unimplemented");
  ExpectJsonError({"analyze", "dodgem(n=6)", "--json"}, "resource_exhausted");
  // Without --json, stdout stays empty.
  ToolRun plain = RunTool({"solve", "nosuchgame"});
  EXPECT_EQ(plain.status, 2);
  EXPECT_TRUE(plain.out.empty()) << plain.out;
}

// Every command that can refuse a solver for a game refuses it the one way
// (tool/refusal.h): exit status 2, one line, code `unimplemented`. The pairs
// come from the catalogs and the capability concepts (core/solver.h,
// tool/table_solver.h), so the checks follow the catalogs as they grow.
TEST(ToolTest, DoesNotApplyIsUnimplementedOnEveryCommand) {
  // solve and batch: a solver that does not apply to a game.
  std::string game, solver;
  ForEachType(SolverCatalog{}, [&]<typename S>() {
    return ForEachType(GameCatalog{}, [&]<typename G>() {
      if constexpr (!S::template kAppliesTo<G>) {
        game = std::string(G::kName);
        solver = std::string(S::kName);
        return true;
      }
      return false;
    });
  });
  ASSERT_FALSE(game.empty()) << "every solver of the catalog applies to every game";
  ExpectJsonError({"solve", game, "--solver", solver, "--json"}, "unimplemented");
  ExpectJsonError({"batch", game, "--solver", solver, "--positions", "-", "--json"},
                  "unimplemented");

  // analyze: a solver that analyses every position of some games, and a game
  // it does not analyse that has no tiers either; a solver that analyses no
  // game; --tiers for a game without tiers.
  std::string analyser, not_analysed, one_position, untiered;
  ForEachType(SolverCatalog{}, [&]<typename S>() {
    bool analyses_some = false;
    std::string unanalysed;  // by S, and without tiers
    ForEachType(GameCatalog{}, [&]<typename G>() {
      analyses_some |= AnalysesIntoTable<S, G>;
      if constexpr (!AnalysesIntoTable<S, G> && !Tiered<G>) {
        if (unanalysed.empty()) unanalysed = std::string(G::kName);
      }
      if constexpr (!Tiered<G>) {
        if (untiered.empty()) untiered = std::string(G::kName);
      }
      return false;
    });
    if (analyses_some && analyser.empty() && !unanalysed.empty()) {
      analyser = std::string(S::kName);
      not_analysed = unanalysed;
    }
    if (!analyses_some && one_position.empty()) one_position = std::string(S::kName);
    return false;
  });
  ASSERT_FALSE(analyser.empty() || not_analysed.empty() || one_position.empty() ||
               untiered.empty());
  ExpectJsonError({"analyze", not_analysed, "--solver", analyser, "--json"}, "unimplemented");
  ExpectJsonError({"analyze", not_analysed, "--solver", one_position, "--json"}, "unimplemented");
  testing::ScratchDir dir("refusal");
  ExpectJsonError({"analyze", untiered, "--tiers", dir.File("tiers"), "--json"}, "unimplemented");
  EXPECT_TRUE(dir.Entries().empty());  // refused before any tier file is written
}

// The usage lines come from the same declaration as the parser: every flag a
// command accepts is in its line, and a flag in the line is accepted.
TEST(ToolTest, UsageListsTheFlagsTheParserAccepts) {
  ToolRun help = RunTool({"help"});
  ASSERT_EQ(help.status, 0);
  for (const char* line :
       {"  analyze SPEC [--solver retrograde] [--save FILE] [--checkpoint FILE] "
        "[--checkpoint-every S] [--tiers DIR] [--json] [--time-limit S]",
        "  solve SPEC [--solver NAME] [--position POS] [--json] [--time-limit S] "
        "[--memory SIZE] [--tt-size SIZE] [--threads N]"})
    EXPECT_NE(help.out.find(line), std::string::npos) << help.out;
  // Flags from the usage line of solve, used: each parses (exit 0).
  EXPECT_EQ(RunTool({"solve", "tictactoe", "--threads", "1", "--no-progress", "--no-best-moves",
                     "--tt-size", "1M", "--memory", "1G", "--time-limit", "10"})
                .status,
            0);
}

}  // namespace
}  // namespace gamebench
