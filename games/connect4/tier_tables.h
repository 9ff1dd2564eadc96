#ifndef GAMEBENCH_GAMES_CONNECT4_TIER_TABLES_H_
#define GAMEBENCH_GAMES_CONNECT4_TIER_TABLES_H_

// The counts behind Connect4's tier index (connect4.h, [Tiered]).

#include <cstdint>
#include <vector>

namespace gamebench {
namespace connect4 {

// Counts of column-height vectors: Vectors(k, s) of length k with heights
// 0..h summing to s; Before(k, s, v) = sum over u < v of Vectors(k, s - u),
// the vectors a column of height below v ranks before.
class TierTables {
 public:
  TierTables(int w, int h) : h_(h), sums_(w * h + 1) {
    vectors_.assign((w + 1) * sums_, 0);
    before_.assign((w + 1) * sums_ * (h + 2), 0);
    vectors_[0] = 1;
    for (int k = 1; k <= w; ++k)
      for (int s = 0; s < sums_; ++s)
        for (int v = 0; v <= h && v <= s; ++v) vectors_[k * sums_ + s] += vectors_[(k - 1) * sums_ + s - v];
    for (int k = 0; k <= w; ++k)
      for (int s = 0; s < sums_; ++s)
        for (int v = 1; v <= h + 1; ++v)
          before_[(k * sums_ + s) * (h + 2) + v] =
              before_[(k * sums_ + s) * (h + 2) + v - 1] +
              (s - (v - 1) >= 0 ? vectors_[k * sums_ + s - (v - 1)] : 0);
  }
  uint64_t Vectors(int k, int s) const { return s < 0 || s >= sums_ ? 0 : vectors_[k * sums_ + s]; }
  uint64_t Before(int k, int s, int v) const { return before_[(k * sums_ + s) * (h_ + 2) + v]; }

 private:
  int h_, sums_;
  std::vector<uint64_t> vectors_, before_;
};


}  // namespace connect4
}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_CONNECT4_TIER_TABLES_H_
