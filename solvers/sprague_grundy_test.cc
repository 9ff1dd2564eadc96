#include "solvers/sprague_grundy.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <tuple>

#include "gtest/gtest.h"
#include "solvers/octal_table.h"
#include "tests/octal_code.h"
#include "tests/sanitized.h"

namespace gamebench {
namespace {

using testing::Sanitized;

// Values computed independently of the engine: the mex of the definition
// (HeapRule::ForEachOption) up to `n`.
struct Reference {
  HeapRule rule;
  std::vector<uint16_t> g;
  Reference(const HeapRule& r, int n) : rule(r), g(DefinitionNimSequence(r, n)) {}
};

// Sums of random heaps of rules with short proved periods, against the xor
// of the values by definition: heaps within the definition's range directly
// (many past the preperiod), huge heaps (up to 2^62) by reducing them modulo
// a period the definition's own values show over its whole range past the
// preperiod.
TEST(SpragueGrundyTest, RandomSumsAgainstXorOfDefinition) {
  const int n = Sanitized() ? 600 : 1500;
  std::vector<Reference> refs;
  for (const char* code : {"0.77", "0.07", "0.137", "0.3303", "0.15", "0.52"})
    refs.emplace_back(Code(code), n);
  // For each rule: its period and preperiod read off the definition's values
  // (the least p and n0 with g(h + p) = g(h) over [n0, n - p], n0 <= n / 3).
  std::vector<std::pair<int, int>> periods;
  for (const Reference& r : refs) {
    std::pair<int, int> found{0, 0};
    for (int p = 1; p < n / 3 && !found.first; ++p) {
      int n0 = n - p;
      while (n0 > 0 && r.g[n0 - 1] == r.g[n0 - 1 + p]) --n0;
      if (n0 <= n / 3) found = {p, n0};
    }
    ASSERT_GT(found.first, 0) << r.rule.Name();
    periods.push_back(found);
  }
  auto value = [&](size_t i, int64_t h) -> uint64_t {
    if (h > n) h = periods[i].second + (h - periods[i].second) % periods[i].first;
    return refs[i].g[h];
  };
  std::mt19937_64 rng(17);
  for (int t = 0; t < 200; ++t) {
    HeapSum sum;
    std::vector<size_t> which;
    uint64_t expected = 0;
    const int components = 1 + static_cast<int>(rng() % 6);
    for (int c = 0; c < components; ++c) {
      const size_t i = rng() % refs.size();
      which.push_back(i);
      sum.rules.push_back(refs[i].rule);
      std::vector<int64_t> heaps;
      for (int k = 1 + static_cast<int>(rng() % 3); k > 0; --k) {
        const int64_t h = rng() % 3 == 0 ? static_cast<int64_t>(rng() >> 2)
                                         : static_cast<int64_t>(rng() % (n + 1));
        heaps.push_back(h);
        expected ^= value(i, h);
      }
      sum.heaps.push_back(heaps);
    }
    auto result = SolveHeapSum(sum, SolveOptions{});
    ASSERT_TRUE(result.ok()) << result.status();
    EXPECT_TRUE(result->complete);
    EXPECT_EQ(result->grundy, expected) << t;
    EXPECT_EQ(result->value, expected ? kWinScore : kLossScore);
  }
}

// Nim's values are the heaps themselves, up to 2^63 - 1.
TEST(SpragueGrundyTest, NimHugeHeaps) {
  HeapSum sum{{HeapRule::Nim()}, {{int64_t{1} << 62, 3, (int64_t{1} << 62) + 2}}, false, true};
  auto r = SolveHeapSum(sum, SolveOptions{});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->grundy, 1u);
  ASSERT_EQ(r->best_moves.size(), 1u);  // only the heap of 3 can drop to 2
  EXPECT_EQ(r->best_moves[0].index, 1);
  EXPECT_EQ(r->best_moves[0].a, 2);
}

// The winning moves of sums within the computed terms: exactly the options,
// over every heap of every component, that leave xor 0.
TEST(SpragueGrundyTest, WinningMovesAreExactlyTheMovesToZero) {
  const int n = Sanitized() ? 60 : 150;
  std::vector<Reference> refs;
  for (const char* code : {"0.77", "0.07", "0.6", "0.144"}) refs.emplace_back(Code(code), n);
  refs.emplace_back(HeapRule::Grundy(), n);
  std::mt19937_64 rng(5);
  for (int t = 0; t < 60; ++t) {
    HeapSum sum;
    std::vector<size_t> which;
    uint64_t x = 0;
    for (int c = 1 + static_cast<int>(rng() % 4); c > 0; --c) {
      const size_t i = rng() % refs.size();
      which.push_back(i);
      sum.rules.push_back(refs[i].rule);
      std::vector<int64_t> heaps;
      for (int k = 1 + static_cast<int>(rng() % 3); k > 0; --k) {
        heaps.push_back(static_cast<int64_t>(rng() % (n + 1)));
        x ^= refs[i].g[heaps.back()];
      }
      sum.heaps.push_back(heaps);
    }
    auto r = SolveHeapSum(sum, SolveOptions{});
    ASSERT_TRUE(r.ok());
    ASSERT_TRUE(r->moves_listed) << r->moves_note;
    std::set<std::tuple<int, int64_t, int64_t, int64_t>> got, want;
    for (const HeapMove& m : r->best_moves) got.insert({m.component, m.heap, m.a, m.b});
    for (size_t c = 0; c < sum.rules.size(); ++c)
      for (int64_t h : sum.heaps[c])
        refs[which[c]].rule.ForEachOption(static_cast<int>(h), [&](int a, int b) {
          const uint16_t* g = refs[which[c]].g.data();
          const bool wins = x != 0 && (x ^ g[h] ^ g[a] ^ g[b]) == 0;
          const bool lost_root = x == 0;
          if (wins || lost_root) want.insert({static_cast<int>(c), h, a, b});
        });
    EXPECT_EQ(got, want) << t;
  }
}

// Past the computed terms with a split rule the moves are not listed, and
// the result says why; the value still comes from the proved period.
TEST(SpragueGrundyTest, MovesNotListedPastTheSequence) {
  HeapSum sum{{Code("0.77")}, {{int64_t{1000000000000}}}, false, false};
  auto r = SolveHeapSum(sum, SolveOptions{});
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->moves_listed);
  EXPECT_FALSE(r->moves_note.empty());
  EXPECT_TRUE(r->best_moves.empty());
  EXPECT_TRUE(r->rules[0].period.proved);
  EXPECT_EQ(r->rules[0].values_from, "proved period");
}

