#include "solvers/misere_analysis.h"

#include <algorithm>
#include <vector>

namespace gamebench {

MisereAnalysis Analyze(const MisereQuotient& q, const MisereQuotientLimits& limits) {
  MisereAnalysis a;
  const std::vector<uint32_t>& sizes = q.size_history();
  const int64_t n = q.upto();
  if (n == 0) return a;
  a.stable_from = n;
  while (a.stable_from > 1 && sizes[a.stable_from - 2] == sizes.back()) --a.stable_from;
  // The least period over at least three periods, then its least start.
  for (int64_t p = 1; 3 * p <= n && !a.periodic; ++p) {
    int64_t start = n - p + 1;  // heaps start..n-p match those p later
    while (start > 1 && q.Pretend(0, start - 1) == q.Pretend(0, start - 1 + p)) --start;
    if (n - start + 1 >= 3 * p) {
      a.periodic = true;
      a.period = p;
      a.preperiod = start;
    }
  }
  // Tame: the game's heaps among misère Nim's classes.
  // A tame game's joint quotient is misère Nim's, a few hundred elements
  // for heaps up to 4096; a wild one's can be far larger, so a budget of
  // its own (past it, tameness is left unknown).
  MisereQuotient joint({q.rules()[0], HeapRule::Nim()});
  MisereQuotientLimits joint_limits = limits;
  joint_limits.max_size = std::min<uint64_t>(limits.max_size, 1024);
  joint_limits.max_refinements = std::min(limits.max_refinements, 16);
  joint_limits.on_size = nullptr;  // the caller's progress is for its own quotient
  if (!joint.ExtendTo(n, joint_limits).ok() || !joint.verified()) return a;
  const BipartiteMonoid& m = joint.monoid();
  std::vector<bool> nim(m.size(), false);
  std::vector<uint32_t> span = {0};
  nim[0] = true;
  for (int64_t v = 1; v <= n; ++v)
    for (size_t i = 0, count = span.size(); i < count || i < span.size(); ++i) {
      const uint32_t y = m.Mul(span[i], joint.Pretend(1, v));
      if (!nim[y]) {
        nim[y] = true;
        span.push_back(y);
      }
    }
  bool tame = true;
  for (int64_t h = 1; h <= n; ++h) tame &= nim[joint.Pretend(0, h)];
  a.tame = tame;
  return a;
}

}  // namespace gamebench
