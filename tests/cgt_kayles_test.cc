// MCGS's [kayles] in `gamebench mcgs` (tool/cgt_games.h): its moves
// (cgt/mcgs_kayles.h) are MCGS's, named as MCGS names them; the nim values
// they give by the definition are those the tool uses (the catalog's Kayles
// rule, octal 0.77, by solvers/nim_sequence.h); and the winning moves of
// sums, checked by hand, through the tool.

#include "cgt/mcgs_kayles.h"

#include <set>
#include <string>
#include <vector>

#include "cgt/arena.h"
#include "core/spec.h"
#include "games/kayles/kayles.h"
#include "gtest/gtest.h"
#include "solvers/nim_sequence.h"
#include "tests/mcgs_run.h"

namespace gamebench {
namespace {

std::set<std::string> Texts(int64_t n) {
  std::set<std::string> t;
  for (const cgt::KaylesMove& m : cgt::KaylesMoves(n)) t.insert(m.Text());
  return t;
}

using Set = std::set<std::string>;

TEST(CgtKaylesTest, MovesAreMcgsMoves) {
  EXPECT_EQ(Texts(0), Set{});
  EXPECT_EQ(Texts(1), Set{"1-0-0"});
  EXPECT_EQ(Texts(2), (Set{"1-0-1", "2-0-0"}));
  EXPECT_EQ(Texts(6), (Set{"1-0-5", "1-1-4", "1-2-3", "2-0-4", "2-1-3", "2-2-2"}));
  EXPECT_EQ(cgt::KaylesMoves(7).size(), 7u);  // 1-0-6..1-3-3, 2-0-5..2-2-3
}

// The nim values of the rows by the definition over these moves are the
// Kayles rule's, and so is the mex of each row's options.
TEST(CgtKaylesTest, OptionsGiveTheKaylesRulesValues) {
  constexpr int kRows = 120;
  auto spec = Kayles::HeapSpecFromSpec(*ParseSpec("kayles"));
  ASSERT_TRUE(spec.ok()) << spec.status();
  const std::vector<uint16_t> rule = DefinitionNimSequence(spec->components[0].rule, kRows);
  ASSERT_GE(rule.size(), static_cast<size_t>(kRows));
  cgt::GameArena arena;
  std::vector<int> nim;
  for (int64_t n = 0; n < kRows; ++n) {
    std::set<int> seen;
    for (const cgt::KaylesMove& m : cgt::KaylesMoves(n)) seen.insert(nim[m.smaller] ^ nim[m.larger]);
    int mex = 0;
    while (seen.contains(mex)) ++mex;
    nim.push_back(mex);
    EXPECT_EQ(mex, rule[n]) << n;
    auto options = cgt::KaylesOptions(n, [&](int64_t k) { return int{rule[k]}; });
    std::set<int> values;
    for (const auto& o : options(arena, true, true)) values.insert(arena.NimValue(o.value));
    EXPECT_EQ(values, seen) << n;
    EXPECT_EQ(options(arena, false, false).size(), cgt::KaylesMoves(n).size());
  }
}

// Nim values 0 1 2 3 1 4 for rows of 0 to 5 pins.
//  1 + 2 (nim 3): only 1-0-1 in the row of 2 (leaves 1 + 1).
//  4 (nim 1): only 2-1-1 (leaves 1 + 1; 1-0-3 and 1-1-2 leave 3, 2-0-2 2).
//  5 + 5: a second player's win, no winning move.
//  3 (nim 3): only 1-1-1; the last command expects a move that is not one.
constexpr char kSums[] = R"({version 1.7}
[kayles] 1 2 {winning moves N 1:1-0-1, winning moves B 1:1-0-1, winning moves W 1:1-0-1}
[kayles] 4 {winning moves N 2-1-1}
[impartial kayles] 5 5 {winning moves N None, winning moves B None}
[kayles] 3 {winning moves N 1-1-1 3-0-0}
)";

TEST(CgtKaylesTest, WinningMovesOfSumsCheckedByHand) {
  const testing::McgsRun m = testing::RunMcgs("k.test", kSums);
  ASSERT_TRUE(m.ok()) << m.Describe();
  EXPECT_EQ(m.Totals(), "7 commands: 6 pass, 1 fail, 0 completed, 0 skipped") << m.csv;
  EXPECT_NE(m.csv.find("\"Missing: 3-0-0\""), std::string::npos) << m.csv;
}

}  // namespace
}  // namespace gamebench
