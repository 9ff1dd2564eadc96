// The CGT commands end to end: `gamebench cgt` (CGSuite notation in and
// out) and `gamebench mcgs` on MCGS-format files (cgt/, docs/cgt.md).

#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "cgt/arena.h"
#include "core/json.h"
#include "games/gen_toads/gen_toads.h"
#include "gtest/gtest.h"
#include "tests/conformance.h"
#include "tests/mcgs_run.h"
#include "tests/test_files.h"
#include "tests/tool_runner.h"
#include "cgt/form_builder.h"

namespace gamebench {
namespace {

using testing::McgsRun;
using testing::RunMcgs;
using testing::RunToolArgs;
using testing::ScratchDir;
using testing::WriteFile;

TEST(CgtToolTest, PrintsCanonicalFormOutcomeAndThermograph) {
  auto r = RunToolArgs({"cgt", "^+^+*", "--json"});
  ASSERT_EQ(r.status, 0) << r.Describe();
  auto j = Json::Parse(r.out);
  ASSERT_TRUE(j.ok()) << r.out;
  EXPECT_EQ(j->Find("canonical")->as_string(), "^^*");
  EXPECT_EQ(j->Find("outcome")->as_string(), "L");
  r = RunToolArgs({"cgt", "{1|-1}", "--json"});
  j = Json::Parse(r.out);
  ASSERT_TRUE(j.ok()) << r.out;
  EXPECT_EQ(j->Find("canonical")->as_string(), "+-1");
  EXPECT_EQ(j->Find("outcome")->as_string(), "N");
  EXPECT_EQ(j->Find("temperature")->as_string(), "1");
  EXPECT_EQ(j->Find("mean")->as_string(), "0");
  EXPECT_EQ(j->Find("thermograph")->as_string(), "L: (2, -1) (0, 1) R: (-2, -1) (0, 1)");
}

// CGSuite's canonical form of the empty 4x4 Domineering board (its tests,
// GameGridTest.scala), against the board played through the game concept:
// both printed from canonical forms, which are unique, so the strings agree
// exactly when the values do.
TEST(CgtToolTest, Domineering4x4MatchesCgsuite) {
  auto ours = RunToolArgs({"cgt", "--mcgs", "domineering", "....|....|....|....", "--json"});
  ASSERT_EQ(ours.status, 0) << ours.Describe();
  auto cgsuite = RunToolArgs({"cgt", "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}", "--json"});
  ASSERT_EQ(cgsuite.status, 0) << cgsuite.Describe();
  auto a = Json::Parse(ours.out), b = Json::Parse(cgsuite.out);
  ASSERT_TRUE(a.ok() && b.ok()) << ours.out << cgsuite.out;
  EXPECT_EQ(a->Find("canonical")->as_string(), b->Find("canonical")->as_string());
  EXPECT_EQ(a->Find("outcome")->as_string(), "N");
  // A vertical slot is 1; 1x2 is -1 (MCGS's BLACK places vertically).
  ours = RunToolArgs({"cgt", "--mcgs", "domineering", ".|.", "--json"});
  EXPECT_NE(ours.out.find("\"canonical\":\"1\""), std::string::npos) << ours.out;
  EXPECT_TRUE(RunToolArgs({"cgt", "--mcgs", "domineering", ".x|.."}).OneLineError());
  EXPECT_TRUE(RunToolArgs({"cgt", "--mcgs", "hackenbush", "X..O"}).OneLineError());
}

TEST(CgtToolTest, RefusesBadGamesAndBudgets) {
  EXPECT_TRUE(RunToolArgs({"cgt", "{1|"}).OneLineError());
  EXPECT_TRUE(RunToolArgs({"cgt", "3/5"}).OneLineError());
  EXPECT_TRUE(RunToolArgs({"cgt", "1", "--memory", "12"}).OneLineError());
  // A form over the budget is a one-line refusal, not a crash.
  auto r = RunToolArgs({"cgt", "100000", "--memory", "1M"});
  EXPECT_TRUE(r.OneLineError()) << r.Describe();
  EXPECT_NE(r.err.find("budget"), std::string::npos) << r.err;
}

// Hand-checked expectations: 1/2 + 1/2 - 1 = 0 (a loss for whoever starts);
// {1|-1} is a first-player win; * + * = 0; the closure of {2 | 1} has the
// options 2 (nim 0) and 1 (nim 1), so nim value 2; the last one is wrong on
// purpose and must FAIL; Hackenbush is not implemented and must be SKIPPED.
constexpr char kFile[] = R"({version 1.7}
/*_ written for this test */
/* halves */
[dyadic_rational] 1/2 (1/2) [integer_game] -1
{B loss, W loss}
[switch_game] (1, -1)
{B win, W win}
[nimber] 1 1 {N 0, B loss}
[impartial switch_game] (2 1)
{N 2}
[up_star] (1) /*#0 wrong on purpose */
{B loss, W loss}
[hackenbush] X..O
{B loss}
)";

TEST(CgtToolTest, McgsRunsTheFileAndWritesMcgsColumns) {
  const McgsRun m = RunMcgs("a.test", kFile);
  ASSERT_TRUE(m.ok()) << m.Describe();
  const std::string& csv = m.csv;
  EXPECT_EQ(m.Totals(), "10 commands: 8 pass, 1 fail, 0 completed, 1 skipped") << csv;
  EXPECT_EQ(csv.rfind("\"File\",\"Case\",\"Games\",\"Player\",\"Expected Result\",\"Result\","
                      "\"Time (ms)\",\"Status\",\"Comments\",\"Type\"", 0), 0u) << csv;
  EXPECT_NE(csv.find("\"a.test\",\"7\",\"up_star:1\",\"B\",\"Loss\",\"Win\""), std::string::npos) << csv;
  EXPECT_NE(csv.find("\"wrong on purpose\""), std::string::npos) << csv;
  EXPECT_NE(csv.find("\"SKIPPED\""), std::string::npos) << csv;
  EXPECT_NE(csv.find("game [hackenbush] not implemented"), std::string::npos) << csv;
}

// A board whose forms and memo do not fit the budget is a skip with the
// reason (the memo of positions is charged too), naming its game; the next
// block runs in a fresh arena and passes.
constexpr char kOverBudget[] = R"({version 1.7}
[clobber] XOXO|OXOX|XOXO|OXOX {B win, W win}
[clobber_1xn] XO {B win, W win}
)";

