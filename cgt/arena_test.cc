#include "cgt/arena.h"

#include <random>
#include <set>
#include <vector>

#include "cgt/notation.h"
#include "gtest/gtest.h"

namespace gamebench::cgt {
namespace {

GameId Parse(GameArena& a, const char* text) {
  auto g = ParseCgsuite(a, text);
  EXPECT_TRUE(g.ok()) << g.status();
  return g.ok() ? a.Canonical(*g) : GameArena::kZero;
}

std::string Show(GameArena& a, const char* text) { return ToCgsuite(a, Parse(a, text)); }

TEST(CgtArenaTest, HandCheckedIdentities) {
  GameArena a;
  // 1/2 + 1/2 = 1, * + * = 0, *2 + *3 = *, up + down = 0.
  EXPECT_EQ(a.Sum(a.Number(Dyadic::Make(1, 1)), a.Number(Dyadic::Make(1, 1))), a.Integer(1));
  EXPECT_EQ(a.Sum(a.Nimber(1), a.Nimber(1)), GameArena::kZero);
  EXPECT_EQ(a.Sum(a.Nimber(2), a.Nimber(3)), a.Nimber(1));
  EXPECT_EQ(a.Sum(a.UpStar(1, false), a.UpStar(-1, false)), GameArena::kZero);
  // {1/2 | 1}'s simplest number is 3/4; {0 | 2} is 1; {-1 | } is 0.
  EXPECT_EQ(Parse(a, "{1/2|1}"), a.Number(Dyadic::Make(3, 2)));
  EXPECT_EQ(Parse(a, "{0|2}"), a.Integer(1));
  EXPECT_EQ(Parse(a, "{-1|}"), GameArena::kZero);
  // up + up + * is double-up-star = {0 | up}: the star flips up* back to up.
  GameId up = a.UpStar(1, false);
  GameId g = a.Sum(a.Sum(up, up), a.Nimber(1));
  EXPECT_EQ(g, a.MakeCanonical({GameArena::kZero}, {up}));
  EXPECT_EQ(ToCgsuite(a, g), "^^*");
  // up* = {0,* | 0}; {0 | *} is up; {0,* | 0,*} is *2.
  EXPECT_EQ(Parse(a, "{0,*|0}"), a.UpStar(1, true));
  EXPECT_EQ(Parse(a, "{0|*}"), up);
  EXPECT_EQ(Parse(a, "{0,*|0,*}"), a.Nimber(2));
  // Reversible options: in {{1|0} | }, Right's reply 0 to Left's {1|0} is
  // <= the game, so the option reverses to 0's Left options: none, and the
  // game is 0 (Left's move is met by Right's to 0, and Right has no move).
  EXPECT_EQ(Parse(a, "{{1|0}|}"), GameArena::kZero);
  EXPECT_EQ(Parse(a, "{{2|1/2}|}"), a.Integer(1));  // 1/2 reverses to {0|}
}

TEST(CgtArenaTest, OutcomesAndOrder) {
  GameArena a;
  EXPECT_EQ(a.OutcomeOf(GameArena::kZero), Outcome::kPrevious);
  EXPECT_EQ(a.OutcomeOf(a.Nimber(1)), Outcome::kNext);
  EXPECT_EQ(a.OutcomeOf(a.UpStar(1, false)), Outcome::kLeft);
  EXPECT_EQ(a.OutcomeOf(a.UpStar(1, true)), Outcome::kNext);
  EXPECT_EQ(a.OutcomeOf(a.UpStar(-2, false)), Outcome::kRight);
  EXPECT_EQ(a.OutcomeOf(Parse(a, "{1|-1}")), Outcome::kNext);
  EXPECT_EQ(a.OutcomeOf(Parse(a, "-3/8")), Outcome::kRight);
  // up is positive but below every positive number; * is confused with 0.
  EXPECT_TRUE(a.Leq(a.UpStar(1, false), a.Number(Dyadic::Make(1, 5))));
  EXPECT_FALSE(a.Leq(a.Nimber(1), GameArena::kZero));
  EXPECT_FALSE(a.Leq(GameArena::kZero, a.Nimber(1)));
}

TEST(CgtArenaTest, PrintsAndParsesCgsuiteNotation) {
  GameArena a;
  EXPECT_EQ(Show(a, "3/4"), "3/4");
  EXPECT_EQ(Show(a, "-5"), "-5");
  EXPECT_EQ(Show(a, "*"), "*");
  EXPECT_EQ(Show(a, "*3"), "*3");
  EXPECT_EQ(Show(a, "^"), "^");
  EXPECT_EQ(Show(a, "v*"), "v*");
  EXPECT_EQ(Show(a, "^3"), "^3");
  EXPECT_EQ(Show(a, "1/2*"), "1/2*");
  EXPECT_EQ(Show(a, "2^^"), "2^^");
  EXPECT_EQ(Show(a, "{1|-1}"), "+-1");
  EXPECT_EQ(Show(a, "+-1"), "+-1");
  EXPECT_EQ(Show(a, "{3|1}"), "{3|1}");
  // Bars: {3||2|1} is {3 | {2|1}}.
  EXPECT_EQ(Parse(a, "{3||2|1}"), Parse(a, "{3|{2|1}}"));
  EXPECT_EQ(Show(a, "{3||2|1}"), "{3|{2|1}}");
  EXPECT_EQ(Show(a, "1/2 + 1/4 - 3/4"), "0");
  EXPECT_EQ(Parse(a, "Tiny(2)"), Parse(a, "{0||0|-2}"));
  EXPECT_EQ(Parse(a, "Miny(2)"), a.Negate(Parse(a, "Tiny(2)")));
  EXPECT_EQ(Parse(a, "2Tiny(2)"), a.Sum(a.Integer(2), Parse(a, "Tiny(2)")));
  EXPECT_EQ(Parse(a, "+-{1,{2|0}}"), Parse(a, "{1,{2|0}|-1,{0|-2}}"));
  EXPECT_FALSE(ParseCgsuite(a, "{1|").ok());
  EXPECT_FALSE(ParseCgsuite(a, "{1|2|3}").ok());
  EXPECT_FALSE(ParseCgsuite(a, "1/3").ok());
  EXPECT_FALSE(ParseCgsuite(a, "x").ok());
}

// The games born by day 2: 22 distinct values (Berlekamp, Conway, Guy,
// Winning Ways, ch. 7; Siegel, CGT, II.4), from every form over day 1.
TEST(CgtArenaTest, TwentyTwoGamesBornByDayTwo) {
  GameArena a;
  const std::vector<GameId> day1 = {GameArena::kZero, a.Nimber(1), a.Integer(1), a.Integer(-1)};
  std::set<GameId> values;
  for (int l = 0; l < 16; ++l)
    for (int r = 0; r < 16; ++r) {
      std::vector<GameId> left, right;
      for (int i = 0; i < 4; ++i) {
        if (l >> i & 1) left.push_back(day1[i]);
        if (r >> i & 1) right.push_back(day1[i]);
      }
      GameId form = a.Form(left, right);
      GameId c = a.Canonical(form);
      EXPECT_TRUE(a.Equal(form, c));
      values.insert(c);
    }
  EXPECT_EQ(values.size(), 22u);
}

// Random sums of small games: G - G = 0, commutativity, associativity, and
// G <= H exactly when Left, moving first in G - H, loses.
TEST(CgtArenaTest, RandomSumsObeyTheGroupLaws) {
  GameArena a;
  std::mt19937 rng(26);
  std::vector<GameId> pool = {GameArena::kZero, a.Nimber(1), a.Integer(1), a.Integer(-1),
                              a.Number(Dyadic::Make(1, 1)), a.UpStar(1, false)};
  for (int i = 0; i < 60; ++i) {
    std::vector<GameId> left, right;
    for (int k = 0; k < 2; ++k) {
      left.push_back(pool[rng() % pool.size()]);
      right.push_back(pool[rng() % pool.size()]);
    }
    pool.push_back(a.MakeCanonical(left, right));
  }
  for (int t = 0; t < 300; ++t) {
    GameId g = pool[rng() % pool.size()], h = pool[rng() % pool.size()],
           k = pool[rng() % pool.size()];
    EXPECT_EQ(a.Difference(g, g), GameArena::kZero);
    EXPECT_EQ(a.Sum(g, h), a.Sum(h, g));
    EXPECT_EQ(a.Sum(a.Sum(g, h), k), a.Sum(g, a.Sum(h, k)));
    GameId d = a.Difference(g, h);
    EXPECT_EQ(a.Leq(g, h), !a.LeftWinsMovingFirst(d));
    EXPECT_EQ(a.Leq(h, g), !a.RightWinsMovingFirst(d));
    EXPECT_EQ(a.Negate(a.Negate(g)), g);
  }
}

TEST(CgtArenaTest, NimValuesOfImpartialClosures) {
  GameArena a;
  EXPECT_EQ(a.NimValue(a.Nimber(5)), 5);
  // The impartial closure of 2 = {1|} is the chain 2 -> 1 -> 0: mex{mex{0}} = 0.
  EXPECT_EQ(a.NimValue(a.Integer(2)), 0);
  EXPECT_EQ(a.NimValue(a.Integer(3)), 1);
  // {1|-1}: options 1 (nim 1) and -1 (nim 1): mex{1} = 0.
  EXPECT_EQ(a.NimValue(a.Form({a.Integer(1)}, {a.Integer(-1)})), 0);
}

TEST(CgtArenaTest, RefusesPastItsBudget) {
  GameArena a(64 << 10);
  EXPECT_THROW(a.Integer(100000), CgtRefusal);
  GameArena b;
  EXPECT_GT(b.MemoryBytes(), 0u);
}

}  // namespace
}  // namespace gamebench::cgt
