#ifndef GAMEBENCH_GAMES_DOMINEERING_DOMINEERING_BOUNDS_H_
#define GAMEBENCH_GAMES_DOMINEERING_DOMINEERING_BOUNDS_H_

// Domineering's ValueBounds (games/domineering/domineering.h, [Tactical]):
// a static proof of the outcome by counting moves. Why apart from the game:
// it is a piece of game theory of its own, 200 lines with its proof, that
// the rules do not need; the game calls BoundsOfView, and its header stays
// the rules, the notation and the state.
//
// The proof counts the safe,
// protective and vulnerable moves of Bullock's Obsequi (2002, after the
// safe moves of Breuker, Uiterwijk and van den Herik 2000), counted by a
// small game whose proof is here. In the mover's view the mover P places
// vertical dominoes, the opponent O horizontal ones. For a player X (the
// other one Y), in X's orientation (X vertical; GuaranteedMoves):
//   reach(X): the free cells some placement of X covers now. Cells only
//     ever fill, so every later move of X covers two cells of reach(X).
//   safe: disjoint placements of X on cells outside reach(Y): Y never
//     touches them, X can play them all, one a turn, whenever it likes.
//   protective blocks: disjoint free 2x2 blocks with the two cells left
//     (or right) of the block occupied or off the board (a wall). X
//     playing the block's column away from the wall leaves the column
//     next to the wall with both horizontal neighbours filled: a new safe
//     placement. So a block is worth two moves to X if X plays there
//     before Y touches it. No cell of a block has a horizontal neighbour
//     in another block, so one move of Y spoils at most one block.
//   vulnerable: disjoint placements of X on the remaining free cells (a
//     greedy packing). One move of Y covers two horizontally adjacent
//     cells, so it spoils at most two structures, and two only when they
//     have horizontally adjacent cells: a vulnerable placement with a
//     cell beside a cell of another block or placement is "linked".
// Then X makes at least safe + G moves, G the value of a counting game on
// (blocks p, linked a, unlinked b) where X takes a block (+2) or a
// placement (+1) and Y spoils two linked, or one unlinked, or one block
// and one linked, or nothing (GuaranteedTable; X to move or Y to move).
// P moves first. P wins iff O runs out of moves first. Let M be P's count
// (P to move) and U the cells in reach(P) or reach(O).
//   (1a) P wins if M > runs(O), where runs(O) bounds O's moves: every
//     move of O lies in one run of free cells along O's direction,
//     disjoint from O's other moves (sum of floor(length / 2)).
//   (1c) P wins if 4M > |U|. If P lost, after x moves each, x >= M; the
//     2x cells of O are in reach(O) minus P's cells, and P's cells miss
//     reach(O) in at most |reach(P) - reach(O)| cells, so 4x <= |U|.
//   (1b) a second strategy: P plays first only k = ceil(both / 3) of the
//     disjoint placements on cells both players reach (a greedy packing,
//     destroyed at most two per O move), then its safe ones; they cover
//     2k cells of reach(O), so O makes at most (|reach(O)| - 2k) / 2
//     moves: P wins if 2 safe + 4k >= |reach(O)| + 2.
// Symmetrically with M' O's count (O to move second, P spoiling first):
//   (2a) P loses if M' >= runs(P);
//   (2c) P loses if 4M' + 2 > |U|: if P won, P made x moves and O x - 1
//     >= M', and the same count gives 4x <= |U| + 2;
//   (2b) P loses if 2 safe(O) + 4k' >= |reach(P)|, k' = floor(both(O) / 3).
// Otherwise the bounds are the trivial [loss, win].
//
// BoundsOfView(view): those bounds, for the player to move, of the mover's
// view of a position (the State's `view`: frame cells outside the board set).

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>

#include "core/score.h"
#include "games/domineering/domineering_bits.h"

