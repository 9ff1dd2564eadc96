#include "games/grundy_game/grundy_game.h"

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "solvers/grundy.h"
#include "solvers/nim_sequence.h"
#include "tests/conformance.h"
#include "tests/solver_agreement.h"

namespace gamebench {
namespace {

using testing::MakeGame;

TEST(GrundyGameTest, ApiConformance) {
  for (const char* spec : {"grundy_game", "grundy_game(n=0)", "grundy_game(n=17)"}) {
    GrundyGame g = MakeGame<GrundyGame>(spec);
    testing::CheckSpecRoundTrip(g);
    testing::CheckRandomPlayouts(g, 20, 20);
  }
}

// Every heap up to 17: search and the nim-sequence agree; the mover loses
// exactly where the sequence is 0 (0, 1, 2, 4, 7, 10, 20, 23, 26, ...).
TEST(GrundyGameTest, SearchAgreesWithNimSequence) {
  NimSequence seq(HeapRule::Grundy());
  ASSERT_TRUE(seq.ExtendTo(17).ok());
  const std::vector<uint16_t> expected = {0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2};
  for (int n = 0; n <= 17; ++n) {
    EXPECT_EQ(seq[n], expected[n]) << n;
    GrundyGame g = MakeGame<GrundyGame>(absl::StrCat("grundy_game(n=", n, ")"));
    SolveReport r = testing::ExpectSolversAgree(g, g.Start(), n <= 12);
    EXPECT_EQ(r.value, seq[n] == 0 ? kLossScore : kWinScore) << n;
    SolveReport gr = GrundySolver::Solve(g, g.Start(), testing::TestOptions());
    EXPECT_EQ(gr.value, r.value);
    EXPECT_EQ(testing::Sorted<GrundyGame>(gr.best_moves),
              testing::Sorted<GrundyGame>(r.best_moves));
  }
}

TEST(GrundyGameTest, RejectsBadInput) {
  for (const char* spec : {"grundy_game(n=18)", "grundy_game(n=-1)", "grundy_game(k=1)"}) {
    auto parsed = ParseSpec(spec);
    ASSERT_TRUE(parsed.ok());
    EXPECT_FALSE(GrundyGame::FromSpec(*parsed).ok()) << spec;
  }
  GrundyGame g = MakeGame<GrundyGame>("grundy_game(n=10)");
  for (const char* mv : {"10>5+5", "10>9", "10>0", "10>6+3", "9>5+4"})
    EXPECT_FALSE(g.ParseMove(g.Start(), mv).ok()) << mv;
}

}  // namespace
}  // namespace gamebench
