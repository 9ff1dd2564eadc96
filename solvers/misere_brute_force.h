#ifndef GAMEBENCH_SOLVERS_MISERE_BRUTE_FORCE_H_
#define GAMEBENCH_SOLVERS_MISERE_BRUTE_FORCE_H_

// Misère play by plain search over positions (multisets of heaps of one or
// more rules), memoised: the definition, for tests and for the per-heap
// values of small heaps (solvers/misere_values.h). A position is a sorted
// list of (rule, heap) pairs; the empty position is an N-position (the
// player to move has no move, so the other player moved last and lost).
//
// MisereGrundy(x) is Conway's misère Grundy value G-(x): 1 for the empty
// position, else the mex of its options' values; x is a P-position iff it
// is 0. Nim heaps *1 and *2 can be added (the genus needs G-(x + 2 + ... + 2)),
// as counts: *1 + *1 = 0 in misère play (any G: G + *1 + *1 has G's outcome,
// by induction), so only the parity of *1s is kept.

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "core/heap_rule.h"

namespace gamebench {

class MisereSearch {
 public:
  explicit MisereSearch(std::vector<HeapRule> rules) : rules_(std::move(rules)) {}

  struct Position {
    std::vector<std::pair<int, int>> heaps;  // (rule, size > 0), sorted
    int twos = 0;                            // copies of *2
    int one = 0;                             // *1 or not
    bool operator==(const Position&) const = default;
    template <typename H>
    friend H AbslHashValue(H h, const Position& p) {
      return H::combine(std::move(h), p.heaps, p.twos, p.one);
    }
  };

  static Position Of(std::vector<std::pair<int, int>> heaps, int twos = 0, int one = 0) {
    std::erase_if(heaps, [](const std::pair<int, int>& rh) { return rh.second == 0; });
    std::sort(heaps.begin(), heaps.end());
    return {std::move(heaps), twos, one & 1};
  }

  // G-(x); a position is a P-position iff its value is 0. Recursion depth is
  // the length of play.
  int MisereGrundy(const Position& x) {
    if (auto it = memo_.find(x); it != memo_.end()) return it->second;
    std::vector<int> values;
    ForEachOption(x, [&](const Position& y) { values.push_back(MisereGrundy(y)); });
    int v = 1;  // no move
    if (!values.empty()) {
      std::sort(values.begin(), values.end());
      v = 0;
      for (int w : values)
        if (w == v) ++v;
        else if (w > v) break;
    }
    memo_.emplace(x, v);
    return v;
  }
  bool IsP(const Position& x) { return MisereGrundy(x) == 0; }
  size_t positions() const { return memo_.size(); }

  template <typename Fn>
  void ForEachOption(const Position& x, Fn&& fn) const {
    for (size_t i = 0; i < x.heaps.size(); ++i) {
      if (i > 0 && x.heaps[i] == x.heaps[i - 1]) continue;
      // Plain variables, not a structured binding: clang 14 (the sanitizer
      // builds) does not let a lambda capture a binding.
      const int r = x.heaps[i].first, h = x.heaps[i].second;
      rules_[r].ForEachOption(h, [&](int a, int b) {
        std::vector<std::pair<int, int>> rest = x.heaps;
        rest.erase(rest.begin() + static_cast<long>(i));
        if (a > 0) rest.push_back({r, a});
        if (b > 0) rest.push_back({r, b});
        fn(Of(std::move(rest), x.twos, x.one));
      });
    }
    if (x.twos > 0) {
      fn(Position{x.heaps, x.twos - 1, x.one ^ 1});  // *2 -> *1
      fn(Position{x.heaps, x.twos - 1, x.one});      // *2 -> 0
    }
    if (x.one) fn(Position{x.heaps, x.twos, 0});
  }

 private:
  std::vector<HeapRule> rules_;
  absl::flat_hash_map<Position, int> memo_;
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_MISERE_BRUTE_FORCE_H_
