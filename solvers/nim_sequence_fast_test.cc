// The fast paths of the nim-sequence engine against plain computations:
// the rare/common mex (with the second core's far splits and band forced on
// every chunk) against the plain quadratic mex on every octal code of up to
// three digits and on random longer ones; FindPeriod (its anchors and the
// bound earliest_proof that ExtendSequence schedules its checks by) against
// a period search that scans every p in full.

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "solvers/nim_sequence.h"
#include "tests/octal_code.h"
#include "tests/sanitized.h"

namespace gamebench {
namespace {

void ExpectFastEqualsPlain(const HeapRule& rule, int n) {
  NimSequence plain(rule, NimSequence::Method::kPlain);
  ASSERT_TRUE(plain.ExtendTo(n).ok());
  NimSequence fast(rule), banded(rule);
  banded.set_parallel_far_work(0);  // the second core every chunk
  banded.set_band_for_tests(200);   // and the splits 128 < a <= 328 on it
  ASSERT_TRUE(fast.ExtendTo(n).ok());
  ASSERT_TRUE(banded.ExtendTo(n / 3).ok());  // a call ending mid-chunk
  ASSERT_TRUE(banded.ExtendTo(n).ok());
  for (int h = 0; h <= n; ++h) {
    ASSERT_EQ(fast[h], plain[h]) << rule.Name() << " g(" << h << ")";
    ASSERT_EQ(banded[h], plain[h]) << rule.Name() << " g(" << h << ") banded";
  }
}

// Every code 0.d1, 0.d1d2, 0.d1d2d3 (last digit non-zero): 511 codes, to
// heap 1200; under a sanitizer to heap 600 (the band's splits, to 328, and
// nine chunks still in): the test was ASan's fourth longest (20.8 s; 0.47 s
// in Release), threads handing over every chunk.
TEST(NimSequenceFastTest, RareCommonEqualsPlainOnEveryShortCode) {
  const int heaps = testing::Sanitized() ? 600 : 1200;
  int with_mask = 0;
  for (int len = 1; len <= 3; ++len) {
    int count = 1;
    for (int i = 0; i < len; ++i) count *= 8;
    for (int x = 0; x < count; ++x) {
      std::string code = "0.";
      for (int i = len - 1; i >= 0; --i) code += static_cast<char>('0' + (x >> (3 * i)) % 8);
      if (code.back() == '0') continue;
      const HeapRule rule = Code(code);
      ExpectFastEqualsPlain(rule, heaps);
      NimSequence probe(rule);
      ASSERT_TRUE(probe.ExtendTo(heaps).ok());
      with_mask += probe.mask() != 0;
    }
  }
  // The fast path must actually be taken on many of them.
  EXPECT_GT(with_mask, 100);
}

TEST(NimSequenceFastTest, RareCommonEqualsPlainOnRandomLongerCodes) {
  std::mt19937_64 rng(28);
  for (int t = 0; t < 30; ++t) {
    std::string code = "0.";
    const int digits = 4 + static_cast<int>(rng() % 4);
    for (int i = 0; i < digits; ++i) code += static_cast<char>('0' + rng() % 8);
    auto rule = HeapRule::ParseOctal(code);
    if (!rule.ok()) continue;
    ExpectFastEqualsPlain(*rule, 2500);
  }
  ExpectFastEqualsPlain(HeapRule::Grundy(), 2500);
}

// FindPeriod by its definition: every p scanned from the end in full.
PeriodInfo ReferencePeriod(const std::vector<uint16_t>& g, int code_length) {
  const int64_t last = static_cast<int64_t>(g.size()) - 1;
  PeriodInfo unproved;
  for (int64_t p = 1; 2 * p <= last + 1; ++p) {
    int64_t n0 = 0;
    for (int64_t n = last - p; n >= 0; --n)
      if (g[n + p] != g[n]) {
        n0 = n + 1;
        break;
      }
    const int64_t stretch = last + 1 - n0;
    if (code_length >= 0 && 2 * n0 + 2 * p + code_length - 1 <= last) {
      PeriodInfo proved;
      proved.found = proved.proved = true;
      proved.period = p;
      proved.preperiod = n0;
      return proved;
    }
    if (!unproved.found && stretch >= 3 * p && 2 * stretch >= last + 1) {
      unproved.found = true;
      unproved.period = p;
      unproved.preperiod = n0;
    }
  }
  return unproved;
}

void ExpectSamePeriod(const std::vector<uint16_t>& g, int t, const std::string& what) {
  const PeriodInfo fast = FindPeriod(g, t), ref = ReferencePeriod(g, t);
  ASSERT_EQ(fast.found, ref.found) << what << " " << g.size();
  ASSERT_EQ(fast.proved, ref.proved) << what << " " << g.size();
  ASSERT_EQ(fast.period, ref.period) << what << " " << g.size();
  ASSERT_EQ(fast.preperiod, ref.preperiod) << what << " " << g.size();
}

// Every prefix of real sequences (periods with long preperiods, nearly
// periodic stretches) and of noisy synthetic ones; and earliest_proof is a
// true bound: no prefix shorter than it proves a period, and for the real
// period it is exact once the period is in sight.
TEST(NimSequenceFastTest, FindPeriodEqualsReferenceAndBoundHolds) {
  for (const char* code : {"0.77", "0.07", "0.137", "0.15", "0.34", "0.16"}) {
    NimSequence seq(Code(code));
    ASSERT_TRUE(seq.ExtendTo(700).ok());
    const std::vector<uint16_t> g(seq.values().begin(), seq.values().end());
    const int t = seq.rule().code_length();
    int64_t first_proved = -1;
    for (size_t len = 1; len <= g.size(); ++len) {
      const std::vector<uint16_t> prefix(g.begin(), g.begin() + len);
      ExpectSamePeriod(prefix, t, code);
      if (first_proved < 0 && FindPeriod(prefix, t).proved) first_proved = len - 1;
    }
    for (size_t len = 1; first_proved >= 0 && len <= static_cast<size_t>(first_proved); ++len) {
      const std::vector<uint16_t> prefix(g.begin(), g.begin() + len);
      const PeriodInfo info = FindPeriod(prefix, t);
      ASSERT_FALSE(info.proved);
      ASSERT_LE(info.earliest_proof, first_proved) << code << " prefix " << len;
      ASSERT_GE(info.earliest_proof, static_cast<int64_t>(len)) << code << " prefix " << len;
    }
    if (std::string(code) == "0.77") {
      EXPECT_EQ(first_proved, 167);  // 2 * 71 + 2 * 12 + 2 - 1
      const std::vector<uint16_t> prefix(g.begin(), g.begin() + 120);
      EXPECT_EQ(FindPeriod(prefix, t).earliest_proof, 167);
    }
  }
  std::mt19937_64 rng(17);
  for (int trial = 0; trial < 200; ++trial) {
    const int p = 1 + static_cast<int>(rng() % 30), n0 = static_cast<int>(rng() % 80);
    std::vector<uint16_t> g;
    for (int i = 0; i < n0; ++i) g.push_back(static_cast<uint16_t>(rng() % 4));
    std::vector<uint16_t> pattern(p);
    for (auto& v : pattern) v = static_cast<uint16_t>(rng() % 4);
    const int len = static_cast<int>(rng() % 300) + 1;
    for (int i = 0; i < len; ++i)
      g.push_back(rng() % 50 == 0 ? static_cast<uint16_t>(rng() % 4) : pattern[i % p]);
    ExpectSamePeriod(g, static_cast<int>(rng() % 4), "synthetic");
    ExpectSamePeriod(g, -1, "synthetic");
  }
}

// ExtendSequence stops at the first index where the theorem proves the
// period, found from the bound (no period told): 0.77 at 167, 0.07 at 175.
TEST(NimSequenceFastTest, StopWhenProvedStopsWhereTheProofIsFirstPossible) {
  for (const char* code : {"0.77", "0.07", "0.137"}) {
    NimSequence seq(Code(code));
    auto stop = ExtendSequence(seq, 100000, /*stop_when_proved=*/true, 0, nullptr);
    ASSERT_TRUE(stop.ok());
    EXPECT_EQ(*stop, ExtendStop::kProved);
    const PeriodInfo info = FindPeriod(seq.values(), seq.rule().code_length());
    ASSERT_TRUE(info.proved);
    EXPECT_EQ(seq.size() - 1, 2 * info.preperiod + 2 * info.period + seq.rule().code_length() - 1)
        << code;
  }
}

}  // namespace
}  // namespace gamebench
