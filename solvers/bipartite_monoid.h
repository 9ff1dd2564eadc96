#ifndef GAMEBENCH_SOLVERS_BIPARTITE_MONOID_H_
#define GAMEBENCH_SOLVERS_BIPARTITE_MONOID_H_

// A finite commutative monoid with a distinguished subset P (a "bipartite
// monoid", Plambeck and Siegel, "Misère quotients for impartial games",
// JCTA 2008): the form in which a misère quotient is held. Elements are
// 0 .. size()-1, 0 being the identity; the product is a full table (4 bytes
// an entry, size()^2 entries: the memory the quotient costs), and P is the
// set of elements whose positions are misère P-positions (lost for the
// player to move).
//
// Reduce() merges indistinguishable elements: x ~ y iff for every z, xz and
// yz are both in P or both not (the quotient of an unreduced bipartite
// monoid by that relation is the misère quotient, Plambeck–Siegel §3).
// Since every element here is a product of generators, that relation is
// the Myhill–Nerode equivalence of the automaton "multiply by a
// generator", found by Moore's partition refinement.

#include <cstdint>
#include <functional>
#include <vector>

namespace gamebench {

class BipartiteMonoid {
 public:
  BipartiteMonoid() : BipartiteMonoid(1) {}
  explicit BipartiteMonoid(uint32_t size)
      : size_(size), table_(static_cast<size_t>(size) * size, 0), p_(size, false) {}

  uint32_t size() const { return size_; }
  uint32_t Mul(uint32_t x, uint32_t y) const { return table_[static_cast<size_t>(x) * size_ + y]; }
  void SetMul(uint32_t x, uint32_t y, uint32_t z) { table_[static_cast<size_t>(x) * size_ + y] = z; }
  bool InP(uint32_t x) const { return p_[x]; }
  void SetP(uint32_t x, bool p) { p_[x] = p; }
  uint32_t PCount() const;
  // Bytes the table of a monoid of n elements takes.
  static uint64_t TableBytes(uint64_t n) { return n * n * 4 + n; }

  // The P-shadow of x: the z with xz in P, as 64-bit words.
  std::vector<uint64_t> Shadow(uint32_t x) const;

  bool operator==(const BipartiteMonoid&) const = default;

 private:
  uint32_t size_;
  std::vector<uint32_t> table_;
  std::vector<bool> p_;
};

// The classes of Moore's refinement of `count` elements (element 0 the
// identity) under the maps `next[g](e)` (multiplication by generator g),
// starting from the partition by `in_p`: class[e], numbered from 0 in order
// of first appearance (so the identity's class is 0). Two elements share a
// class iff no sequence of generators leads one into P and the other out.
std::vector<uint32_t> IndistinguishabilityClasses(
    uint32_t count, const std::function<bool(uint32_t)>& in_p,
    const std::vector<std::function<uint32_t(uint32_t)>>& next);

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_BIPARTITE_MONOID_H_
