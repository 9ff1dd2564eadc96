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
  constexpr int64_t kNever = INT64_MAX;
  // The least last index at which some p could be proved: p needs
  // 2 n0(p) + 2 p + t - 1 <= last, and n0(p) never decreases as terms are
  // added. So every p <= last is scanned for its n0 (those above (last + 1)
  // / 2 only for this bound: they cannot be proved or reported yet), and a
  // p > last needs at least 2 p + t - 1.
  int64_t earliest = kNever;
  auto note_bound = [&](int64_t n0, int64_t p) {
    if (code_length >= 0) earliest = std::min(earliest, 2 * n0 + 2 * p + code_length - 1);
  };
  // Periods p whose stretch [n0, last] is long enough (>= p + (last + 1) / 2)
  // that every multiple kp tried below has the same n0: if g(n0 - 1 + kp)
  // equalled g(n0 - 1), both g(n0 - 1 + kp) and g(n0 - 1 + p + kp) lie in
  // the p-periodic stretch, forcing g(n0 - 1) = g(n0 - 1 + p). A multiple
  // with the same n0 is neither proved nor reported when p is not (and
  // needs more terms to be proved), and scanning each of them would cost a
  // whole stretch: 0.56 has 2,500 multiples of 144 below half of 742,515
  // terms.
  std::vector<int64_t> bases;
  // Anchors: p with a stretch of at least 2 p, and their n0. A multiple q
  // of an anchor p matches on [n0(p), last - q] already (q-periodic where
  // p-periodic), so its scan back starts below n0(p) instead of at the end:
  // before the stretch is long enough to be a base, a wrong multiple then
  // fails in a few steps too. Kept few: a multiple becomes an anchor only
  // when its n0 is smaller than its anchor divisors'.
  std::vector<std::pair<int64_t, int64_t>> anchors;
  PeriodInfo unproved;
  for (int64_t p = 1; p <= last; ++p) {
    // (The argument needs kp <= p + (last + 1) / 2: the larger p, scanned
    // for the bound, are never skipped.)
    if (2 * p <= last + 1 &&
        std::any_of(bases.begin(), bases.end(), [p](int64_t b) { return p % b == 0; }))
      continue;
    // The last n with g(n + p) != g(n), scanning back: a wrong p fails
    // within a few steps.
    int64_t from = last - p;
    for (const auto& [a, a_n0] : anchors)
      if (p % a == 0) from = std::min(from, a_n0 - 1);
    int64_t n0 = 0;
    for (int64_t n = from; n >= 0; --n)
      if (g[n + p] != g[n]) {
        n0 = n + 1;
        break;
      }
    const int64_t stretch = last + 1 - n0;
    if (stretch >= p + (last + 1) / 2) bases.push_back(p);
    if (stretch >= 2 * p && n0 <= from) anchors.emplace_back(p, n0);
    note_bound(n0, p);
    // A proved period beats any unproved one, however small: a long sequence
    // can end in a short stretch that only looks periodic (0.16 to 700,000
    // ends with 21 terms of period 3) and would hide the proved one.
    if (2 * p > last + 1) continue;  // for the bound only
    if (code_length >= 0 && 2 * n0 + 2 * p + code_length - 1 <= last) {
      PeriodInfo proved;
      proved.found = proved.proved = true;
      proved.period = p;
      proved.preperiod = n0;
      proved.earliest_proof = last;
      return proved;
    }
    // Unproved, p is reported only when its stretch spans at least 3 periods
    // and at least half of the computed range.
    if (!unproved.found && stretch >= 3 * p && 2 * stretch >= last + 1) {
      unproved.found = true;
      unproved.period = p;
      unproved.preperiod = n0;
    }
  }
  note_bound(0, std::max<int64_t>(1, last + 1));
  unproved.earliest_proof = earliest;
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
      // The next check where a proof is first possible: where the period
      // seen now would be proved if it lasts (0.56: at 653,569, the
      // theorem's own bound), about twice as far when none is in sight.
      const PeriodInfo period = FindPeriod(seq.values(), seq.rule().code_length());
      if (period.proved) return ExtendStop::kProved;
      // At least a 1/1024 of the terms later, so that a tail that keeps
      // nearly proving some period cannot make every term a check.
      next_check = std::max(seq.size() + seq.size() / 1024, period.earliest_proof);
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
