#ifndef GAMEBENCH_CGT_CLOSURE_CHILDREN_H_
#define GAMEBENCH_CGT_CLOSURE_CHILDREN_H_

// The one loop over a Partizan position's moves for both players (its
// impartial closure's moves, or a form's two sides): for each player, unless
// the position is terminal with that player to move, generate the moves and
// visit each. Written once so that the form builder, the nim values (mex and
// search) and the options listed for a command all see the same children.

#include <type_traits>

#include "core/partizan.h"

namespace gamebench::cgt {

// fn(player, view, move): `view` is s with `player` to move. fn returns void,
// or bool (false stops the loop). Returns false iff fn stopped it.
template <Partizan G, class Fn>
bool ForEachClosureMove(const G& game, const typename G::State& s, Fn&& fn) {
  for (int player : {kLeft, kRight}) {
    const typename G::State view = game.WithMover(s, player);
    if (game.Terminal(view)) continue;
    MoveListOf<G> moves;
    game.GenerateMoves(view, moves);
    for (const auto& m : moves) {
      if constexpr (std::is_void_v<decltype(fn(player, view, m))>) {
        fn(player, view, m);
      } else {
        if (!fn(player, view, m)) return false;
      }
    }
  }
  return true;
}

// fn(player, child) or fn(player, child, view, move), with child = the move
// played; the same stopping rule.
template <Partizan G, class Fn>
bool ForEachClosureChild(const G& game, const typename G::State& s, Fn&& fn) {
  return ForEachClosureMove(game, s, [&](int player, const typename G::State& view, const auto& m) {
    const typename G::State child = game.Play(view, m);
    if constexpr (std::is_invocable_v<Fn&, int, const typename G::State&>) {
      return fn(player, child);
    } else {
      return fn(player, child, view, m);
    }
  });
}

// The number of moves of s's closure (both players' moves).
template <Partizan G>
size_t ClosureMoveCount(const G& game, const typename G::State& s) {
  size_t count = 0;
  ForEachClosureMove(game, s, [&](int, const typename G::State&, const auto&) { ++count; });
  return count;
}

}  // namespace gamebench::cgt

#endif  // GAMEBENCH_CGT_CLOSURE_CHILDREN_H_
