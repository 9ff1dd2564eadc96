#include "solvers/bipartite_monoid.h"

#include <unordered_map>

#include "absl/container/flat_hash_map.h"
#include "absl/hash/hash.h"

namespace gamebench {

uint32_t BipartiteMonoid::PCount() const {
  uint32_t n = 0;
  for (bool b : p_) n += b;
  return n;
}

std::vector<uint64_t> BipartiteMonoid::Shadow(uint32_t x) const {
  std::vector<uint64_t> bits((size_ + 63) / 64, 0);
  for (uint32_t z = 0; z < size_; ++z)
    if (p_[Mul(x, z)]) bits[z / 64] |= uint64_t{1} << (z % 64);
  return bits;
}

std::vector<uint32_t> IndistinguishabilityClasses(
    uint32_t count, const std::function<bool(uint32_t)>& in_p,
    const std::vector<std::function<uint32_t(uint32_t)>>& next) {
  // Successors once, so that each round is table look-ups.
  std::vector<std::vector<uint32_t>> succ(next.size(), std::vector<uint32_t>(count));
  for (size_t g = 0; g < next.size(); ++g)
    for (uint32_t e = 0; e < count; ++e) succ[g][e] = next[g](e);
  std::vector<uint32_t> cls(count);
  // Round 0: the identity's class first, so that it is numbered 0.
  const bool p0 = in_p(0);
  uint32_t classes = 1;
  for (uint32_t e = 0; e < count; ++e) {
    cls[e] = in_p(e) == p0 ? 0 : 1;
    if (cls[e] == 1) classes = 2;
  }
  std::vector<uint32_t> key(next.size() + 1);
  while (true) {
    absl::flat_hash_map<std::vector<uint32_t>, uint32_t> ids;
    std::vector<uint32_t> refined(count);
    for (uint32_t e = 0; e < count; ++e) {
      key[0] = cls[e];
      for (size_t g = 0; g < next.size(); ++g) key[g + 1] = cls[succ[g][e]];
      auto [it, inserted] = ids.try_emplace(key, static_cast<uint32_t>(ids.size()));
      refined[e] = it->second;
    }
    const uint32_t now = static_cast<uint32_t>(ids.size());
    cls.swap(refined);
    if (now == classes) break;  // a refinement that splits nothing is final
    classes = now;
  }
  return cls;
}

}  // namespace gamebench
