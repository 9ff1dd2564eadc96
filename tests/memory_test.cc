// Tests of core/memory: byte sizes as the tool's --memory/--tt-size read them,
// and the peak-memory reset the benchmarks use to measure each case on its own.

#include "core/memory.h"

#include <sys/mman.h>

#include <cstdint>
#include <cstring>

#include "gtest/gtest.h"

namespace gamebench {
namespace {

constexpr uint64_t kMiB = uint64_t{1} << 20;

TEST(ParseByteSizeTest, ReadsUnitsInPowersOf1024) {
  EXPECT_EQ(*ParseByteSize("1000000"), 1000000u);
  EXPECT_EQ(*ParseByteSize("512M"), 512 * kMiB);
  EXPECT_EQ(*ParseByteSize("4G"), 4096 * kMiB);
  EXPECT_EQ(*ParseByteSize("1.5GiB"), 1536 * kMiB);
  EXPECT_EQ(*ParseByteSize(" 64kb "), 64u * 1024);
  EXPECT_EQ(*ParseByteSize("2T"), uint64_t{2} << 40);
}

TEST(ParseByteSizeTest, RejectsWhatIsNotASize) {
  for (const char* bad : {"", "K", "GiB", "-1M", "abc", "12Q", "nan", "inf", "1e30", "4 G B"}) {
    EXPECT_FALSE(ParseByteSize(bad).ok()) << "'" << bad << "'";
  }
}

TEST(FormatBytesTest, PicksTheLargestUnitBelow1024) {
  EXPECT_EQ(FormatBytes(0), "0 B");
  EXPECT_EQ(FormatBytes(1023), "1023 B");
  EXPECT_EQ(FormatBytes(1536), "1.5 KiB");
  EXPECT_EQ(FormatBytes(3 * kMiB), "3.0 MiB");
}

// A 64 MiB mapping (mmap, so no allocator or sanitizer keeps it after unmap)
// raises the peak; after it is unmapped, a reset brings the peak back down.
TEST(PeakMemoryTest, ResetForgetsAPeakThatIsGone) {
  constexpr size_t kBytes = 64 * kMiB;
  void* p = mmap(nullptr, kBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(p, MAP_FAILED);
  std::memset(p, 1, kBytes);
  const uint64_t with_mapping = PeakMemoryBytes();
  ASSERT_GE(with_mapping, kBytes);
  ASSERT_EQ(munmap(p, kBytes), 0);
  // The kernel's RSS counters are approximate (per-CPU caches), so compare
  // with a margin far below the 64 MiB that tells the two cases apart.
  EXPECT_GE(PeakMemoryBytes() + kBytes / 4, with_mapping) << "without a reset the peak stays";
  if (!ResetPeakMemory()) GTEST_SKIP() << "/proc/self/clear_refs is not writable here";
  EXPECT_LE(PeakMemoryBytes() + kBytes / 2, with_mapping);
}

}  // namespace
}  // namespace gamebench
