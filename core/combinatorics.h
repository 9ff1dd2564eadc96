#ifndef GAMEBENCH_CORE_COMBINATORICS_H_
#define GAMEBENCH_CORE_COMBINATORICS_H_

// Binomial coefficients and the combinatorial number system (colex ranks of
// k-subsets), for the dense per-tier indices of the Tiered games
// (core/game.h): a position is ranked by which cells are occupied and by which
// of the occupied cells belong to one player.

#include <array>
#include <bit>
#include <cstdint>

namespace gamebench {

inline constexpr int kMaxBinomial = 64;

// C(a, k) for 0 <= a, k <= 64; saturates at UINT64_MAX (C(64, 32) ~ 1.8e18
// fits; nothing larger is asked for).
struct BinomialTable64 {
  std::array<std::array<uint64_t, kMaxBinomial + 1>, kMaxBinomial + 1> c{};
  constexpr BinomialTable64() {
    for (int a = 0; a <= kMaxBinomial; ++a) {
      c[a][0] = 1;
      for (int k = 1; k <= a; ++k) c[a][k] = c[a - 1][k - 1] + c[a - 1][k];
    }
  }
};
inline constexpr BinomialTable64 kBinomial64{};
inline constexpr uint64_t Binomial(int a, int k) {
  return k < 0 || k > a ? 0 : kBinomial64.c[a][k];
}

// Colex rank of a set given as a bit word: the i-th set bit (from 1, lowest
// first) at position p adds C(p, i). Ranks of k-subsets are 0 .. C(n, k)-1 in
// any universe of n >= the highest bit + 1.
inline uint64_t ColexRank(uint64_t set) {
  uint64_t rank = 0;
  for (int i = 1; set; set &= set - 1, ++i) rank += Binomial(std::countr_zero(set), i);
  return rank;
}

// The k-subset of colex rank `rank` (inverse of ColexRank), among n positions.
inline uint64_t ColexUnrank(uint64_t rank, int k, int n) {
  uint64_t set = 0;
  int p = n - 1;
  for (int i = k; i >= 1; --i) {
    while (Binomial(p, i) > rank) --p;
    rank -= Binomial(p, i);
    set |= uint64_t{1} << p;
    --p;
  }
  return set;
}

// The bits of `x` at the positions of `mask`'s set bits, packed to the low
// end (BMI2's PEXT, portable), and its inverse.
inline uint64_t PackBits(uint64_t x, uint64_t mask) {
  uint64_t out = 0;
  for (int i = 0; mask; mask &= mask - 1, ++i)
    if (x & mask & -mask) out |= uint64_t{1} << i;
  return out;
}
inline uint64_t UnpackBits(uint64_t packed, uint64_t mask) {
  uint64_t out = 0;
  for (int i = 0; mask; mask &= mask - 1, ++i)
    if (packed >> i & 1) out |= mask & -mask;
  return out;
}

// A two-player board with t occupied cells out of n, floor(t/2) of them the
// second player's: ranked as the occupied set (colex among the n cells) times
// C(t, floor(t/2)), plus the second player's cells among the occupied ones.
// Dense: the ranks of a tier are exactly 0 .. C(n, t) * C(t, floor(t/2)) - 1.
inline uint64_t SplitSetCount(int n, int t) { return Binomial(n, t) * Binomial(t, t / 2); }
inline uint64_t SplitSetRank(uint64_t occupied, uint64_t second) {
  const int t = std::popcount(occupied);
  return ColexRank(occupied) * Binomial(t, t / 2) + ColexRank(PackBits(second, occupied));
}
struct SplitSet {
  uint64_t occupied, second;
};
inline SplitSet SplitSetUnrank(uint64_t rank, int t, int n) {
  const uint64_t colourings = Binomial(t, t / 2);
  const uint64_t occupied = ColexUnrank(rank / colourings, t, n);
  return {occupied, UnpackBits(ColexUnrank(rank % colourings, t / 2, t), occupied)};
}

}  // namespace gamebench

#endif  // GAMEBENCH_CORE_COMBINATORICS_H_
