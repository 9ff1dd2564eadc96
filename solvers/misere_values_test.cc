// Per-heap misère values and genera, against published genera.

#include "solvers/misere_values.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace gamebench {
namespace {

// The published digits are a prefix of the computed gammas, and the
// normal value is the genus' base.
void ExpectGenus(const HeapGenus& g, int normal, const std::string& digits) {
  EXPECT_EQ(g.normal, normal) << "heap " << g.heap;
  ASSERT_GE(g.gammas.size(), digits.size());
  for (size_t i = 0; i < digits.size(); ++i)
    EXPECT_EQ(g.gammas[i], digits[i] - '0') << "heap " << g.heap << " gamma_" << i;
}

TEST(MisereValues, TheEmptyHeapIs0To120) {
  // *0 has genus 0^120 (Winning Ways ch. 13; ONAG ch. 12).
  auto g = HeapGenera(HeapRule::Nim(), 0, 8, 1 << 20);
  ASSERT_EQ(g.size(), 1u);
  EXPECT_EQ(g[0].text, "0^120");
  EXPECT_TRUE(g[0].settled);
}

TEST(MisereValues, Octal0312AsPlambeckGivesIt) {
  // Single heap genus sequence of 0.312, heaps 1..6: 1^03131 2^20 0^02
  // 2^1420 0^02 1^13 (Plambeck, plambeck.org, misère octal games, 0.312).
  auto g = HeapGenera(*HeapRule::ParseOctal("0.312"), 6, 10, 1 << 20);
  ASSERT_EQ(g.size(), 7u);
  ExpectGenus(g[1], 1, "03131");
  ExpectGenus(g[2], 2, "20");
  ExpectGenus(g[3], 0, "02");
  ExpectGenus(g[4], 2, "1420");
  ExpectGenus(g[5], 0, "02");
  ExpectGenus(g[6], 1, "13");
}

TEST(MisereValues, MisereNimValuesAreNimValuesButForHeapsOfOneOrNone) {
  // Misère Nim: G-(*n) = n for n >= 2, G-(0) = 1, G-(*1) = 0.
  auto g = HeapGenera(HeapRule::Nim(), 9, 4, 1 << 20);
  for (const HeapGenus& h : g) EXPECT_EQ(h.gammas[0], h.heap < 2 ? 1 - h.heap : h.heap);
}

TEST(MisereValues, StopsAtThePositionBudget) {
  auto g = HeapGenera(*HeapRule::ParseOctal("0.77"), 40, 4, 2000);
  EXPECT_LT(g.size(), 41u);
  EXPECT_GT(g.size(), 3u);
}

// CGSuite's own tests of heap games (aaron-siegel/cgsuite,
// lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala, "define
// TakeAndBreak properly"): listof(G(n).MisereNimValue for n from 0 to 20) and
// listof(G(n).Genus ...). CGSuite writes a genus g^(digits), the digits up to
// where the rest alternates d, d xor 2, d, ... from the last digit d (the
// genus always ends so, ONAG ch. 12: "2^2" is 2 0 2 0 ..., "1^1" is
// 1 3 1 3 ...; an independent search gave the same for Kayles 7 and 8), and writes a
// bare g when the heap's misère canonical form is the nim heap *g; then its
// genus is that of *g, which we take from misère Nim itself.
struct CgsuiteHeapCase {
  const char* name;
  HeapRule rule;
  const char* misere_nim_values;
  const char* genera;
};

std::vector<std::string> SplitList(std::string list) {
  std::vector<std::string> out;
  list = list.substr(1, list.size() - 2);  // the brackets
  size_t at = 0;
  while (at <= list.size()) {
    size_t comma = list.find(',', at);
    if (comma == std::string::npos) comma = list.size();
    out.push_back(list.substr(at, comma - at));
    at = comma + 1;
  }
  return out;
}

// The first `n` digits of a written genus's gamma sequence (CGSuite's reading).
std::vector<int> ExpandDigits(const std::string& digits, int n) {
  std::vector<int> g;
  for (char c : digits) g.push_back(c - '0');
  while (static_cast<int>(g.size()) < n) g.push_back(g.back() ^ 2);
  g.resize(n);
  return g;
}

TEST(MisereValues, CgsuiteHeapTestsMisereNimValuesAndGenera) {
  const CgsuiteHeapCase cases[] = {
      {"Kayles", *HeapRule::ParseOctal("0.77"),
       "[1,0,2,3,0,1,3,2,1,0,2,4,0,1,2,5,1,6,3,2,0]",
       "[0,1,2,3,1,4^146,3,2^2,1^1,4^046,2^2,6^46,4^046,1^1,2^2,7^57,1^13,4^64,3^31,2^20,"
       "1^031]"},
      {"DawsonsKayles", *HeapRule::ParseOctal("0.07"),
       "[1,1,0,0,2,1,3,0,0,1,1,3,0,2,1,1,0,0,2,1,3]",
       "[0,0,1,1,2,0,3,1,1,0,3^1431,3,2^0520,2,4^146,0,5^057,2^0520,2,3^1431,3]"},
      {"GrundysGame", HeapRule::Grundy(), "[1,1,1,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2]",
       "[0,0,0,1,0,2,1,0,2,1,0,2,1,3^1431,2,1,3^1431,2,4^0564,3^1431,0^20]"},
      {"Subtraction(2,3,7)", HeapRule::Subtraction({2, 3, 7}),
       "[1,1,0,0,2,1,1,0,0,2,1,1,0,0,2,1,1,0,0,2,1]",
       "[0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0]"},
      {"Nim", HeapRule::Nim(), "[1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]",
       "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]"},
  };
  constexpr int kDigits = 8;
  const std::vector<HeapGenus> nim = HeapGenera(HeapRule::Nim(), 20, kDigits - 1, 1 << 22);
  ASSERT_EQ(nim.size(), 21u);
  for (const CgsuiteHeapCase& c : cases) {
    const std::vector<HeapGenus> ours = HeapGenera(c.rule, 20, kDigits - 1, 1 << 22);
    ASSERT_EQ(ours.size(), 21u) << c.name;
    const std::vector<std::string> values = SplitList(c.misere_nim_values);
    const std::vector<std::string> genera = SplitList(c.genera);
    ASSERT_EQ(values.size(), 21u);
    ASSERT_EQ(genera.size(), 21u);
    for (int h = 0; h <= 20; ++h) {
      const HeapGenus& g = ours[h];
      EXPECT_EQ(g.gammas[0], std::stoi(values[h])) << c.name << " heap " << h;
      const std::string& written = genera[h];
      const size_t caret = written.find('^');
      const int normal = std::stoi(written.substr(0, caret));
      EXPECT_EQ(g.normal, normal) << c.name << " heap " << h;
      const std::vector<int> expected =
          caret == std::string::npos ? nim[normal].gammas
                                     : ExpandDigits(written.substr(caret + 1), kDigits);
      EXPECT_EQ(g.gammas, expected) << c.name << " heap " << h << " (CGSuite: " << written
                                    << ", ours: " << g.text << ")";
    }
  }
}

}  // namespace
}  // namespace gamebench
