#ifndef GAMEBENCH_SOLVERS_MISERE_SUM_H_
#define GAMEBENCH_SOLVERS_MISERE_SUM_H_

// Misère sums of heap games (other than all-Nim, which has its rule in
// solvers/sprague_grundy.h), from the misère quotient of the sums of the
// rules' heaps up to the largest heap of the sum (solvers/misere_quotient.h):
// the position's class is the product of its heaps' classes, and it is lost
// for the player to move iff that class is in P. A winning move is an
// option whose class is in P. Refuses (one line) a sum whose quotient
// passes the limits or could not be checked, never guesses.

#include "absl/status/statusor.h"
#include "core/solve.h"
#include "solvers/sprague_grundy.h"

namespace gamebench {

// The largest heap the misère path takes (the quotient is built heap by
// heap up to it).
inline constexpr int64_t kMaxMisereHeap = 4096;

absl::StatusOr<HeapSumResult> SolveMisereHeapSum(const HeapSum& sum, const SolveOptions& options);

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_MISERE_SUM_H_
