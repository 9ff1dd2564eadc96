#include "games/dodgem/dodgem.h"

#include <cstring>
#include <random>
#include <set>
#include <string>

#include "gtest/gtest.h"
#include "solvers/retrograde.h"
#include "tests/conformance.h"
#include "tests/retrograde_checks.h"

namespace gamebench {
namespace {

using testing::MakeGame;

TEST(DodgemTest, ApiConformance) {
  for (const char* spec :
       {"dodgem", "dodgem(n=3,misere=true)", "dodgem(n=4)", "dodgem(n=5)", "dodgem(n=6)"}) {
    Dodgem g = MakeGame<Dodgem>(spec);
    testing::CheckSpecRoundTrip(g);
  }
}

// Random walks (the game is loopy, so walks are cut after a fixed length):
// every state's text round trips, moves are unique and their text parses.
TEST(DodgemTest, RandomWalks) {
  for (const char* spec : {"dodgem", "dodgem(n=4,misere=true)", "dodgem(n=6)"}) {
    Dodgem g = MakeGame<Dodgem>(spec);
    std::mt19937_64 rng(7);
    for (int walk = 0; walk < 30; ++walk) {
      Dodgem::State s = g.Start();
      for (int ply = 0; ply < 200 && !g.Terminal(s); ++ply) {
        testing::CheckState(g, s);
        EXPECT_EQ(g.Unindex(g.Index(s)), s);
        MoveListOf<Dodgem> moves;
        g.GenerateMoves(s, moves);
        ASSERT_GT(moves.size(), 0);
        std::set<std::string> texts;
        for (auto m : moves) {
          const std::string mt = g.FormatMove(s, m);
          EXPECT_TRUE(texts.insert(mt).second) << mt;
          auto parsed = g.ParseMove(s, mt);
          ASSERT_TRUE(parsed.ok()) << mt << ": " << parsed.status();
          EXPECT_EQ(*parsed, m);
        }
        s = g.Play(s, moves[static_cast<int>(rng() % moves.size())]);
      }
      testing::CheckState(g, s);
    }
  }
}

TEST(DodgemTest, StartAndText) {
  Dodgem g = MakeGame<Dodgem>("dodgem");
  EXPECT_EQ(g.FormatState(g.Start()), "B../B../.RR:b");
  EXPECT_EQ(g.IndexSize(), 2846u);
  EXPECT_EQ(MakeGame<Dodgem>("dodgem(n=5)").IndexSize(), 240060402u);
  EXPECT_EQ(MakeGame<Dodgem>("dodgem(n=6)").IndexSize(), 188710690706u);
  MoveListOf<Dodgem> moves;
  g.GenerateMoves(g.Start(), moves);
  std::set<std::string> texts;
  for (auto m : moves) texts.insert(g.FormatMove(g.Start(), m));
  // Blue a3 can go right (a3 up would leave the board sideways); a2 right
  // or down into the empty corner.
  EXPECT_EQ(texts, (std::set<std::string>{"a3r", "a2r", "a2d"}));
}

TEST(DodgemTest, RulesAtTheEdges) {
  Dodgem g = MakeGame<Dodgem>("dodgem");
  // Blue on the right edge drives off; its last car leaving wins at once,
  // so the position after it is a loss for red, to move.
  auto s = g.ParseState("..B/.../.R.:b");
  ASSERT_TRUE(s.ok()) << s.status();
  auto m = g.ParseMove(*s, "c3r");
  ASSERT_TRUE(m.ok()) << m.status();
  Dodgem::State after = g.Play(*s, *m);
  EXPECT_EQ(g.FormatState(after), ".../.../.R.:r");
  EXPECT_EQ(g.Terminal(after), std::optional<Score>(kLossScore));
  // Red cannot leave sideways or downwards; blue cannot move left.
  EXPECT_FALSE(g.ParseMove(*s, "c3u").ok());  // not red's turn
  auto r = g.ParseState("B../.../..R:r");
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(g.ParseMove(*r, "c1r").ok());
  EXPECT_FALSE(g.ParseMove(*r, "c1d").ok());
  EXPECT_TRUE(g.ParseMove(*r, "c1l").ok());
  EXPECT_TRUE(g.ParseMove(*r, "c1u").ok());
  // A blocked player wins (normal play) and loses (misere). Red on a1 is
  // boxed in by blue on a2 and b1 (and may not leave sideways).
  auto blocked = g.ParseState(".../B../RB.:r");
  ASSERT_TRUE(blocked.ok()) << blocked.status();
  EXPECT_EQ(g.Terminal(*blocked), std::optional<Score>(kWinScore));
  Dodgem misere = MakeGame<Dodgem>("dodgem(misere=true)");
  EXPECT_EQ(misere.Terminal(*blocked), std::optional<Score>(kLossScore));
  EXPECT_EQ(misere.Terminal(after), std::optional<Score>(kWinScore));
}

TEST(DodgemTest, RejectsBadInput) {
  for (const char* spec :
       {"dodgem(n=2)", "dodgem(n=7)", "dodgem(n=x)", "dodgem(misere=2)", "dodgem(size=3)"}) {
    auto parsed = ParseSpec(spec);
    if (!parsed.ok()) continue;
    EXPECT_FALSE(Dodgem::FromSpec(*parsed).ok()) << spec;
  }
  Dodgem g = MakeGame<Dodgem>("dodgem");
  for (const char* pos : {"", "B../B../.RR", "B../B../.RR:x", "B../B../.RR:bb", "B..B../.RR:b",
                          "B../B../.RX:b", "BBB/.../.RR:b", "B../B../RRR:b", ".../.../.RR:b",
                          "B../B../...:r", "B../B../.RR b", "b../B../.RR:b", "B../B..-.RR:b"})
    EXPECT_FALSE(g.ParseState(pos).ok()) << pos;
  for (const char* mv : {"", "a", "a3", "a3x", "z3r", "a9r", "a1r", "a3u", "b1u"})
    EXPECT_FALSE(g.ParseMove(g.Start(), mv).ok()) << mv;
}

TEST(DodgemTest, IndexingAndParents) {
  for (const char* spec : {"dodgem", "dodgem(misere=true)"}) {
    Dodgem g = MakeGame<Dodgem>(spec);
    testing::CheckIndexing(g, /*full_scan=*/true);
    testing::CheckParentsInverseMoves(g);
  }
  // 4×4: every index of the whole space round trips (the reachable-set
  // checks are covered on 3×3 and would take seconds here).
  Dodgem g4 = MakeGame<Dodgem>("dodgem(n=4)");
  for (uint64_t i = 0; i < g4.IndexSize(); ++i) {
    const Dodgem::State s = g4.Unindex(i);
    if (!g4.ParseState(g4.FormatState(s)).ok()) continue;
    ASSERT_EQ(g4.Index(s), i) << g4.FormatState(s);
  }
}

// Winning Ways: 1963 positions reachable on 3×3, 1123 won and 840 lost for
// the player to move, and the first player wins.
TEST(DodgemTest, ThreeByThreeCounts) {
  Dodgem g = MakeGame<Dodgem>("dodgem");
  RetrogradeTable t = testing::AnalyzeOrDie(g, 2);
  EXPECT_EQ(t.positions, 1963u);
  EXPECT_EQ(t.wins, 1123u);
  EXPECT_EQ(t.losses, 840u);
  EXPECT_EQ(t.draws, 0u);
  EXPECT_EQ(RetrogradeSolver::ValueOf(t.entries[t.root_index]), kWinScore);
  EXPECT_EQ(testing::ReachablePositions(g).size(), 1963u);
}

TEST(DodgemTest, RetrogradeAgreesWithReference) {
  for (const char* spec : {"dodgem", "dodgem(misere=true)"}) {
    Dodgem g = MakeGame<Dodgem>(spec);
    testing::CheckAgainstReference(g);
    testing::CheckSerialEqualsParallel(g);
  }
}

// desJardins (1996): 4×4 is a draw. The table is also re-verified locally,
// which proves every value in it.
TEST(DodgemTest, FourByFourIsADraw) {
  Dodgem g = MakeGame<Dodgem>("dodgem(n=4)");
  RetrogradeTable t = testing::AnalyzeOrDie(g, 2);
  EXPECT_EQ(RetrogradeSolver::ValueOf(t.entries[t.root_index]), kDrawScore);
  EXPECT_EQ(t.positions, t.wins + t.losses + t.draws);
  EXPECT_TRUE(RetrogradeSolver::Verify(g, t).ok());
  RetrogradeTable serial = testing::AnalyzeOrDie(g, 1);
  EXPECT_EQ(std::memcmp(serial.entries.data(), t.entries.data(), 2 * t.index_size()), 0);
}

}  // namespace
}  // namespace gamebench
