#include "games/nim/nim.h"

#include <random>
#include <set>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/conformance.h"
#include "tests/solver_agreement.h"

namespace gamebench {
namespace {

using testing::ExpectSolversAgree;
using testing::MakeGame;
using testing::MoveTargets;

TEST(NimTest, ApiConformance) {
  for (const char* spec : {"nim", "nim(heaps=3;5;7)", "nim(heaps=1;2;3;4,misere=true)",
                           "nim(heaps=0;9)", "nim(heaps=63;63;63;63;63;63;63;63)"}) {
    Nim g = MakeGame<Nim>(spec);
    testing::CheckSpecRoundTrip(g);
    testing::CheckRandomPlayouts(g, 20, 8 * 63);
  }
}

// Bouton: a normal-play Nim position is lost for the mover iff the xor of the
// heaps is 0. Checked by search on every position with three heaps up to 5.
TEST(NimTest, XorRuleHoldsOnEveryPositionUpTo555) {
  Nim g = MakeGame<Nim>("nim(heaps=5;5;5)");
  for (int a = 0; a <= 5; ++a)
    for (int b = 0; b <= 5; ++b)
      for (int c = 0; c <= 5; ++c) {
        auto s = g.ParseState(absl::StrCat(a, ";", b, ";", c));
        ASSERT_TRUE(s.ok());
        SolveReport r = ExpectSolversAgree(g, *s, /*with_minimax=*/a + b + c <= 9);
        EXPECT_EQ(r.value, (a ^ b ^ c) == 0 ? kLossScore : kWinScore) << a << b << c;
      }
}

// The seed text's example: from 3;5;7 the winning moves go to exactly
// 2;5;7, 3;4;7 and 3;5;6.
TEST(NimTest, WinningMovesFrom357) {
  Nim g = MakeGame<Nim>("nim(heaps=3;5;7)");
  SolveReport r = ExpectSolversAgree(g, g.Start(), true);
  EXPECT_EQ(r.value, kWinScore);
  EXPECT_EQ(MoveTargets(g, g.Start(), r.best_moves),
            (std::set<std::string>{"2;5;7", "3;4;7", "3;5;6"}));
}

// Misère Nim: the mover loses iff (some heap > 1 and xor == 0) or (all heaps
// <= 1 and xor == 1).
TEST(NimTest, MisereRule) {
  Nim g = MakeGame<Nim>("nim(heaps=4;4;4,misere=true)");
  for (int a = 0; a <= 4; ++a)
    for (int b = 0; b <= 4; ++b)
      for (int c = 0; c <= 4; ++c) {
        auto s = g.ParseState(absl::StrCat(a, ";", b, ";", c));
        ASSERT_TRUE(s.ok());
        bool big = a > 1 || b > 1 || c > 1;
        int x = a ^ b ^ c;
        bool lost = big ? x == 0 : x == 1;
        SolveReport r = ExpectSolversAgree(g, *s, a + b + c <= 8);
        EXPECT_EQ(r.value, lost ? kLossScore : kWinScore) << a << b << c;
      }
}

TEST(NimTest, RejectsBadInput) {
  for (const char* spec :
       {"nim(heaps=)", "nim(heaps=64)", "nim(heaps=-1)", "nim(heaps=1;2;3;4;5;6;7;8;9)",
        "nim(heaps=3,heaps=4)", "nim(misere=maybe)", "nim(size=3)"}) {
    auto parsed = ParseSpec(spec);
    if (!parsed.ok()) continue;
    EXPECT_FALSE(Nim::FromSpec(*parsed).ok()) << spec;
  }
  Nim g = MakeGame<Nim>("nim(heaps=3;5;7)");
  for (const char* pos : {"", "3;5", "3;5;7;1", "3;x;7", "3;5;64", "-1;5;7"})
    EXPECT_FALSE(g.ParseState(pos).ok()) << pos;
  for (const char* mv : {"", "1", "0:1", "4:1", "1:4", "1:0", "a:b"})
    EXPECT_FALSE(g.ParseMove(g.Start(), mv).ok()) << mv;
}

}  // namespace
}  // namespace gamebench
