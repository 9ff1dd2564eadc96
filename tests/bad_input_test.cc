// Bad input for every game in the catalog: malformed parameters, mutated and
// random position texts, random move texts. Each must be refused with a
// message, or, if accepted, be a real position or move (its text round trips,
// the move is one of the legal moves). Nothing may crash.

#include <random>
#include <set>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/spec.h"
#include "games/catalog.h"
#include "gtest/gtest.h"

namespace gamebench {
namespace {

template <typename G>
std::string DefaultSpecText() {
  return std::string(G::kName);
}

template <Game G>
void CheckBadParams() {
  const std::string name(G::kName);
  for (const ParamInfo& p : G::Params()) {
    for (const char* bad : {"abc", "99999999999999999999", "-99999999999999999999", "1;;2", "#"}) {
      std::string text = absl::StrCat(name, "(", p.name, "=", bad, ")");
      auto spec = ParseSpec(text);
      if (!spec.ok()) continue;  // refused by the parser: fine
      auto game = G::FromSpec(*spec);
      EXPECT_FALSE(game.ok()) << text << " was accepted";
      if (!game.ok()) {
        EXPECT_FALSE(game.status().message().empty());
      }
    }
    std::string twice = absl::StrCat(name, "(", p.name, "=", p.default_value, ",", p.name, "=",
                                     p.default_value, ")");
    EXPECT_FALSE(ParseSpec(twice).ok()) << twice;
  }
  auto unknown = ParseSpec(absl::StrCat(name, "(no_such_parameter=1)"));
  ASSERT_TRUE(unknown.ok());
  EXPECT_FALSE(G::FromSpec(*unknown).ok()) << name << " accepted an unknown parameter";
}

template <Game G>
void CheckPositionText(const G& game, const std::string& text) {
  auto s = game.ParseState(text);
  if (!s.ok()) {
    // The tool folds the message onto one line; here it must just say something.
    EXPECT_FALSE(s.status().message().empty()) << text;
    return;
  }
  auto again = game.ParseState(game.FormatState(*s));
  ASSERT_TRUE(again.ok()) << "accepted '" << text << "' but not its own text";
  EXPECT_TRUE(*again == *s) << text;
}

template <Game G>
void CheckBadPositionsAndMoves(const G& game) {
  std::mt19937_64 rng(12345);
  EXPECT_FALSE(game.ParseState("").ok()) << G::kName << " accepted an empty position";
  EXPECT_FALSE(game.ParseState(std::string(10000, '#')).ok());
  auto random_text = [&](int len) {
    static const char kChars[] = "0123456789;:,.|-+ xXoOabcdefABCDEFrdbluREDBLU()=\n\t";
    std::string t;
    for (int i = 0; i < len; ++i) t += kChars[rng() % (sizeof kChars - 1)];
    return t;
  };
  for (int playout = 0; playout < 20; ++playout) {
    typename G::State s = game.Start();
    for (int ply = 0; ply < 200; ++ply) {
      std::string text = game.FormatState(s);
      // Mutations of a real position's text: prefixes, one changed
      // character, junk appended.
      for (size_t cut = 0; cut < text.size(); cut += 1 + text.size() / 8)
        CheckPositionText(game, text.substr(0, cut));
      for (int t = 0; t < 4 && !text.empty(); ++t) {
        std::string m = text;
        m[rng() % m.size()] = random_text(1)[0];
        CheckPositionText(game, m);
      }
      CheckPositionText(game, text + random_text(3));
      if (game.Terminal(s)) break;
      MoveListOf<G> moves;
      game.GenerateMoves(s, moves);
      std::set<std::string> legal;
      for (auto m : moves) legal.insert(game.FormatMove(s, m));
      for (int t = 0; t < 8; ++t) {
        std::string mt = random_text(1 + static_cast<int>(rng() % 4));
        auto m = game.ParseMove(s, mt);
        if (m.ok()) {
          EXPECT_TRUE(legal.count(game.FormatMove(s, *m))) << mt;
        }
      }
      s = game.Play(s, moves[static_cast<int>(rng() % moves.size())]);
    }
  }
  for (int t = 0; t < 500; ++t) CheckPositionText(game, random_text(1 + static_cast<int>(rng() % 40)));
}

TEST(BadInputTest, EveryGameRefusesBadParameters) {
  ForEachType(GameCatalog{}, [&]<typename G>() {
    SCOPED_TRACE(std::string(G::kName));
    CheckBadParams<G>();
    return false;
  });
}

TEST(BadInputTest, EveryGameRefusesBadPositionsAndMoves) {
  ForEachType(GameCatalog{}, [&]<typename G>() {
    SCOPED_TRACE(std::string(G::kName));
    Spec spec;
    spec.name = std::string(G::kName);
    auto game = G::FromSpec(spec);
    EXPECT_TRUE(game.ok()) << game.status();
    if (game.ok()) CheckBadPositionsAndMoves(*game);
    return false;
  });
}

TEST(BadInputTest, SpecParserRefusesMalformedSpecs) {
  for (const char* bad : {"", "(", "nim(", "nim)", "nim((heaps=1)", "nim(heaps=1))", "nim(=3)",
                          "nim(heaps=)", "nim(heaps=1,heaps=2)", "nim(heaps=1", "nim x", "!"}) {
    auto spec = ParseSpec(bad);
    EXPECT_FALSE(spec.ok()) << "'" << bad << "' was accepted";
  }
  EXPECT_FALSE(ParseSpec(std::string(100, '(')).ok());
  std::string deep = "a";
  for (int i = 0; i < 1000; ++i) deep = "s(" + deep + ")";
  EXPECT_FALSE(ParseSpec(deep).ok()) << "deep nesting must be refused, not overflow the stack";
}

}  // namespace
}  // namespace gamebench
