#ifndef GAMEBENCH_SOLVERS_MISERE_PRESENTATION_H_
#define GAMEBENCH_SOLVERS_MISERE_PRESENTATION_H_

// A misère quotient written as Plambeck and Siegel write one: generators
// a, b, c, ... (the classes of the heaps that the heaps before them do not
// already give, in heap order), each element as its normal form (the first
// word in length-then-generator order that reaches it), and the relations
// that define the monoid: one for each minimal word that is not a normal
// form ("b^3 = b", "a^2 = 1"), which together with commutativity rewrite
// every word to its normal form. The pretending function then reads as
// words: heap h -> the normal form of its class.

#include <cstdint>
#include <string>
#include <vector>

#include "solvers/misere_quotient.h"

namespace gamebench {

struct MiserePresentation {
  struct Generator {
    std::string name;  // "a", "b", ...
    int rule = 0;
    int64_t heap = 0;  // the first heap of this class
    uint32_t element = 0;
  };
  std::vector<Generator> generators;
  std::vector<std::string> words;      // per element: its normal form ("1" for the identity)
  std::vector<std::string> relations;  // "a^2 = 1"
};

MiserePresentation Present(const MisereQuotient& q);

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_MISERE_PRESENTATION_H_
