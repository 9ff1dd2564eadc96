// MCGS's basic CGT games' options (cgt/mcgs_basic_games.h): generated from
// each game's rules, they must give the game's value (the canonical form of
// {Left options | Right options}) and its closure's nim value (the mex of
// the closure's options), and name the moves as MCGS does; the winning moves
// of sums checked by hand.

#include "cgt/mcgs_basic_games.h"

#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "cgt/mcgs_file.h"
#include "cgt/mcgs_runner.h"
#include "gtest/gtest.h"

namespace gamebench::cgt {
namespace {

BasicGame Make(GameArena& a, const char* section, const std::string& text) {
  auto g = McgsBasicGame(a, section, text);
  EXPECT_TRUE(g.ok()) << section << " " << text << ": " << g.status();
  return g.ok() ? *g : BasicGame{GameArena::kZero, ""};
}

std::vector<GameId> Values(const std::vector<BasicGame::Option>& options) {
  std::vector<GameId> v;
  for (const auto& o : options) v.push_back(o.value);
  return v;
}

// The game's options against its form: the value from the options is the
// form's value, and the closure's options give the form's closure nim value.
void CheckOptions(GameArena& a, const char* section, const std::string& text) {
  SCOPED_TRACE(absl::StrCat(section, " ", text));
  BasicGame g = Make(a, section, text);
  ASSERT_TRUE(g.options);
  std::vector<GameId> left, right;
  for (const auto& o : g.options(a, true, false)) left.push_back(a.Canonical(o.value));
  for (const auto& o : g.options(a, false, false)) right.push_back(a.Canonical(o.value));
  EXPECT_EQ(a.MakeCanonical(left, right), a.Canonical(g.form));
  // The closure: both players' moves (the same list whichever asks).
  std::set<int> nims;
  for (GameId v : Values(g.options(a, true, true))) nims.insert(a.NimValue(v));
  int mex = 0;
  while (nims.contains(mex)) ++mex;
  EXPECT_EQ(mex, a.NimValue(g.form));
  EXPECT_EQ(g.options(a, true, true).size(), g.options(a, false, true).size());
  EXPECT_EQ(g.options(a, true, true).size(),
            g.options(a, true, false).size() + g.options(a, false, false).size());
}

TEST(CgtMcgsBasicGamesTest, OptionsGiveTheGamesValueAndClosure) {
  GameArena a;
  for (int n = -9; n <= 9; ++n) CheckOptions(a, "integer_game", absl::StrCat(n));
  for (int n = 0; n <= 9; ++n) CheckOptions(a, "nimber", absl::StrCat(n));
  for (int q : {1, 2, 4, 8, 16})
    for (int p = -20; p <= 20; ++p) CheckOptions(a, "dyadic_rational", absl::StrCat(p, "/", q));
  const char* numbers[] = {"-3", "-1/2", "0", "1/4", "3/4", "1", "5/2"};
  for (const char* l : numbers)
    for (const char* r : numbers) CheckOptions(a, "switch_game", absl::StrCat(l, ", ", r));
  for (int n = -6; n <= 6; ++n) {
    CheckOptions(a, "up_star", absl::StrCat(n));
    CheckOptions(a, "up_star", absl::StrCat(n, " *"));
  }
}

std::set<std::string> Texts(const std::vector<BasicGame::Option>& options) {
  std::set<std::string> t;
  for (const auto& o : options) t.insert(o.move);
  return t;
}

using Set = std::set<std::string>;

TEST(CgtMcgsBasicGamesTest, MovesAreNamedAsMcgsNamesThem) {
  GameArena a;
  BasicGame five = Make(a, "integer_game", "5");
  EXPECT_EQ(Texts(five.options(a, true, false)), Set{"INT"});
  EXPECT_EQ(five.options(a, true, false)[0].value, a.Integer(4));
  EXPECT_TRUE(five.options(a, false, false).empty());
  BasicGame minus3 = Make(a, "integer_game", "-3");
  EXPECT_EQ(minus3.options(a, false, false)[0].value, a.Integer(-2));
  // 5/4: DEC to 1, INC to 3/2; 6/2 is the integer 3: only Left's DEC, to 2.
  BasicGame d = Make(a, "dyadic_rational", "5/4");
  EXPECT_EQ(Texts(d.options(a, true, false)), Set{"DEC"});
  EXPECT_EQ(d.options(a, true, false)[0].value, a.Integer(1));
  EXPECT_EQ(d.options(a, false, false)[0].value, a.Number(Dyadic::Make(3, 1)));
  EXPECT_EQ(Texts(d.options(a, true, true)), (Set{"DEC", "INC"}));
  BasicGame three = Make(a, "dyadic_rational", "6/2");
  EXPECT_EQ(three.options(a, true, false)[0].value, a.Integer(2));
  EXPECT_TRUE(three.options(a, false, false).empty());
  // *3 to *0, *1, *2.
  EXPECT_EQ(Texts(Make(a, "nimber", "3").options(a, false, false)), (Set{"*0", "*1", "*2"}));
  // {3/4 | -4}: SWITCH_L to 3/4, SWITCH_R to -4.
  BasicGame s = Make(a, "switch_game", "3/4, -4");
  EXPECT_EQ(Texts(s.options(a, true, false)), Set{"SWITCH_L"});
  EXPECT_EQ(s.options(a, true, false)[0].value, a.Number(Dyadic::Make(3, 2)));
  EXPECT_EQ(s.options(a, false, false)[0].value, a.Integer(-4));
  // up* = {0, * | 0}; 3.up* = {0 | 2.up}; down = {* | 0}; * = {0 | 0}.
  BasicGame upstar = Make(a, "up_star", "1 *");
  EXPECT_EQ(Texts(upstar.options(a, true, false)), (Set{"0", "0*"}));
  EXPECT_EQ(Texts(upstar.options(a, false, false)), Set{"0"});
  BasicGame three_up_star = Make(a, "up_star", "3 *");
  EXPECT_EQ(Texts(three_up_star.options(a, true, false)), Set{"0"});
  EXPECT_EQ(Texts(three_up_star.options(a, false, false)), Set{"2"});
  EXPECT_EQ(three_up_star.options(a, false, false)[0].value, a.UpStar(2, false));
  BasicGame down = Make(a, "up_star", "-1");
  EXPECT_EQ(Texts(down.options(a, true, false)), Set{"0*"});
  EXPECT_EQ(Texts(down.options(a, false, false)), Set{"0"});
  EXPECT_EQ(Texts(Make(a, "up_star", "*").options(a, false, false)), Set{"0"});
  EXPECT_TRUE(Make(a, "up_star", "0").options(a, true, true).empty());
}

// Winning moves of sums, worked by hand:
//  up + down*: Left's move in down* to 0 leaves up (> 0, Right loses);
//   Right's move in up to * leaves * + down* = down (< 0). Right's own
//   moves in down* leave up or up*, which Left wins.
//  +-1 + +-2: only the hotter switch wins, for either player.
//  1/2 - 1/4 = 1/4: Left's DEC in -1/4 leaves 1/2 - 1/2 = 0; Right loses
//   whatever he does.
//  2 - 1: Left's INT in 2 leaves 0.
//  *1 + *2 + *4 (nim sum 7): only *4 to *3.
//  closure of 3, -2, 4 (nim 1, 0, 0): each INT changes one parity: all win.
// A wrong expectation fails (the last command).
constexpr char kSums[] = R"({version 1.7}
[up_star] 1 (-1 *) {winning moves B 1:0, winning moves W 0:0*}
[switch_game] (1, -1) (2, -2) {winning moves B 1:SWITCH_L, winning moves W 1:SWITCH_R}
[dyadic_rational] 1/2 -1/4 {winning moves B 1:DEC, winning moves W None}
[integer_game] 2 -1 {winning moves B 0:INT, winning moves W None}
[nimber] 1 2 4 {winning moves N 2:*3, winning moves B 2:*3}
[impartial integer_game] 3 -2 4 {winning moves N 0:INT 1:INT 2:INT}
[nimber] 3 5 6 {winning moves N None}
[integer_game] 2 -1 {winning moves B 0:INT 1:INT}
)";

TEST(CgtMcgsBasicGamesTest, WinningMovesOfSumsCheckedByHand) {
  auto file = ParseMcgsFile(kSums, "sums.test");
  ASSERT_TRUE(file.ok()) << file.status();
  GameArena a;
  auto rows = RunMcgsFile(*file, "sums.test", a);
  ASSERT_TRUE(rows.ok()) << rows.status();
  ASSERT_EQ(rows->size(), 13u);
  for (size_t i = 0; i + 1 < rows->size(); ++i)
    EXPECT_EQ((*rows)[i].status, "PASS") << (*rows)[i].games << " " << (*rows)[i].player << ": "
                                         << (*rows)[i].result;
  EXPECT_EQ(rows->back().status, "FAIL");
  EXPECT_EQ(rows->back().result, "Missing: 1:INT");
}

}  // namespace
}  // namespace gamebench::cgt