TEST(CgtToolTest, McgsRefusesAFormOverTheBudget) {
  const McgsRun m = RunMcgs("b.test", kOverBudget, {"--memory", "2M"});
  ASSERT_TRUE(m.ok()) << m.Describe();
  const std::string& csv = m.csv;
  EXPECT_EQ(m.Totals(), "4 commands: 2 pass, 0 fail, 0 completed, 2 skipped") << csv;
  ASSERT_NE(m.Find("memory_bytes"), nullptr) << m.Describe();
  EXPECT_LE(m.Find("memory_bytes")->as_int(), 2 << 20);
  // The peak counts the arena a refusal used up and replaced: it was near
  // the budget then (half of it at least, or it would not have refused).
  EXPECT_GE(m.Find("memory_bytes")->as_int(), 1 << 20);
  EXPECT_NE(m.Find("peak_rss_bytes"), nullptr);
  EXPECT_NE(csv.find("\"clobber:XOXO|OXOX|XOXO|OXOX\",\"B\""), std::string::npos) << csv;
  EXPECT_NE(csv.find("refused: canonical forms need more than the CGT memory budget of 2 MiB"),
            std::string::npos) << csv;
}

// Domineering through the game's Partizan refinement, BLACK vertical: a
// vertical slot is 1, a horizontal one -1 (their sum 0), the empty 2x2 board
// is {1|-1} (either player's domino leaves the other one slot), whose
// closure has options 1 and -1 (nim 1 each), so nim value 0; the empty 7x7
// board is one region over the size the canonical forms take and is skipped.
constexpr char kDomineering[] = R"({version 1.7}
[domineering] .|. {B win, W loss}
[domineering] .. {B loss, W win}
[domineering] .|. .. {B loss, W loss}
[domineering] ..|.. {B win, W win, thermograph L: (2, -1) (0, 1) R: (-2, -1) (0, 1)}
[impartial domineering] ..|.. {N 0}
[domineering] .......|.......|.......|.......|.......|.......|....... {B}
)";

TEST(CgtToolTest, McgsPlaysDomineeringThroughTheGameConcept) {
  const McgsRun m = RunMcgs("d.test", kDomineering);
  ASSERT_TRUE(m.ok()) << m.Describe();
  EXPECT_EQ(m.Totals(), "11 commands: 10 pass, 0 fail, 0 completed, 1 skipped") << m.csv;
  EXPECT_NE(m.csv.find("a region of 49 empty cells"), std::string::npos) << m.csv;
}

