// The misère quotient engine against plain misère search of sums, and
// against published quotients.

#include "solvers/misere_quotient.h"

#include <functional>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "solvers/misere_brute_force.h"
#include "tests/sanitized.h"

namespace gamebench {
namespace {

HeapRule Code(const std::string& code) { return *HeapRule::ParseOctal(code); }

// Every sum of heaps of sizes 1..max_heap with at most `max_heaps` heaps
// and `max_tokens` tokens: the quotient's outcome against search.
void CheckSums(const std::vector<HeapRule>& rules, int64_t upto, int max_heaps, int max_tokens) {
  MisereQuotient q(rules);
  absl::Status st = q.ExtendTo(upto, MisereQuotientLimits{});
  ASSERT_TRUE(st.ok()) << rules[0].Name() << ": " << st.message();
  MisereSearch search(rules);
  std::vector<std::pair<int, int>> heaps;
  int checked = 0;
  std::function<void(int, int, int)> walk = [&](int rule, int min_heap, int tokens) {
    uint32_t x = 0;
    for (auto [r, h] : heaps) x = q.monoid().Mul(x, q.Pretend(r, h));
    ASSERT_EQ(q.monoid().InP(x), search.IsP(MisereSearch::Of(heaps)))
        << rules[0].Name() << " sum of " << heaps.size() << " heaps";
    ++checked;
    if (static_cast<int>(heaps.size()) == max_heaps) return;
    for (int r = rule; r < static_cast<int>(rules.size()); ++r)
      for (int h = r == rule ? min_heap : 1; h <= upto && tokens + h <= max_tokens; ++h) {
        heaps.push_back({r, h});
        walk(r, h, tokens + h);
        heaps.pop_back();
      }
  };
  walk(0, 1, 0);
  EXPECT_GT(checked, 10);
}

TEST(MisereQuotient, AgreesWithSearchOnSums) {
  CheckSums({HeapRule::Nim()}, 7, 4, 16);
  CheckSums({HeapRule::Subtraction({1, 2, 3})}, 12, 4, 24);
  CheckSums({HeapRule::Subtraction({2, 5})}, 12, 4, 24);
  CheckSums({Code("0.77")}, 14, 4, 24);   // Kayles (a class splits at heap 9)
  CheckSums({Code("0.07")}, 16, 4, 26);   // Dawson's Kayles
  CheckSums({Code("0.137")}, 14, 4, 24);  // Dawson's chess
  CheckSums({Code("0.15")}, 14, 4, 24);
  CheckSums({Code("0.75")}, 12, 4, 22);
  CheckSums({HeapRule::Grundy()}, 12, 3, 22);
}

TEST(MisereQuotient, DawsonsKaylesPastTheHeapsWhereClassesSplit) {
  // Heaps 25..27 split classes of Q_24 (|Q| 24 -> 144 -> 176): every sum of
  // up to 3 heaps, up to 40 tokens, against search. Under a sanitizer to
  // heap 26: the quotient to 27 is half the test's time (1.71 s of CPU in
  // Release to 27, 0.92 s to 26; 23.6 s under ASan to 27).
  CheckSums({Code("0.07")}, testing::Sanitized() ? 26 : 27, 3, 40);
}

TEST(MisereQuotient, VerifiesItself) {
  for (const char* code : {"0.77", "0.07", "0.137", "0.4", "0.51", "0.15"}) {
    MisereQuotient q({Code(code)});
    ASSERT_TRUE(q.ExtendTo(20, MisereQuotientLimits{}).ok()) << code;
    EXPECT_TRUE(q.verified()) << code;
    uint64_t states = 0;
    auto ok = q.Verify(MisereQuotientLimits{}, &states);
    ASSERT_TRUE(ok.has_value()) << code;
    EXPECT_TRUE(*ok) << code;
    EXPECT_GT(states, 1u);
  }
}

TEST(MisereQuotient, MisereNimIsTheTameQuotient) {
  // Misère Nim's quotient for heaps 1..3 is T = <a, b | a^2 = 1, b^3 = b>,
  // 6 elements, 2 of them P (Plambeck, "Taming the wild in impartial
  // combinatorial games", INTEGERS 5 (2005) G05).
  MisereQuotient q({HeapRule::Nim()});
  ASSERT_TRUE(q.ExtendTo(3, MisereQuotientLimits{}).ok());
  EXPECT_EQ(q.monoid().size(), 6u);
  EXPECT_EQ(q.monoid().PCount(), 2u);
}

TEST(MisereQuotient, AQuotientPastItsLimitStopsWithWhatItHad) {
  MisereQuotientLimits small;
  small.max_size = 10;
  MisereQuotient kayles({Code("0.77")});
  absl::Status st = kayles.ExtendTo(30, small);
  EXPECT_EQ(st.code(), absl::StatusCode::kResourceExhausted);
  EXPECT_EQ(std::string(st.message()).find('\n'), std::string::npos);
  EXPECT_NE(std::string(st.message()).find("--max-size"), std::string::npos) << st.message();
  // Heaps 1..4 fit (6 elements); heap 5 needs 12.
  EXPECT_EQ(kayles.upto(), 4);
  EXPECT_LE(kayles.monoid().size(), 10u);
  EXPECT_TRUE(kayles.Verify(MisereQuotientLimits{}, nullptr).value_or(false));
}

TEST(MisereQuotient, AStopRequestKeepsTheFinishedHeaps) {
  // Stop once heap 7 is done: heaps 1..7 are kept, exactly the quotient
  // built to 7 without a stop, and each finished size was reported.
  std::vector<int64_t> reported;
  MisereQuotient kayles({Code("0.77")});
  MisereQuotientLimits limits;
  limits.should_stop = [&kayles] { return kayles.upto() >= 7; };
  limits.on_size = [&reported](int64_t h) { reported.push_back(h); };
  absl::Status st = kayles.ExtendTo(30, limits);
  EXPECT_EQ(st.code(), absl::StatusCode::kDeadlineExceeded) << st.message();
  EXPECT_EQ(kayles.upto(), 7);
  EXPECT_EQ(reported, (std::vector<int64_t>{1, 2, 3, 4, 5, 6, 7}));
  MisereQuotient plain({Code("0.77")});
  ASSERT_TRUE(plain.ExtendTo(7, MisereQuotientLimits{}).ok());
  EXPECT_EQ(kayles.size_history(), plain.size_history());
  EXPECT_TRUE(kayles.Verify(MisereQuotientLimits{}, nullptr).value_or(false));
}

}  // namespace
}  // namespace gamebench
