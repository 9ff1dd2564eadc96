#ifndef GAMEBENCH_CGT_MCGS_BASIC_GAMES_H_
#define GAMEBENCH_CGT_MCGS_BASIC_GAMES_H_

// MCGS's basic CGT games ([integer_game], [dyadic_rational], [nimber],
// [switch_game], [up_star]) as game forms with exactly MCGS's moves
// (cgt_integer_game.cpp, cgt_dyadic_rational.cpp, ...), so that their
// impartial closures ([impartial X]) play as MCGS plays them:
//   integer n: one move, toward 0, for the player whose number it is;
//   dyadic p/q (q > 1): Left to (p-1)/q, Right to (p+1)/q, reduced;
//   nimber *n: to every *k, k < n, for both;
//   switch {a | b}: Left to a, Right to b (as dyadic games), even if a <= b;
//   up_star: the canonical forms of n.up and n.up* (cgt_up_star.cpp).

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "cgt/arena.h"

namespace gamebench::cgt {

struct BasicGame {
  GameId form;
  std::string printed;  // MCGS's print() of the game, e.g. "nimber:*4"
  // An impartial game by its rules (MCGS's [kayles]): it is its own
  // closure, and N applies to it as to [impartial X].
  bool impartial = false;
  // For `winning moves`: the moves of the game for Left (left = true) or
  // Right, or with closure = true every move of either player, each with
  // MCGS's text and the value it leads to (the canonical form; for a
  // closure the nimber of the child's closure). Empty: not available.
  struct Option {
    std::string move;
    GameId value;
  };
  std::function<std::vector<Option>(GameArena&, bool left, bool closure)> options = nullptr;
  // When set, `form` is not built yet and make_form builds it: a block of
  // this game alone whose B/W commands solve_alone answers never needs it.
  std::function<GameId(GameArena&)> make_form = nullptr;
  // With make_form: the canonical forms of the game's independent parts
  // (a position that splits), whose sum is its form. B/W searches the sum
  // over them (cgt/sum_outcome.h), so a block of B/W commands never forms
  // the sum of the parts.
  std::function<std::vector<GameId>(GameArena&)> make_parts = nullptr;
  // B/W of this game alone by a search of its own tree: whether the player
  // moving first (left: BLACK) wins, or nullopt (the search gave up; the
  // form is then used). Empty: not available.
  std::function<std::optional<bool>(bool left)> solve_alone = nullptr;
};

// The game of a section ("integer_game", ... without "impartial ") and its
// text. NotFound: not a basic game; InvalidArgument: bad text.
absl::StatusOr<BasicGame> McgsBasicGame(GameArena& arena, absl::string_view section,
                                        absl::string_view text);

}  // namespace gamebench::cgt

#endif  // GAMEBENCH_CGT_MCGS_BASIC_GAMES_H_
