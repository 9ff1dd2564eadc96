#include "games/gen_toads/gen_toads.h"

#include <map>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/conformance.h"
#include "tests/solver_agreement.h"

namespace gamebench {
namespace {

using State = GenToads::State;
using testing::MakeGame;

static_assert(Partizan<GenToads>);

struct Rule {
  int min_slide, max_slide, max_jump, friendly;
};

GenToads Strip(int n, const Rule& r, bool black_first = true) {
  return MakeGame<GenToads>(absl::StrCat("gen_toads(n=", n, ",min_slide=", r.min_slide,
                                         ",max_slide=", r.max_slide, ",max_jump=", r.max_jump,
                                         ",friendly=", r.friendly,
                                         ",first=", black_first ? "black" : "white", ")"));
}

// A plain reference on the strip's text, written from MCGS's description:
// a stone with an empty next cell slides min..max cells over empty cells; a
// stone with a stone next to it jumps 1..max_jump stones (the opponent's
// unless friendly) onto the empty cell beyond.
std::map<std::string, std::string> NaiveMoves(const std::string& strip, char me, const Rule& r) {
  std::map<std::string, std::string> moves;
  const int n = static_cast<int>(strip.size()), dir = me == 'X' ? 1 : -1;
  const char them = me == 'X' ? 'O' : 'X';
  auto at = [&](int i) { return i < 0 || i >= n ? '|' : strip[i]; };
  auto add = [&](int from, int to) {
    std::string next = strip;
    next[from] = '.';
    next[to] = me;
    moves[absl::StrCat(from + 1, "-", to + 1)] = next;
  };
  for (int i = 0; i < n; ++i) {
    if (strip[i] != me) continue;
    if (at(i + dir) == '.') {
      for (int k = r.min_slide; k <= r.max_slide; ++k) {
        bool clear = true;
        for (int j = 1; j <= k; ++j) clear &= at(i + dir * j) == '.';
        if (clear) add(i, i + dir * k);
      }
    } else if (at(i + dir) != '|') {
      for (int k = 1; k <= r.max_jump; ++k) {  // exactly k stones, then empty
        bool ok = at(i + dir * (k + 1)) == '.';
        for (int j = 1; j <= k; ++j) {
          const char c = at(i + dir * j);
          ok &= c == them || (r.friendly && c == me);
        }
        if (ok) add(i, i + dir * (k + 1));
      }
    }
  }
  return moves;
}

bool NaiveWins(const std::string& strip, char me, const Rule& r,
               std::map<std::pair<std::string, char>, bool>& memo) {
  auto key = std::make_pair(strip, me);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  bool win = false;
  for (const auto& [text, next] : NaiveMoves(strip, me, r))
    if (!NaiveWins(next, me == 'X' ? 'O' : 'X', r, memo)) {
      win = true;
      break;
    }
  memo[key] = win;
  return win;
}

std::string StripOf(const GenToads& g, const State& s) {
  const std::string text = g.FormatState(s);
  return text.substr(0, text.size() - 2);
}

State RandomState(const GenToads& g, std::mt19937_64& rng) {
  std::string text;
  for (int i = 0; i < g.n(); ++i) text += "XO..."[rng() % 5];
  auto s = g.ParseState(text + (rng() % 2 ? ":B" : ":W"));
  EXPECT_TRUE(s.ok()) << s.status();
  return *s;
}

const Rule kRules[] = {{1, 1, 1, 0}, {1, 2, 1, 1}, {1, 2, 3, 0}, {1, 3, 2, 1}, {2, 3, 2, 0},
                       {1, 1, 0, 0}, {2, 2, 5, 1}};

TEST(GenToadsTest, MovesMatchNaiveGenerator) {
  std::mt19937_64 rng(47);
  for (const Rule& r : kRules)
    for (int n : {1, 2, 9, 20, 64}) {
      const GenToads g = Strip(n, r);
      for (int t = 0; t < 30; ++t) {
        const State s = RandomState(g, rng);
        const auto naive = NaiveMoves(StripOf(g, s), s.black_to_move ? 'X' : 'O', r);
        MoveListOf<GenToads> moves;
        if (!g.Terminal(s)) g.GenerateMoves(s, moves);
        std::map<std::string, std::string> got;
        for (auto m : moves) {
          const std::string text = g.FormatMove(s, m);
          auto parsed = g.ParseMove(s, text);
          ASSERT_TRUE(parsed.ok()) << text;
          EXPECT_EQ(*parsed, m);
          got[text] = StripOf(g, g.Play(s, m));
        }
        EXPECT_EQ(got, naive) << g.CanonicalSpec() << " " << g.FormatState(s);
        EXPECT_EQ(moves.size(), naive.size());
        EXPECT_EQ(g.Terminal(s).has_value(), naive.empty());
      }
    }
}

TEST(GenToadsTest, SmallStripsAgreeWithNaiveSolver) {
  std::mt19937_64 rng(53);
  for (const Rule& r : kRules)
    for (int n = 1; n <= 10; ++n) {
      const GenToads g = Strip(n, r, n % 2 == 0);
      for (const State& s : {g.Start(), RandomState(g, rng)}) {
        std::map<std::pair<std::string, char>, bool> memo;
        const bool wins = NaiveWins(StripOf(g, s), s.black_to_move ? 'X' : 'O', r, memo);
        SolveReport tt = testing::ExpectSolversAgree(g, s, n <= 6);
        EXPECT_EQ(tt.value, wins ? kWinScore : kLossScore) << g.FormatState(s);
      }
    }
}

TEST(GenToadsTest, RefusesBadSpecsPositionsAndMoves) {
  for (const char* bad : {"gen_toads(n=0)", "gen_toads(n=65)", "gen_toads(min_slide=0)",
                          "gen_toads(min_slide=2,max_slide=1)", "gen_toads(friendly=2)",
                          "gen_toads(max_jump=-1)", "gen_toads(first=red)", "gen_toads(rows=3)"}) {
    auto spec = ParseSpec(bad);
    ASSERT_TRUE(spec.ok());
    EXPECT_FALSE(GenToads::FromSpec(*spec).ok()) << bad;
  }
  const GenToads g = Strip(5, {1, 1, 1, 0});
  for (const char* bad : {"XO..O", "XO..O:N", "XO.:B", "XO.#O:B", ""})
    EXPECT_FALSE(g.ParseState(bad).ok()) << bad;
  const State s = *g.ParseState("XO..X:B");
  for (const char* bad : {"1-2", "5-6", "1-4", "x"}) EXPECT_FALSE(g.ParseMove(s, bad).ok()) << bad;
  EXPECT_TRUE(g.ParseMove(s, "1-3").ok());  // a jump over the frog
}

std::vector<std::string> PartsOf(const GenToads& g, const std::string& text) {
  auto s = g.ParseState(text);
  EXPECT_TRUE(s.ok()) << s.status();
  std::vector<State> parts;
  if (s.ok()) g.Components(*s, parts);
  std::vector<std::string> shown;
  for (const State& p : parts) shown.push_back(g.FormatState(p));
  return shown;
}

// The splits by hand: frozen blocks of J+1 toads and J+1 frogs, O...X with
// no jumps, dead stones at the ends; parts moved left with a wall.
TEST(GenToadsTest, ComponentsByHand) {
  using V = std::vector<std::string>;
  const GenToads toads = Strip(12, {1, 1, 1, 0});
  EXPECT_EQ(PartsOf(toads, "X..XXOO..O.X:B"), (V{"X..#########:B", "..O.########:B"}));
  // XOO does not freeze with jumps of one (the frog may jump the toad).
  EXPECT_EQ(PartsOf(toads, "X..XOO...O..:W"), (V{"X..XOO...O..:W"}));
  // O...X does not split when toads jump: X may jump the O.
  EXPECT_EQ(PartsOf(toads, ".XO..X..O...:B"), (V{".XO..X..O...:B"}));
  // Frogs at the left end and toads at the right end never move.
  EXPECT_EQ(PartsOf(toads, "OO.X..O...XX:B"), (V{".X..O...####:B"}));
  EXPECT_EQ(PartsOf(toads, "OOXXOO....XX:B"), (V{"............:B"}));
  const GenToads sliding = Strip(12, {1, 1, 0, 0});
  EXPECT_EQ(PartsOf(sliding, "X.O..X.XO.O.:B"), (V{"X.O#########:B", "X.##########:B", ".O.#########:B"}));
  const GenToads far = Strip(12, {1, 2, 2, 1});
  EXPECT_EQ(PartsOf(far, "X.XXXOOO.O..:B"), (V{"X.##########:B", ".O..########:B"}));
  EXPECT_EQ(PartsOf(far, "X.XXOOO..O..:B"), (V{"X.XXOOO..O..:B"}));
}

TEST(GenToadsTest, Conformance) {
  for (const char* spec : {"gen_toads", "gen_toads(n=40,max_slide=3,max_jump=2,friendly=1,first=white)",
                           "gen_toads(n=64,min_slide=2,max_slide=2)", "gen_toads(n=1)"}) {
    const GenToads g = MakeGame<GenToads>(spec);
    testing::CheckSpecRoundTrip(g);
    testing::CheckRandomPlayouts(g, 20, 5000);
  }
}

}  // namespace
}  // namespace gamebench
