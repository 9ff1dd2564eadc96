#ifndef GAMEBENCH_TESTS_CONFORMANCE_H_
#define GAMEBENCH_TESTS_CONFORMANCE_H_

// Generic checks of the game API, run on every game by tests/conformance_test.cc
// and usable from a game's own test:
//   - the spec round trip (FromSpec(CanonicalSpec()) gives the same spec);
//   - random playouts reach a terminal position within a bound, and along the
//     way: Terminal() agrees with "has moves", moves are unique, each move's
//     text parses back to the same move, each state's text parses back to the
//     same state, keys agree with equality;
//   - for Symmetric games: Canonical is invariant under every symmetry tried,
//     idempotent, and (spot-checked) preserves the solved value.

#include <random>
#include <set>
#include <string>

#include "core/game.h"
#include "core/spec.h"
#include "gtest/gtest.h"

namespace gamebench::testing {

template <Game G>
G MakeGame(const std::string& spec_text) {
  auto spec = ParseSpec(spec_text);
  EXPECT_TRUE(spec.ok()) << spec.status();
  auto game = G::FromSpec(*spec);
  EXPECT_TRUE(game.ok()) << game.status();
  return *game;
}

template <Game G>
void CheckSpecRoundTrip(const G& game) {
  auto spec = ParseSpec(game.CanonicalSpec());
  ASSERT_TRUE(spec.ok()) << spec.status();
  auto again = G::FromSpec(*spec);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(again->CanonicalSpec(), game.CanonicalSpec());
}

template <Game G>
void CheckState(const G& game, const typename G::State& s) {
  std::string text = game.FormatState(s);
  auto parsed = game.ParseState(text);
  ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.status();
  EXPECT_TRUE(*parsed == s) << "state text does not round trip: " << text;
  EXPECT_EQ(game.Key(*parsed), game.Key(s));
  if constexpr (Symmetric<G>) {
    typename G::State c = game.Canonical(s);
    EXPECT_TRUE(game.Canonical(c) == c) << "Canonical is not idempotent at " << text;
    if constexpr (CanonicallyKeyed<G>) {
      EXPECT_EQ(game.CanonicalKey(s), game.Key(c)) << text;
    }
    int64_t n = game.NumSymmetries();
    std::mt19937_64 rng(game.Key(s));
    for (int t = 0; t < 8; ++t) {
      int64_t i = static_cast<int64_t>(rng() % static_cast<uint64_t>(n));
      typename G::State image = game.ApplySymmetry(s, i);
      EXPECT_TRUE(game.Canonical(image) == c)
          << "Canonical differs on symmetry " << i << " of " << text;
      EXPECT_EQ(game.Terminal(image).has_value(), game.Terminal(s).has_value());
    }
  }
}

// Plays `playouts` random games from the start; checks every state on the way.
template <Game G>
void CheckRandomPlayouts(const G& game, int playouts, int max_plies, uint64_t seed = 1) {
  std::mt19937_64 rng(seed);
  for (int p = 0; p < playouts; ++p) {
    typename G::State s = game.Start();
    int plies = 0;
    while (true) {
      CheckState(game, s);
      if (::testing::Test::HasFatalFailure()) return;
      auto t = game.Terminal(s);
      MoveListOf<G> moves;
      if (t) {
        EXPECT_GE(*t, game.MinScore());
        EXPECT_LE(*t, game.MaxScore());
        break;
      }
      game.GenerateMoves(s, moves);
      ASSERT_GT(moves.size(), 0) << "non-terminal position without moves: "
                                 << game.FormatState(s);
      std::set<std::string> texts;
      for (auto m : moves) {
        std::string mt = game.FormatMove(s, m);
        EXPECT_TRUE(texts.insert(mt).second) << "move listed twice: " << mt;
        auto parsed = game.ParseMove(s, mt);
        ASSERT_TRUE(parsed.ok()) << mt << ": " << parsed.status();
        EXPECT_TRUE(game.Play(s, *parsed) == game.Play(s, m)) << "move text round trip: " << mt;
      }
      s = game.Play(s, moves[static_cast<int>(rng() % moves.size())]);
      ASSERT_LE(++plies, max_plies) << "playout did not end";
    }
  }
}

}  // namespace gamebench::testing

#endif  // GAMEBENCH_TESTS_CONFORMANCE_H_
