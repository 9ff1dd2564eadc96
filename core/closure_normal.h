#ifndef GAMEBENCH_CORE_CLOSURE_NORMAL_H_
#define GAMEBENCH_CORE_CLOSURE_NORMAL_H_

// An optional refinement of Partizan (core/partizan.h) for the impartial
// closure of a game (both players may make either player's moves; MCGS's
// [impartial X]):
//
//   OPTIONAL  State ClosureState(const State&) const          [ClosureNormal]
//             A representative of s for the closure: a position with the
//             mover of s whose closure is the same game as s's closure,
//             position for position: the closure moves of ClosureState(s)
//             lead, after ClosureState, to exactly the positions that the
//             closure moves of s lead to, after ClosureState. So both have
//             one nim value, and a nim memo keyed by ClosureState shares
//             the positions that differ only in what the closure ignores
//             (in Cannibal Clobber the stones' colours: either player
//             moves any stone onto any neighbour).

#include <concepts>

#include "core/partizan.h"

namespace gamebench {

template <typename G>
concept ClosureNormal = Partizan<G> && requires(const G& g, const typename G::State& s) {
  { g.ClosureState(s) } -> std::same_as<typename G::State>;
};

}  // namespace gamebench

#endif  // GAMEBENCH_CORE_CLOSURE_NORMAL_H_
