#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
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
  const uint32_t space = 1u << (bits_ + 1);
  words_ = static_cast<int>(space / 64) + 1;
  if (stamp_.size() < space + 1) stamp_.resize(space + 1, 0);
  commons_.clear();
  rares_.clear();
  for (uint32_t v = 0; v <= space; ++v) (IsCommon(v) ? commons_ : rares_).push_back(v);
  if (freq_.size() < (size_t{1} << bits_)) freq_.resize(size_t{1} << bits_, 0);
}

uint32_t NimSequence::FirstZero(const std::vector<uint64_t>& bits) const {
  for (int w = 0; w < words_; ++w)
    if (~bits[w]) return static_cast<uint32_t>(w * 64 + std::countr_zero(~bits[w]));
  return static_cast<uint32_t>(words_ * 64);
}

// Options that leave at most one heap: cheap, and the same in both methods.
void NimSequence::AddRemovals(int64_t n, uint32_t tag) {
  for (int64_t k : take_all_)
    if (k == n) stamp_[0] = tag;
  for (int64_t k : leave_one_) {
    if (k >= n) break;
    stamp_[g_[n - k]] = tag;
  }
}

// The option values are marked by stamping stamp_[value] with the term's
// tag (n + 1): plain stores, no clearing, no read-modify-write chains.
uint16_t NimSequence::NextPlain(int64_t n) {
  const uint32_t tag = static_cast<uint32_t>(n + 1);
  AddRemovals(n, tag);
  const uint16_t* g = g_.data();
  uint32_t* stamp = stamp_.data();
  for (int64_t k : leave_two_) {
    const int64_t m = n - k;
    if (m < 2) continue;
    const int64_t amax = unequal_ ? (m - 1) / 2 : m / 2;
    for (int64_t a = 1; a <= amax; ++a) stamp[g[a] ^ g[m - a]] = tag;
    pairs_ += static_cast<uint64_t>(amax);
  }
  uint32_t v = 0;
  while (stamp[v] == tag) ++v;
  return static_cast<uint16_t>(v);
}

uint16_t NimSequence::NextRareCommon(int64_t n) {
  const uint32_t tag = static_cast<uint32_t>(n + 1);
  const uint16_t* g = g_.data();
  uint32_t* stamp = stamp_.data();
  // Step 1: removals, and every split with a rare side: the far pairs (rare
  // r >= kChunk, known when the chunk began) from the chunk's bitsets, the
  // near ones (r < kChunk, or r found during this chunk) directly.
  AddRemovals(n, tag);
  const int64_t j = n - chunk_start_;
  const uint8_t* far = far_.data() + j * far_words_;
  for (int v = 0; v < far_words_; v += 8) {
    uint64_t bytes;
    std::memcpy(&bytes, far + v, 8);
    for (; bytes; bytes &= bytes - 1) stamp[v + std::countr_zero(bytes) / 8] = tag;
  }
  const size_t num_rare = rare_pos_.size();
  const uint32_t* rp = rare_pos_.data();
  const uint16_t* rv = rare_val_.data();
  auto near_pairs = [&](size_t begin, size_t end) {
    for (int64_t k : leave_two_) {
      const int64_t m = n - k;
      for (size_t i = begin; i < end && rp[i] < m; ++i) {
        const int64_t b = m - rp[i];
        if (unequal_ && b == rp[i]) continue;
        stamp[rv[i] ^ g[b]] = tag;
        ++pairs_;
      }
    }
  };
  size_t small = 0;
  while (small < chunk_rare_count_ && rp[small] < kChunk) ++small;
  near_pairs(0, small);
  near_pairs(chunk_rare_count_, num_rare);
  // Step 2: the candidate, the least common value not seen.
  uint32_t c = 0;
  for (uint32_t v : commons_)
    if (stamp[v] != tag) {
      c = v;
      break;
    }
  // Step 3: the rare values below c still unseen; common ^ common pairs can
  // only add rare values, so scan them, a block at a time, until none is
  // left. The removals are interleaved (a value may come from one of them
  // only), and the smaller side a runs upwards.
  need_.clear();
  for (uint32_t v : rares_) {
    if (v >= c) break;
    if (stamp[v] != tag) need_.push_back(static_cast<uint16_t>(v));
  }
  if (need_.empty()) return static_cast<uint16_t>(c);
  const int64_t amax_all = unequal_ ? (n - leave_two_[0] - 1) / 2 : (n - leave_two_[0]) / 2;
  int64_t first_block = 32;
  for (int64_t a0 = 1, block; a0 <= amax_all; a0 += block) {
    // Blocks long enough that checking the list costs little per pair, but
    // starting short: a few pairs often suffice (Kayles).
    block = std::min(first_block, std::max<int64_t>(256, 4 * static_cast<int64_t>(need_.size())));
    if (first_block < 4096) first_block *= 2;
    if (static_cast<int64_t>(xor_buf_.size()) < block) xor_buf_.resize(block);
    for (int64_t k : leave_two_) {
      const int64_t m = n - k;
      const int64_t amax = std::min(a0 + block - 1, unequal_ ? (m - 1) / 2 : m / 2);
      if (amax < a0) continue;
      // Two passes: the xors (a loop the compiler vectorizes), then the stamps.
      const int len = static_cast<int>(amax - a0 + 1);
      uint16_t* x = xor_buf_.data();
      const uint16_t* lo = g + a0;
      const uint16_t* hi = g + (m - a0);
      for (int i = 0; i < len; ++i) x[i] = lo[i] ^ *(hi - i);
      for (int i = 0; i < len; ++i) stamp[x[i]] = tag;
      pairs_ += static_cast<uint64_t>(len);
    }
    size_t kept = 0;
    for (uint16_t v : need_)
      if (stamp[v] != tag) need_[kept++] = v;
    need_.resize(kept);
    if (kept == 0) return static_cast<uint16_t>(c);
  }
  // g(n) is rare: the least rare value below c that no option has.
  return need_.front();
}

