#include <algorithm>
#include <cstdint>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/memory.h"
#include "solvers/misere_sum.h"
#include "solvers/sprague_grundy.h"

namespace gamebench {
namespace {

// The engine numbers terms with 32 bits (NimSequence::ExtendTo).
constexpr int64_t kEngineMaxTerm = int64_t{UINT32_MAX} - 2;
// Every move of a lost position is a "best move" (as the search solvers list
// them); past this many they are not listed.
constexpr int64_t kMaxLostMoves = 4096;
// Past a proved period, the terms are still computed up to the largest heap
// when it is below this, so that its moves can be listed.
constexpr int64_t kMovesUpto = int64_t{1} << 20;

}  // namespace

absl::Status HeapValues::Prepare(int64_t max_heap, uint64_t memory_bytes, double seconds_left,
                                 int64_t probe_terms) {
  if (IsNim() || max_heap < seq_.size() || period_.proved) return absl::OkStatus();
  const bool octal = rule_.code_length() >= 0;
  // 2 bytes a term, and up to a quarter more while the table grows.
  const int64_t budget_max_term =
      static_cast<int64_t>(std::min<uint64_t>(memory_bytes / 5 * 2, INT64_MAX)) - 1;
  const int64_t cap = std::min(kEngineMaxTerm, budget_max_term);
  Stopwatch watch;
  auto extend = [&](int64_t upto) -> absl::Status {
    double limit = 0;
    if (seconds_left > 0) {
      limit = seconds_left - watch.Seconds();
      if (limit <= 0) {
        timed_out_ = true;
        return absl::OkStatus();
      }
    }
    auto stop = ExtendSequence(seq_, upto, /*stop_when_proved=*/octal, limit, nullptr);
    if (!stop.ok()) return stop.status();
    if (*stop == ExtendStop::kTimeLimit) timed_out_ = true;
    period_ = FindPeriod(seq_.values(), rule_.code_length());
    return absl::OkStatus();
  };
  // A probe: octal codes often prove a period long before max_heap; the
  // rate it measures also estimates the rest. Other rules have no proof to
  // find, and are computed to max_heap or refused.
  if (octal) {
    const int64_t probe = std::min({max_heap, cap, std::max<int64_t>(probe_terms, seq_.size())});
    if (probe >= seq_.size())
      if (absl::Status st = extend(probe); !st.ok()) return st;
  }
  if (timed_out_ || max_heap < seq_.size()) return absl::OkStatus();
  if (period_.proved) {
    // Values need no more terms; the moves of a split rule do (each scans
    // its heap's splits), so small heaps are computed anyway.
    if (rule_.HasSplit() && max_heap <= std::min(cap, kMovesUpto)) {
      auto stop = ExtendSequence(seq_, max_heap, false, 0, nullptr);
      if (!stop.ok()) return stop.status();
    }
    return absl::OkStatus();
  }
  const std::string what = absl::StrCat(
      "g(", max_heap, ") of rule ", rule_.Name(), ": ",
      octal ? absl::StrCat("no period proved in g(0..", seq_.size() - 1, "), so ") : "",
      "the sequence must be computed up to it");
  if (max_heap > kEngineMaxTerm)
    return absl::OutOfRangeError(
        absl::StrCat(what, ", past the engine's ", kEngineMaxTerm + 1, " terms"));
  if (max_heap > budget_max_term)
    return absl::ResourceExhaustedError(
        absl::StrCat(what, ": about ", FormatBytes(static_cast<uint64_t>(max_heap + 1) / 2 * 5),
                     " (2 bytes a term, growing), over the memory budget ",
                     FormatBytes(memory_bytes), " (--memory)"));
  // Terms cost at least as much later as now (the mex scans grow with n).
  const double elapsed = watch.Seconds();
  if (seconds_left > 0 && elapsed > 0.01) {
    const double rate = static_cast<double>(seq_.size()) / elapsed;
    const double need = static_cast<double>(max_heap + 1 - seq_.size()) / rate;
    if (need > seconds_left - elapsed)
      return absl::ResourceExhaustedError(absl::StrCat(
          what, ": at least ", static_cast<int64_t>(need), " s more at the ",
          static_cast<int64_t>(rate), " terms/s measured, over the time limit (--time-limit)"));
  }
  return extend(max_heap);
}

uint64_t HeapValues::Value(int64_t n) const {
  if (IsNim()) return static_cast<uint64_t>(n);
  if (n < seq_.size()) return seq_[n];
  const int64_t n0 = period_.preperiod, p = period_.period;
  return seq_[n0 + (n - n0) % p];
}

bool HeapValues::OptionsListable(int64_t n) const {
  if (IsNim() || n < seq_.size()) return true;
  return rule_.kind() == HeapRule::Kind::kOctal && !rule_.HasSplit() && period_.proved;
}

bool HeapValues::HasOption(int64_t n) const {
  switch (rule_.kind()) {
    case HeapRule::Kind::kNim:
      return n >= 1;
    case HeapRule::Kind::kPrimes:
      return n >= 2;
    case HeapRule::Kind::kGrundy:
      return n >= 3;
    case HeapRule::Kind::kOctal:
      break;
  }
  // Past t + 2 tokens only the digits' bits 2 and 4 matter, as at t + 2.
  return rule_.HasOption(static_cast<int>(std::min<int64_t>(n, rule_.code_length() + 2)));
}

absl::StatusOr<HeapSumResult> SolveHeapSum(const HeapSum& sum, const SolveOptions& options) {
  Stopwatch watch;
  HeapSumResult result;
  if (sum.rules.empty()) return absl::InvalidArgumentError("a sum needs at least one component");
  bool all_nim = true;
  for (const HeapRule& r : sum.rules) all_nim &= r.kind() == HeapRule::Kind::kNim;
  // Misère play: the sum rule does not hold; misère Nim has its own rule
  // (below), every other sum goes by its misère quotient.
  if (sum.misere && !all_nim) return SolveMisereHeapSum(sum, options);

  // One table per distinct rule, up to its largest heap.
  std::vector<HeapValues> tables;
  std::vector<int64_t> max_heap;
  std::vector<int> table_of(sum.rules.size());
  for (size_t c = 0; c < sum.rules.size(); ++c) {
    size_t t = 0;
    while (t < tables.size() && !(tables[t].rule() == sum.rules[c])) ++t;
    if (t == tables.size()) {
      tables.emplace_back(sum.rules[c]);
      max_heap.push_back(0);
    }
    table_of[c] = static_cast<int>(t);
    for (int64_t h : sum.heaps[c]) max_heap[t] = std::max(max_heap[t], h);
  }
  const uint64_t budget = options.memory_bytes ? options.memory_bytes : DefaultMemoryBudget();
  for (size_t t = 0; t < tables.size(); ++t) {
    double left = 0;
    if (options.time_limit_seconds > 0) {
      left = options.time_limit_seconds - watch.Seconds();
      if (left <= 0) left = 1e-9;
    }
    // Each table gets the budget's share left by those before it (usually
    // all of it: only one rule is ever long).
    uint64_t used = 0;
    for (size_t u = 0; u < t; ++u) used += static_cast<uint64_t>(tables[u].sequence().size()) * 2;
    if (absl::Status st = tables[t].Prepare(max_heap[t], budget > used ? budget - used : 0, left);
        !st.ok())
      return st;
    HeapSumResult::RuleInfo info;
    info.rule = tables[t].rule().Name();
    info.terms = tables[t].IsNim() ? 0 : tables[t].sequence().size();
    info.period = tables[t].period();
    info.max_heap = max_heap[t];
    info.values_from = tables[t].IsNim()                           ? "closed form g(n) = n"
                       : max_heap[t] < tables[t].sequence().size() ? "sequence"
                       : tables[t].period().proved                 ? "proved period"
                                                                   : "not reached";
    result.rules.push_back(info);
    if (tables[t].timed_out()) {
      result.complete = false;
      result.moves_listed = false;
      result.note =
          absl::StrCat("stopped by the time limit with g(0..", tables[t].sequence().size() - 1,
                       ") of rule ", info.rule, " computed; g(", max_heap[t], ") is needed");
      result.seconds = watch.Seconds();
      return result;
    }
  }

  auto value = [&](size_t c, int64_t h) {
    ++result.values_looked_up;
    return tables[table_of[c]].Value(h);
  };
  uint64_t x = 0;
  int64_t big = 0;  // heaps above 1 (misère Nim)
  for (size_t c = 0; c < sum.rules.size(); ++c)
    for (int64_t h : sum.heaps[c]) {
      x ^= value(c, h);
      big += h > 1;
    }
  result.grundy = x;
  // Misère Nim: with a heap above 1, as normal Nim; with none, the mover
  // wins iff an even number of heaps of 1 is left (xor 0).
  auto wins = [&](uint64_t xor_value, int64_t big_heaps) {
    if (!sum.misere || big_heaps > 0) return xor_value != 0;
    return xor_value == 0;
  };
  result.value = wins(x, big) ? kWinScore : kLossScore;
  if (sum.misere) result.note = "misere Nim by its rule";
  result.seconds = watch.Seconds();
  if (!options.best_moves) return result;

  bool terminal = true;
  for (size_t c = 0; c < sum.rules.size() && terminal; ++c)
    for (int64_t h : sum.heaps[c])
      if (tables[table_of[c]].HasOption(h)) {
        terminal = false;
        break;
      }
  if (terminal) return result;

  // The moves to list: to a lost position when the root is won, every move
  // when it is lost. `target(c, h)` is the value an option must have, or
  // nullopt for any.
  const bool won = result.value == kWinScore;
  auto not_listed = [&](std::string why) {
    result.moves_listed = false;
    result.moves_note = std::move(why);
    result.best_moves.clear();
  };
  std::set<std::pair<size_t, int64_t>> done;
  int64_t lost_moves = 0;
  for (size_t c = 0; c < sum.rules.size() && result.moves_listed; ++c) {
    const HeapValues& table = tables[table_of[c]];
    for (size_t i = 0; i < sum.heaps[c].size() && result.moves_listed; ++i) {
      const int64_t h = sum.heaps[c][i];
      if (h == 0) continue;
      if (!sum.moves_per_heap && !done.insert({c, h}).second) continue;
      if (!table.OptionsListable(h)) {
        not_listed(absl::StrCat("heap ", h, " of component ", c + 1, " (rule ", table.rule().Name(),
                                ") is past the computed g(0..", table.sequence().size() - 1,
                                "): its options were not scanned"));
        break;
      }
      auto add = [&](int64_t a, int64_t b) {
        result.best_moves.push_back({static_cast<int>(c), static_cast<int>(i), h, a, b});
      };
      const uint64_t v = value(c, h);
      if (!won) {
        // Every move loses: list them all, unless there are too many.
        if (table.IsNim() && h > kMaxLostMoves) lost_moves += h;
        if (lost_moves <= kMaxLostMoves)
          table.ForEachOption(h, std::nullopt, [&](int64_t a, int64_t b) {
            if (++lost_moves <= kMaxLostMoves) add(a, b);
          });
        if (lost_moves > kMaxLostMoves)
          not_listed(
              absl::StrCat("the position is lost, so every move is a best move; there are "
                           "more than ",
                           kMaxLostMoves, ", not listed"));
        continue;
      }
      if (!sum.misere) {
        table.ForEachOption(h, v ^ x, add);
        continue;
      }
      // Misère Nim: leave xor 0 with a heap above 1 left, or an odd number
      // of heaps of 1 and nothing bigger. Heap h can become any t < h; only
      // t = v ^ x, 0 or 1 can win.
      std::vector<uint64_t> tried;
      for (uint64_t t : {v ^ x, uint64_t{0}, uint64_t{1}}) {
        if (t >= static_cast<uint64_t>(h) || std::count(tried.begin(), tried.end(), t)) continue;
        tried.push_back(t);
        const int64_t big_after = big - (h > 1) + (t > 1);
        if (!wins(x ^ v ^ t, big_after)) add(static_cast<int64_t>(t), 0);
      }
    }
  }
  result.seconds = watch.Seconds();
  return result;
}

}  // namespace gamebench
