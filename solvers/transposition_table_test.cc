// solvers/transposition_table.h: when the table moves to huge pages. A short
// search must keep only the small pages it wrote (the move makes every 2 MiB
// region holding an entry resident, which at scattered stores is the whole
// table), and a long one must still get huge pages; every entry survives the
// move.

#include "solvers/transposition_table.h"

#include <cstdint>

#include "gtest/gtest.h"
#include "solvers/shared_transposition_table.h"

namespace gamebench {
namespace {

constexpr uint64_t kBytes = uint64_t{64} << 20;  // the default table
constexpr uint64_t kSmallPages = kBytes / 4096;

uint64_t KeyOf(uint64_t i) { return i * 0x9E3779B97F4A7C15ull + 1; }

TEST(TranspositionTableTest, HugePagesOnlyOnceMostSmallPagesAreWritten) {
  // One store per small page: fewer stores than that never move the table.
  EXPECT_EQ(HugePagesAfterStores(kBytes), kSmallPages);
  EXPECT_EQ(HugePagesAfterStores(uint64_t{1} << 30), (uint64_t{1} << 30) / 4096);
  TranspositionTable table(kBytes);
  EXPECT_FALSE(table.huge_pages());
  // Half a store per small page (a short file's search, e.g. Test_L3_R1's
  // ~8k stores): still small pages. The rule before (one store per 8 small
  // pages) would have moved here and made all 64 MiB resident.
  uint64_t i = 0;
  for (; i < kSmallPages / 2; ++i) table.Store(KeyOf(i), -1, 1, 0, 100);
  EXPECT_FALSE(table.huge_pages());
  for (; i < kSmallPages - 1; ++i) table.Store(KeyOf(i), -1, 1, 0, 100);
  EXPECT_FALSE(table.huge_pages());
  // The store that reaches the threshold moves the table, keeping its contents.
  table.Store(KeyOf(i++), -1, 1, 0, 100);
  EXPECT_TRUE(table.huge_pages());
  uint64_t found = 0;
  for (uint64_t j = 0; j < i; ++j) found += table.Probe(KeyOf(j)) != nullptr;
  // 16k keys in 2M two-way buckets: a collision that drops one is rare, and
  // the move itself loses none.
  EXPECT_GT(found, i * 99 / 100);
}

TEST(TranspositionTableTest, SharedTableUsesTheSameThreshold) {
  SharedTranspositionTable shared(kBytes);
  EXPECT_EQ(shared.huge_pages_after(), HugePagesAfterStores(shared.bytes()));
  EXPECT_FALSE(shared.huge_pages());
}

TEST(TranspositionTableTest, TablesOfAFewHugePagesStartOnThem) {
  // --tt-size 2M: one huge page, resident after a few stores anyway.
  EXPECT_EQ(HugePagesAfterStores(uint64_t{2} << 20), 0u);
  EXPECT_EQ(HugePagesAfterStores(uint64_t{4} << 20), 0u);
  EXPECT_EQ(HugePagesAfterStores(uint64_t{8} << 20), (uint64_t{8} << 20) / 4096);
  TranspositionTable two(uint64_t{2} << 20);
  EXPECT_TRUE(two.huge_pages());
  two.Store(KeyOf(1), -1, 1, 0, 100);
  EXPECT_NE(two.Probe(KeyOf(1)), nullptr);
  SharedTranspositionTable shared(uint64_t{2} << 20);
  EXPECT_TRUE(shared.huge_pages());
  EXPECT_EQ(shared.huge_pages_after(), 0u);
  // Under one huge page: small pages, and no store moves it.
  TranspositionTable small(uint64_t{1} << 20);
  for (uint64_t i = 0; i < 2 * small.capacity(); ++i) small.Store(KeyOf(i), -1, 1, 0, 100);
  EXPECT_FALSE(small.huge_pages());
}

}  // namespace
}  // namespace gamebench
