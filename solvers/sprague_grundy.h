#ifndef GAMEBENCH_SOLVERS_SPRAGUE_GRUNDY_H_
#define GAMEBENCH_SOLVERS_SPRAGUE_GRUNDY_H_

// Sprague–Grundy values of heap games with heaps of any size (up to 2^63 - 1)
// and sums of any number of them, without a search state: the input is the
// rules and the heaps (the tool reads them from a spec, games/heap_spec.h).
//
// The value of a heap n under a rule:
//   - Nim: n (every smaller heap is an option, so the mex is n);
//   - otherwise g(n) from the rule's nim-sequence (solvers/nim_sequence.h)
//     when n is within the computed terms;
//   - beyond them, for a finite octal code, from the period the octal
//     periodicity theorem proves: g(n) = g(n0 + (n - n0) mod p);
//   - otherwise the sequence is computed up to n when the memory budget (2
//     bytes a term) and the time limit allow, and the solve is refused with
//     one line saying what it would need when they do not.
// Winning moves: X, the xor of every heap's value, is non-zero; a heap of
// value v has a winning move exactly to an option of value v ^ X, so each
// heap's own options are scanned for that one value, never the other
// components' moves. A heap's options are enumerable when the heap is within
// the computed terms (a proved split rule is still computed up to heaps below
// 2^20 for this), or when the rule never splits and the period gives every
// one-heap option; otherwise the moves are not listed, and the result says
// why. A lost position lists every move (as the search solvers do) up to
// 4,096 of them.
//
// Layering: HeapRule comes through solvers/nim_sequence.h (today from
// games/heap_game.h; the rule's description is moving to core/).

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/solve.h"
#include "solvers/nim_sequence.h"

namespace gamebench {

// Values of every heap under one rule.
class HeapValues {
 public:
  explicit HeapValues(const HeapRule& rule) : rule_(rule), seq_(rule) {}

  // Makes Value(n) available for every n <= max_heap: from the terms
  // computed, a proved period (for octal codes, looked for first on at most
  // `probe_terms` terms), or by computing up to max_heap within the budget
  // (bytes) and the time limit (seconds, 0: none). Fails with one line when
  // that would exceed them; timed_out() when the clock stopped it.
  absl::Status Prepare(int64_t max_heap, uint64_t memory_bytes, double seconds_left,
                       int64_t probe_terms = int64_t{1} << 20);

  bool IsNim() const { return rule_.kind() == HeapRule::Kind::kNim; }
  // Whether Value(n) is available.
  bool Known(int64_t n) const { return IsNim() || n < seq_.size() || period_.proved; }
  uint64_t Value(int64_t n) const;
  // Whether the options of a heap of n can be listed: they are all known and
  // there are not too many to scan (the heap is within the computed terms, or
  // the rule never splits and its removals are finitely many).
  bool OptionsListable(int64_t n) const;
  // Calls fn(a, b) (heaps left, a >= b, 0 for none) for every option of n
  // whose value is `target` (every option when nullopt). Requires
  // OptionsListable(n).
  template <typename Fn>
  void ForEachOption(int64_t n, std::optional<uint64_t> target, Fn&& fn) const;
  // Whether a heap of n has any move.
  bool HasOption(int64_t n) const;

  const HeapRule& rule() const { return rule_; }
  const NimSequence& sequence() const { return seq_; }
  const PeriodInfo& period() const { return period_; }
  bool timed_out() const { return timed_out_; }

 private:
  HeapRule rule_;
  NimSequence seq_;
  PeriodInfo period_;
  bool timed_out_ = false;
};

// A sum of heap games: for each component, its rule and heaps.
struct HeapSum {
  std::vector<HeapRule> rules;
  std::vector<std::vector<int64_t>> heaps;  // zeros allowed
  bool misere = false;  // misère Nim by its rule, others by the misère quotient
  // Moves of equal heaps of a component are one move (HeapSystem games) or
  // one per heap (Nim, whose moves name a heap by its index).
  bool moves_per_heap = false;
};

// A move: heap number `index` (of size `heap`) of component `component`
// becomes heaps a >= b (0 for none).
struct HeapMove {
  int component;
  int index;
  int64_t heap;
  int64_t a, b;
};

struct HeapSumResult {
  bool complete = true;  // false: the time limit stopped the sequence
  std::string note;      // why incomplete, or how misère play was valued
  uint64_t grundy = 0;   // xor of the heaps' values (normal play)
  Score value = 0;       // for the player to move
  bool moves_listed = true;
  std::string moves_note;  // why moves were not listed
  std::vector<HeapMove> best_moves;
  uint64_t values_looked_up = 0;
  double seconds = 0;
  // Per distinct rule: what the values came from.
  struct RuleInfo {
    std::string rule;
    int64_t terms = 0;  // g(0..terms-1) computed
    PeriodInfo period;
    int64_t max_heap = 0;
    std::string values_from;  // "closed form n", "sequence", "proved period"
  };
  std::vector<RuleInfo> rules;
};

// Values a sum: normal play; misère Nim (every rule Nim) by its rule; any
// other misère sum by its misère quotient (solvers/misere_sum.h). Fails with
// one line on what it cannot answer (a heap beyond what the budget allows, a
// misère quotient past its limits). memory_bytes 0: the default budget.
absl::StatusOr<HeapSumResult> SolveHeapSum(const HeapSum& sum, const SolveOptions& options);

// ---------------------------------------------------------------------------

template <typename Fn>
void HeapValues::ForEachOption(int64_t n, std::optional<uint64_t> target, Fn&& fn) const {
  auto wanted = [&](uint64_t v) { return !target || v == *target; };
  if (IsNim()) {
    if (target) {
      if (*target < static_cast<uint64_t>(n)) fn(static_cast<int64_t>(*target), int64_t{0});
    } else {
      for (int64_t left = n - 1; left >= 0; --left) fn(left, int64_t{0});
    }
    return;
  }
  if (rule_.kind() == HeapRule::Kind::kGrundy) {
    for (int64_t b = 1; b < n - b; ++b)
      if (wanted(seq_[n - b] ^ seq_[b])) fn(n - b, b);
    return;
  }
  const int64_t kmax =
      rule_.kind() == HeapRule::Kind::kOctal ? std::min<int64_t>(n, rule_.code_length()) : n;
  for (int64_t k = 1; k <= kmax; ++k) {
    const uint8_t d = rule_.Digit(k);
    if (d == 0) continue;
    if ((d & 1) && k == n && wanted(0)) fn(int64_t{0}, int64_t{0});
    if ((d & 2) && k < n && wanted(Value(n - k))) fn(n - k, int64_t{0});
    if (d & 4) {
      const int64_t m = n - k;
      for (int64_t b = 1; b <= m - b; ++b)
        if (wanted(seq_[m - b] ^ seq_[b])) fn(m - b, b);
    }
  }
}

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_SPRAGUE_GRUNDY_H_
