#ifndef GAMEBENCH_TESTS_SANITIZED_H_
#define GAMEBENCH_TESTS_SANITIZED_H_

// Whether the suite runs under a sanitizer: scripts/sanitize.sh sets
// GAMEBENCH_SANITIZED, and sanitized code runs 5-20x slower, so the few
// tests that would take long check smaller instances there. Such a test
// says what it checks in each mode, is never weaker in Release, and can
// still fail in both (docs/testing.md lists them).

#include <cstdlib>

namespace gamebench::testing {

inline bool Sanitized() { return std::getenv("GAMEBENCH_SANITIZED") != nullptr; }

}  // namespace gamebench::testing

#endif  // GAMEBENCH_TESTS_SANITIZED_H_
