#ifndef GAMEBENCH_SOLVERS_MISERE_ANALYSIS_H_
#define GAMEBENCH_SOLVERS_MISERE_ANALYSIS_H_

// What a computed misère quotient Q_N of one rule says about the game:
//   - stable_from: the least n with |Q_m| = |Q_N| for all n <= m <= N;
//   - the pretending function's period: the least p (and least start n0)
//     with class(h + p) = class(h) for n0 <= h <= N - p, over at least
//     three periods. Observed in the computed range only: no misère
//     periodicity theorem is applied, so it is not a proof of what happens
//     past N;
//   - tame: whether every heap's class is a class of misère Nim in the
//     quotient of the sums of the game's heaps and Nim heaps up to N (the
//     game then plays as misère Nim with each heap replaced by nim heaps:
//     Conway's tame; Plambeck–Siegel: the quotient is one of misère Nim's).
//     That joint quotient is exact (solvers/misere_quotient.h); nullopt
//     when it passes the limits.

#include <cstdint>
#include <optional>

#include "solvers/misere_quotient.h"

namespace gamebench {

struct MisereAnalysis {
  int64_t stable_from = 0;
  bool periodic = false;
  int64_t period = 0;
  int64_t preperiod = 0;
  std::optional<bool> tame;
};

MisereAnalysis Analyze(const MisereQuotient& q, const MisereQuotientLimits& limits);

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_MISERE_ANALYSIS_H_
