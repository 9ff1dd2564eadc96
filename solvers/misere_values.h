#ifndef GAMEBENCH_SOLVERS_MISERE_VALUES_H_
#define GAMEBENCH_SOLVERS_MISERE_VALUES_H_

// Per heap: the normal-play Grundy value g, Conway's misère Grundy value
// G-(h) = gamma_0, and the genus g^(gamma_0 gamma_1 ...) of Winning Ways,
// chapter 13, where gamma_n = G-(h + *2 + ... + *2) (n copies of *2). They
// come from plain misère search over sums (solvers/misere_brute_force.h),
// so only small heaps are in range; the misère outcome of sums of larger
// heaps comes from the quotient (solvers/misere_quotient.h).
//
// The genus digits are computed for n <= gammas; the written genus stops
// once the rest of the computed digits alternate (gamma_(n+2) = gamma_n),
// which the sequence always does in the end (ONAG ch. 12). `settled` says
// whether that alternation was seen over at least two periods.

#include <cstdint>
#include <string>
#include <vector>

#include "core/heap_rule.h"

namespace gamebench {

struct HeapGenus {
  int64_t heap = 0;
  int normal = 0;            // g: the normal-play Grundy value
  std::vector<int> gammas;   // gamma_0 .. gamma_K (gamma_0 = G-(heap))
  bool settled = false;
  std::string text;          // "0^120", "1^031", "2^20"
};

// Heaps 1..upto of `rule` (0 too: heap 0 first), gammas computed up to
// gamma_`gammas`. Stops early (shorter result) once the search holds more
// than `max_positions` positions.
std::vector<HeapGenus> HeapGenera(const HeapRule& rule, int64_t upto, int gammas,
                                  uint64_t max_positions);

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_MISERE_VALUES_H_
