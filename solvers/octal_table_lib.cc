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

std::string TrivialCanonicalCode(const std::string& code) {
  std::vector<int> d = {0};
  for (size_t i = 2; i < code.size(); ++i) d.push_back(code[i] - '0');
  if (d.size() < 2 || (d[1] & 1)) return code;
  d.resize(d.size() + 2, 0);
  // Ascending k, so an implied bit 2 at k + 1 implies its bit 1 at k + 2.
  for (size_t k = 1; k < d.size(); ++k) {
    if ((d[k] & 2) && k + 1 < d.size()) d[k + 1] |= 1;
    if (d[k] & 4) {
      if (k + 1 < d.size()) d[k + 1] |= 2;
      if (k + 2 < d.size()) d[k + 2] |= 1;
    }
  }
  while (d.size() > 2 && d.back() == 0) d.pop_back();
  std::string out = "0.";
  for (size_t k = 1; k < d.size(); ++k) out += static_cast<char>('0' + d[k]);
  return out;
}

OctalTableEntry ComputeOctalGame(const std::string& code, const OctalTableOptions& options) {
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
  // Classes of trivially equivalent codes; the first (shortest, smallest)
  // member is computed.
  std::map<std::string, std::string> first_of;
  std::vector<std::string> computed;
  for (const std::string& c : codes) {
    auto [it, fresh] = first_of.emplace(TrivialCanonicalCode(c), c);
    if (fresh) computed.push_back(c);
  }
  std::vector<OctalTableEntry> results(computed.size());
  std::atomic<int> done{0};
  std::mutex progress_mutex;
  // A class is re-checked when any of its members is listed.
  std::vector<std::string> check;
  for (const std::string& c : options.check_plain) {
    auto it = first_of.find(TrivialCanonicalCode(c));
    if (it != first_of.end()) check.push_back(it->second);
  }
  auto is_checked = [&](const std::string& code) {
    return std::find(check.begin(), check.end(), code) != check.end();
  };
  ParallelFor(tbb::blocked_range<size_t>(0, computed.size(), 1),
              [&](const tbb::blocked_range<size_t>& range) {
                for (size_t i = range.begin(); i != range.end(); ++i) {
                  results[i] = ComputeOctalGame(computed[i], options);
                  if (results[i].period.proved && is_checked(computed[i]))
                    CheckByPlainMethod(results[i]);
                  const int d = ++done;
                  if (progress) {
                    std::lock_guard<std::mutex> lock(progress_mutex);
                    progress(d, static_cast<int>(computed.size()));
                  }
                }
              });
  std::map<std::string, const OctalTableEntry*> by_code;
  for (const OctalTableEntry& e : results) by_code[e.code] = &e;
  // Every code, in order; members copy their class's figures, and their
  // first terms are checked against it.
  std::vector<OctalTableEntry> table;
  for (const std::string& c : codes) {
    const std::string& first = first_of[TrivialCanonicalCode(c)];
    OctalTableEntry e = *by_code[first];
    if (c != first) {
      e.code = c;
      e.same_as = first;
      e.seconds = 0;
      auto a = HeapRule::ParseOctal(c), b = HeapRule::ParseOctal(first);
      NimSequence sa(*a), sb(*b);
      const int64_t n = std::min<int64_t>(e.terms, 2048) - 1;
      e.class_checked = sa.ExtendTo(n).ok() && sb.ExtendTo(n).ok() &&
                        std::equal(sa.values().begin(), sa.values().end(), sb.values().begin(),
                                   sb.values().end());
      // The period proof is the class's (same sequence); the theorem's code
      // length differs, so it is stated for the computed member.
    } else {
      e.class_checked = true;
    }
    table.push_back(std::move(e));
  }
  return table;
}

}  // namespace gamebench
