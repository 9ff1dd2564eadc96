#ifndef GAMEBENCH_GAMES_DOMINEERING_DOMINEERING_BITS_H_
#define GAMEBENCH_GAMES_DOMINEERING_DOMINEERING_BITS_H_

// The bit tricks of Domineering (games/domineering/domineering.h) on an 8x8
// frame, bit 8*r + c for row r and column c: the transpose that turns the
// board into the next player's view, population counts, pairs of adjacent
// cells along the lines, and the mirror images. Shared by the game, its move
// ordering and its bounds (domineering_bounds.h).

#include <array>
#include <cstdint>

namespace gamebench::domineering {

inline constexpr uint64_t kFirstColumn = 0x0101010101010101ull;
inline constexpr uint64_t kNotFirstColumn = ~kFirstColumn;
inline constexpr uint64_t kNotLastColumn = 0x7F7F7F7F7F7F7F7Full;

// x and its orthogonal neighbours within the frame (no wrap between rows).
inline uint64_t Grow(uint64_t x) {
  return x | x << 8 | x >> 8 | ((x << 1) & kNotFirstColumn) | ((x >> 1) & kNotLastColumn);
}

// The 8x8 transpose: (r, c) -> (c, r) (three delta swaps).
inline uint64_t Transpose(uint64_t x) {
  uint64_t t;
  t = 0x0F0F0F0F00000000ull & (x ^ (x << 28));
  x ^= t ^ (t >> 28);
  t = 0x3333000033330000ull & (x ^ (x << 14));
  x ^= t ^ (t >> 14);
  t = 0x5500550055005500ull & (x ^ (x << 7));
  x ^= t ^ (t >> 7);
  return x;
}

// Without -mpopcnt, __builtin_popcountll is a library call: a few
// bit steps are faster in the static proof's hot loop.
inline int Popcount(uint64_t x) {
#ifdef __POPCNT__
  return __builtin_popcountll(x);
#else
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<int>((x * 0x0101010101010101ull) >> 56);
#endif
}

// The upper cells of the most disjoint vertical pairs of cells of x:
// floor(length / 2) pairs per run of x down each column (a greedy pairing
// from the top, all eight columns at once).
inline uint64_t ColumnPairTops(uint64_t x) {
  uint64_t tops = 0;
  uint64_t open = 0;  // columns whose cell in the previous row is in x and unpaired
  for (int r = 0; r < 8; ++r) {
    const uint64_t row = (x >> (8 * r)) & 0xFF;
    const uint64_t paired = open & row;
    if (r > 0) tops |= paired << (8 * (r - 1));
    open = row & ~paired;
  }
  return tops;
}
// How many of those pairs.
inline int ColumnPairs(uint64_t x) { return Popcount(ColumnPairTops(x)); }

// Most disjoint pairs of adjacent cells of x on one line: floor(length / 2)
// summed over the runs (a table over the 8 cells; a line reversed has the
// same runs).
inline int LinePairs(unsigned line) {
  static constexpr auto kTable = [] {
    std::array<int8_t, 256> t{};
    for (int x = 0; x < 256; ++x) {
      int pairs = 0, run = 0;
      for (int i = 0; i <= 8; ++i) {
        if (i < 8 && (x >> i & 1)) {
          ++run;
        } else {
          pairs += run / 2;
          run = 0;
        }
      }
      t[static_cast<size_t>(x)] = static_cast<int8_t>(pairs);
    }
    return t;
  }();
  return kTable[line];
}
inline int RowLinePairs(uint64_t x, int r) { return LinePairs((x >> (8 * r)) & 0xFF); }
inline int ColumnLinePairs(uint64_t x, int c) {
  // The column's bits gathered into one byte (row i to bit i).
  return LinePairs(static_cast<unsigned>(((x >> c) & kFirstColumn) * 0x0102040810204080ull >> 56));
}

// Mirrors columns 0..n-1 of each row (bits outside them must be clear).
inline uint64_t FlipColumns(uint64_t x, int n) {
  // Reverse the bits of every byte, then shift the row back to column 0.
  x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
  const uint64_t low = 0x0101010101010101ull * ((1u << n) - 1);
  return (x >> (8 - n)) & low;
}
// Mirrors rows 0..n-1 (bits outside them must be clear).
inline uint64_t FlipRows(uint64_t x, int n) { return __builtin_bswap64(x) >> (8 * (8 - n)); }

}  // namespace gamebench::domineering

#endif  // GAMEBENCH_GAMES_DOMINEERING_DOMINEERING_BITS_H_
