#ifndef GAMEBENCH_GAMES_CANNIBAL_CLOBBER_CANNIBAL_CLOBBER_H_
#define GAMEBENCH_GAMES_CANNIBAL_CLOBBER_CANNIBAL_CLOBBER_H_

// Cannibal Clobber on a rows x cols board of at most 64 cells, 1 x n
// included: Clobber (games/clobber) where a stone may also clobber a stone
// of its own colour. Black (X) and White (O) stones; a move takes one of the
// mover's stones onto an orthogonally adjacent stone of either colour, which
// is removed. The player who cannot move loses. The rules and the text forms
// are MCGS's (ualberta-mueller-group/MCGS v1.7, src/cannibal_clobber.cpp).
// Spec: cannibal_clobber(rows=3,cols=4,first=black|white); the start
// position is the full board in a checkerboard, X at the top-left.
//
// Text form of a position, MCGS's: the rows top to bottom, each `cols`
// characters 'X', 'O' or '.', joined by '|', then ':' and the player to
// move, B or W ("XO.|OXO:B"). Any pattern is a position.
//
// Moves: on a 1 x n board the 1-based cells from and to ("3-4"); on a grid
// chess-like cells, column letter and row number with a1 the top-left
// ("a1-b1"), as MCGS prints them. Grids of more than one row have at most
// 26 columns, so that a column is a letter.
//
// State: two 64-bit masks, cell r * cols + c, and the mover. Key(s) mixes
// them into 64 bits: a hash, not exact.
//
// Partizan (core/partizan.h): Left is Black (MCGS's BLACK, 'X').
// Decomposable: the stones fall into groups connected orthogonally; a move
// stays inside its group, and a lone stone has no move (the game 0, left
// out). Unlike Clobber a group of one colour is not 0 (its owner eats his
// own stones), so it is kept. Every group is moved to the top-left corner,
// so that equal groups are equal states.
//
// The board, the text forms, the key and the moves are games/grid_board.h's,
// shared with Clobber; this file holds the rules that differ.

#include <cstdint>
#include <vector>

#include "absl/strings/string_view.h"
#include "games/grid_board.h"

namespace gamebench {

class CannibalClobber : public StoneGridGame<CannibalClobber> {
 public:
  static constexpr absl::string_view kName = "cannibal_clobber";
  static constexpr absl::string_view kDescription =
      "Cannibal Clobber on up to 64 cells (1 x n too), a stone clobbers an adjacent stone of either "
      "colour, no move loses; positions rows of X/O/. joined by | then :B or :W, moves like a1-b1";
  // Two moves (one each way) per pair of adjacent cells: at most
  // 2 * (2*64 - 8 - 8) = 224 (8x8).
  static constexpr int kMaxMoves = 224;

  // Every stone, of either colour.
  uint64_t Targets(const State& s) const { return s.black | s.white; }

  // [ClosureNormal] Every stone black: in the closure either player moves
  // any stone onto any orthogonally adjacent stone, and the stone that lands
  // there is the mover's, so the closure's moves read only the occupied
  // cells; with no white stone Left's moves are all of them (Right has none)
  // and every child is again all black after ClosureState.
  State ClosureState(const State& s) const {
    State t = s;
    t.black = s.black | s.white;
    t.white = 0;
    return t;
  }

  // [Decomposable] Orthogonally connected groups of two stones or more, each
  // moved to the top-left corner.
  void Components(const State& s, std::vector<State>& parts) const {
    SplitGroups(s, parts, [](uint64_t group) {
      return (group & (group - 1)) != 0;  // a lone stone has no move
    });
  }

 private:
  friend class StoneGridGame<CannibalClobber>;
  using StoneGridGame::StoneGridGame;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_CANNIBAL_CLOBBER_CANNIBAL_CLOBBER_H_