// Misère Nim by its rule, against the definition of misère play.
TEST(SpragueGrundyTest, MisereNimAgainstSearch) {
  // Lost positions by definition: memo over sorted triples up to 5.
  std::map<std::vector<int>, bool> wins;
  std::function<bool(std::vector<int>)> win = [&](std::vector<int> h) {
    std::sort(h.begin(), h.end());
    auto it = wins.find(h);
    if (it != wins.end()) return it->second;
    bool any = false, w = false;
    for (size_t i = 0; i < h.size(); ++i)
      for (int t = 0; t < h[i]; ++t) {
        any = true;
        std::vector<int> next = h;
        next[i] = t;
        w |= !win(next);
      }
    return wins[h] = any ? w : true;  // no move: the last mover lost
  };
  for (int a = 0; a <= 5; ++a)
    for (int b = 0; b <= 5; ++b)
      for (int c = 0; c <= 5; ++c) {
        HeapSum sum{{HeapRule::Nim()}, {{a, b, c}}, true, true};
        auto r = SolveHeapSum(sum, SolveOptions{});
        ASSERT_TRUE(r.ok());
        EXPECT_EQ(r->value == kWinScore, win({a, b, c})) << a << b << c;
        if (r->value == kWinScore)
          for (const HeapMove& m : r->best_moves) {
            std::vector<int> next = {a, b, c};
            next[m.index] = static_cast<int>(m.a);
            EXPECT_FALSE(win(next)) << a << b << c;
          }
      }
}

// What cannot be answered is refused, in one line.
TEST(SpragueGrundyTest, RefusesWhatItCannotAnswer) {
  SolveOptions small;
  small.memory_bytes = 1 << 16;
  // 0.6 has no proved period; 10^7 terms need 20 MB.
  HeapSum sum{{Code("0.6")}, {{10000000}}, false, false};
  auto r = SolveHeapSum(sum, small);
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(std::string(r.status().message()).find('\n'), std::string::npos);
  HeapSum primes{{HeapRule::Primes()}, {{int64_t{1} << 40}}, false, false};
  EXPECT_FALSE(SolveHeapSum(primes, SolveOptions{}).ok());
  // A misère heap past the quotient's range.
  HeapSum misere{{Code("0.77")}, {{int64_t{1} << 40}}, true, false};
  EXPECT_FALSE(SolveHeapSum(misere, SolveOptions{}).ok());
  EXPECT_FALSE(SolveHeapSum(HeapSum{}, SolveOptions{}).ok());
}

// The octal table's reduction: a code whose d1 is even has the reduced
// code's values shifted, by definition, for every short code.
TEST(OctalTableTest, ReductionPreservesValues) {
  const int n = Sanitized() ? 80 : 200;
  int reduced = 0;
  for (const std::string& code : ShortOctalCodes(Sanitized() ? 2 : 3)) {
    ReducedCode r = ReduceCode(code);
    if (r.shift == 0) {
      EXPECT_EQ(r.code, code);
      continue;
    }
    ++reduced;
    const std::vector<uint16_t> g = DefinitionNimSequence(Code(code), n);
    const std::vector<uint16_t> f = DefinitionNimSequence(Code(r.code), n);
    for (int h = 0; h <= n; ++h)
      ASSERT_EQ(g[h], h < r.shift ? 0 : f[h - r.shift]) << code << " -> " << r.code << " at " << h;
  }
  EXPECT_GT(reduced, 20);
}

TEST(OctalTableTest, SmallTable) {
  OctalTableOptions options;
  options.max_digits = 1;
  options.terms = 4096;
  auto table = ComputeOctalTable(options, {});
  ASSERT_EQ(table.size(), 7u);  // 0.1 .. 0.7
  for (const OctalTableEntry& e : table) {
    EXPECT_TRUE(e.class_checked) << e.code;
    if (e.code == "0.4") {
      EXPECT_TRUE(e.period.proved);
      EXPECT_EQ(e.period.period, 34);  // as 0.137, Dawson's chess (Guy and Smith 1956)
      EXPECT_EQ(e.computed_as, "0.137");
      EXPECT_EQ(e.shift, 2);
    }
    if (e.code == "0.6") {
      EXPECT_FALSE(e.period.proved);
    }
  }
}

}  // namespace
}  // namespace gamebench
