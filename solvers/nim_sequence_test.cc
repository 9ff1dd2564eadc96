#include "solvers/nim_sequence.h"

#include <cstdlib>
#include <random>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/octal_code.h"
#include "tests/sanitized.h"

namespace gamebench {
namespace {

void ExpectMatchesDefinition(const HeapRule& rule, int n) {
  const std::vector<uint16_t> def = DefinitionNimSequence(rule, n);
  for (auto method : {NimSequence::Method::kRareCommon, NimSequence::Method::kPlain}) {
    NimSequence seq(rule, method);
    ASSERT_TRUE(seq.ExtendTo(n).ok());
    ASSERT_EQ(seq.size(), n + 1);
    for (int h = 0; h <= n; ++h)
      ASSERT_EQ(seq[h], def[h]) << rule.Name() << " g(" << h << ")"
                                << (method == NimSequence::Method::kPlain ? " plain" : " rc");
  }
}

// Named codes, long enough for the rare/common split to be in use.
TEST(NimSequenceTest, MatchesDefinitionOnKnownCodes) {
  for (const char* code : {"0.77", "0.07", "0.137", "0.6", "0.4", "0.16", "0.054", "0.34", "0.144",
                           "0.772", "0.3122", "0.4107", "0.165"})
    ExpectMatchesDefinition(Code(code), 3000);
}

// Random codes of 1 to 5 digits.
TEST(NimSequenceTest, MatchesDefinitionOnRandomCodes) {
  std::mt19937_64 rng(2024);
  for (int t = 0; t < 40; ++t) {
    std::string code = "0.";
    const int digits = 1 + static_cast<int>(rng() % 5);
    for (int i = 0; i < digits; ++i) code += static_cast<char>('0' + rng() % 8);
    auto rule = HeapRule::ParseOctal(code);
    if (!rule.ok()) continue;
    ExpectMatchesDefinition(*rule, 1500);
  }
}

TEST(NimSequenceTest, MatchesDefinitionOnOtherRules) {
  ExpectMatchesDefinition(HeapRule::Grundy(), 3000);
  ExpectMatchesDefinition(HeapRule::Primes(), 2000);
  ExpectMatchesDefinition(HeapRule::Nim(), 500);
  ExpectMatchesDefinition(HeapRule::Subtraction({1, 2, 4}), 500);
  NimSequence nim(HeapRule::Nim());
  ASSERT_TRUE(nim.ExtendTo(5000).ok());
  for (int h = 0; h <= 5000; ++h) EXPECT_EQ(nim[h], h);
}

// A code's period from 2000 terms, proved by the octal periodicity theorem;
// returns the terms.
std::vector<uint16_t> ExpectProvedPeriod(const char* code, int64_t period, int64_t preperiod) {
  NimSequence seq(Code(code));
  EXPECT_TRUE(seq.ExtendTo(2000).ok()) << code;
  const PeriodInfo p = FindPeriod(seq.values(), 2);
  EXPECT_TRUE(p.found && p.proved) << code;
  EXPECT_EQ(p.period, period) << code;
  EXPECT_EQ(p.preperiod, preperiod) << code;
  return std::vector<uint16_t>(seq.values().begin(), seq.values().end());
}

// Kayles: period 12 from n = 71 (the last exceptional value is g(70)),
// proved once enough terms are known.
TEST(NimSequenceTest, KaylesPeriodIsProved) {
  const std::vector<uint16_t> g = ExpectProvedPeriod("0.77", 12, 71);
  ASSERT_GT(g.size(), 168u);
  EXPECT_NE(g[70], g[82]);
  // Too short to prove: 2 n0 + 2 p + t - 1 = 167 terms beyond 0 are needed.
  std::vector<uint16_t> prefix(g.begin(), g.begin() + 167);
  EXPECT_FALSE(FindPeriod(prefix, 2).proved);
  std::vector<uint16_t> enough(g.begin(), g.begin() + 168);
  EXPECT_TRUE(FindPeriod(enough, 2).proved);
}

// Dawson's Kayles: period 34 from n = 53.
TEST(NimSequenceTest, DawsonsKaylesPeriod34) { ExpectProvedPeriod("0.07", 34, 53); }

TEST(NimSequenceTest, SubtractionPeriods) {
  NimSequence a(HeapRule::Subtraction({1, 2, 3}));
  ASSERT_TRUE(a.ExtendTo(100).ok());
  PeriodInfo p = FindPeriod(a.values(), 3);
  EXPECT_TRUE(p.proved);
  EXPECT_EQ(p.period, 4);
  EXPECT_EQ(p.preperiod, 0);
  for (int h = 0; h <= 100; ++h) EXPECT_EQ(a[h], h % 4);
}

// Synthetic sequences with a known preperiod and period.
TEST(NimSequenceTest, FindsKnownPeriods) {
  std::mt19937_64 rng(3);
  for (int t = 0; t < 50; ++t) {
    const int p = 1 + static_cast<int>(rng() % 40), n0 = static_cast<int>(rng() % 100);
    std::vector<uint16_t> pattern(p);
    for (auto& v : pattern) v = static_cast<uint16_t>(rng() % 1000);
    std::vector<uint16_t> g;
    for (int i = 0; i < n0; ++i) g.push_back(static_cast<uint16_t>(1000 + rng() % 1000));
    if (n0 > 0) g[n0 - 1] = static_cast<uint16_t>(pattern[(p - 1) % p] + 2000);  // exceptional
    for (int i = 0; i < 10 * p + 200; ++i) g.push_back(pattern[i % p]);
    PeriodInfo info = FindPeriod(g, -1);
    ASSERT_TRUE(info.found);
    // The least period of the pattern divides p.
    EXPECT_EQ(p % info.period, 0);
    EXPECT_LE(info.preperiod, n0);
    EXPECT_FALSE(info.proved);  // not an octal code
  }
  std::vector<uint16_t> none;
  for (int i = 0; i < 1000; ++i) none.push_back(static_cast<uint16_t>(i));
  EXPECT_FALSE(FindPeriod(none, 2).found);
}

// A long aperiodic sequence that happens to end in a few periodic-looking terms
// has no period: 0.16 computed to 700,000 ends with 21 terms of period 3, and
// reporting that hid its real period (149459 from 105351, proved there).
TEST(NimSequenceTest, ShortPeriodicTailIsNotAPeriod) {
  std::mt19937_64 rng(5);
  std::vector<uint16_t> g;
  for (int i = 0; i < 1000; ++i) g.push_back(static_cast<uint16_t>(100 + rng() % 1000));
  for (int i = 0; i < 21; ++i) g.push_back(static_cast<uint16_t>(i % 3));
  EXPECT_FALSE(FindPeriod(g, 3).found);
  EXPECT_FALSE(FindPeriod(g, -1).found);
}

// A proved period is reported even when a smaller p looks periodic over the
// last terms: the pattern ends in a run of equal values.
TEST(NimSequenceTest, ProvedPeriodBeatsAnApparentSmallerOne) {
  const std::vector<uint16_t> pattern = {9, 4, 4, 4, 4, 4, 4, 4};
  std::vector<uint16_t> g = {7, 8};  // preperiod 2
  while (g.size() < 60) g.push_back(pattern[(g.size() - 2) % pattern.size()]);
  g.resize(58);  // g(51..57) are all 4: p = 1 fits the last 7 terms
  const PeriodInfo info = FindPeriod(g, 1);
  ASSERT_TRUE(info.found);
  EXPECT_TRUE(info.proved);
  EXPECT_EQ(info.period, 8);
  EXPECT_EQ(info.preperiod, 2);
}

TEST(NimSequenceTest, OctalCodeErrors) {
  EXPECT_FALSE(HeapRule::ParseOctal("0.8").ok());
  EXPECT_FALSE(HeapRule::ParseOctal("0.").ok());
  EXPECT_FALSE(HeapRule::ParseOctal("").ok());
  EXPECT_FALSE(HeapRule::ParseOctal("0.000").ok());
  EXPECT_FALSE(HeapRule::ParseOctal("12").ok());
  EXPECT_EQ(Code("0.770").Name(), "0.77");
  EXPECT_EQ(Code("0.770").code_length(), 2);
}

// The next chunk's far splits prepared on a second core for every chunk
// (normally only when they are many): the same terms as the plain mex, with
// the terms written while the other core reads the earlier ones (run under
// TSan too).
TEST(NimSequenceTest, ParallelFarSplitsMatchPlain) {
  const int n = testing::Sanitized() ? 2500 : 8000;
  for (const char* code : {"0.6", "0.144", "0.16"}) {
    NimSequence fast(Code(code)), plain(Code(code), NimSequence::Method::kPlain);
    fast.set_parallel_far_work(0);
    ASSERT_TRUE(fast.ExtendTo(n / 2).ok());  // in two calls, the first ending mid-chunk
    ASSERT_TRUE(fast.ExtendTo(n).ok());
    ASSERT_TRUE(plain.ExtendTo(n).ok());
    for (int h = 0; h <= n; ++h) ASSERT_EQ(fast[h], plain[h]) << code << " g(" << h << ")";
  }
}

}  // namespace
}  // namespace gamebench
