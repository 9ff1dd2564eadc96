#include "core/progress.h"

#include <cstdio>

#include "absl/strings/str_format.h"

namespace gamebench {

void Progress::Phase(absl::string_view name, uint64_t total) {
  if (!enabled_) return;
  if (!phase_.empty()) Print(last_done_, true);
  phase_ = std::string(name);
  total_ = total;
  last_done_ = 0;
  phase_watch_ = Stopwatch();
  last_print_ = -1;
}

void Progress::Update(uint64_t done) {
  if (!enabled_) return;
  last_done_ = done;
  double now = phase_watch_.Seconds();
  if (now - last_print_ < 0.5) return;
  last_print_ = now;
  Print(done, false);
}

void Progress::Finish() {
  if (!enabled_ || phase_.empty()) return;
  Print(last_done_, true);
  phase_.clear();
}

void Progress::Print(uint64_t done, bool final_line) {
  double secs = phase_watch_.Seconds();
  double rate = secs > 0 ? done / secs : 0;
  std::string line = absl::StrFormat("[%s] %d done, %.3g/s, %.1fs", phase_, done, rate, secs);
  if (total_ > 0) {
    double frac = static_cast<double>(done) / total_;
    line += absl::StrFormat(", %.1f%% of %d", 100 * frac, total_);
    if (!final_line && rate > 0 && done < total_)
      line += absl::StrFormat(", ETA %.0fs", (total_ - done) / rate);
  }
  std::fprintf(stderr, "\r%-79s%s", line.c_str(), final_line ? "\n" : "");
  std::fflush(stderr);
  printed_ = true;
}

}  // namespace gamebench
