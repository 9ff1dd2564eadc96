// solvers/transposition_table.h: when the table moves to huge pages. A short
// search must keep only the small pages it wrote (the move makes every 2 MiB
// region holding an entry resident, which at scattered stores is the whole
// table), and a long one must still get huge pages; every entry survives the
// move. A table that grows keeps every entry through each growth.

#include "solvers/transposition_table.h"

#include <cstdint>
#include <vector>

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
  TranspositionTable table(kBytes, /*first_bytes=*/kBytes);  // fixed: it never grows
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

// Every entry (key, bounds, move, work) found before a growth is found after
// it, and the number of entries in use is the same: growth loses nothing.
// (Weakened once, putting every moved entry in the first slot of its new
// bucket, this fails: the second entry of a bucket whose two keys land in the
// same new bucket is overwritten.)
TEST(TranspositionTableTest, GrowthKeepsEveryEntry) {
  constexpr uint64_t kFirst = 64 << 10, kMax = 4 << 20;  // 4 Ki entries, then 16 Ki, 64 Ki, 256 Ki
  TranspositionTable table(kMax, kFirst, /*growth_factor=*/4, /*grow_nodes_per_entry=*/1000);
  ASSERT_EQ(table.capacity(), kFirst / sizeof(TranspositionTable::Entry));
  uint64_t stored = 0;
  for (int step = 0; step < 3; ++step) {
    // Fill the table twice over: every bucket full, with replacements.
    const uint64_t n = 2 * table.capacity();
    for (uint64_t i = 0; i < n; ++i, ++stored)
      table.Store(KeyOf(stored), -static_cast<int>(stored % 7), static_cast<int>(stored % 5),
                  static_cast<int>(stored % 9), stored % 1000);
    std::vector<TranspositionTable::Entry> before;
    for (uint64_t k = 0; k < stored; ++k)
      if (const auto* e = table.Probe(KeyOf(k))) before.push_back(*e);
    const uint64_t used = table.CountUsed();
    EXPECT_EQ(used, before.size());
    EXPECT_GT(used, table.capacity() * 9 / 10);
    const uint64_t capacity = table.capacity();
    table.Grow();
    EXPECT_EQ(table.capacity(), 4 * capacity);
    EXPECT_EQ(table.growths(), static_cast<uint64_t>(step + 1));
    EXPECT_EQ(table.CountUsed(), used);
    for (const auto& b : before) {
      const auto* e = table.Probe(b.key);
      ASSERT_NE(e, nullptr) << "entry lost in growth " << step + 1;
      EXPECT_EQ(e->lower, b.lower);
      EXPECT_EQ(e->upper, b.upper);
      EXPECT_EQ(e->move, b.move);
      EXPECT_EQ(e->work, b.work);
    }
  }
  // At the maximum: no more growth.
  table.Grow();
  EXPECT_EQ(table.bytes(), kMax);
  EXPECT_EQ(table.growths(), 3u);
}

// The rule: a stored subtree of grow_nodes_per_entry nodes per entry grows
// the table, one node fewer does not; the last step stops at the maximum
// (an integer factor, here 2 where the factor is 8); Clear() takes the
// table back to its first size.
TEST(TranspositionTableTest, GrowsOnABigSubtreeUpToTheMaximum) {
  constexpr uint64_t kFirst = 64 << 10, kMax = 8 << 20;  // 64 KiB, 512 KiB, 4 MiB, 8 MiB
  TranspositionTable table(kMax, kFirst, /*growth_factor=*/8, /*grow_nodes_per_entry=*/8);
  EXPECT_EQ(table.max_capacity(), kMax / sizeof(TranspositionTable::Entry));
  for (uint64_t bytes : {kFirst, 8 * kFirst, 64 * kFirst}) {
    ASSERT_EQ(table.bytes(), bytes);
    table.Store(KeyOf(bytes), -1, 1, 0, 8 * table.capacity() - 1);
    EXPECT_EQ(table.bytes(), bytes);
    table.Store(KeyOf(bytes + 1), -1, 1, 0, 8 * table.capacity());
    EXPECT_NE(table.Probe(KeyOf(bytes)), nullptr);
    EXPECT_NE(table.Probe(KeyOf(bytes + 1)), nullptr);
  }
  EXPECT_EQ(table.bytes(), kMax);
  EXPECT_EQ(table.growths(), 3u);
  table.Store(KeyOf(7), -1, 1, 0, ~uint64_t{0});
  EXPECT_EQ(table.bytes(), kMax);
  table.Clear();
  EXPECT_EQ(table.bytes(), kFirst);
  EXPECT_EQ(table.Probe(KeyOf(7)), nullptr);
  // A table whose maximum is its first size never grows.
  TranspositionTable fixed(kFirst, kFirst);
  fixed.Store(KeyOf(1), -1, 1, 0, ~uint64_t{0});
  EXPECT_EQ(fixed.bytes(), kFirst);
  EXPECT_EQ(fixed.growths(), 0u);
}

}  // namespace
}  // namespace gamebench
