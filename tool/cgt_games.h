#ifndef GAMEBENCH_TOOL_CGT_GAMES_H_
#define GAMEBENCH_TOOL_CGT_GAMES_H_

// The catalog games that MCGS's test files name, as CGT forms for
// cgt/mcgs_runner.h: a position of a Partizan game (core/partizan.h) is the
// form {its Left children | its Right children}, built once per position
// (by Key(WithMover(s, kLeft))) for the runner's arena; the builders' memos
// are charged to it and emptied when it is replaced (a game's Builders must
// be listed in CatalogBuilders::ForgetIfReplaced). A position that splits
// gives its parts' forms, so B/W never forms their sum. A [gen_toads] or
// [nogo] position that does not split is answered, for B/W of it alone, by
// alpha-beta with a transposition table (solvers/tt.h, at most 2M nodes),
// and its form is built only if a command needs it: a strip of 20 cells
// with jumps (or a NoGo grid) has far more forms than its search has nodes; so
// is a position of [cannibal_clobber], [fission], [amazons], [gen_king_dirt]
// or [sheep] (filled Cannibal Clobber boards of 20 cells have forms past the
// 256 MiB budget). A [clobber] or [domineering] board alone is searched
// (B/W) first by cgt/sum_search.h, which splits as it goes (filled 7x7
// Domineering boards have forms past the budget). So far:
//   [domineering]  a grid of '.' and '#', rows joined by '|' (MCGS's
//                  form); BLACK (Left) places vertically. Boards with more
//                  than kMaxCgtEmptyCells empty cells are skipped.

#include "cgt/mcgs_runner.h"

namespace gamebench {

inline constexpr int kMaxCgtEmptyCells = 24;

// A source for RunMcgsFile: its caches live as long as the returned function.
cgt::McgsGameSource McgsCatalogGames();

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_CGT_GAMES_H_