// The far pairs of the chunk of terms n0 .. n0 + kChunk - 1: for each rare
// position r >= kChunk known now, and each term, the value of the split
// (r, m - r). Each r reads kChunk consecutive terms, so this streams through
// memory instead of touching a cache line per rare position and term.
void NimSequence::PrepareChunk(int64_t n0) {
  chunk_start_ = n0;
  chunk_rare_count_ = rare_pos_.size();
  // Bytes per term: every value below 2^bits_, read 8 at a time.
  far_words_ = static_cast<int>(std::max<uint64_t>(8, uint64_t{1} << bits_));
  far_.assign(static_cast<size_t>(kChunk) * far_words_, 0);
  const uint16_t* g = g_.data();
  uint8_t* far = far_.data();
  const int64_t width = far_words_;
  uint64_t pairs = 0;
  for (size_t i = 0; i < chunk_rare_count_; ++i) {
    const int64_t r = rare_pos_[i];
    if (r < kChunk) continue;
    const uint16_t v = rare_val_[i];
    for (int64_t k : leave_two_) {
      const int64_t base = n0 - k - r;  // b = base + j for term n0 + j
      const int64_t jmin = std::max<int64_t>(0, 1 - base);
      const uint16_t* gb = g + base;
      if (unequal_) {
        for (int64_t jj = jmin; jj < kChunk; ++jj)
          if (base + jj != r) far[jj * width + (v ^ gb[jj])] = 1;
      } else {
        for (int64_t jj = jmin; jj < kChunk; ++jj) far[jj * width + (v ^ gb[jj])] = 1;
      }
      pairs += static_cast<uint64_t>(kChunk - jmin);
    }
  }
  pairs_ += pairs;
}

void NimSequence::Push(int64_t n, uint16_t v) {
  g_.push_back(v);
  if (n >= 1) ++freq_[v];
  if (mask_ != 0 && n >= 1 && !IsCommon(v)) {
    rare_pos_.push_back(static_cast<uint32_t>(n));
    rare_val_.push_back(v);
  }
}

// Scores every mask by the number of positions it makes common (a
// Walsh–Hadamard transform of the value frequencies) and keeps the best, or
// none (the plain method) when over a quarter of the positions would be rare
// (then the scans for rare terms and the rare pairs cost about as much as
// the plain mex).
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
  chunk_start_ = -1;   // the chunk's far pairs assumed the old split
  ResizeValueSpace();  // rebuilds the common-value bitset
  rare_pos_.clear();
  rare_val_.clear();
  if (mask_ != 0)
    for (int64_t a = 1; a < size(); ++a)
      if (!IsCommon(g_[a])) {
        rare_pos_.push_back(static_cast<uint32_t>(a));
        rare_val_.push_back(g_[a]);
      }
}

