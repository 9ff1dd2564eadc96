// ctest cost: 5 (seconds, about: CTest starts costly tests first, CMakeLists.txt)
// Kayles' misère quotient (|Q| = 40, |P| = 9 for heaps 1..30 in this
// build; an earlier session remembered 48, with no source) checked against a
// search that shares nothing with the quotient code: its own move rule
// (Kayles by its definition, not HeapRule's octal digits) and its own
// memoised outcome search.
//   - random misère sums of 5 to 8 heaps of sizes up to 30: the quotient's
//     outcome against search;
//   - the classes are pairwise distinguishable: for each pair, a sum z with
//     o-(x + z) != o-(y + z) by search alone, x and y the classes'
//     representatives. Positions of A_30 pairwise distinguishable by search
//     bound |Q_30| from below whatever the quotient code does; the
//     quotient's exact check bounds it from above. In CI: 752 of the 780
//     pairs; the 28 pairs among the 8 classes with a heap of 27 need sums
//     of 54+ pins, so that test runs on demand (it passed on 2026-12-05:
//     all 780 pairs told apart, |Q_30| >= 40 by search alone).
// docs/misere.md says what this shows and what it does not.

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <map>
#include <utility>
#include <random>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "gtest/gtest.h"
#include "solvers/misere_quotient.h"
#include "tests/sanitized.h"

namespace gamebench {
namespace {

using testing::Sanitized;

// Misère outcome of a sum of Kayles rows by plain search. A row of n pins
// loses 1 or 2 adjacent pins, leaving rows a and b with a + b = n - 1 or
// n - 2 (a or b may be 0). Only the outcome is kept, so a position's search
// stops at its first P-option; that is what lets sums of ~50 pins finish.
class KaylesMisereSearch {
 public:
  // Whether the player to move loses (the last player to move loses).
  bool IsP(std::vector<int> rows) {
    std::erase(rows, 0);
    std::sort(rows.begin(), rows.end());
    return IsPSorted(rows);
  }
  size_t positions() const { return memo_.size(); }

 private:
  // Key: (size, count) bytes per distinct row size: short enough for the
  // string's inline buffer on most positions.
  static std::string Key(const std::vector<int>& rows) {
    std::string key;
    for (size_t i = 0; i < rows.size();) {
      size_t j = i;
      while (j < rows.size() && rows[j] == rows[i]) ++j;
      key.push_back(static_cast<char>(rows[i]));
      key.push_back(static_cast<char>(j - i));
      i = j;
    }
    return key;
  }

  bool IsPSorted(const std::vector<int>& rows) {
    if (rows.empty()) return false;  // no move: the other player moved last and lost
    std::string key = Key(rows);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool p = true;
    for (size_t i = 0; i < rows.size() && p; ++i) {
      if (i > 0 && rows[i] == rows[i - 1]) continue;
      const int n = rows[i];
      for (int take = 1; take <= 2 && take <= n && p; ++take)
        for (int a = 0; a <= (n - take) / 2 && p; ++a) {
          std::vector<int> next = rows;
          next.erase(next.begin() + static_cast<long>(i));
          if (a > 0) next.push_back(a);
          if (n - take - a > 0) next.push_back(n - take - a);
          std::sort(next.begin(), next.end());
          if (IsPSorted(next)) p = false;  // a move to a P-position wins
        }
    }
    memo_.emplace(std::move(key), p);
    return p;
  }

