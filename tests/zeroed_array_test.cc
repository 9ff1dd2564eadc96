// core/zeroed_array.h: starts zeroed, Zero() zeroes again, the move to huge
// pages keeps every element, and the resident ranges cover every write.

#include "core/zeroed_array.h"

#include <cstdint>
#include <vector>

#include "gtest/gtest.h"

namespace gamebench {
namespace {

constexpr uint64_t kSize = (uint64_t{8} << 20) / sizeof(uint64_t);  // 8 MiB: huge pages apply
const std::vector<uint64_t> kWritten = {0, 1, 511, 512, 100000, kSize / 2, kSize - 1};

void Fill(ZeroedArray<uint64_t>& a) {
  for (uint64_t i : kWritten) a[i] = i + 1;
}

void ExpectFilled(const ZeroedArray<uint64_t>& a) {
  uint64_t nonzero = 0;
  for (uint64_t i = 0; i < a.size(); ++i) nonzero += a[i] != 0;
  EXPECT_EQ(nonzero, kWritten.size());
  for (uint64_t i : kWritten) EXPECT_EQ(a[i], i + 1) << i;
}

TEST(ZeroedArrayTest, StartsZeroedAndZeroesAgain) {
  for (auto pages :
       {ZeroedArray<uint64_t>::Pages::kHugeWhenLarge, ZeroedArray<uint64_t>::Pages::kSmallFirst}) {
    ZeroedArray<uint64_t> a(kSize, pages);
    ASSERT_EQ(a.size(), kSize);
    Fill(a);
    ExpectFilled(a);
    a.Zero();
    for (uint64_t i : kWritten) EXPECT_EQ(a[i], 0u);
    Fill(a);
    ExpectFilled(a);
  }
}

TEST(ZeroedArrayTest, MovingToHugePagesKeepsTheContents) {
  // Also on every thread (a huge page per task), and with a last huge page
  // that the array fills only in part.
  for (bool parallel : {false, true}) {
    for (uint64_t size : {kSize, kSize + 513}) {
      ZeroedArray<uint64_t> a(size, ZeroedArray<uint64_t>::Pages::kSmallFirst);
      EXPECT_FALSE(a.huge_pages());
      Fill(a);
      const bool extra = size > kSize;  // an element past kWritten's
      if (extra) a[size - 1] = 5;
      a.UseHugePages(parallel);
      EXPECT_TRUE(a.huge_pages());
      if (extra) {
        EXPECT_EQ(a[size - 1], 5u) << parallel;
        a[size - 1] = 0;
      }
      ExpectFilled(a);
      a[7] = 8;  // still writable
      EXPECT_EQ(a[7], 8u);
    }
  }
}

// The move hands each copied huge page of the old mapping back; an element
// that straddles two huge pages (24 bytes do not divide 2 MiB) must survive.
TEST(ZeroedArrayTest, MovingKeepsElementsAcrossHugePageBoundaries) {
  struct Triple {
    uint64_t a, b, c;
  };
  constexpr uint64_t kBlock = uint64_t{2} << 20;
  const uint64_t n = 3 * kBlock / sizeof(Triple) + 5;
  for (bool parallel : {false, true}) {
    ZeroedArray<Triple> a(n, ZeroedArray<Triple>::Pages::kSmallFirst);
    const uint64_t straddling = kBlock / sizeof(Triple);  // starts 8 bytes before 2 MiB
    for (uint64_t i : {uint64_t{0}, straddling, 2 * kBlock / sizeof(Triple), n - 1})
      a[i] = Triple{i + 1, i + 2, i + 3};
    a.UseHugePages(parallel);
    for (uint64_t i : {uint64_t{0}, straddling, 2 * kBlock / sizeof(Triple), n - 1}) {
      EXPECT_EQ(a[i].a, i + 1) << i;
      EXPECT_EQ(a[i].b, i + 2) << i;
      EXPECT_EQ(a[i].c, i + 3) << i;
    }
  }
}

TEST(ZeroedArrayTest, ResidentRangesCoverEveryWriteAndSkipTheRest) {
  ZeroedArray<uint64_t> a(kSize, ZeroedArray<uint64_t>::Pages::kSmallFirst);
  Fill(a);
  std::vector<bool> covered(kSize, false);
  uint64_t total = 0;
  a.ForEachResidentRange([&](uint64_t begin, uint64_t end) {
    ASSERT_LE(begin, end);
    ASSERT_LE(end, kSize);
    for (uint64_t i = begin; i < end; ++i) covered[i] = true;
    total += end - begin;
  });
  for (uint64_t i : kWritten) EXPECT_TRUE(covered[i]) << i;
  // Six pages were written; untouched pages are skipped (a few may be
  // resident anyway, e.g. read ahead: allow a generous margin).
  EXPECT_LT(total, kSize / 4);
}

TEST(ZeroedArrayTest, EmptyAndMoved) {
  ZeroedArray<uint64_t> empty;
  EXPECT_EQ(empty.size(), 0u);
  empty.Zero();
  empty.UseHugePages();
  int calls = 0;
  empty.ForEachResidentRange([&](uint64_t, uint64_t) { ++calls; });
  EXPECT_EQ(calls, 0);
  ZeroedArray<uint64_t> a(kSize);
  Fill(a);
  ZeroedArray<uint64_t> b(std::move(a));
  ExpectFilled(b);
  a = std::move(b);
  ExpectFilled(a);
}

}  // namespace
}  // namespace gamebench
