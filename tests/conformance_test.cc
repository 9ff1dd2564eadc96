// The game API checks of tests/conformance.h, run on the default instance of
// every game in the catalog: a game added to games/catalog.h is checked here
// with no edit to this file.

#include "tests/conformance.h"

#include <map>
#include <random>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/spec.h"
#include "gtest/gtest.h"
#include "solvers/alphabeta.h"
#include "tests/catalog_types.h"

namespace gamebench {
namespace {

// Games whose playouts run longer than this are reported as not ending.
constexpr int kMaxPlies = 100000;
constexpr uint64_t kValueNodeLimit = 1000000;  // per value in CanonicalFormUnderSymmetries

template <typename G>
class Conformance : public ::testing::Test {};
TYPED_TEST_SUITE(Conformance, testing::CatalogGames, testing::GameTypeName);

TYPED_TEST(Conformance, DefaultSpecRoundTrips) {
  using G = TypeParam;
  G game = testing::MakeGame<G>(std::string(G::kName));
  testing::CheckSpecRoundTrip(game);
  // The defaults that `list` shows are the ones FromSpec uses.
  G explicit_game = testing::MakeGame<G>(testing::ExplicitDefaultSpec<G>());
  EXPECT_EQ(explicit_game.CanonicalSpec(), game.CanonicalSpec());
  // An unknown parameter is rejected with a message naming it.
  auto spec = ParseSpec(absl::StrCat(G::kName, "(no_such_parameter=1)"));
  ASSERT_TRUE(spec.ok());
  auto bad = G::FromSpec(*spec);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("no_such_parameter"), absl::string_view::npos)
      << bad.status();
}

TYPED_TEST(Conformance, RandomPlayouts) {
  using G = TypeParam;
  G game = testing::MakeGame<G>(std::string(G::kName));
  testing::CheckRandomPlayouts(game, 50, kMaxPlies, /*seed=*/2);
}

// Keys agree with equality across playouts: the text form identifies a state
// (it round-trips), so equal texts must have equal keys. Also the value of a
// terminal position lies within [MinScore, MaxScore], and win/loss/draw
// games use only the three constants.
TYPED_TEST(Conformance, KeysAndTerminalValues) {
  using G = TypeParam;
  G game = testing::MakeGame<G>(std::string(G::kName));
  std::mt19937_64 rng(3);
  std::map<std::string, uint64_t> key_of;
  for (int p = 0; p < 50; ++p) {
    typename G::State s = game.Start();
    for (int ply = 0; ply <= kMaxPlies; ++ply) {
      auto [it, inserted] = key_of.emplace(game.FormatState(s), game.Key(s));
      EXPECT_EQ(it->second, game.Key(s)) << "equal states with different keys: " << it->first;
      if (auto t = game.Terminal(s)) {
        EXPECT_GE(*t, game.MinScore());
        EXPECT_LE(*t, game.MaxScore());
        if (!G::kScored) {
          EXPECT_TRUE(*t == kWinScore || *t == kLossScore || *t == kDrawScore);
        }
        break;
      }
      MoveListOf<G> moves;
      game.GenerateMoves(s, moves);
      ASSERT_FALSE(moves.empty());
      ASSERT_LE(moves.size(), G::kMaxMoves);
      s = game.Play(s, moves[static_cast<int>(rng() % moves.size())]);
    }
  }
}

// Symmetric games: the canonical form is invariant under every symmetry (all
// of them when there are few), and symmetric positions have equal values
// (spot-checked by alpha-beta near the end of playouts, where it is cheap).
TYPED_TEST(Conformance, CanonicalFormUnderSymmetries) {
  using G = TypeParam;
  if constexpr (!Symmetric<G>) {
    GTEST_SKIP() << G::kName << " declares no symmetries";
  } else {
    G game = testing::MakeGame<G>(std::string(G::kName));
    std::mt19937_64 rng(4);
    const int64_t n = game.NumSymmetries();
    ASSERT_GE(n, 1);
    int values_checked = 0;
    for (int p = 0; p < 30; ++p) {
      std::vector<typename G::State> line{game.Start()};
      while (!game.Terminal(line.back()) && static_cast<int>(line.size()) <= kMaxPlies) {
        MoveListOf<G> moves;
        game.GenerateMoves(line.back(), moves);
        line.push_back(game.Play(line.back(), moves[static_cast<int>(rng() % moves.size())]));
      }
      for (const auto& s : line) {
        const auto c = game.Canonical(s);
        EXPECT_EQ(game.Canonical(c), c);
        const int64_t tries = std::min<int64_t>(n, 16);
        for (int64_t t = 0; t < tries; ++t) {
          const int64_t i = n <= 16 ? t : static_cast<int64_t>(rng() % static_cast<uint64_t>(n));
          EXPECT_EQ(game.Canonical(game.ApplySymmetry(s, i)), c)
              << game.FormatState(s) << " under symmetry " << i;
        }
      }
      // Values: the last few positions of the line, which are usually small.
      // A fixed node budget keeps the work bounded (a random Connect Four line
      // can end early, leaving a large tree); a position over it is skipped.
      for (size_t k = line.size() > 4 ? line.size() - 4 : 0; k < line.size(); ++k) {
        const auto& s = line[k];
        const int64_t i = static_cast<int64_t>(rng() % static_cast<uint64_t>(n));
        SolveOptions limited;
        limited.node_limit = kValueNodeLimit;
        limited.best_moves = false;
        const SolveReport a = AlphaBetaSolver::Solve(game, s, limited);
        if (!a.complete) continue;
        const SolveReport b = AlphaBetaSolver::Solve(game, game.ApplySymmetry(s, i), limited);
        if (!b.complete) continue;  // move order differs between the two images
        EXPECT_EQ(a.value, b.value) << game.FormatState(s) << " under symmetry " << i;
        ++values_checked;
      }
    }
    EXPECT_GT(values_checked, 0);
  }
}

// Indexed games: Index lies in [0, IndexSize()) and Unindex inverts it, and
// GenerateParents inverts GenerateMoves along random playouts: the position a
// move came from is a parent of the position it led to, exactly once, and
// every parent has a move to the child.
TYPED_TEST(Conformance, IndexAndParents) {
  using G = TypeParam;
  if constexpr (!Indexed<G>) {
    GTEST_SKIP() << G::kName << " is not indexed";
  } else {
    G game = testing::MakeGame<G>(std::string(G::kName));
    std::mt19937_64 rng(5);
    for (int p = 0; p < 50; ++p) {
      typename G::State s = game.Start();
      for (int ply = 0; ply <= kMaxPlies; ++ply) {
        const uint64_t i = game.Index(s);
        ASSERT_LT(i, game.IndexSize()) << game.FormatState(s);
        EXPECT_EQ(game.Unindex(i), s) << game.FormatState(s);
        MoveList<typename G::State, G::kMaxParents> parents;
        game.GenerateParents(s, parents);
        for (const auto& parent : parents) {
          ASSERT_FALSE(game.Terminal(parent)) << "terminal parent " << game.FormatState(parent);
          MoveListOf<G> moves;
          game.GenerateMoves(parent, moves);
          int to_s = 0;
          for (auto m : moves) to_s += game.Play(parent, m) == s;
          EXPECT_GE(to_s, 1) << game.FormatState(parent) << " has no move to "
                             << game.FormatState(s);
        }
        if (game.Terminal(s)) break;
        MoveListOf<G> moves;
        game.GenerateMoves(s, moves);
        ASSERT_GT(moves.size(), 0) << game.FormatState(s);
        const auto child = game.Play(s, moves[static_cast<int>(rng() % moves.size())]);
        MoveList<typename G::State, G::kMaxParents> child_parents;
        game.GenerateParents(child, child_parents);
        EXPECT_EQ(std::count(child_parents.begin(), child_parents.end(), s), 1)
            << game.FormatState(s) << " is not a parent of " << game.FormatState(child);
        s = child;
      }
    }
  }
}

}  // namespace
}  // namespace gamebench
