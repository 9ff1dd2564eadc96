#ifndef GAMEBENCH_TESTS_OCTAL_CODE_H_
#define GAMEBENCH_TESTS_OCTAL_CODE_H_

// The rule of an octal code a test names ("0.77"), shared by the tests of the
// nim-sequence, the Sprague–Grundy solver and the octal table.

#include <string>

#include "core/heap_rule.h"
#include "gtest/gtest.h"

namespace gamebench {

inline HeapRule Code(const std::string& code) {
  auto rule = HeapRule::ParseOctal(code);
  EXPECT_TRUE(rule.ok()) << rule.status();
  return *rule;
}

}  // namespace gamebench

#endif  // GAMEBENCH_TESTS_OCTAL_CODE_H_
