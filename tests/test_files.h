#ifndef GAMEBENCH_TESTS_TEST_FILES_H_
#define GAMEBENCH_TESTS_TEST_FILES_H_

// Files for tests that write tables, checkpoints and inputs. Every file a
// test writes goes in a ScratchDir, which removes itself with everything in
// it when the test ends, also when an ASSERT ends it early: a run of the
// suite leaves the temp dir as it found it (ctest checks that: the
// TestScratch.LeftEmpty test, docs/testing.md).

#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

#include "gtest/gtest.h"

namespace gamebench::testing {

inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

inline void WriteFile(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

inline bool Exists(const std::string& path) {
  std::error_code ec;
  return std::filesystem::exists(std::filesystem::symlink_status(path, ec));
}

// A fresh directory in the test temp dir (::testing::TempDir(): TEST_TMPDIR
// under ctest), "gamebench_<name>.XXXXXX", removed recursively on
// destruction.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& name) {
    std::string pattern = ::testing::TempDir();
    if (pattern.empty() || pattern.back() != '/') pattern += '/';
    pattern += "gamebench_" + name + ".XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr) {
      ADD_FAILURE() << "cannot create a scratch directory " << pattern;
      return;
    }
    path_ = pattern;
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  ~ScratchDir() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
  }

  const std::string& path() const { return path_; }
  // A path inside the directory (the file need not exist).
  std::string File(const std::string& name) const { return path_ + "/" + name; }
  // The names of what the directory holds, sorted.
  std::vector<std::string> Entries() const {
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(path_, ec))
      names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }

 private:
  std::string path_;
};

}  // namespace gamebench::testing

#endif  // GAMEBENCH_TESTS_TEST_FILES_H_
