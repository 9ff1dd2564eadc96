// ctest cost: 5 (seconds, about: CTest starts costly tests first, CMakeLists.txt)
// cgt/nim_search.h, the nim value of an impartial closure by outcome search
// (G + *n a loss for the least n), against FormBuilder::NimByMex, the mex
// route (every child's nim value, then the mex), and FormBuilder::Nim and
// Options (the path the tool uses) against it too, on random positions of several games'
// closures: Cram (Domineering's), Fission, Amazons, Cannibal
// Clobber (a ClosureNormal game) and Clobber on a row, boards with walls
// among them so that positions split into sums. One search object serves
// all positions of a game (its memo reused), another empties its memo every
// 500 entries (values must not depend on what the memo holds), and a small
// budget is refused with CgtRefusal, the memo within it.

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "cgt/arena.h"
#include "cgt/closure_children.h"
#include "cgt/form_builder.h"
#include "cgt/nim_search.h"
#include "core/partizan.h"
#include "games/amazons/amazons.h"
#include "games/cannibal_clobber/cannibal_clobber.h"
#include "games/clobber/clobber.h"
#include "games/domineering/domineering.h"
#include "games/fission/fission.h"
#include "gtest/gtest.h"
#include "tests/cgt_checks.h"
#include "tests/conformance.h"

namespace gamebench {
namespace {

// `positions` random positions (ends of random playouts, 2 to 10 plies
// back, either player to move): the search's nim value, with a memo kept
// across them and with one emptied every 500 entries, equals the mex
// route's. Returns how many positions split into several components.
template <Partizan G>
int CompareWithMex(const G& g, const std::vector<std::string>& texts, int positions, uint64_t seed) {
  const std::vector<typename G::State> starts = testing::Starts(g, texts);
  if (starts.empty()) return 0;
  std::mt19937_64 rng(seed);
  cgt::GameArena arena;
  FormBuilder<G> mex(g), wired(g);
  cgt::NimSearch<G> kept(g), forgetful(g, /*split=*/true, /*normalize=*/true, /*max_entries=*/500),
      whole(g, /*split=*/false);
  int splits = 0, nonzero = 0;
  for (int p = 0; p < positions; ++p) {
    const typename G::State s = testing::RandomNearEnd(g, starts, p, rng, 2, 9);
    if constexpr (Decomposable<G>) {
      std::vector<typename G::State> parts;
      g.Components(s, parts);
      splits += parts.size() > 1;
    }
    const int expected = mex.NimByMex(arena, s);
    // The wired path (what the tool uses), and the options a command lists:
    // each child's nimber is its mex-route value.
    EXPECT_EQ(wired.Nim(arena, s), expected) << g.CanonicalSpec() << " " << g.FormatState(s);
    if (p % 8 == 0) {
      std::vector<cgt::GameId> children;
      cgt::ForEachClosureChild(g, s, [&](int, const typename G::State& child) {
        children.push_back(arena.Nimber(mex.NimByMex(arena, child)));
      });
      const auto options = wired.Options(arena, s, kLeft, /*closure=*/true);
      EXPECT_EQ(options.size(), children.size());
      for (size_t i = 0; i < children.size() && i < options.size(); ++i)
        EXPECT_EQ(options[i].second, children[i]) << g.FormatState(s) << " " << options[i].first;
    }
    EXPECT_EQ(kept.Nim(arena, s), expected) << g.CanonicalSpec() << " " << g.FormatState(s);
    EXPECT_EQ(forgetful.Nim(arena, s), expected) << g.CanonicalSpec() << " " << g.FormatState(s);
    EXPECT_EQ(whole.Nim(arena, s), expected) << g.CanonicalSpec() << " " << g.FormatState(s);
    EXPECT_LE(forgetful.entries(), 500u);
    nonzero += expected != 0;
  }
  EXPECT_GT(nonzero, positions / 8) << g.CanonicalSpec();
  return splits;
}

TEST(CgtNimSearchTest, CramAgreesWithMex) {
  const auto g = testing::MakeGame<Domineering>("domineering(rows=5,cols=5)");
  EXPECT_GT(CompareWithMex(g, {"...../.#.../...#./...../..#..:V", "..#../...../#...#/...../.....:H"}, 80, 71),
            10);
}

TEST(CgtNimSearchTest, FissionAgreesWithMex) {
  const auto g = testing::MakeGame<Fission>("fission(rows=4,cols=5)");
  EXPECT_GT(CompareWithMex(g, {".....|.X.#.|..#X.|.....:B", ".X...|#####|...X.|.....:B", "X....|.X...|...X.|....X:W"},
                           80, 73),
            5);
}

TEST(CgtNimSearchTest, AmazonsAgreesWithMex) {
  const auto g = testing::MakeGame<Amazons>("amazons(rows=3,cols=4)");
  CompareWithMex(g, {"X..O|....|O..X:B", "X...|.#..|...O:W"}, 20, 79);
}

TEST(CgtNimSearchTest, CannibalClobberAgreesWithMex) {
  const auto g = testing::MakeGame<CannibalClobber>("cannibal_clobber(rows=3,cols=4)");
  EXPECT_GT(CompareWithMex(g, {"XOXO|OXOX|XOXO:B", "XXO.|OOXX|X.OO:W"}, 60, 89), 3);
}

TEST(CgtNimSearchTest, ClobberRowAgreesWithMex) {
  const auto g = testing::MakeGame<Clobber>("clobber(rows=1,cols=16)");
  EXPECT_GT(CompareWithMex(g, {"XOXOOXXO.XOOXOXO:B", "XXOXOO.OXOXXOOXO:W"}, 80, 97), 5);
}

// A budget too small for a 5x5 Cram board's memo: CgtRefusal, with what was
// charged within the budget (no silent growth); a fresh arena of the
// default budget then gives the mex route's value.
TEST(CgtNimSearchTest, BudgetIsRefused) {
  const auto g = testing::MakeGame<Domineering>("domineering(rows=5,cols=5)");
  const Domineering::State s = g.Start();
  constexpr uint64_t kBudget = 2000 * cgt::NimSearch<Domineering>::kEntryBytes;
  cgt::GameArena small(kBudget);
  cgt::NimSearch<Domineering> search(g);
  EXPECT_THROW(search.Nim(small, s), cgt::CgtRefusal);
  EXPECT_LE(small.MemoryBytes(), kBudget);
  EXPECT_LE(search.entries() * cgt::NimSearch<Domineering>::kEntryBytes, kBudget);
  cgt::GameArena arena;
  FormBuilder<Domineering> mex(g);
  EXPECT_EQ(search.Nim(arena, s), mex.Nim(arena, s));
}

}  // namespace
}  // namespace gamebench
