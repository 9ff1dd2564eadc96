#include "games/ends/ends.h"

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gtest/gtest.h"
#include "tests/conformance.h"
#include "tests/solver_agreement.h"

namespace gamebench {
namespace {

using State = Ends::State;
using testing::ExpectSolversAgree;
using testing::MakeGame;

// An independent O(n^2) dynamic programme: best[l][r] is what the mover
// facing values[l..r) gets more than the opponent from then on.
class Dp {
 public:
  explicit Dp(const std::vector<int>& v) : n_(static_cast<int>(v.size())) {
    best_.assign((n_ + 1) * (n_ + 1), 0);
    for (int len = 1; len <= n_; ++len)
      for (int l = 0; l + len <= n_; ++l) {
        const int r = l + len;
        At(l, r) = std::max(v[l] - At(l + 1, r), v[r - 1] - At(l, r - 1));
      }
  }
  int Value(int l, int r) const { return best_[l * (n_ + 1) + r]; }

 private:
  int& At(int l, int r) { return best_[l * (n_ + 1) + r]; }
  int n_;
  std::vector<int> best_;
};

std::vector<int> RandomRow(std::mt19937_64& rng, int n, int max_abs) {
  std::uniform_int_distribution<int> d(-max_abs, max_abs);
  std::vector<int> v(n);
  for (int& x : v) x = d(rng);
  return v;
}

std::string SpecOf(const std::vector<int>& v) {
  return absl::StrCat("ends(values=", absl::StrJoin(v, ";"), ")");
}

TEST(EndsTest, ApiConformance) {
  for (const char* spec : {"ends", "ends(values=5)", "ends(values=-1;0;1;-1000;1000)",
                           "ends(values=1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1)"}) {
    Ends g = MakeGame<Ends>(spec);
    testing::CheckSpecRoundTrip(g);
    testing::CheckRandomPlayouts(g, 30, Ends::kMaxValues);
  }
}

// The default row 3;9;1;2 by hand: taking 2 leaves 3;9;1, where the opponent
// can do no better than -5, so the first player wins by 7 (eats 11 of 15).
TEST(EndsTest, DefaultRow) {
  Ends g = MakeGame<Ends>("ends");
  EXPECT_EQ(g.CanonicalSpec(), "ends(values=3;9;1;2)");
  EXPECT_EQ(g.FormatState(g.Start()), "[3;9;1;2]:0");
  SolveReport r = ExpectSolversAgree(g, g.Start(), /*with_minimax=*/true);
  EXPECT_EQ(r.value, 7);
  EXPECT_EQ(r.best_moves, std::vector<std::string>{"R"});
  SolveReport mm = MinimaxSolver::Solve(g, g.Start(), testing::TestOptions());
  EXPECT_EQ(mm.nodes, 31u);  // the full tree of 4 numbers: 2^5 - 1 nodes
}

// Every solver agrees with the others and with the dynamic programme, from the
// start and from positions along random playouts.
TEST(EndsTest, SolversAgreeWithDynamicProgramme) {
  std::mt19937_64 rng(7);
  for (int t = 0; t < 120; ++t) {
    const int n = 1 + static_cast<int>(rng() % 12);
    const std::vector<int> v = RandomRow(rng, n, t % 3 == 0 ? 3 : 1000);
    Ends g = MakeGame<Ends>(SpecOf(v));
    Dp dp(v);
    State s = g.Start();
    while (true) {
      SolveReport r = ExpectSolversAgree(g, s, /*with_minimax=*/true);
      EXPECT_EQ(r.value, s.diff + dp.Value(s.left, s.right))
          << SpecOf(v) << " " << g.FormatState(s);
      // The best moves are exactly those the programme says achieve the value.
      if (s.left < s.right) {
        std::vector<std::string> want;
        if (v[s.left] - dp.Value(s.left + 1, s.right) == dp.Value(s.left, s.right))
          want.push_back("L");
        if (v[s.right - 1] - dp.Value(s.left, s.right - 1) == dp.Value(s.left, s.right))
          want.push_back("R");
        std::vector<std::string> got = r.best_moves;
        std::sort(got.begin(), got.end());
        EXPECT_EQ(got, want) << SpecOf(v) << " " << g.FormatState(s);
      }
      if (g.Terminal(s)) break;
      s = g.Play(s, rng() % 2 ? Ends::kLeft : Ends::kRight);
    }
  }
}

// Longer rows, beyond minimax: alphabeta and tt against the programme.
TEST(EndsTest, LongRowsAgainstDynamicProgramme) {
  std::mt19937_64 rng(11);
  for (int t = 0; t < 6; ++t) {
    const std::vector<int> v = RandomRow(rng, 18 + t, 1000);
    Ends g = MakeGame<Ends>(SpecOf(v));
    SolveReport r = ExpectSolversAgree(g, g.Start(), /*with_minimax=*/false);
    EXPECT_EQ(r.value, Dp(v).Value(0, static_cast<int>(v.size()))) << SpecOf(v);
  }
}

// With an even count the first player can take every odd-placed or every
// even-placed number, so never does worse than their difference.
TEST(EndsTest, EvenRowsNeverLoseTheParityStrategy) {
  std::mt19937_64 rng(3);
  for (int t = 0; t < 100; ++t) {
    const int n = 2 * (1 + static_cast<int>(rng() % 6));
    const std::vector<int> v = RandomRow(rng, n, 50);
    int odd = 0, even = 0;
    for (int i = 0; i < n; ++i) (i % 2 ? odd : even) += v[i];
    Ends g = MakeGame<Ends>(SpecOf(v));
    EXPECT_GE(AlphaBetaSolver::Value(g, g.Start()).first, std::abs(odd - even)) << SpecOf(v);
  }
}

TEST(EndsTest, TextForms) {
  Ends g = MakeGame<Ends>("ends(values=3;9;1;2)");
  State s = g.Play(g.Start(), Ends::kLeft);
  EXPECT_EQ(g.FormatState(s), "3[9;1;2]:-3");
  s = g.Play(s, Ends::kRight);
  EXPECT_EQ(g.FormatState(s), "3[9;1]2:1");
  s = g.Play(s, Ends::kRight);
  EXPECT_EQ(g.FormatState(s), "3[9]1;2:-2");
  s = g.Play(s, Ends::kLeft);
  // The first player is to move again: 3+1 against 9+2.
  EXPECT_EQ(g.FormatState(s), "3;9[]1;2:-7");
  EXPECT_EQ(g.Terminal(s), -7);
}

TEST(EndsTest, RejectsBadInput) {
  for (const char* spec : {"ends(values=)", "ends(values=1001)", "ends(values=-1001)",
                           "ends(values=1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16;17;18;19;20;21;"
                           "22;23;24;25)",
                           "ends(values=1;x)", "ends(n=3)", "ends(values=1,values=2)"}) {
    auto parsed = ParseSpec(spec);
    if (!parsed.ok()) continue;
    EXPECT_FALSE(Ends::FromSpec(*parsed).ok()) << spec;
  }
  Ends g = MakeGame<Ends>("ends(values=3;9;1;2)");
  for (const char* pos :
       {"", "3;9;1;2", "[3;9;1;2]", "[3;9;1]:0", "[3;9;1;2;5]:0", "[3;9;2;1]:0", "[3;9;1;2]:1",
        "3[9;1;2]:4", "3[9;1;2]:x", "]3;9;1;2[:0", "3[9;1;2]:-3:1", "[3;9;;1;2]:0"})
    EXPECT_FALSE(g.ParseState(pos).ok()) << pos;
  EXPECT_TRUE(g.ParseState("3[9;1;2]:-3").ok());
  for (const char* mv : {"", "l", "r", "LR", "M"}) EXPECT_FALSE(g.ParseMove(g.Start(), mv).ok());
  EXPECT_FALSE(g.ParseMove(*g.ParseState("3;9;1;2[]:1"), "L").ok());
}

}  // namespace
}  // namespace gamebench
