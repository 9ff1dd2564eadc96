#ifndef GAMEBENCH_GAMES_SIM_SIM_TABLES_H_
#define GAMEBENCH_GAMES_SIM_SIM_TABLES_H_

// Sim's tables (games/sim/sim.h), built at compile time: the edges' end
// points and the triangles through each edge, a one-lookup triangle test for
// the edges of K6, and the powers of 3 of the index. Apart from the game so
// that its header reads as rules.

#include <array>
#include <cstdint>

#include "games/sim/sim_canonical.h"

namespace gamebench {

namespace sim_internal {

inline constexpr int kMaxEdges = kMaxPoints * (kMaxPoints - 1) / 2;
inline constexpr int kMaxTriangles = kMaxPoints * (kMaxPoints - 1) * (kMaxPoints - 2) / 6;

constexpr int EdgeIndex(int i, int j) { return i < j ? j * (j - 1) / 2 + i : i * (i - 1) / 2 + j; }

struct Tables {
  std::array<uint8_t, kMaxEdges> lo{}, hi{};  // endpoints, lo < hi
  // For edge (i, j) and each other point k in increasing order: the mask of
  // edges ik and jk. The k < n come first, so a game on n points reads the
  // first n - 2.
  std::array<std::array<uint32_t, kMaxPoints - 2>, kMaxEdges> pair{};
  std::array<std::array<uint8_t, kMaxPoints - 2>, kMaxEdges> third{};  // the k of each pair
  // Triangle masks in colex order: those on the first n points come first.
  std::array<uint32_t, kMaxTriangles> triangle{};
  std::array<uint32_t, kMaxPoints> star{};  // the edges at each point
};

constexpr Tables MakeTables() {
  Tables t;
  for (int j = 1; j < kMaxPoints; ++j)
    for (int i = 0; i < j; ++i) {
      int e = EdgeIndex(i, j);
      t.lo[e] = static_cast<uint8_t>(i);
      t.hi[e] = static_cast<uint8_t>(j);
      t.star[i] |= uint32_t{1} << e;
      t.star[j] |= uint32_t{1} << e;
      int c = 0;
      for (int k = 0; k < kMaxPoints; ++k) {
        if (k == i || k == j) continue;
        t.pair[e][c] = (uint32_t{1} << EdgeIndex(i, k)) | (uint32_t{1} << EdgeIndex(j, k));
        t.third[e][c] = static_cast<uint8_t>(k);
        ++c;
      }
    }
  int c = 0;
  for (int k = 2; k < kMaxPoints; ++k)
    for (int j = 1; j < k; ++j)
      for (int i = 0; i < j; ++i)
        t.triangle[c++] = (uint32_t{1} << EdgeIndex(i, j)) | (uint32_t{1} << EdgeIndex(i, k)) |
                          (uint32_t{1} << EdgeIndex(j, k));
  return t;
}

inline constexpr Tables kTables = MakeTables();

// Whether a mask of the first 15 edges (those of K6) holds a triangle, one
// bit per mask: the masks of K3..K6, and small masks of larger n, in one
// lookup instead of a scan of the triangles.
inline constexpr int kSmallEdges = 15;
struct SmallTriangleTable {
  std::array<uint64_t, (1 << kSmallEdges) / 64> bits{};
  constexpr SmallTriangleTable() {
    for (uint32_t m = 1; m < (uint32_t{1} << kSmallEdges); ++m) {
      int e = 31 - __builtin_clz(m);
      uint32_t rest = m ^ (uint32_t{1} << e);
      bool has = bits[rest >> 6] >> (rest & 63) & 1;
      for (int c = 0; c < kMaxPoints - 2 && !has; ++c)
        has = (rest & kTables.pair[e][c]) == kTables.pair[e][c];
      if (has) bits[m >> 6] |= uint64_t{1} << (m & 63);
    }
  }
};
inline constexpr SmallTriangleTable kSmallTriangles{};

// Powers of 3, and the base-3 value of each 8-bit mask (bit i = digit i set
// to 1), for Index; the red and blue masks of each 5-digit block, for
// Unindex.
struct Base3Tables {
  std::array<uint64_t, kMaxEdges + 1> pow3{};
  std::array<uint16_t, 256> byte_value{};
  std::array<uint8_t, 243> red5{}, blue5{};
  constexpr Base3Tables() {
    pow3[0] = 1;
    for (int e = 1; e <= kMaxEdges; ++e) pow3[e] = pow3[e - 1] * 3;
    for (int m = 0; m < 256; ++m)
      for (int i = 0; i < 8; ++i)
        if (m >> i & 1) byte_value[m] = static_cast<uint16_t>(byte_value[m] + pow3[i]);
    for (int v = 0; v < 243; ++v)
      for (int i = 0, x = v; i < 5; ++i, x /= 3) {
        if (x % 3 == 1) red5[v] = static_cast<uint8_t>(red5[v] | 1 << i);
        if (x % 3 == 2) blue5[v] = static_cast<uint8_t>(blue5[v] | 1 << i);
      }
  }
};
inline constexpr Base3Tables kBase3{};

}  // namespace sim_internal

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_SIM_SIM_TABLES_H_
