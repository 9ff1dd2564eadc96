#ifndef GAMEBENCH_GAMES_SIM_SIM_CANONICAL_H_
#define GAMEBENCH_GAMES_SIM_SIM_CANONICAL_H_

// The canonical form of a 2-coloured graph on at most 8 points under the
// relabellings of its points, for Sim's symmetry (games/sim/sim.h): the
// relabelling whose edge code is smallest. Why a search rather than trying
// all n! relabellings: 8! = 40320 per position is too slow for a
// transposition table keyed by canonical form.
//
// Step 1 refines the points by colour degrees and neighbour-cell counts
// (1-dimensional Weisfeiler-Lehman with edge colours) to an ordered
// partition; step 2 searches only the relabellings consistent with it,
// pruning non-minimal prefixes and interchangeable twin points.

#include <array>
#include <cstdint>
#include <utility>

namespace gamebench {
namespace sim_internal {

inline constexpr int kMaxPoints = 8;

class GraphCanonicaliser {
 public:
  // n points; red[p] and blue[p]: the points joined to p by a red / blue edge.
  GraphCanonicaliser(int n, const std::array<uint8_t, kMaxPoints>& red,
                     const std::array<uint8_t, kMaxPoints>& blue)
      : n_(n), num_edges_(n * (n - 1) / 2), red_(red), blue_(blue) {}

  // The smallest code over the relabellings: the colours (0 none, 1 red,
  // 2 blue) of the edges in index (colex) order, 2 bits each, the first edge
  // most significant.
  uint64_t SmallestCode() {
    Refine();
    // The points of each cell, and the cell each position belongs to.
    for (int p = 0; p < n_; ++p) {
      const int v = order_[p];
      cell_members_[cell_[v]] |= static_cast<uint8_t>(1 << v);
      cell_at_[p] = cell_[v];
    }
    Search(0, 0, 0);
    return best_;
  }

 private:
  int Colour(int a, int b) const { return (red_[a] >> b & 1) ? 1 : ((blue_[a] >> b & 1) ? 2 : 0); }

  // Step 1: equitable refinement. Starting from one cell, each round
  // splits cells by the counts of red and blue neighbours in every cell;
  // cells are ordered by (old cell, counts), so the order is
  // isomorphism-invariant. Stops when a round splits nothing.
  void Refine() {
    for (int v = 0; v < n_; ++v) {
      cell_[v] = 0;
      order_[v] = v;
    }
    int num_cells = 1;
    while (num_cells < n_) {
      std::array<uint64_t, kMaxPoints> sig{};
      for (int v = 0; v < n_; ++v) {
        uint64_t x = static_cast<uint64_t>(cell_[v]) << 48;
        for (int u = 0; u < n_; ++u) {
          int c = Colour(v, u);
          if (c) x += uint64_t{1} << (3 * (2 * cell_[u] + c - 1));
        }
        sig[v] = x;
      }
      // Insertion sort of the points by signature (stable: ties keep order).
      for (int i = 1; i < n_; ++i)
        for (int j = i; j > 0 && sig[order_[j - 1]] > sig[order_[j]]; --j)
          std::swap(order_[j - 1], order_[j]);
      int cells = 0;
      for (int i = 0; i < n_; ++i) {
        if (i > 0 && sig[order_[i]] != sig[order_[i - 1]]) ++cells;
        cell_[order_[i]] = static_cast<uint8_t>(cells);
      }
      ++cells;
      if (cells == num_cells) break;
      num_cells = cells;
    }
  }

  // Step 2: place points at positions 0, 1, ... in turn, each from the
  // cell that owns the position. Placing point v at position p appends the
  // colours of (0,p), ..., (p-1,p) to the code (colex order), so only the
  // candidates with the smallest such block can lead to the minimum, and a
  // prefix above the best code's prefix is cut. Of twin candidates (same
  // colours to every other point) only one is tried: swapping them is an
  // automorphism that fixes the points already placed.
  void Search(int p, uint64_t code, uint8_t used) {
    if (p == n_) {
      if (!have_best_ || code < best_) {
        best_ = code;
        have_best_ = true;
      }
      return;
    }
    std::array<uint64_t, kMaxPoints> block{};
    uint64_t min_block = ~uint64_t{0};
    uint8_t candidates = cell_members_[cell_at_[p]] & static_cast<uint8_t>(~used);
    for (uint8_t m = candidates; m; m &= m - 1) {
      const int v = __builtin_ctz(m);
      uint64_t b = 0;
      for (int q = 0; q < p; ++q) b = b << 2 | static_cast<uint64_t>(Colour(placed_[q], v));
      block[v] = b;
      if (b < min_block) min_block = b;
    }
    const uint64_t next = code << (2 * p) | min_block;
    if (have_best_) {
      const int shift = 2 * (num_edges_ - p * (p + 1) / 2);
      const uint64_t best_prefix = best_ >> shift;
      if (next > best_prefix) return;
    }
    uint8_t tried = 0;
    for (uint8_t m = candidates; m; m &= m - 1) {
      const int v = __builtin_ctz(m);
      if (block[v] != min_block) continue;
      bool twin = false;
      for (uint8_t t = tried; t && !twin; t &= t - 1) {
        const int u = __builtin_ctz(t);
        const uint8_t both = static_cast<uint8_t>((1 << u) | (1 << v));
        twin = (red_[u] & ~both) == (red_[v] & ~both) && (blue_[u] & ~both) == (blue_[v] & ~both);
      }
      if (twin) continue;
      tried |= static_cast<uint8_t>(1 << v);
      placed_[p] = v;
      Search(p + 1, next, static_cast<uint8_t>(used | (1 << v)));
    }
  }

  const int n_;
  const int num_edges_;
  std::array<uint8_t, kMaxPoints> red_{}, blue_{};  // neighbour masks
  std::array<uint8_t, kMaxPoints> cell_{};          // cell of each point
  std::array<int, kMaxPoints> order_{};             // points sorted by cell
  std::array<uint8_t, kMaxPoints> cell_members_{};  // points of each cell
  std::array<uint8_t, kMaxPoints> cell_at_{};       // cell owning each position
  std::array<int, kMaxPoints> placed_{};
  uint64_t best_ = 0;
  bool have_best_ = false;
};

}  // namespace sim_internal
}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_SIM_SIM_CANONICAL_H_