// The games of the catalog through MCGS's sections, hand-checked: Clobber's
// XO is {0|0} = * (a first-player win), XO + XO = 0 (Black has no winning
// move); on a 2x2 board every move of Black wins (MCGS's own expectation);
// NoGo's two cells: the first stone leaves the opponent no legal cell;
// Elephants' X.O and toads' X.O (1,1,1,0): each player's one move wins
// (played out by hand); a grey domino: either toppling wins; Kayles of 3
// pins is *3. The last command expects a move that does not win: FAIL.
constexpr char kCatalog[] = R"({version 1.7}
[clobber_1xn] XO {B win, W win}
[clobber_1xn] XO XO {B loss, W loss, winning moves B None}
[impartial clobber_1xn] XO XO {N 0}
[clobber] XO|OX {B win, W win, winning moves B a1-a2 a1-b1 b2-a2 b2-b1}
[nogo_1xn] .. {B win, W win}
[nogo] .|. {B win, W win}
[elephants] X.O {B win, W win, winning moves W 3-2}
[toppling_dominoes] # {B win, W win, winning moves B 1L 1R}
[kayles] 3 {N 3, B win}
[gen_toads] 1,1,1,0:X.O {B win, W win, winning moves B 1-2}
[domineering] ..|.. {winning moves B a1-a2 b1-b2}
[clobber_1xn] XO XO {winning moves B 0:1-2}
)";

TEST(CgtToolTest, McgsPlaysTheCatalogGamesAndTheirWinningMoves) {
  const McgsRun m = RunMcgs("c.test", kCatalog);
  ASSERT_TRUE(m.ok()) << m.Describe();
  EXPECT_EQ(m.Totals(), "26 commands: 25 pass, 1 fail, 0 completed, 0 skipped") << m.csv;
  EXPECT_NE(m.csv.find("\"Missing: 0:1-2\""), std::string::npos) << m.csv;
}

// B/W on a gen_toads strip alone is answered by search (tool/cgt_games.h),
// a strip that splits by its parts' forms: on random strips, every answer
// is the outcome of the whole strip's canonical form (no split).
TEST(CgtToolTest, McgsSolvesGenToadsStripsAsTheirFormsSay) {
  std::mt19937_64 rng(67);
  std::string file = "{version 1.7}\n[gen_toads]\n";
  int left_wins = 0;
  for (const char* rule : {"1,2,1,1", "1,1,1,0", "2,3,2,0", "1,3,2,1", "1,1,0,0"}) {
    std::vector<std::string> r = absl::StrSplit(rule, ',');
    const GenToads g = testing::MakeGame<GenToads>(
        absl::StrCat("gen_toads(n=14,min_slide=", r[0], ",max_slide=", r[1], ",max_jump=", r[2],
                     ",friendly=", r[3], ")"));
    cgt::GameArena arena;
    FormBuilder<GenToads> whole(g, /*split=*/false);
    for (int t = 0; t < 12; ++t) {
      std::string strip;
      for (int i = 0; i < 14; ++i) strip += "XO...."[rng() % 6];
      const cgt::GameId form = whole.Value(arena, *g.ParseBoard(strip, true));
      const bool left = arena.LeftWinsMovingFirst(form), right = arena.RightWinsMovingFirst(form);
      left_wins += left;
      absl::StrAppend(&file, rule, ":", strip, " {B ", left ? "win" : "loss", ", W ",
                      right ? "win" : "loss", "}\n");
    }
  }
  ASSERT_GT(left_wins, 5);
  const McgsRun m = RunMcgs("t.test", file);
  ASSERT_TRUE(m.ok()) << m.Describe();
  EXPECT_EQ(m.Totals(), "120 commands: 120 pass, 0 fail, 0 completed, 0 skipped") << m.csv;
}

TEST(CgtToolTest, McgsNamesTheLineOfAMalformedFile) {
  ScratchDir dir("cgt_mcgs_bad");
  WriteFile(dir.File("bad.test"), "{version 1.7}\n[integer_game] 3\n{B win,\n frobnicate}\n");
  auto r = RunToolArgs({"mcgs", dir.File("bad.test")});
  EXPECT_TRUE(r.OneLineError()) << r.Describe();
  EXPECT_NE(r.err.find("bad.test:3: unknown command 'frobnicate'"), std::string::npos) << r.err;
  WriteFile(dir.File("bad.test"), "{version 1.7}\n\n[integer_game] (3\n");
  r = RunToolArgs({"mcgs", dir.File("bad.test")});
  EXPECT_TRUE(r.OneLineError()) << r.Describe();
  EXPECT_NE(r.err.find("bad.test:3: unterminated game"), std::string::npos) << r.err;
  WriteFile(dir.File("bad.test"), "[integer_game] 1/2 {B}\n");
  r = RunToolArgs({"mcgs", dir.File("bad.test")});
  EXPECT_TRUE(r.OneLineError()) << r.Describe();
  EXPECT_NE(r.err.find("bad.test:1:"), std::string::npos) << r.err;
  EXPECT_TRUE(RunToolArgs({"mcgs", dir.File("missing.test")}).OneLineError());
}

}  // namespace
}  // namespace gamebench
