#ifndef GAMEBENCH_CORE_PARTIZAN_H_
#define GAMEBENCH_CORE_PARTIZAN_H_

// Optional refinements of the game concept (core/game.h) for combinatorial
// game theory: a position as a game in Conway's sense, with Left's and
// Right's options, and its split into independent subgames (a sum).
//
// Players: Left = 0 and Right = 1. In MCGS's files Left is BLACK ("B") and
// Right is WHITE ("W"); in Domineering Left places vertically.
//
//   OPTIONAL  int Mover(const State&) const                      [Partizan]
//             State WithMover(const State&, int player) const
//             Mover(s): the player to move in s, 0 (Left) or 1 (Right).
//             WithMover(s, p): the same position with p to move (s itself
//             when Mover(s) == p). The Left options of a position are the
//             children of WithMover(s, 0), its Right options the children of
//             WithMover(s, 1). The game is played under the normal play
//             convention and is not scored: Terminal(s) is a loss for the
//             mover exactly when the mover has no move, so the search value
//             of a position is the outcome its CGT value predicts.
//             Key(WithMover(s, 0)) identifies the position as a game.
//   OPTIONAL  void Components(const State&, std::vector<State>&) const
//                                                            [Decomposable]
//             Appends positions c_1 .. c_k (k >= 1), each with the mover of
//             s, such that s is the disjunctive sum c_1 + ... + c_k: every
//             move of either player in s is a move in exactly one c_i that
//             leaves the others unchanged, and every such move is one of s.
//             k == 1 means s does not split. A component with no move for
//             either player (the game 0) may be left out.

#include <concepts>
#include <vector>

#include "core/game.h"

namespace gamebench {

inline constexpr int kLeft = 0;
inline constexpr int kRight = 1;

template <typename G>
concept Partizan = Game<G> && !G::kScored &&
                   requires(const G& g, const typename G::State& s, int player) {
                     { g.Mover(s) } -> std::convertible_to<int>;
                     { g.WithMover(s, player) } -> std::same_as<typename G::State>;
                   };

template <typename G>
concept Decomposable =
    Partizan<G> &&
    requires(const G& g, const typename G::State& s, std::vector<typename G::State>& parts) {
      { g.Components(s, parts) } -> std::same_as<void>;
    };

}  // namespace gamebench

#endif  // GAMEBENCH_CORE_PARTIZAN_H_
