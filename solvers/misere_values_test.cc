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

}  // namespace
}  // namespace gamebench
