#include "core/memory.h"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/match.h"

namespace gamebench {

uint64_t PeakMemoryBytes() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmHWM:", 0) == 0) {
      uint64_t kb = 0;
      std::sscanf(line.c_str() + 6, "%lu", &kb);
      return kb * 1024;
    }
  }
  return 0;
}

bool ResetPeakMemory() {
  std::FILE* f = std::fopen("/proc/self/clear_refs", "w");
  if (!f) return false;
  const bool ok = std::fputs("5", f) >= 0;
  return std::fclose(f) == 0 && ok;
}

uint64_t PhysicalMemoryBytes() {
  long pages = sysconf(_SC_PHYS_PAGES);
  long page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return 4ull << 30;
  return static_cast<uint64_t>(pages) * static_cast<uint64_t>(page);
}

uint64_t DefaultMemoryBudget() { return PhysicalMemoryBytes() / 2; }

absl::StatusOr<uint64_t> ParseByteSize(absl::string_view text) {
  std::string t = absl::AsciiStrToLower(absl::StripAsciiWhitespace(text));
  double mult = 1;
  auto strip = [&](absl::string_view suffix, double m) {
    if (absl::EndsWith(t, suffix) && t.size() > suffix.size()) {
      t.resize(t.size() - suffix.size());
      mult = m;
      return true;
    }
    return false;
  };
  strip("ib", 1) || strip("b", 1);
  if (!(strip("k", 1024.0) || strip("m", 1024.0 * 1024) || strip("g", 1024.0 * 1024 * 1024) ||
        strip("t", 1024.0 * 1024 * 1024 * 1024)))
    mult = 1;
  double v = 0;
  if (t.empty() || !absl::SimpleAtod(t, &v) || !(v >= 0) || v * mult > 1e15)
    return absl::InvalidArgumentError(
        absl::StrCat("bad size '", text, "': expected a number with optional K, M, G or T"));
  return static_cast<uint64_t>(v * mult);
}

std::string FormatBytes(uint64_t bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double v = static_cast<double>(bytes);
  int u = 0;
  while (v >= 1024 && u < 4) v /= 1024, ++u;
  return u == 0 ? absl::StrCat(bytes, " B") : absl::StrFormat("%.1f %s", v, units[u]);
}

void LimitAddressSpace(uint64_t budget_bytes) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  (void)budget_bytes;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
  (void)budget_bytes;
#else
  constexpr uint64_t kAllowance = 3ull << 30;  // 1 GiB reserved stack + threads + libraries
  rlimit limit{budget_bytes + kAllowance, budget_bytes + kAllowance};
  setrlimit(RLIMIT_AS, &limit);
#endif
#else
  constexpr uint64_t kAllowance = 3ull << 30;  // 1 GiB reserved stack + threads + libraries
  rlimit limit{budget_bytes + kAllowance, budget_bytes + kAllowance};
  setrlimit(RLIMIT_AS, &limit);
#endif
}

}  // namespace gamebench
