#ifndef GAMEBENCH_TESTS_TEST_FILES_H_
#define GAMEBENCH_TESTS_TEST_FILES_H_

// Files for tests that run the tool on saved tables and checkpoints.

#include <unistd.h>

#include <fstream>
#include <iterator>
#include <string>

#include "gtest/gtest.h"

namespace gamebench::testing {

// A per-process path in the test temp dir: "<dir>/<prefix><name>.<pid>".
inline std::string TempPathFor(const std::string& prefix, const std::string& name) {
  return ::testing::TempDir() + "/" + prefix + name + "." + std::to_string(getpid());
}

inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

inline void WriteFile(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace gamebench::testing

#endif  // GAMEBENCH_TESTS_TEST_FILES_H_
