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
//
// Every rule is a template over the board word `Bits`: uint64_t for boards
// with w*(h+1) <= 64, Uint128 (core/game.h) for those up to 128. With
// uint64_t the code is what it was before the template (same instructions).

#include <cstdint>
#include <type_traits>

#include "core/game.h"

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
inline int PopCount(Uint128 b) {
  return PopCount(static_cast<uint64_t>(b)) + PopCount(static_cast<uint64_t>(b >> 64));
}

// For words with few bits (a player's threats: mostly 0 to 3), a bit at a
// time is cheaper than the 12-operation count without a popcount
// instruction.
template <typename Bits>
inline int SparsePopCount(Bits b) {
#ifdef __POPCNT__
  return PopCount(b);
#else
  int n = 0;
  for (; b; b &= b - 1) ++n;
  return n;
#endif
}

// Each rule below is written once over a height type `Height`: either int
// (any board) or std::integral_constant<int, 6> (the standard 7x6 board's
// height), in which case every shift amount is a constant the compiler folds
// into the instruction. The entry points at the bottom pick the constant
// form when h == 6: a branch the CPU predicts perfectly, against shifts by a
// register (an extra move into CL per distinct amount, no folding of the
// shift pairs) in the search's hottest functions.
using StandardHeight = std::integral_constant<int, 6>;

// The first cell (the lowest bit) of every four in a row of `cells` along
// `shift`.
template <typename Bits>
inline Bits FourStarts(Bits cells, int shift) {
  const Bits pairs = cells & (cells >> shift);
  return pairs & (pairs >> (2 * shift));
}

template <typename Bits, typename Height>
inline bool HasFourOf(Bits cells, Height height) {
  const int h = height;
  // horizontal, both diagonals, vertical
  return (FourStarts(cells, h + 1) | FourStarts(cells, h) | FourStarts(cells, h + 2) |
          FourStarts(cells, 1)) != 0;
}

template <typename Bits, typename Height>
inline Bits FourTopsOf(Bits cells, Height height) {
  const int h = height;
  return FourStarts(cells, h + 1) | FourStarts(cells, h) | (FourStarts(cells, h + 2) << 3 * (h + 2)) |
         (FourStarts(cells, 1) << 3);
}

template <typename Bits, typename Height>
inline Bits WinningCellsOf(Bits stones, Bits free, Height height) {
  const int h = height;
  Bits r = (stones << 1) & (stones << 2) & (stones << 3);  // vertical
  auto along = [&](int d) {                                    // horizontal, diagonals
    Bits p = (stones << d) & (stones << 2 * d);
    Bits q = (p & (stones << 3 * d)) | (p & (stones >> d));
    p = (stones >> d) & (stones >> 2 * d);
    return q | (p & (stones << d)) | (p & (stones >> 3 * d));
  };
  r |= along(h + 1) | along(h) | along(h + 2);
  return r & free;
}

// True when `cells` hold four in a row (Pons' alignment()).
template <typename Bits>
inline bool HasFour(Bits cells, int h) {
  return h == StandardHeight::value ? HasFourOf(cells, StandardHeight{}) : HasFourOf(cells, h);
}

// The highest cell of every four in a row of `cells` (for a horizontal
// four, all of its cells are equally high: its first). The up-right
// diagonal and the vertical rise from their first cell; the down-right
// diagonal falls from it.
template <typename Bits>
inline Bits FourTops(Bits cells, int h) {
  return h == StandardHeight::value ? FourTopsOf(cells, StandardHeight{}) : FourTopsOf(cells, h);
}

// The cells of `free` where `stones` would complete a four (Pons'
// compute_winning_position).
template <typename Bits>
inline Bits WinningCells(Bits stones, Bits free, int h) {
  return h == StandardHeight::value ? WinningCellsOf(stones, free, StandardHeight{})
                                    : WinningCellsOf(stones, free, h);
}

// The left-right mirror of a bitboard of w columns (each h + 1 bits).
template <typename Bits, typename Width, typename Height>
inline Bits MirrorOf(Bits b, Width width, Height height) {
  const int w = width, bits = height + 1;
  const Bits column = (Bits{1} << bits) - 1;
  Bits out = 0;
  for (int c = 0; c < w; ++c) out |= ((b >> (c * bits)) & column) << ((w - 1 - c) * bits);
  return out;
}
template <typename Bits>
inline Bits Mirror(Bits b, int w, int h) {
  return w == 7 && h == StandardHeight::value
             ? MirrorOf(b, std::integral_constant<int, 7>{}, StandardHeight{})
             : MirrorOf(b, w, h);
}

}  // namespace connect4
}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_CONNECT4_BITBOARD_H_
