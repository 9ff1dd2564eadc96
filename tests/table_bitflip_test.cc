// Database files: any single flipped bit of a saved table is caught.
// In-process, every bit of a nim table and a sample of a dodgem(n=3) table's
// fail to load; through the
// tool, a few hundred flips (every header byte, a spread over the entries,
// fewer under a sanitizer, every checksum byte) make `verify` and `query` refuse with exit status 2
// and one line on stderr.
//
// ctest cost: 3

#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "solvers/retrograde_table.h"
#include "tests/sanitized.h"
#include "tests/test_files.h"
#include "tests/tool_runner.h"

namespace gamebench {
namespace {

using testing::ReadFile;
using testing::RunTool;
using testing::ToolRun;
using testing::WriteFile;

bool OneLineError(const ToolRun& r) { return r.OneLineError(); }

class BitFlipTest : public ::testing::Test {
 protected:
  void SetUp() override {
    file_ = dir_.File("d3.gbrt");
    bad_ = dir_.File("bad.gbrt");
    ASSERT_EQ(RunTool("analyze dodgem --save " + file_).status, 0);
    good_ = ReadFile(file_);
    ASSERT_GT(good_.size(), 5000u);
    ASSERT_TRUE(LoadRetrogradeTable(file_).ok());
  }
  // The header ends where the entries begin: 8 magic + 4 version + 4
  // length + the spec + 6 u64 fields.
  size_t HeaderSize() const {
    uint32_t spec_len;
    std::memcpy(&spec_len, good_.data() + 12, 4);
    return 16 + spec_len + 48;
  }
  testing::ScratchDir dir_{"bitflip"};
  std::string file_, bad_, good_;
};

// Every bit of a whole (small) nim table; the header and checksum bits and
// every 97th entry bit of the dodgem table (each load writes a file).
TEST_F(BitFlipTest, EverySingleBitFlipFailsToLoad) {
  const std::string nim_file = dir_.File("nim.gbrt");
  ASSERT_EQ(RunTool("analyze nim --save " + nim_file).status, 0);
  const std::string nim = ReadFile(nim_file);
  std::filesystem::remove(nim_file);
  ASSERT_GT(nim.size(), 100u);
  const size_t header = HeaderSize();
  const std::string* tables[] = {&nim, &good_};
  for (const std::string* bytes : tables) {
    int tried = 0, accepted = 0;
    size_t first_accepted = 0;
    for (size_t bit = 0; bit < bytes->size() * 8; ++bit) {
      const bool sampled =
          bytes == &nim || bit < header * 8 || bit >= (bytes->size() - 8) * 8 || bit % 97 == 0;
      if (!sampled) continue;
      std::string b = *bytes;
      b[bit / 8] ^= static_cast<char>(1 << (bit % 8));
      WriteFile(bad_, b);
      ++tried;
      if (LoadRetrogradeTable(bad_).ok() && accepted++ == 0) first_accepted = bit;
    }
    EXPECT_EQ(accepted, 0) << "first accepted flip: bit " << first_accepted;
    EXPECT_GT(tried, 1000);
  }
}

TEST_F(BitFlipTest, VerifyAndQueryRefuseFlippedBits) {
  std::vector<size_t> bits;
  const size_t header = HeaderSize();
  // Every header byte (the bit rotating), ...
  for (size_t byte = 0; byte < header; ++byte) bits.push_back(byte * 8 + byte % 8);
  // ... a spread over the entries (100; 25 under a sanitizer, where each
  // run of the tool starts slowly: the test took 14 s under ASan, 30 s
  // under TSan), ...
  const size_t spread = testing::Sanitized() ? 25 : 100;
  const size_t entry_bits = (good_.size() - 8 - header) * 8;
  for (size_t k = 0; k < spread; ++k) bits.push_back(header * 8 + k * (entry_bits / spread) + k % 8);
  // ... every checksum byte.
  for (size_t byte = good_.size() - 8; byte < good_.size(); ++byte)
    bits.push_back(byte * 8 + byte % 8);
  EXPECT_EQ(bits.size(), header + spread + 8);
  EXPECT_GT(header, 64u);
  for (size_t bit : bits) {
    std::string b = good_;
    b[bit / 8] ^= static_cast<char>(1 << (bit % 8));
    WriteFile(bad_, b);
    ToolRun v = RunTool("verify " + bad_);
    EXPECT_TRUE(OneLineError(v)) << "bit " << bit << ": " << v.Describe();
    ToolRun q = RunTool("query " + bad_);
    EXPECT_TRUE(OneLineError(q)) << "bit " << bit << ": " << q.Describe();
  }
  // The intact file still passes.
  EXPECT_EQ(RunTool("verify " + file_).status, 0);
}

}  // namespace
}  // namespace gamebench
