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

#include <bit>
#include <cstddef>
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
  // On one row a group and its reversal are the same game: each is kept
  // in the orientation whose (black, white) masks are the smaller, so that
  // the memos see one entry for both. A group with its colours swapped is
  // its negative, so two such groups (a part and its mirror) sum to 0 and
  // both are dropped (in the impartial closure too: G + G = 0).
  void Components(const State& s, std::vector<State>& parts) const {
    const size_t first = parts.size();
    SplitGroups(s, parts, [](uint64_t group) {
      return (group & (group - 1)) != 0;  // a lone stone has no move
    });
    for (size_t i = first; i < parts.size(); ++i) parts[i] = Oriented(parts[i]);
    for (size_t i = first; i < parts.size();) {
      const State negative =
          Oriented(State{parts[i].white, parts[i].black, parts[i].black_to_move});
      size_t j = i + 1;
      while (j < parts.size() && parts[j] != negative) ++j;
      if (j == parts.size()) {
        ++i;
        continue;
      }
      parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(j));
      parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(i));
    }
    if (parts.size() == first) parts.push_back(State{0, 0, s.black_to_move});
  }

 private:
  friend class StoneGridGame<CannibalClobber>;
  // A part at the corner in its memo orientation: on one row the smaller
  // of it and its reversal, on a grid itself.
  State Oriented(const State& p) const {
    const uint64_t stones = p.black | p.white;
    if (rows() != 1 || stones == 0) return p;
    const int len = 64 - std::countl_zero(stones);
    const State r{Reverse(p.black, len), Reverse(p.white, len), p.black_to_move};
    return r.black < p.black || (r.black == p.black && r.white < p.white) ? r : p;
  }
  // The low `len` bits of x in reverse order.
  static uint64_t Reverse(uint64_t x, int len) {
    uint64_t r = 0;
    for (int i = 0; i < len; ++i) r |= ((x >> i) & 1) << (len - 1 - i);
    return r;
  }
  using StoneGridGame::StoneGridGame;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_CANNIBAL_CLOBBER_CANNIBAL_CLOBBER_H_
