#include "solvers/misere_sum.h"

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/memory.h"
#include "solvers/misere_quotient.h"

namespace gamebench {
namespace {

// Every move of a lost position is a best move; past this many, none listed.
constexpr int64_t kMaxLostMoves = 4096;

}  // namespace

absl::StatusOr<HeapSumResult> SolveMisereHeapSum(const HeapSum& sum, const SolveOptions& options) {
  Stopwatch watch;
  HeapSumResult result;
  // One quotient over the distinct rules of the sum.
  std::vector<HeapRule> rules;
  std::vector<int> rule_of(sum.rules.size());
  int64_t max_heap = 0;
  for (size_t c = 0; c < sum.rules.size(); ++c) {
    auto it = std::find(rules.begin(), rules.end(), sum.rules[c]);
    rule_of[c] = static_cast<int>(it - rules.begin());
    if (it == rules.end()) rules.push_back(sum.rules[c]);
    for (int64_t h : sum.heaps[c]) max_heap = std::max(max_heap, h);
  }
  if (max_heap > kMaxMisereHeap)
    return absl::OutOfRangeError(absl::StrCat(
        "misere play: heap ", max_heap, " is past the largest heap the misere quotient takes (",
        kMaxMisereHeap, ")"));
  MisereQuotientLimits limits;
  limits.memory_bytes = options.memory_bytes ? options.memory_bytes : DefaultMemoryBudget();
  MisereQuotient q(rules);
  if (absl::Status st = q.ExtendTo(max_heap, limits); !st.ok())
    return absl::ResourceExhaustedError(
        absl::StrCat("misere play: the misere quotient stopped: ", st.message()));
  if (!q.verified())
    return absl::ResourceExhaustedError(absl::StrCat(
        "misere play: the misere quotient up to heap ", max_heap,
        " could not be checked within ", limits.max_verify_states, " states"));
  const BipartiteMonoid& m = q.monoid();
  auto cls = [&](size_t c, int64_t h) {
    ++result.values_looked_up;
    return q.Pretend(rule_of[c], h);
  };
  uint32_t x = 0;
  for (size_t c = 0; c < sum.rules.size(); ++c)
    for (int64_t h : sum.heaps[c]) x = m.Mul(x, cls(c, h));
  result.value = m.InP(x) ? kLossScore : kWinScore;
  result.note = absl::StrCat("misere play by the misere quotient of heaps up to ", max_heap, " (",
                             m.size(), " elements, ", m.PCount(), " P)");
  for (size_t r = 0; r < rules.size(); ++r) {
    HeapSumResult::RuleInfo info;
    info.rule = rules[r].Name();
    info.max_heap = max_heap;
    info.values_from = "misere quotient";
    result.rules.push_back(info);
  }
  result.seconds = watch.Seconds();
  if (!options.best_moves) return result;

  const bool won = result.value == kWinScore;
  std::set<std::pair<size_t, int64_t>> done;
  int64_t lost_moves = 0;
  for (size_t c = 0; c < sum.rules.size(); ++c)
    for (size_t i = 0; i < sum.heaps[c].size(); ++i) {
      const int64_t h = sum.heaps[c][i];
      if (h == 0 || (!sum.moves_per_heap && !done.insert({c, h}).second)) continue;
      // The class of everything but this heap.
      uint32_t rest = 0;
      for (size_t d = 0; d < sum.rules.size(); ++d)
        for (size_t j = 0; j < sum.heaps[d].size(); ++j)
          if (d != c || j != i) rest = m.Mul(rest, q.Pretend(rule_of[d], sum.heaps[d][j]));
      sum.rules[c].ForEachOption(static_cast<int>(h), [&](int a, int b) {
        const uint32_t y = m.Mul(rest, m.Mul(q.Pretend(rule_of[c], a), q.Pretend(rule_of[c], b)));
        if (won ? m.InP(y) : ++lost_moves <= kMaxLostMoves)
          result.best_moves.push_back({static_cast<int>(c), static_cast<int>(i), h, a, b});
      });
    }
  if (lost_moves > kMaxLostMoves) {
    result.best_moves.clear();
    result.moves_listed = false;
    result.moves_note = absl::StrCat("the position is lost, so every move is a best move; there are more than ", kMaxLostMoves, ", not listed");
  }
  result.seconds = watch.Seconds();
  return result;
}

}  // namespace gamebench
