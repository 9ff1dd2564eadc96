#ifndef GAMEBENCH_CGT_NOTATION_H_
#define GAMEBENCH_CGT_NOTATION_H_

// CGSuite's notation for short games, both ways.
//
// Printing (canonical forms): numbers "3/4", "-5"; nimbers "*", "*3"; ups
// "^", "^*", "v", "^^", "^3", "v3*"; a number before any of them ("1/2^*",
// "2*"); switches {x|-x} as "+-x"; every other form as
// "{L1,L2|R1,R2}" with nested braces.
//
// Parsing: the same atoms, {L|R} with nested braces or CGSuite's bars
// ("{3||2|1}" is {3|{2|1}}), "+-G" and "+-{A,B}" (= {A,B | -A,-B}),
// Tiny(x) = {0||0|-x} and Miny(x) = {x|0||0} (a number before them is
// added: "2Tiny(2)"), unary "-", sums with "+" and "-", and parentheses.

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "cgt/arena.h"

namespace gamebench::cgt {

std::string ToCgsuite(GameArena& arena, GameId canonical);

// The form the text denotes (options as written; call Canonical() for its
// value). A syntax error names the character where it was found.
absl::StatusOr<GameId> ParseCgsuite(GameArena& arena, absl::string_view text);

}  // namespace gamebench::cgt

#endif  // GAMEBENCH_CGT_NOTATION_H_
