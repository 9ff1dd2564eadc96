#ifndef GAMEBENCH_GAMES_CONNECT4_BITBOARD_H_
#define GAMEBENCH_GAMES_CONNECT4_BITBOARD_H_

// Four-in-a-row on John Tromp's and Pascal Pons' column bitboard: bit
// c*(h+1) + r is column c, row r (row 0 at the bottom), with a spare bit
// above each column so that shifts that run over a column's top never reach
// the next column's stones. Shared by the rules (connect4.h) and the static
// rules built on them (even_threats.h).
//
// The four directions are the shifts 1 (vertical), h+1 (horizontal), h+2
// (up-right diagonal) and h (down-right diagonal).

#include <cstdint>

namespace gamebench {
namespace connect4 {

// The number of set bits, inline: the portable build has no popcount
// instruction, and __builtin_popcountll then calls libgcc in the hot loop.
inline int PopCount(uint64_t b) {
#ifdef __POPCNT__
  return __builtin_popcountll(b);
#else
  b -= (b >> 1) & 0x5555555555555555ull;
  b = (b & 0x3333333333333333ull) + ((b >> 2) & 0x3333333333333333ull);
  b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<int>((b * 0x0101010101010101ull) >> 56);
#endif
}

// The first cell (the lowest bit) of every four in a row of `cells` along
// `shift`.
inline uint64_t FourStarts(uint64_t cells, int shift) {
  const uint64_t pairs = cells & (cells >> shift);
  return pairs & (pairs >> (2 * shift));
}

// True when `cells` hold four in a row (Pons' alignment()).
inline bool HasFour(uint64_t cells, int h) {
  for (int shift : {h + 1, h, h + 2, 1})  // horizontal, both diagonals, vertical
    if (FourStarts(cells, shift)) return true;
  return false;
}

// The highest cell of every four in a row of `cells` (for a horizontal
// four, all of its cells are equally high: its first). The up-right
// diagonal and the vertical rise from their first cell; the down-right
// diagonal falls from it.
inline uint64_t FourTops(uint64_t cells, int h) {
  return FourStarts(cells, h + 1) | FourStarts(cells, h) | (FourStarts(cells, h + 2) << 3 * (h + 2)) |
         (FourStarts(cells, 1) << 3);
}

// The cells of `free` where `stones` would complete a four (Pons'
// compute_winning_position).
inline uint64_t WinningCells(uint64_t stones, uint64_t free, int h) {
  uint64_t r = (stones << 1) & (stones << 2) & (stones << 3);  // vertical
  for (int d : {h + 1, h, h + 2}) {                              // horizontal, diagonals
    uint64_t p = (stones << d) & (stones << 2 * d);
    r |= p & (stones << 3 * d);
    r |= p & (stones >> d);
    p = (stones >> d) & (stones >> 2 * d);
    r |= p & (stones << d);
    r |= p & (stones >> 3 * d);
  }
  return r & free;
}

}  // namespace connect4
}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_CONNECT4_BITBOARD_H_
