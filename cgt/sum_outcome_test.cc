#include "cgt/sum_outcome.h"

#include <random>
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

// The outcome by the sum's canonical form, the route the search replaces.
bool WinsBySum(GameArena& a, bool left, const std::vector<GameId>& games) {
  GameId sum = GameArena::kZero;
  for (GameId g : games) sum = a.Sum(sum, g);
  return left ? a.LeftWinsMovingFirst(sum) : a.RightWinsMovingFirst(sum);
}

// Hot games whose sum is a number, beside a number: {2|0} + {1|-1} = 1, so
// {2|0} + {1|-1} - 1/2 = 1/2 is a Left win either way, and moves in the
// hot games must find it (number avoidance for sums equal to numbers).
TEST(SumOutcomeTest, HandCheckedSums) {
  GameArena a;
  SumOutcome s(a);
  const GameId hot2 = Parse(a, "{2|0}"), pm1 = Parse(a, "{1|-1}"), half = a.Number(Dyadic::Make(1, 1));
  const GameId minus_half = a.Negate(half), star = a.Nimber(1), up = a.UpStar(1, false);
  EXPECT_TRUE(s.Wins(true, {hot2, pm1, minus_half}));
  EXPECT_FALSE(s.Wins(false, {hot2, pm1, minus_half}));
  // ... and - 1 makes it 0: the first player loses.
  EXPECT_FALSE(s.Wins(true, {hot2, pm1, a.Integer(-1)}));
  EXPECT_FALSE(s.Wins(false, {hot2, pm1, a.Integer(-1)}));
  // * + * + * = *, up + * is fuzzy... up + * + * = up: Left wins both.
  EXPECT_TRUE(s.Wins(true, {star, star, star}));
  EXPECT_TRUE(s.Wins(false, {star, star, star}));
  EXPECT_TRUE(s.Wins(true, {up, star, star}));
  EXPECT_FALSE(s.Wins(false, {up, star, star}));
  EXPECT_TRUE(s.Wins(true, {up, star, a.Nimber(2), a.Nimber(3)}));
  EXPECT_FALSE(s.Wins(false, {up, star, a.Nimber(2), a.Nimber(3)}));
  // The empty sum is 0, a loss for the first player.
  EXPECT_FALSE(s.Wins(true, {}));
  EXPECT_FALSE(s.Wins(false, {GameArena::kZero}));
}

// Random sums of up to six random small canonical forms (numbers, nimbers,
// switches, hot and tepid games, negatives and repeats): the search's
// outcome for both first players is the one of the sum's canonical form.
TEST(SumOutcomeTest, AgreesWithCanonicalSums) {
  std::mt19937_64 rng(71);
  GameArena a;
  std::vector<GameId> pool = {GameArena::kZero, a.Integer(1), a.Integer(-1), a.Integer(2),
                              a.Number(Dyadic::Make(1, 1)), a.Number(Dyadic::Make(-3, 2)),
                              a.Nimber(1), a.Nimber(2), a.UpStar(1, false), a.UpStar(2, true)};
  for (int round = 0; round < 3; ++round) {
    const size_t size = pool.size();
    for (int k = 0; k < 25; ++k) {
      std::vector<GameId> left, right;
      for (int t = static_cast<int>(rng() % 3); t > 0; --t) left.push_back(pool[rng() % size]);
      for (int t = static_cast<int>(rng() % 3); t > 0; --t) right.push_back(pool[rng() % size]);
      pool.push_back(a.MakeCanonical(left, right));
    }
  }
  const size_t base = pool.size();
  for (size_t i = 0; i < base; ++i) pool.push_back(a.Negate(pool[i]));
  int outcomes[2][2] = {};
  int searched = 0;
  for (int t = 0; t < 3000; ++t) {
    SumOutcome s(a);  // a fresh memo now and then, a shared one most of the time
    for (int u = 0; u < 10; ++u, ++t) {
      std::vector<GameId> games;
      for (int k = static_cast<int>(1 + rng() % 6); k > 0; --k) games.push_back(pool[rng() % pool.size()]);
      if (rng() % 4 == 0) games.push_back(a.Negate(games[0]));
      if (rng() % 4 == 0) games.push_back(games.back());
      const bool left = s.Wins(true, games), right = s.Wins(false, games);
      ASSERT_EQ(left, WinsBySum(a, true, games)) << t;
      ASSERT_EQ(right, WinsBySum(a, false, games)) << t;
      ++outcomes[left][right];
    }
    searched += s.Nodes() > 0;
  }
  // Every outcome class comes up, and the search itself (three games or
  // more after reduction) runs, not only the comparisons.
  for (auto& row : outcomes)
    for (int n : row) EXPECT_GT(n, 100);
  EXPECT_GT(searched, 100);
}

// Sums with many ups and nimbers (which the search folds into one n.up +
// *m) beside hot games and numbers: the outcome is the sum's canonical
// form's, and the fold keeps the search small (a sum of eight nimbers is
// one game, not the product of their options).
TEST(SumOutcomeTest, FoldsUpsAndNimbers) {
  std::mt19937_64 rng(29);
  GameArena a;
  std::vector<GameId> hot = {Parse(a, "{2|0}"), Parse(a, "{1|-1}"), Parse(a, "{1/2|-3}"),
                             Parse(a, "{0|-1}"), Parse(a, "{3|1/4}"), a.Number(Dyadic::Make(-1, 2))};
  int outcomes[2][2] = {};
  for (int t = 0; t < 600; ++t) {
    SumOutcome s(a);
    std::vector<GameId> games;
    for (int k = static_cast<int>(2 + rng() % 6); k > 0; --k) {
      const int n = static_cast<int>(rng() % 7) - 3, m = static_cast<int>(rng() % 8);
      switch (rng() % 4) {
        case 0: games.push_back(a.Nimber(m)); break;
        case 1: games.push_back(a.UpStar(n, (m & 1) != 0)); break;
        case 2: games.push_back(a.UpNimber(n, m)); break;
        default: games.push_back(a.Negate(a.UpStar(n, false))); break;
      }
    }
    for (int k = static_cast<int>(rng() % 3); k > 0; --k) games.push_back(hot[rng() % hot.size()]);
    const bool left = s.Wins(true, games), right = s.Wins(false, games);
    ASSERT_EQ(left, WinsBySum(a, true, games)) << t;
    ASSERT_EQ(right, WinsBySum(a, false, games)) << t;
    ++outcomes[left][right];
  }
  for (auto& row : outcomes)
    for (int n : row) EXPECT_GT(n, 0) << outcomes[0][0] << " " << outcomes[0][1] << " " << outcomes[1][0] << " " << outcomes[1][1];
  // *1 + ... + *7 + up + up* + down*: one game (*7^... and an up), with a
  // switch: a handful of sums searched, where the product of the nimbers'
  // options alone has thousands.
  SumOutcome s(a);
  std::vector<GameId> many = {Parse(a, "{2|0}"), Parse(a, "{1|-1}"), a.UpStar(1, false),
                              a.UpStar(1, true), a.UpStar(-1, true)};
  for (int m = 1; m <= 7; ++m) many.push_back(a.Nimber(m));
  EXPECT_EQ(s.Wins(true, many), WinsBySum(a, true, many));
  EXPECT_LE(s.Nodes(), 10u);
}

}  // namespace
}  // namespace gamebench::cgt