  absl::flat_hash_map<std::string, bool> memo_;
};

constexpr int kUpto = 30;

struct KaylesQuotient {
  MisereQuotient q{{*HeapRule::ParseOctal("0.77")}};
  KaylesQuotient() {
    absl::Status st = q.ExtendTo(kUpto, MisereQuotientLimits{});
    EXPECT_TRUE(st.ok()) << st.message();
  }
  uint32_t ClassOf(const std::vector<int>& rows) const {
    uint32_t x = 0;
    for (int h : rows) x = q.monoid().Mul(x, q.Pretend(0, h));
    return x;
  }
  std::vector<int> RepresentativeRows(uint32_t x) const {
    std::vector<int> rows;
    for (int t : q.Representative(x)) rows.push_back(static_cast<int>(q.heap_types().types[t].size));
    return rows;
  }
};

TEST(KaylesMisereQuotient, FortyElementsNinePVerified) {
  KaylesQuotient k;
  EXPECT_EQ(k.q.upto(), kUpto);
  EXPECT_EQ(k.q.monoid().size(), 40u);
  EXPECT_EQ(k.q.monoid().PCount(), 9u);
  EXPECT_TRUE(k.q.verified());
}

TEST(KaylesMisereQuotient, RandomSumsOfFiveToEightHeapsAgreeWithSearch) {
  // Deterministic: mt19937's output is fixed by the standard; the draws are
  // taken modulo by hand (uniform_int_distribution differs between
  // libraries). Each sum: 5..8 heaps, total at most max_tokens; each heap
  // uniform in 1..min(30, what the budget leaves for it and the heaps after
  // it), then the heaps in drawn order -- so the first heap spans 1..30 and
  // later ones are smaller.
  const int sums = Sanitized() ? 1000 : 10000;
  const int max_tokens = Sanitized() ? 40 : 52;
  KaylesQuotient k;
  KaylesMisereSearch search;
  std::mt19937 rng(28);
  int p_count = 0, largest_heap = 0, most_tokens = 0;
  for (int s = 0; s < sums; ++s) {
    const int count = 5 + static_cast<int>(rng() % 4);
    std::vector<int> rows;
    int tokens = 0;
    for (int i = 0; i < count; ++i) {
      const int room = std::min(kUpto, max_tokens - tokens - (count - 1 - i));
      const int h = 1 + static_cast<int>(rng() % static_cast<uint32_t>(room));
      rows.push_back(h);
      tokens += h;
      largest_heap = std::max(largest_heap, h);
    }
    most_tokens = std::max(most_tokens, tokens);
    const bool p = search.IsP(rows);
    p_count += p;
    ASSERT_EQ(k.q.monoid().InP(k.ClassOf(rows)), p) << "sum #" << s << " of " << rows.size() << " heaps, "
                                                    << tokens << " pins";
  }
  // The draws cover what the test claims to cover, and it can fail both ways.
  EXPECT_EQ(largest_heap, kUpto);
  EXPECT_GE(most_tokens, max_tokens - 2);
  EXPECT_GT(p_count, sums / 50);
  EXPECT_LT(p_count, sums - sums / 50);
}

// All multisets of heaps 1..kUpto with at most `max_tokens` pins, fewest
// pins first (the empty sum first).
std::vector<std::vector<int>> SmallSums(int max_tokens) {
  std::vector<std::vector<std::vector<int>>> by_tokens(max_tokens + 1);
  std::vector<int> rows;
  std::function<void(int, int)> walk = [&](int min_heap, int tokens) {
    by_tokens[tokens].push_back(rows);
    for (int h = min_heap; h <= kUpto && tokens + h <= max_tokens; ++h) {
      rows.push_back(h);
      walk(h, tokens + h);
      rows.pop_back();
    }
  };
  walk(1, 0);
  std::vector<std::vector<int>> all;
  for (auto& level : by_tokens)
    for (auto& z : level) all.push_back(std::move(z));
  return all;
}

using ClassPairs = std::vector<std::pair<uint32_t, uint32_t>>;

// Looks for a witness of each pair (x, y): a sum z, tried in the order of
// `zs`, with o-(rep x + z) != o-(rep y + z) by search. Every sum searched is
// also valued by the quotient, which must agree. Returns the pairs with no
// witness in `zs`.
ClassPairs PairsWithoutWitness(const KaylesQuotient& k, const ClassPairs& pairs,
                               const std::vector<std::vector<int>>& zs) {
  KaylesMisereSearch search;
  std::map<std::pair<uint32_t, size_t>, bool> outcome;  // (x, z) -> rep x + z is P
  auto is_p = [&](uint32_t x, size_t z) {
    auto [it, fresh] = outcome.try_emplace({x, z}, false);
    if (fresh) {
      std::vector<int> sum = k.RepresentativeRows(x);
      sum.insert(sum.end(), zs[z].begin(), zs[z].end());
      it->second = search.IsP(sum);
      EXPECT_EQ(k.q.monoid().InP(k.ClassOf(sum)), it->second) << "class " << x << " + witness #" << z;
    }
    return it->second;
  };
  ClassPairs missing;
  for (auto [x, y] : pairs) {
    bool witnessed = false;
    for (size_t z = 0; z < zs.size() && !witnessed; ++z) witnessed = is_p(x, z) != is_p(y, z);
    if (!witnessed) missing.push_back({x, y});
  }
  return missing;
}

ClassPairs PairsWithin(const std::vector<uint32_t>& xs) {
  ClassPairs pairs;
  for (size_t i = 0; i < xs.size(); ++i)
    for (size_t j = i + 1; j < xs.size(); ++j) pairs.push_back({xs[i], xs[j]});
  return pairs;
}

// `big` plus every multiset of at most `max_tokens` small pins.
std::vector<std::vector<int>> WithHeap(int big, int max_tokens) {
  std::vector<std::vector<int>> zs = SmallSums(max_tokens);
  for (auto& z : zs) z.insert(z.begin(), big);
  return zs;
}

// The classes whose representatives have a heap of 27 (heap 27 is the only
// heap of 1..30 whose class involves the generator g), and the others.
void SplitByHeap27(const KaylesQuotient& k, std::vector<uint32_t>* with27, std::vector<uint32_t>* others) {
  for (uint32_t x = 0; x < k.q.monoid().size(); ++x) {
    EXPECT_EQ(k.ClassOf(k.RepresentativeRows(x)), x);
    const std::vector<int> rows = k.RepresentativeRows(x);
    (std::find(rows.begin(), rows.end(), 27) != rows.end() ? with27 : others)->push_back(x);
  }
}

TEST(KaylesMisereQuotient, AllButTwentyEightPairsOfClassesAreToldApartBySearch) {
  // 752 of the 780 pairs: the 32 classes without a heap of 27 among
  // themselves -- witnesses of up to 12 pins, then a heap of 25 and up to 4
  // pins (d and e, heaps 9 and 12, differ only next to heap 25) -- and each
  // of them against each of the 8 with a heap of 27 (up to 12 pins). The 28
  // pairs among those 8 need a heap of 27 in the witness too, sums of 54+
  // pins: DISABLED_TheTwentyEightPairsWithHeap27, on demand.
  KaylesQuotient k;
  ASSERT_EQ(k.q.monoid().size(), 40u);
  std::vector<uint32_t> with27, others;
  SplitByHeap27(k, &with27, &others);
  ASSERT_EQ(others.size(), 32u);
  std::vector<std::vector<int>> zs = SmallSums(12);
  ClassPairs cross;
  for (uint32_t x : others)
    for (uint32_t y : with27) cross.push_back({x, y});
  EXPECT_TRUE(PairsWithoutWitness(k, cross, zs).empty());
  for (auto& z : WithHeap(25, 4)) zs.push_back(std::move(z));
  const ClassPairs missing = PairsWithoutWitness(k, PairsWithin(others), zs);
  EXPECT_TRUE(missing.empty()) << missing.size() << " pairs without a witness";
}

// Run by hand (sums of up to ~70 pins; 44 s and 0.5 GB on 2026-12-05):
//   build/misere_kayles_stress_test --gtest_also_run_disabled_tests
//     --gtest_filter='*DISABLED_TheTwentyEight*'
TEST(KaylesMisereQuotient, DISABLED_TheTwentyEightPairsWithHeap27) {
  KaylesQuotient k;
  std::vector<uint32_t> with27, others;
  SplitByHeap27(k, &with27, &others);
  ASSERT_EQ(with27.size(), 8u);
  // No witness without a heap of 27: in the quotient g's multiples meet P
  // only through g^2.
  const ClassPairs missing = PairsWithoutWitness(k, PairsWithin(with27), WithHeap(27, 8));
  EXPECT_TRUE(missing.empty()) << missing.size() << " pairs without a witness";
}

}  // namespace
}  // namespace gamebench
