#ifndef GAMEBENCH_GAMES_CLOBBER_CLOBBER_H_
#define GAMEBENCH_GAMES_CLOBBER_CLOBBER_H_

// Clobber (Albert, Grossman, Nowakowski and Wolfe, 2001) on a rows x cols
// board of at most 64 cells, 1 x n included (MCGS's clobber_1xn). Black (X)
// and White (O) stones; a move takes one of the mover's stones onto an
// orthogonally adjacent stone of the opponent, which is removed (clobbered).
// The player who cannot move loses.
// Spec: clobber(rows=3,cols=4,first=black|white); the start position is the
// full board in a checkerboard, X at the top-left.
//
// Text form of a position, MCGS's: the rows top to bottom, each `cols`
// characters 'X', 'O' or '.', joined by '|', then ':' and the player to
// move, B or W ("XO.|OXO:B"). Any pattern is a position.
//
// Moves, as MCGS prints them: on a 1 x n board the 1-based cells from and
// to ("3-4"); on a grid chess-like cells, column letter and row number with
// a1 the top-left ("a1-b1"). Grids of more than one row have at most 26
// columns, so that a column is a letter.
//
// State: two 64-bit masks, cell r * cols + c, and the mover. Key(s) mixes
// them into 64 bits: it is a hash, not exact (two of 3^64 positions can
// share a key); what needs exactness (the CGT forms of tool/cgt_games.h)
// compares states.
//
// Partizan (core/partizan.h): Left is Black (MCGS's BLACK, 'X').
// Decomposable: the stones fall into groups connected orthogonally; a group
// of one colour has no move (the game 0) and is left out, and every group is
// moved to the top-left corner, so that equal groups are equal states.
//
// The board, the text forms, the key and the moves are games/grid_board.h's,
// shared with Cannibal Clobber; this file holds the rules that differ.

#include <cstdint>
#include <vector>

#include "absl/strings/string_view.h"
#include "games/grid_board.h"

namespace gamebench {

class Clobber : public StoneGridGame<Clobber> {
 public:
  static constexpr absl::string_view kName = "clobber";
  static constexpr absl::string_view kDescription =
      "Clobber on up to 64 cells (1 x n too), a stone clobbers an adjacent enemy stone, no move "
      "loses; positions rows of X/O/. joined by | then :B or :W, moves like a1-b1 (3-4 on 1 x n)";
  // One move per pair of adjacent cells: at most 2*64 - 8 - 8 = 112 (8x8).
  static constexpr int kMaxMoves = 112;

  // The opponent's stones.
  uint64_t Targets(const State& s) const { return s.black_to_move ? s.white : s.black; }

  // [Decomposable] Orthogonally connected groups with both colours, each
  // moved to the top-left corner.
  void Components(const State& s, std::vector<State>& parts) const {
    SplitGroups(s, parts, [&](uint64_t group) {
      return (s.black & group) != 0 && (s.white & group) != 0;
    });
  }

 private:
  friend class StoneGridGame<Clobber>;
  using StoneGridGame::StoneGridGame;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_CLOBBER_CLOBBER_H_
