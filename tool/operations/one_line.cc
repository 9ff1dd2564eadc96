// Error messages on one line, for the tool's stderr and the Python module's
// exceptions alike.

#include <cstdio>

#include "tool/operations.h"

namespace gamebench {

std::string OneLine(absl::string_view message) {
  constexpr size_t kMaxLength = 400;
  std::string out;
  for (char c : message) {
    if (out.size() >= kMaxLength) {
      out += "...";
      break;
    }
    unsigned char u = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (u < 0x20 || u == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", u);
      out += buf;
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace gamebench
