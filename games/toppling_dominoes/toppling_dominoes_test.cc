#include "games/toppling_dominoes/toppling_dominoes.h"

#include <map>
#include <random>
#include <set>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/conformance.h"
#include "tests/solver_agreement.h"

namespace gamebench {
namespace {

using State = TopplingDominoes::State;
using testing::MakeGame;

static_assert(Partizan<TopplingDominoes>);

TopplingDominoes Row(int n, bool black_first = true) {
  return MakeGame<TopplingDominoes>(
      absl::StrCat("toppling_dominoes(n=", n, ",first=", black_first ? "black" : "white", ")"));
}

// A plain reference on the row's text: domino i of the mover's colour or
// grey falls left (leaving what is right of it) or right.
std::set<std::pair<std::string, std::string>> NaiveMoves(const std::string& row, char me) {
  std::set<std::pair<std::string, std::string>> moves;
  for (size_t i = 0; i < row.size(); ++i) {
    if (row[i] != me && row[i] != '#') continue;
    moves.insert({absl::StrCat(i + 1, "L"), row.substr(i + 1)});
    moves.insert({absl::StrCat(i + 1, "R"), row.substr(0, i)});
  }
  return moves;
}

bool NaiveWins(const std::string& row, char me, std::map<std::pair<std::string, char>, bool>& memo) {
  auto key = std::make_pair(row, me);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  bool win = false;
  for (const auto& [text, next] : NaiveMoves(row, me))
    if (!NaiveWins(next, me == 'X' ? 'O' : 'X', memo)) {
      win = true;
      break;
    }
  memo[key] = win;
  return win;
}

std::string RowOf(const TopplingDominoes& g, const State& s) {
  const std::string text = g.FormatState(s);
  return text.substr(0, text.size() - 2);
}

State RandomState(const TopplingDominoes& g, std::mt19937_64& rng) {
  std::string text;
  const int length = static_cast<int>(rng() % (g.n() + 1));
  for (int i = 0; i < length; ++i) text += "XO#"[rng() % 3];
  auto s = g.ParseState(text + (rng() % 2 ? ":B" : ":W"));
  EXPECT_TRUE(s.ok()) << s.status();
  return *s;
}

TEST(TopplingDominoesTest, MovesMatchNaiveGenerator) {
  std::mt19937_64 rng(41);
  for (int n : {1, 2, 9, 30, 64}) {
    const TopplingDominoes g = Row(n);
    for (int t = 0; t < 50; ++t) {
      const State s = RandomState(g, rng);
      const auto naive = NaiveMoves(RowOf(g, s), s.black_to_move ? 'X' : 'O');
      MoveListOf<TopplingDominoes> moves;
      if (!g.Terminal(s)) g.GenerateMoves(s, moves);
      std::set<std::pair<std::string, std::string>> got;
      for (auto m : moves) {
        const std::string text = g.FormatMove(s, m);
        auto parsed = g.ParseMove(s, text);
        ASSERT_TRUE(parsed.ok()) << text;
        EXPECT_EQ(*parsed, m);
        got.insert({text, RowOf(g, g.Play(s, m))});
      }
      EXPECT_EQ(got, naive) << g.FormatState(s);
      EXPECT_EQ(moves.size(), naive.size());
      EXPECT_EQ(g.Terminal(s).has_value(), naive.empty());
    }
  }
}

TEST(TopplingDominoesTest, SmallRowsAgreeWithNaiveSolver) {
  std::mt19937_64 rng(43);
  for (int n = 1; n <= 10; ++n)
    for (bool black_first : {true, false}) {
      const TopplingDominoes g = Row(n, black_first);
      for (const State& s : {g.Start(), RandomState(g, rng), RandomState(g, rng)}) {
        std::map<std::pair<std::string, char>, bool> memo;
        const bool wins = NaiveWins(RowOf(g, s), s.black_to_move ? 'X' : 'O', memo);
        SolveReport tt = testing::ExpectSolversAgree(g, s, n <= 7);
        EXPECT_EQ(tt.value, wins ? kWinScore : kLossScore) << g.FormatState(s);
      }
    }
}

TEST(TopplingDominoesTest, RefusesBadSpecsPositionsAndMoves) {
  for (const char* bad : {"toppling_dominoes(n=0)", "toppling_dominoes(n=65)",
                          "toppling_dominoes(first=red)", "toppling_dominoes(rows=3)"}) {
    auto spec = ParseSpec(bad);
    ASSERT_TRUE(spec.ok());
    EXPECT_FALSE(TopplingDominoes::FromSpec(*spec).ok()) << bad;
  }
  const TopplingDominoes g = Row(4);
  for (const char* bad : {"XO#", "XO#:N", "XO#XO:B", "XZ:B", ""}) EXPECT_FALSE(g.ParseState(bad).ok()) << bad;
  const State s = *g.ParseState("XO#:B");
  for (const char* bad : {"2L", "4L", "0R", "1", "x"}) EXPECT_FALSE(g.ParseMove(s, bad).ok()) << bad;
  for (const char* good : {"1L", "1R", "3L", "3R"}) EXPECT_TRUE(g.ParseMove(s, good).ok()) << good;
  EXPECT_EQ(RowOf(g, g.Play(s, *g.ParseMove(s, "1L"))), "O#");
  EXPECT_EQ(RowOf(g, g.Play(s, *g.ParseMove(s, "3R"))), "XO");
  EXPECT_TRUE(g.Terminal(*g.ParseState(":W")).has_value());
}

TEST(TopplingDominoesTest, Conformance) {
  for (const char* spec : {"toppling_dominoes", "toppling_dominoes(n=30,first=white)",
                           "toppling_dominoes(n=64)", "toppling_dominoes(n=1)"}) {
    const TopplingDominoes g = MakeGame<TopplingDominoes>(spec);
    testing::CheckSpecRoundTrip(g);
    testing::CheckRandomPlayouts(g, 20, 100);
  }
}

}  // namespace
}  // namespace gamebench
