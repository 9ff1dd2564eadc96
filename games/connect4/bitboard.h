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
#include <type_traits>

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
inline uint64_t FourStarts(uint64_t cells, int shift) {
  const uint64_t pairs = cells & (cells >> shift);
  return pairs & (pairs >> (2 * shift));
}

template <typename Height>
inline bool HasFourOf(uint64_t cells, Height height) {
  const int h = height;
  // horizontal, both diagonals, vertical
  return (FourStarts(cells, h + 1) | FourStarts(cells, h) | FourStarts(cells, h + 2) |
          FourStarts(cells, 1)) != 0;
}

template <typename Height>
inline uint64_t FourTopsOf(uint64_t cells, Height height) {
  const int h = height;
  return FourStarts(cells, h + 1) | FourStarts(cells, h) | (FourStarts(cells, h + 2) << 3 * (h + 2)) |
         (FourStarts(cells, 1) << 3);
}

template <typename Height>
inline uint64_t WinningCellsOf(uint64_t stones, uint64_t free, Height height) {
  const int h = height;
  uint64_t r = (stones << 1) & (stones << 2) & (stones << 3);  // vertical
  auto along = [&](int d) {                                    // horizontal, diagonals
    uint64_t p = (stones << d) & (stones << 2 * d);
    uint64_t q = (p & (stones << 3 * d)) | (p & (stones >> d));
    p = (stones >> d) & (stones >> 2 * d);
    return q | (p & (stones << d)) | (p & (stones >> 3 * d));
  };
  r |= along(h + 1) | along(h) | along(h + 2);
  return r & free;
}

// True when `cells` hold four in a row (Pons' alignment()).
inline bool HasFour(uint64_t cells, int h) {
  return h == StandardHeight::value ? HasFourOf(cells, StandardHeight{}) : HasFourOf(cells, h);
}

// The highest cell of every four in a row of `cells` (for a horizontal
// four, all of its cells are equally high: its first). The up-right
// diagonal and the vertical rise from their first cell; the down-right
// diagonal falls from it.
inline uint64_t FourTops(uint64_t cells, int h) {
  return h == StandardHeight::value ? FourTopsOf(cells, StandardHeight{}) : FourTopsOf(cells, h);
}

// The cells of `free` where `stones` would complete a four (Pons'
// compute_winning_position).
inline uint64_t WinningCells(uint64_t stones, uint64_t free, int h) {
  return h == StandardHeight::value ? WinningCellsOf(stones, free, StandardHeight{})
                                    : WinningCellsOf(stones, free, h);
}

// The left-right mirror of a bitboard of w columns (each h + 1 bits).
template <typename Width, typename Height>
inline uint64_t MirrorOf(uint64_t b, Width width, Height height) {
  const int w = width, bits = height + 1;
  const uint64_t column = (uint64_t{1} << bits) - 1;
  uint64_t out = 0;
  for (int c = 0; c < w; ++c) out |= ((b >> (c * bits)) & column) << ((w - 1 - c) * bits);
  return out;
}
inline uint64_t Mirror(uint64_t b, int w, int h) {
  return w == 7 && h == StandardHeight::value
             ? MirrorOf(b, std::integral_constant<int, 7>{}, StandardHeight{})
             : MirrorOf(b, w, h);
}

}  // namespace connect4
}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_CONNECT4_BITBOARD_H_
