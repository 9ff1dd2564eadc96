#include "games/elephants/elephants.h"

#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/conformance.h"
#include "tests/grid_testing.h"
#include "tests/solver_agreement.h"

namespace gamebench {
namespace {

using State = Elephants::State;
using testing::MakeGame;

static_assert(Partizan<Elephants> && Decomposable<Elephants>);

Elephants Strip(int n, bool black_first = true) {
  return MakeGame<Elephants>(
      absl::StrCat("elephants(n=", n, ",first=", black_first ? "black" : "white", ")"));
}

// A plain reference on the strip's text ('#' cells are a wall), sharing no
// code with the masks.
std::map<std::string, std::string> NaiveMoves(const std::string& strip, char me) {
  std::map<std::string, std::string> moves;
  const int n = static_cast<int>(strip.size()), step = me == 'X' ? 1 : -1;
  for (int i = 0; i < n; ++i) {
    const int j = i + step;
    if (strip[i] != me || j < 0 || j >= n || strip[j] != '.') continue;
    std::string next = strip;
    next[i] = '.';
    next[j] = me;
    moves[absl::StrCat(i + 1, "-", j + 1)] = next;
  }
  return moves;
}

bool NaiveWins(const std::string& strip, char me, std::map<std::pair<std::string, char>, bool>& memo) {
  return testing::NaiveWins(strip, me, memo, NaiveMoves);
}

std::string StripOf(const Elephants& g, const State& s) {
  const std::string text = g.FormatState(s);
  return text.substr(0, text.size() - 2);
}

State RandomState(const Elephants& g, std::mt19937_64& rng) {
  std::string text;
  for (int i = 0; i < g.n(); ++i) text += "XO..."[rng() % 5];
  auto s = g.ParseState(text + (rng() % 2 ? ":B" : ":W"));
  EXPECT_TRUE(s.ok()) << s.status();
  return *s;
}

TEST(ElephantsTest, MovesMatchNaiveGenerator) {
  std::mt19937_64 rng(29);
  for (int n : {1, 2, 7, 40, 64}) {
    const Elephants g = Strip(n);
    for (int t = 0; t < 50; ++t) {
      const State s = RandomState(g, rng);
      const auto naive = NaiveMoves(StripOf(g, s), s.black_to_move ? 'X' : 'O');
      MoveListOf<Elephants> moves;
      if (!g.Terminal(s)) g.GenerateMoves(s, moves);
      std::map<std::string, std::string> got;
      for (auto m : moves) {
        const std::string text = g.FormatMove(s, m);
        auto parsed = g.ParseMove(s, text);
        ASSERT_TRUE(parsed.ok()) << text;
        EXPECT_EQ(*parsed, m);
        got[text] = StripOf(g, g.Play(s, m));
      }
      EXPECT_EQ(got, naive) << g.FormatState(s);
      EXPECT_EQ(g.Terminal(s).has_value(), naive.empty());
    }
  }
}

TEST(ElephantsTest, SmallStripsAgreeWithNaiveSolver) {
  std::mt19937_64 rng(31);
  for (int n = 1; n <= 12; ++n)
    for (bool black_first : {true, false}) {
      const Elephants g = Strip(n, black_first);
      for (const State& s : {g.Start(), RandomState(g, rng), RandomState(g, rng)}) {
        std::map<std::pair<std::string, char>, bool> memo;
        const bool wins = NaiveWins(StripOf(g, s), s.black_to_move ? 'X' : 'O', memo);
        SolveReport tt = testing::ExpectSolversAgree(g, s, n <= 8);
        EXPECT_EQ(tt.value, wins ? kWinScore : kLossScore) << g.FormatState(s);
      }
    }
}

// [Decomposable] The parts' moves add up to the whole's for both players;
// a sum of parts is as naive search of the whole says: the whole with the
// parts laid end to end (each walled off by "XO", which never moves) has
// the same outcome for both first players.
TEST(ElephantsTest, ComponentsSplitTheMoves) {
  std::mt19937_64 rng(37);
  int split = 0;
  const Elephants long_strip = Strip(30), short_strip = Strip(14);
  for (int t = 0; t < 300; ++t) {
    // The naive check of the sum on short strips (naive search does not split).
    const Elephants& g = t < 60 ? short_strip : long_strip;
    const State s = RandomState(g, rng);
    std::vector<State> parts;
    g.Components(s, parts);
    ASSERT_GE(parts.size(), 1u);
    split += parts.size() > 1;
    std::string joined;
    for (int player : {kLeft, kRight}) {
      MoveListOf<Elephants> moves;
      const State v = g.WithMover(s, player);
      if (!g.Terminal(v)) g.GenerateMoves(v, moves);
      size_t sum = 0;
      for (const State& p : parts) {
        EXPECT_EQ(p.black_to_move, s.black_to_move);
        MoveListOf<Elephants> part_moves;
        const State pv = g.WithMover(p, player);
        if (!g.Terminal(pv)) g.GenerateMoves(pv, part_moves);
        sum += part_moves.size();
      }
      EXPECT_EQ(sum, moves.size()) << g.FormatState(s);
    }
    if (t < 60) {
      for (const State& p : parts) {
        std::string text = StripOf(g, p);
        joined += text.substr(0, text.find('#')) + "XO";
      }
      for (char me : {'X', 'O'}) {
        std::map<std::pair<std::string, char>, bool> memo;
        EXPECT_EQ(NaiveWins(joined, me, memo), NaiveWins(StripOf(g, s), me, memo))
            << g.FormatState(s) << " vs " << joined;
      }
    }
  }
  EXPECT_GT(split, 50);
  std::vector<State> parts;
  const Elephants g12 = Strip(12);
  g12.Components(*g12.ParseState(".XO.X.O..X.O:B"), parts);
  ASSERT_EQ(parts.size(), 2u);  // ".X" and "O" cannot move; the "." after the O is never reached
  EXPECT_EQ(StripOf(g12, parts[0]), "X.O#########");
  EXPECT_EQ(StripOf(g12, parts[1]), "X.O#########");
}

TEST(ElephantsTest, RefusesBadSpecsPositionsAndMoves) {
  for (const char* bad : {"elephants(n=0)", "elephants(n=65)", "elephants(first=red)", "elephants(rows=3)"}) {
    auto spec = ParseSpec(bad);
    ASSERT_TRUE(spec.ok());
    EXPECT_FALSE(Elephants::FromSpec(*spec).ok()) << bad;
  }
  const Elephants g = Strip(4);
  for (const char* bad : {"X..O", "X..O:N", "X.O:B", "X..Z:B", "X#.O:B", ""})
    EXPECT_FALSE(g.ParseState(bad).ok()) << bad;
  const State s = *g.ParseState("X..O:B");
  for (const char* bad : {"1-0", "4-3", "2-3", "x"}) EXPECT_FALSE(g.ParseMove(s, bad).ok()) << bad;
  EXPECT_TRUE(g.ParseMove(s, "1-2").ok());
  EXPECT_TRUE(g.ParseMove(g.WithMover(s, kRight), "4-3").ok());
}

TEST(ElephantsTest, Conformance) {
  for (const char* spec : {"elephants", "elephants(n=40,first=white)", "elephants(n=64)", "elephants(n=1)"}) {
    const Elephants g = MakeGame<Elephants>(spec);
    testing::CheckSpecRoundTrip(g);
    testing::CheckRandomPlayouts(g, 20, 2000);
  }
}

}  // namespace
}  // namespace gamebench
