#ifndef GAMEBENCH_GAMES_CONNECT4_EVEN_THREATS_H_
#define GAMEBENCH_GAMES_CONNECT4_EVEN_THREATS_H_

// The second player's follow-up strategy on a board with an even number of
// rows (Allis' "claimeven"; the rule Christophe Steininger's solver calls
// the evens strategy), as a static bound for Connect4::ValueBounds.
//
// Take a position with an even number of stones (the first player, P, to
// move) on a board of even height h. Rows are counted 1..h from the bottom;
// call a column "even" or "odd" by its number of stones (there is an even
// number of odd columns, since the total is even). The second player, O,
// plays:
//   - when P plays in an even column (so on an odd row): the cell above, on
//     an even row (it exists: h is even);
//   - when P plays in an odd column (on an even row, its lowest empty cell):
//     the lowest empty cell of another odd column (one exists: their number
//     was even), also on an even row.
// After O's reply every column is even again or has one odd partner fewer;
// every cell O takes is on an even row, and O takes every empty even-row
// cell that is not playable now: in an even column, the even cells above
// the top; in an odd column, once its playable cell is taken, the even
// cells above that. So if the game goes on, O ends up with at least
//   O_cells = O's stones | the empty even-row cells not playable now,
// and P with at most P_cells = every cell not in O_cells. Hence:
//   1. If P_cells hold no four, P never wins against this strategy: the
//      value for P is at most a draw.
//   2. If moreover O_cells hold a four, the game cannot end in a draw (a full
//      board would complete it), so O wins, and no later than when that four
//      is filled. When the last of its cells is filled, the cells above that
//      one in its column are still empty; with the four's highest cell on
//      0-based row t, at least h-1-t cells remain, so O wins by move
//      w*h - (h-1-t) (moves numbered from 1 at the start; O's moves are the
//      even ones). The best such four gives the earliest bound.
//   3. Rule 1 still holds when P_cells hold fours, if each of them is
//      "covered": O_cells hold a four F_O such that every column of F_O
//      holds a cell of P's four F_P strictly above F_O's cell there. Cells
//      fill from the bottom, so by the time F_P's last cell is filled every
//      cell of F_O is filled, by O (P never gets a cell of O_cells): O has
//      won before P could. So P never wins, O_cells hold a four, and rule 2
//      applies as it is. Here F_O and F_P lie along the same direction from
//      the same column (F_P's first cell above F_O's first cell; vertical
//      fours of P are never covered): the case Steininger's c4 uses.
// Both are exact consequences of one strategy of O, so they bound the value
// of every such position; they need no search and hold whatever the table.

#include <algorithm>
#include <cstdint>

#include "games/connect4/bitboard.h"

namespace gamebench {
namespace connect4 {

struct FollowUpBound {
  bool mover_may_win = true;  // P_cells hold a four: the rule proves nothing
  int opponent_wins_by = 0;   // (rule 2) O wins by this move number; 0: not shown
};

// The rule for a position with an even number of stones on a board of even
// height h: `mover` the stones of the player to move (the first player),
// `mask` all stones, `board` every cell, `even_rows` the cells of the
// 1-based even rows (0-based rows 1, 3, 5, ...), `bottom` the bottom cell of
// every column, `cells` = w*h.
template <typename Bits>
inline FollowUpBound FollowUpOfSecondPlayer(Bits mover, Bits mask, Bits board, Bits even_rows,
                                            Bits bottom, int h, int cells) {
  FollowUpBound out;
  const Bits playable = (mask + bottom) & board;
  const Bits o_cells = (mover ^ mask) | (even_rows & board & ~mask & ~playable);
  const Bits p_cells = board ^ o_cells;
  if (HasFour(p_cells, h)) {
    // Rule 3: every four of P covered by one of O along the same direction.
    if (FourStarts(p_cells, 1) != 0) return out;
    // The non-vertical directions and how many rows each rises per column.
    const int dirs[3] = {h + 1, h + 2, h}, rise[3] = {0, 1, -1};
    Bits p_starts[3], o_starts[3];
    for (int e = 0; e < 3; ++e) {
      p_starts[e] = FourStarts(p_cells, dirs[e]);
      o_starts[e] = FourStarts(o_cells, dirs[e]);
    }
    // The cells at least `rows` above `starts` in their columns (the spare
    // bit above each column stops the spread).
    auto above = [&](Bits starts, int rows) {
      for (int i = 0; i < rows; ++i) starts = (starts << 1) & board;
      for (int i = rows + 1; i < h; ++i) starts |= (starts << 1) & board;
      return starts;
    };
    // First what every cover needs, one spread: some four of O starting
    // lower in the same column (most positions fail here).
    if (((p_starts[0] | p_starts[1] | p_starts[2]) &
         ~above(o_starts[0] | o_starts[1] | o_starts[2], 1)) != 0)
      return out;
    for (int d = 0; d < 3; ++d) {
      if (p_starts[d] == 0) continue;
      Bits covered = 0;
      for (int e = 0; e < 3; ++e) {
        if (o_starts[e] == 0) continue;
        // Column i of the two fours (i = 0..3): P's cell is above O's when
        // P's first cell is more than i * (rise[e] - rise[d]) rows higher.
        covered |= above(o_starts[e], 1 + std::max(0, 3 * (rise[e] - rise[d])));
      }
      if ((p_starts[d] & ~covered) != 0) return out;
    }
  }
  out.mover_may_win = false;
  const Bits tops = FourTops(o_cells, h);
  if (tops == 0) return out;
  int t = 0;  // the lowest row holding the highest cell of one of O's fours
  while ((tops & (bottom << t)) == 0) ++t;
  const int latest = cells - (h - 1 - t);
  out.opponent_wins_by = latest - latest % 2;  // O moves on even move numbers
  return out;
}

}  // namespace connect4
}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_CONNECT4_EVEN_THREATS_H_