absl::Status NimSequence::ExtendTo(int64_t n) {
  if (n >= static_cast<int64_t>(UINT32_MAX))
    return absl::OutOfRangeError(absl::StrCat("nim-sequence: ", n, " terms is too many"));
  // Grow by a quarter at a time, so the table stays near 2 bytes a term
  // while chunked calls do not copy it over and over.
  if (static_cast<size_t>(n + 1) > g_.capacity())
    g_.reserve(std::max(static_cast<size_t>(n + 1), g_.capacity() + g_.capacity() / 4));
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
      if (h % kChunk == 0 || chunk_start_ < 0) PrepareChunk(h - h % kChunk);
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

PeriodInfo FindPeriod(absl::Span<const uint16_t> g, int code_length) {
  const int64_t last = static_cast<int64_t>(g.size()) - 1;
  // Periods p whose stretch [n0, last] is long enough (>= p + (last + 1) / 2)
  // that every multiple kp tried below has the same n0: if g(n0 - 1 + kp)
  // equalled g(n0 - 1), both g(n0 - 1 + kp) and g(n0 - 1 + p + kp) lie in
  // the p-periodic stretch, forcing g(n0 - 1) = g(n0 - 1 + p). A multiple
  // with the same n0 is neither proved nor reported when p is not, and
  // scanning each of them would cost a whole stretch: 0.56 has 2,500
  // multiples of 144 below half of 742,515 terms.
  std::vector<int64_t> bases;
  PeriodInfo unproved;
  for (int64_t p = 1; 2 * p <= last + 1; ++p) {
    if (std::any_of(bases.begin(), bases.end(), [p](int64_t b) { return p % b == 0; })) continue;
    // The last n with g(n + p) != g(n), scanning back from the end: a wrong
    // p fails within a few steps.
    int64_t n0 = 0;
    for (int64_t n = last - p; n >= 0; --n)
      if (g[n + p] != g[n]) {
        n0 = n + 1;
        break;
      }
    const int64_t stretch = last + 1 - n0;
    if (stretch >= p + (last + 1) / 2) bases.push_back(p);
    // A proved period beats any unproved one, however small: a long sequence
    // can end in a short stretch that only looks periodic (0.16 to 700,000
    // ends with 21 terms of period 3) and would hide the proved one.
    if (code_length >= 0 && 2 * n0 + 2 * p + code_length - 1 <= last) return {true, p, n0, true};
    // Unproved, p is reported only when its stretch spans at least 3 periods
    // and at least half of the computed range.
    if (!unproved.found && stretch >= 3 * p && 2 * stretch >= last + 1)
      unproved = {true, p, n0, false};
  }
  return unproved;
}

const char* ExtendStopName(ExtendStop stop) {
  switch (stop) {
    case ExtendStop::kUpto:
      return "upto";
    case ExtendStop::kProved:
      return "proved";
    case ExtendStop::kTimeLimit:
      return "time limit";
  }
  return "upto";
}

absl::StatusOr<ExtendStop> ExtendSequence(NimSequence& seq, int64_t upto, bool stop_when_proved,
                                          double time_limit_seconds, Progress* progress) {
  Deadline deadline(time_limit_seconds);  // also sees a CancelScope's stop request
  if (progress) progress->Phase("terms", static_cast<uint64_t>(upto) + 1);
  int64_t next_check = 64;
  // Chunks of at most 64k terms, fewer when terms are slow (large heaps, the
  // plain method), so that the deadline (a time limit, Ctrl-C in Python) is
  // seen every ~0.1 s.
  int64_t chunk = 1024;
  while (seq.size() <= upto) {
    int64_t target = std::min<int64_t>(upto, seq.size() + chunk - 1);
    if (stop_when_proved) target = std::min(target, next_check);
    Stopwatch chunk_watch;
    if (absl::Status st = seq.ExtendTo(target); !st.ok()) return st;
    const double chunk_seconds = chunk_watch.Seconds();
    if (chunk_seconds < 0.05 && chunk < 65536) chunk *= 2;
    if (chunk_seconds > 0.2 && chunk > 16) chunk /= 2;
    if (progress) progress->Update(static_cast<uint64_t>(seq.size()));
    if (stop_when_proved && seq.size() - 1 >= next_check) {
      next_check += next_check / 4;
      if (FindPeriod(seq.values(), seq.rule().code_length()).proved) return ExtendStop::kProved;
    }
    if (deadline.Poll() && seq.size() <= upto)
      return ExtendStop::kTimeLimit;
  }
  return ExtendStop::kUpto;
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
