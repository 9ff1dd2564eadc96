#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "absl/strings/str_cat.h"
#include "solvers/nim_sequence.h"

namespace gamebench {

NimSequence::NimSequence(HeapRule rule, Method method) : rule_(std::move(rule)), method_(method) {
  switch (rule_.kind()) {
    case HeapRule::Kind::kOctal:
      for (int k = 1; k <= rule_.code_length(); ++k) {
        const uint8_t d = rule_.Digit(k);
        if (d & 1) take_all_.push_back(k);
        if (d & 2) leave_one_.push_back(k);
        if (d & 4) leave_two_.push_back(k);
      }
      break;
    case HeapRule::Kind::kNim:
      prefix_ = true;
      prefix_seen_.assign(1024 + 1, 0);
      break;
    case HeapRule::Kind::kPrimes:
      primes_ = true;
      break;
    case HeapRule::Kind::kGrundy:
      leave_two_.push_back(0);
      unequal_ = true;
      break;
  }
  ResizeValueSpace();
}

void NimSequence::ResizeValueSpace() {
  while ((1u << bits_) <= max_value_) ++bits_;
  words_ = static_cast<int>(((uint64_t{1} << (bits_ + 1)) + 63) / 64) + 1;
  seen_.assign(words_, 0);
  need_.assign(words_, 0);
  common_.assign(words_, 0);
  for (uint32_t v = 0; v < static_cast<uint32_t>(words_) * 64; ++v)
    if (IsCommon(v)) common_[v >> 6] |= uint64_t{1} << (v & 63);
  if (freq_.size() < (size_t{1} << bits_)) freq_.resize(size_t{1} << bits_, 0);
}

void NimSequence::ClearSeen() { std::fill(seen_.begin(), seen_.end(), 0); }

uint32_t NimSequence::FirstZero(const std::vector<uint64_t>& bits) const {
  for (int w = 0; w < words_; ++w)
    if (~bits[w]) return static_cast<uint32_t>(w * 64 + std::countr_zero(~bits[w]));
  return static_cast<uint32_t>(words_ * 64);
}

// Options that leave at most one heap: cheap, and the same in both methods.
void NimSequence::AddRemovals(int64_t n) {
  for (int64_t k : take_all_)
    if (k == n) Set(0);
  for (int64_t k : leave_one_) {
    if (k >= n) break;
    Set(g_[n - k]);
  }
}

uint16_t NimSequence::NextPlain(int64_t n) {
  ClearSeen();
  AddRemovals(n);
  const uint16_t* g = g_.data();
  for (int64_t k : leave_two_) {
    const int64_t m = n - k;
    if (m < 2) continue;
    const int64_t amax = unequal_ ? (m - 1) / 2 : m / 2;
    for (int64_t a = 1; a <= amax; ++a) Set(g[a] ^ g[m - a]);
    pairs_ += static_cast<uint64_t>(amax);
  }
  return static_cast<uint16_t>(FirstZero(seen_));
}

uint16_t NimSequence::NextRareCommon(int64_t n) {
  // Step 1: removals, and every split with a rare side.
  ClearSeen();
  AddRemovals(n);
  const uint16_t* g = g_.data();
  for (int64_t k : leave_two_) {
    const int64_t m = n - k;
    if (m < 2) continue;
    for (uint32_t r : rare_pos_) {
      if (r >= m) break;
      const int64_t b = m - r;
      if (unequal_ && b == r) continue;
      Set(g[r] ^ g[b]);
    }
    pairs_ += rare_pos_.size();
  }
  // Step 2: the candidate, the least common value not seen.
  uint32_t c = 0;
  for (int w = 0; w < words_; ++w) {
    const uint64_t free_common = common_[w] & ~seen_[w];
    if (free_common) {
      c = static_cast<uint32_t>(w * 64 + std::countr_zero(free_common));
      break;
    }
  }
  // Step 3: the rare values below c still unseen; common ^ common pairs can
  // only add rare values, so scan them until none is left.
  int missing = 0;
  const int cw = static_cast<int>(c >> 6);
  for (int w = 0; w <= cw; ++w) {
    uint64_t bits = ~common_[w] & ~seen_[w];
    if (w == cw) bits &= (uint64_t{1} << (c & 63)) - 1;
    need_[w] = bits;
    missing += std::popcount(bits);
  }
  if (missing == 0) return static_cast<uint16_t>(c);
  uint64_t* need = need_.data();
  for (int64_t k : leave_two_) {
    const int64_t m = n - k;
    if (m < 2) continue;
    const int64_t amax = unequal_ ? (m - 1) / 2 : m / 2;
    for (int64_t a = 1; a <= amax; ++a) {
      const uint32_t x = g[a] ^ g[m - a];
      const uint64_t bit = uint64_t{1} << (x & 63);
      if (need[x >> 6] & bit) {
        need[x >> 6] &= ~bit;
        if (--missing == 0) {
          pairs_ += static_cast<uint64_t>(a);
          return static_cast<uint16_t>(c);
        }
      }
    }
    pairs_ += static_cast<uint64_t>(amax);
  }
  // g(n) is rare: the least rare value below c that no option has.
  for (int w = 0; w <= cw; ++w)
    if (need_[w]) return static_cast<uint16_t>(w * 64 + std::countr_zero(need_[w]));
  return static_cast<uint16_t>(c);
}

void NimSequence::Push(int64_t n, uint16_t v) {
  g_.push_back(v);
  if (n >= 1) ++freq_[v];
  if (mask_ != 0 && n >= 1 && !IsCommon(v)) rare_pos_.push_back(static_cast<uint32_t>(n));
}

// Scores every mask by the number of positions it makes common (a
// Walsh–Hadamard transform of the value frequencies) and keeps the best, or
// none (the plain method) when over a quarter of the positions would be rare.
void NimSequence::ChooseMask() {
  const size_t space = size_t{1} << bits_;
  std::vector<int64_t> w(freq_.begin(), freq_.begin() + space);
  for (size_t len = 1; len < space; len <<= 1)
    for (size_t i = 0; i < space; i += len << 1)
      for (size_t j = i; j < i + len; ++j) {
        const int64_t x = w[j], y = w[j + len];
        w[j] = x + y;
        w[j + len] = x - y;
      }
  const int64_t total = w[0];
  uint32_t best = 0;
  int64_t best_rare = total;
  for (size_t m = 1; m < space; ++m) {
    const int64_t rare = (total + w[m]) / 2;  // even parity under m
    if (rare < best_rare) {
      best_rare = rare;
      best = static_cast<uint32_t>(m);
    }
  }
  if (best_rare * 4 > total) best = 0;
  if (best == mask_) return;
  mask_ = best;
  ResizeValueSpace();  // rebuilds the common-value bitset
  rare_pos_.clear();
  if (mask_ != 0)
    for (int64_t a = 1; a < size(); ++a)
      if (!IsCommon(g_[a])) rare_pos_.push_back(static_cast<uint32_t>(a));
}

absl::Status NimSequence::ExtendTo(int64_t n) {
  if (n >= static_cast<int64_t>(UINT32_MAX))
    return absl::OutOfRangeError(absl::StrCat("nim-sequence: ", n, " terms is too many"));
  if (n + 1 > size()) g_.reserve(static_cast<size_t>(n + 1));
  const bool split = !leave_two_.empty();
  for (int64_t h = size(); h <= n; ++h) {
    if (primes_ && HeapRule::IsPrime(h)) {
      take_all_.push_back(h);
      leave_one_.push_back(h);
    }
    uint32_t v;
    if (prefix_) {
      v = FirstZero(prefix_seen_);  // Nim: the options are every g(0..h-1)
    } else if (!split || method_ == Method::kPlain || mask_ == 0) {
      v = NextPlain(h);
    } else {
      v = NextRareCommon(h);
    }
    if (v >= UINT16_MAX)
      return absl::OutOfRangeError(absl::StrCat("nim-sequence of ", rule_.Name(), ": g(", h,
                                                ") exceeds 16 bits; stopped there"));
    if (v > max_value_) {
      max_value_ = static_cast<uint16_t>(v);
      if ((1u << bits_) <= max_value_) {
        ResizeValueSpace();
        if (prefix_ && words_ > static_cast<int>(prefix_seen_.size()))
          prefix_seen_.resize(words_, 0);
      }
    }
    Push(h, static_cast<uint16_t>(v));
    if (prefix_) prefix_seen_[v >> 6] |= uint64_t{1} << (v & 63);
    if (split && method_ == Method::kRareCommon && h + 1 >= next_choice_) {
      ChooseMask();
      next_choice_ *= 2;
    }
  }
  return absl::OkStatus();
}

PeriodInfo FindPeriod(const std::vector<uint16_t>& g, int code_length) {
  PeriodInfo info;
  const int64_t last = static_cast<int64_t>(g.size()) - 1;
  for (int64_t p = 1; 2 * p <= last + 1; ++p) {
    // The last n with g(n + p) != g(n), scanning back from the end: a wrong
    // p fails within a few steps, so the search is about linear.
    int64_t n0 = 0;
    for (int64_t n = last - p; n >= 0; --n)
      if (g[n + p] != g[n]) {
        n0 = n + 1;
        break;
      }
    const bool proved = code_length >= 0 && 2 * n0 + 2 * p + code_length - 1 <= last;
    if (proved || last + 1 - n0 >= 3 * p) {
      info.found = true;
      info.period = p;
      info.preperiod = n0;
      info.proved = proved;
      return info;
    }
  }
  return info;
}

std::vector<uint16_t> DefinitionNimSequence(const HeapRule& rule, int n) {
  std::vector<uint16_t> g;
  for (int h = 0; h <= n; ++h) {
    std::vector<int> options;
    rule.ForEachOption(h, [&](int a, int b) { options.push_back(g[a] ^ g[b]); });
    std::vector<bool> seen(options.size() + 1, false);
    for (int x : options)
      if (x < static_cast<int>(seen.size())) seen[x] = true;
    int v = 0;
    while (seen[v]) ++v;
    g.push_back(static_cast<uint16_t>(v));
  }
  return g;
}

}  // namespace gamebench