namespace gamebench::domineering {

// The counting game of ValueBounds, solved once for every (blocks <= 16,
// linked + unlinked <= 32): X takes a block (+2, it is gone) or a
// placement (+1); Y spoils two linked placements, or one unlinked, or one
// block and one linked placement, or fewer, or plays elsewhere.
struct CountingGame {
  static constexpr int kBlocks = 17, kPlacements = 33;
  std::array<int8_t, 2 * kBlocks * kPlacements * kPlacements> value{};
  int Get(bool x_to_move, int p, int a, int b) const {
    return value[((x_to_move * kBlocks + p) * kPlacements + a) * kPlacements + b];
  }
  int8_t& At(bool x_to_move, int p, int a, int b) {
    return value[((x_to_move * kBlocks + p) * kPlacements + a) * kPlacements + b];
  }
  CountingGame() {
    // By total size, so that every smaller game is known; at one state X's
    // value comes first (Y may pass, which leads to it).
    for (int total = 0; total <= kBlocks - 1 + kPlacements - 1; ++total)
      for (int p = 0; p < kBlocks && p <= total; ++p)
        for (int a = 0; a < kPlacements && p + a <= total; ++a) {
          const int b = total - p - a;
          if (b >= kPlacements || a + b >= kPlacements) continue;
          int x = 0;
          if (p > 0) x = std::max(x, 2 + Get(false, p - 1, a, b));
          if (a > 0) x = std::max(x, 1 + Get(false, p, a - 1, b));
          if (b > 0) x = std::max(x, 1 + Get(false, p, a, b - 1));
          At(true, p, a, b) = static_cast<int8_t>(x);
          int y = x;  // Y plays elsewhere
          if (a > 0) y = std::min(y, Get(true, p, a - 1, b));
          if (a > 1) y = std::min(y, Get(true, p, a - 2, b));
          if (b > 0) y = std::min(y, Get(true, p, a, b - 1));
          if (p > 0) y = std::min(y, Get(true, p - 1, a, b));
          if (p > 0 && a > 0) y = std::min(y, Get(true, p - 1, a - 1, b));
          At(false, p, a, b) = static_cast<int8_t>(y);
        }
  }
};
inline const CountingGame& GuaranteedTable() {
  static const CountingGame table;
  return table;
}

// Moves a player X is sure to make, X placing vertical dominoes on the
// free cells `free` (see ValueBounds): safe + G(blocks, linked, unlinked).
struct Guarantee {
  int safe;
  int moving_first;   // X to move
  int moving_second;  // Y to move
};
inline Guarantee GuaranteedMoves(uint64_t free) {
  const uint64_t theirs = free & (free >> 1) & kNotLastColumn;  // Y's placements (left cell)
  const uint64_t their_reach = theirs | theirs << 1;
  const uint64_t safe_tops = ColumnPairTops(free & ~their_reach);
  const uint64_t safe_cells = safe_tops | safe_tops << 8;
  // Protective blocks (top-left cell): a free 2x2 block with a wall, both
  // cells of the column on its left or on its right occupied (or off the
  // 8x8 frame; frame cells outside the board are set).
  const uint64_t occupied = ~free;
  const uint64_t occupied_pair = occupied & occupied >> 8;  // a cell and the one below
  const uint64_t left_wall = occupied_pair << 1 | kFirstColumn;
  const uint64_t right_wall = (occupied_pair >> 2 & 0x3F3F3F3F3F3F3F3Full) | 0x4040404040404040ull;
  uint64_t candidates =
      free & free >> 1 & free >> 8 & free >> 9 & kNotLastColumn & (left_wall | right_wall);
  uint64_t blocks = 0;
  int num_blocks = 0;
  for (; candidates != 0; candidates &= candidates - 1) {
    const uint64_t cells = uint64_t{0x303} << __builtin_ctzll(candidates);
    const uint64_t zone = cells | (cells << 1 & kNotFirstColumn) | (cells >> 1 & kNotLastColumn);
    if ((zone & blocks) == 0) {
      blocks |= cells;
      ++num_blocks;
    }
  }
  // Vulnerable placements, linked when a cell has a horizontal neighbour
  // in another structure (then one move of Y can spoil both).
  const uint64_t tops = ColumnPairTops(free & ~safe_cells & ~blocks);
  const uint64_t cells = tops | tops << 8;
  const uint64_t packed = cells | blocks;
  const uint64_t linked_cells =
      cells & ((packed << 1 & kNotFirstColumn) | (packed >> 1 & kNotLastColumn));
  const int linked = Popcount(tops & (linked_cells | linked_cells >> 8));
  const int unlinked = Popcount(tops) - linked;
  const int safe = Popcount(safe_tops);
  const auto& table = GuaranteedTable();
  return {safe, safe + table.Get(true, num_blocks, linked, unlinked),
          safe + table.Get(false, num_blocks, linked, unlinked)};
}

// The bounds of ValueBounds (above) for the player to move in `view`.
inline std::pair<Score, Score> BoundsOfView(uint64_t view) {
  const uint64_t free = ~view;                                  // frame cells are set: never free
  const uint64_t mine = free & free >> 8;                       // P's placements (top cell)
  const uint64_t theirs = free & (free >> 1) & kNotLastColumn;  // O's (left cell)
  const uint64_t my_reach = mine | mine << 8;
  const uint64_t their_reach = theirs | theirs << 1;
  const uint64_t both = my_reach & their_reach;
  const int usable = Popcount(my_reach | their_reach);
  const uint64_t free_t = Transpose(free);
  const Guarantee mine_count = GuaranteedMoves(free);
  const Guarantee their_count = GuaranteedMoves(free_t);
  const int k = (ColumnPairs(both) + 2) / 3, their_k = ColumnPairs(Transpose(both)) / 3;
  if (mine_count.moving_first > ColumnPairs(free_t) || 4 * mine_count.moving_first > usable ||
      2 * mine_count.safe + 4 * k >= Popcount(their_reach) + 2)
    return {kWinScore, kWinScore};
  if (their_count.moving_second >= ColumnPairs(free) ||
      4 * their_count.moving_second + 2 > usable ||
      2 * their_count.safe + 4 * their_k >= Popcount(my_reach))
    return {kLossScore, kLossScore};
  return {kLossScore, kWinScore};
}

}  // namespace gamebench::domineering

#endif  // GAMEBENCH_GAMES_DOMINEERING_DOMINEERING_BOUNDS_H_
