#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>

#include "core/parallel.h"
#include "core/solve.h"
#include "solvers/octal_table.h"
#include "tbb/blocked_range.h"

namespace gamebench {

std::vector<std::string> ShortOctalCodes(int max_digits) {
  std::vector<std::string> codes;
  for (int len = 1; len <= max_digits; ++len) {
    int count = 1;
    for (int i = 0; i < len; ++i) count *= 8;
    for (int v = 0; v < count; ++v) {
      if (v % 8 == 0) continue;  // last digit 0: a shorter code
      std::string digits(len, '0');
      for (int i = len - 1, x = v; i >= 0; --i, x /= 8) digits[i] = static_cast<char>('0' + x % 8);
      codes.push_back("0." + digits);
    }
  }
  return codes;
}

ReducedCode ReduceCode(const std::string& code) {
  std::vector<int> d = {0};
  for (size_t i = 2; i < code.size(); ++i) d.push_back(code[i] - '0');
  ReducedCode r;
  // Each step keeps every bit (moved, or widened), so d never empties; a
  // code with a non-zero digit reaches an odd d1 within its length's steps.
  while (d.size() > 1 && !(d[1] & 1) && r.shift < 64) {
    const size_t t = d.size() - 1;
    std::vector<int> e(t + 2, 0);
    for (size_t k = 1; k <= t + 1; ++k) {
      if (k + 1 <= t && (d[k + 1] & 1)) e[k] |= 1;
      if (k <= t && (d[k] & 2)) e[k] |= 3;
      if (k >= 2 && k - 1 <= t && (d[k - 1] & 4)) e[k] |= 7;
    }
    while (e.size() > 1 && e.back() == 0) e.pop_back();
    d = std::move(e);
    ++r.shift;
  }
  r.code = "0.";
  for (size_t k = 1; k < d.size(); ++k) r.code += static_cast<char>('0' + d[k]);
  return r;
}

OctalTableEntry ComputeOctalGame(const std::string& code, const OctalTableOptions& options,
                                 std::vector<uint16_t>* values) {
  OctalTableEntry e;
  e.code = code;
  auto rule = HeapRule::ParseOctal(code);
  if (!rule.ok()) return e;
  Stopwatch watch;
  NimSequence seq(*rule);
  auto stop = ExtendSequence(seq, options.terms - 1, /*stop_when_proved=*/true,
                             options.game_time_limit, nullptr);
  (void)stop;  // a value past 16 bits stops it early: reported by terms
  e.seconds = watch.Seconds();
  e.terms = seq.size();
  e.period = FindPeriod(seq.values(), rule->code_length());
  e.max_value = seq.max_value();
  e.rare_mask = seq.mask();
  e.rare_positions = seq.rare_positions();
  if (values) values->assign(seq.values().begin(), seq.values().end());
  return e;
}

void CheckByPlainMethod(OctalTableEntry& entry) {
  auto rule = HeapRule::ParseOctal(entry.code);
  if (!rule.ok()) return;
  NimSequence fast(*rule), plain(*rule, NimSequence::Method::kPlain);
  entry.plain_checked = true;
  entry.plain_agrees = fast.ExtendTo(entry.terms - 1).ok() && plain.ExtendTo(entry.terms - 1).ok();
  if (!entry.plain_agrees) return;
  entry.plain_agrees = std::equal(fast.values().begin(), fast.values().end(),
                                  plain.values().begin(), plain.values().end());
  const PeriodInfo again = FindPeriod(plain.values(), rule->code_length());
  entry.plain_agrees &= again.proved == entry.period.proved &&
                        again.period == entry.period.period &&
                        again.preperiod == entry.period.preperiod;
}

std::vector<OctalTableEntry> ComputeOctalTable(
    const OctalTableOptions& options, const std::function<void(int done, int total)>& progress) {
  const std::vector<std::string> codes = ShortOctalCodes(options.max_digits);
  // Classes by reduced code, in order of their first member.
  std::map<std::string, size_t> class_of;
  std::vector<std::vector<size_t>> members;
  std::vector<std::string> reduced;
  std::vector<int> shift(codes.size());
  for (size_t i = 0; i < codes.size(); ++i) {
    ReducedCode r = ReduceCode(codes[i]);
    shift[i] = r.shift;
    auto [it, fresh] = class_of.emplace(r.code, members.size());
    if (fresh) {
      members.emplace_back();
      reduced.push_back(r.code);
    }
    members[it->second].push_back(i);
  }
  auto is_checked = [&](size_t cls) {
    for (size_t i : members[cls])
      if (std::find(options.check_plain.begin(), options.check_plain.end(), codes[i]) !=
          options.check_plain.end())
        return true;
    return false;
  };
  std::vector<OctalTableEntry> table(codes.size());
  std::atomic<int> done{0};
  std::mutex progress_mutex;
  ParallelFor(tbb::blocked_range<size_t>(0, members.size(), 1),
              [&](const tbb::blocked_range<size_t>& range) {
                for (size_t cls = range.begin(); cls != range.end(); ++cls) {
                  std::vector<uint16_t> seq;
                  OctalTableEntry base = ComputeOctalGame(reduced[cls], options, &seq);
                  if (base.period.proved && is_checked(cls)) CheckByPlainMethod(base);
                  const int64_t check_terms = std::min<int64_t>(base.terms, 2048);
                  const int64_t known = static_cast<int64_t>(seq.size());
                  for (size_t i : members[cls]) {
                    OctalTableEntry e = base;
                    e.code = codes[i];
                    e.computed_as = reduced[cls];
                    e.shift = shift[i];
                    e.first_of_class = i == members[cls].front();
                    if (!e.first_of_class) e.seconds = 0;
                    e.terms = base.terms + e.shift;
                    e.reduced_preperiod = base.period.preperiod;
                    // This code's own sequence: `shift` zeros, then the reduced one.
                    auto g = [&](int64_t n) -> int { return n < e.shift ? 0 : seq[n - e.shift]; };
                    if (e.period.found) {
                      e.period.preperiod += e.shift;
                      const int64_t p = e.period.period;
                      while (e.period.preperiod > 0 &&
                             e.period.preperiod - 1 + p < known + e.shift &&
                             g(e.period.preperiod - 1) == g(e.period.preperiod - 1 + p))
                        --e.period.preperiod;
                    }
                    auto own = HeapRule::ParseOctal(codes[i]);
                    NimSequence mine(*own);
                    e.class_checked = mine.ExtendTo(check_terms - 1).ok();
                    for (int64_t n = 0; e.class_checked && n < check_terms; ++n)
                      e.class_checked = mine[n] == g(n);
                    table[i] = std::move(e);
                  }
                  const int d = ++done;
                  if (progress) {
                    std::lock_guard<std::mutex> lock(progress_mutex);
                    progress(d, static_cast<int>(members.size()));
                  }
                }
              });
  return table;
}

}  // namespace gamebench
