// What is built on a nim-sequence (solvers/nim_sequence.h) rather than in
// it: its period (FindPeriod), extending it under a deadline with progress
// (ExtendSequence), and the definition's plain mex for tests (kept apart
// from the fast methods of nim_sequence_lib.cc, one concern per file).

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/solve.h"
#include "solvers/nim_sequence.h"

namespace gamebench {

PeriodInfo FindPeriod(absl::Span<const uint16_t> g, int code_length) {
  const int64_t last = static_cast<int64_t>(g.size()) - 1;
  // Periods p whose stretch [n0, last] is long enough (>= p + (last + 1) / 2)
  // that every multiple kp tried below has the same n0: if g(n0 - 1 + kp)
  // equalled g(n0 - 1), both g(n0 - 1 + kp) and g(n0 - 1 + p + kp) lie in
  // the p-periodic stretch, forcing g(n0 - 1) = g(n0 - 1 + p). A multiple
  // with the same n0 is neither proved nor reported when p is not, and
  // scanning each of them would cost a whole stretch: 0.56 has 2,500
  // multiples of 144 below half of 742,515 terms.
  std::vector<int64_t> bases;
  PeriodInfo unproved;
  for (int64_t p = 1; 2 * p <= last + 1; ++p) {
    if (std::any_of(bases.begin(), bases.end(), [p](int64_t b) { return p % b == 0; })) continue;
    // The last n with g(n + p) != g(n), scanning back from the end: a wrong
    // p fails within a few steps.
    int64_t n0 = 0;
    for (int64_t n = last - p; n >= 0; --n)
      if (g[n + p] != g[n]) {
        n0 = n + 1;
        break;
      }
    const int64_t stretch = last + 1 - n0;
    if (stretch >= p + (last + 1) / 2) bases.push_back(p);
    // A proved period beats any unproved one, however small: a long sequence
    // can end in a short stretch that only looks periodic (0.16 to 700,000
    // ends with 21 terms of period 3) and would hide the proved one.
    if (code_length >= 0 && 2 * n0 + 2 * p + code_length - 1 <= last) return {true, p, n0, true};
    // Unproved, p is reported only when its stretch spans at least 3 periods
    // and at least half of the computed range.
    if (!unproved.found && stretch >= 3 * p && 2 * stretch >= last + 1)
      unproved = {true, p, n0, false};
  }
  return unproved;
}

const char* ExtendStopName(ExtendStop stop) {
  switch (stop) {
    case ExtendStop::kUpto:
      return "upto";
    case ExtendStop::kProved:
      return "proved";
    case ExtendStop::kTimeLimit:
      return "time limit";
  }
  return "upto";
}

absl::StatusOr<ExtendStop> ExtendSequence(NimSequence& seq, int64_t upto, bool stop_when_proved,
                                          double time_limit_seconds, Progress* progress) {
  Deadline deadline(time_limit_seconds);  // also sees a CancelScope's stop request
  if (progress) progress->Phase("terms", static_cast<uint64_t>(upto) + 1);
  int64_t next_check = 64;
  // Chunks of at most 64k terms, fewer when terms are slow (large heaps, the
  // plain method), so that the deadline (a time limit, Ctrl-C in Python) is
  // seen every ~0.1 s.
  int64_t chunk = 1024;
  while (seq.size() <= upto) {
    int64_t target = std::min<int64_t>(upto, seq.size() + chunk - 1);
    if (stop_when_proved) target = std::min(target, next_check);
    Stopwatch chunk_watch;
    if (absl::Status st = seq.ExtendTo(target); !st.ok()) return st;
    const double chunk_seconds = chunk_watch.Seconds();
    if (chunk_seconds < 0.05 && chunk < 65536) chunk *= 2;
    if (chunk_seconds > 0.2 && chunk > 16) chunk /= 2;
    if (progress) progress->Update(static_cast<uint64_t>(seq.size()));
    if (stop_when_proved && seq.size() - 1 >= next_check) {
      next_check += next_check / 4;
      if (FindPeriod(seq.values(), seq.rule().code_length()).proved) return ExtendStop::kProved;
    }
    if (deadline.Poll() && seq.size() <= upto)
      return ExtendStop::kTimeLimit;
  }
  return ExtendStop::kUpto;
}

std::vector<uint16_t> DefinitionNimSequence(const HeapRule& rule, int n) {
  std::vector<uint16_t> g;
  for (int h = 0; h <= n; ++h) {
    std::vector<int> options;
    rule.ForEachOption(h, [&](int a, int b) { options.push_back(g[a] ^ g[b]); });
    std::vector<bool> seen(options.size() + 1, false);
    for (int x : options)
      if (x < static_cast<int>(seen.size())) seen[x] = true;
    int v = 0;
    while (seen[v]) ++v;
    g.push_back(static_cast<uint16_t>(v));
  }
  return g;
}

}  // namespace gamebench
