#ifndef GAMEBENCH_TOOL_SERVE_POSITION_JSON_H_
#define GAMEBENCH_TOOL_SERVE_POSITION_JSON_H_

// The JSON of a position in the shape of the GamesCrafters' universal web
// API (its README: the route /<game>/<variant>/positions/?p=<position>):
// positionValue ("win", "lose", "tie" for a draw of a game that always ends,
// "draw" for one that can go on for ever), remoteness (plies to the end; -100
// when finite but unknown, -200 for a draw), and moves[] sorted best first,
// each with move, moveValue (for the player who makes it), deltaRemoteness
// (to the best move of the same value) and the child's position, value and
// remoteness. The suite's own fields follow: the exact score of a scored
// game (for the player to move; per move, for the mover), the Grundy value
// of a heap game under normal play ("mex": "*3", as the API names it, and
// "grundy": 3), where the answer
// came from (table or search, the solver, nodes, seconds).

#include <string>

#include "core/json.h"
#include "tool/game_handle.h"
#include "tool/serve/position_source.h"

namespace gamebench {

inline constexpr int kRemotenessUnknown = -100;  // finite, not known
inline constexpr int kRemotenessInfinite = -200;  // a draw

// `loopy`: the game's positions can recur (`list --json` capability).
Json PositionJson(const GameHandle& game, const PositionEval& eval, bool loopy);

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_SERVE_POSITION_JSON_H_
