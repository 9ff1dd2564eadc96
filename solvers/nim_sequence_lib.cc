#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

#include "absl/strings/str_cat.h"
#include "solvers/nim_sequence.h"
#include "tbb/blocked_range.h"

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
  // near ones (r < kFar, or r found since the far ones were taken) directly.
  AddRemovals(n, tag);
  const int64_t j = n - far_.start;
  const int width = far_.width;
  const uint8_t* far = far_.bytes.data() + j * width;
  for (int v = 0; v < width; v += 8) {
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
  while (small < far_.rare_count && rp[small] < kFar) ++small;
  near_pairs(0, small);
  near_pairs(far_.rare_count, num_rare);
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
  size_t first_unseen = 0;
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
    // Every value before `first_unseen` has been seen; advance past those
    // seen now, stopping at the first still unseen: O(1) a block plus
    // O(list) a term, and the scan still ends at the first block after the
    // last needed value appears.
    while (first_unseen < need_.size() && stamp[need_[first_unseen]] == tag) ++first_unseen;
    if (first_unseen == need_.size()) return static_cast<uint16_t>(c);
  }
  // g(n) is rare: the least rare value below c that no option has.
  return need_[first_unseen];
}

// The far pairs of the chunk of terms n0 .. n0 + kChunk - 1: for each rare
// position r >= kFar of the first rare_count, and each term, the value of
// the split (r, m - r), whose other side m - r < n0 - kChunk is known. Each r
// reads kChunk consecutive terms, so this streams through memory instead of
// touching a cache line per rare position and term. Reads only g(< n0 -
// kChunk) and its arguments: safe beside the computation of the chunk before.
void NimSequence::PrepareFar(FarChunk& chunk, int64_t n0, const uint32_t* rare_pos,
                             const uint16_t* rare_val, size_t rare_count, int bits) const {
  chunk.start = n0;
  chunk.rare_count = rare_count;
  // Bytes per term: every value below 2^bits, read 8 at a time.
  chunk.width = static_cast<int>(std::max<uint64_t>(8, uint64_t{1} << bits));
  chunk.bytes.assign(static_cast<size_t>(kChunk) * chunk.width, 0);
  const uint16_t* g = g_.data();
  uint8_t* far = chunk.bytes.data();
  const int64_t width = chunk.width;
  uint64_t pairs = 0;
  for (size_t i = 0; i < rare_count; ++i) {
    const int64_t r = rare_pos[i];
    if (r < kFar) continue;
    const uint16_t v = rare_val[i];
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
      pairs += static_cast<uint64_t>(std::max<int64_t>(0, kChunk - jmin));
    }
  }
  chunk.pairs = pairs;
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
  far_.start = far_next_.start = -1;  // the far pairs assumed the old split
  ResizeValueSpace();                 // rebuilds the common-value bitset
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
  // while chunked calls do not copy it over and over. Reserved here, so the
  // terms never move while a second core reads them (PrepareFar).
  if (static_cast<size_t>(n + 1) > g_.capacity())
    g_.reserve(std::max(static_cast<size_t>(n + 1), g_.capacity() + g_.capacity() / 4));
  const bool split = !leave_two_.empty();
  for (int64_t h = size(); h <= n;) {
    if (!split || method_ == Method::kPlain || mask_ == 0) {
      if (absl::Status st = ComputeTerm(h); !st.ok()) return st;
      MaybeChooseMask(h);
      ++h;
      continue;
    }
    // Rare/common, a chunk at a time: its far pairs, then its terms.
    const int64_t n0 = h - h % kChunk;
    const int64_t end = std::min(n0 + kChunk - 1, n);
    if (far_.start != n0) {
      if (far_next_.start == n0) {
        std::swap(far_, far_next_);
      } else {
        PrepareFar(far_, n0, rare_pos_.data(), rare_val_.data(), rare_pos_.size(), bits_);
      }
      far_next_.start = -1;
      pairs_ += far_.pairs;
    }
    absl::Status status = absl::OkStatus();
    auto compute = [&] {
      for (int64_t t = h; t <= end && status.ok(); ++t) status = ComputeTerm(t);
    };
    // Worth a second core only when the far splits are many (0.6: 1,583
    // rare positions); for a few dozen (0.56, 0.16) handing them over costs
    // more than preparing them at the next chunk's start.
    const uint64_t far_work = rare_pos_.size() * leave_two_.size() * kChunk;
    if (end == n0 + kChunk - 1 && end < n && far_work >= parallel_far_work_) {
      // The next chunk's far pairs on the other core: the rare positions
      // known now (a copy: this chunk may add some), terms below n0.
      snapshot_pos_.assign(rare_pos_.begin(), rare_pos_.end());
      snapshot_val_.assign(rare_val_.begin(), rare_val_.end());
      const int bits = bits_;
      ParallelFor(tbb::blocked_range<int>(0, 2, 1), [&](const tbb::blocked_range<int>& r) {
        for (int task = r.begin(); task != r.end(); ++task) {
          if (task == 0) {
            compute();
          } else {
            PrepareFar(far_next_, n0 + kChunk, snapshot_pos_.data(), snapshot_val_.data(),
                       snapshot_pos_.size(), bits);
          }
        }
      });
    } else {
      compute();
    }
    if (!status.ok()) return status;
    // M is re-chosen at powers of two (>= kChunk), which end chunks: after
    // the join, as it may drop the far pairs prepared.
    MaybeChooseMask(end);
    h = end + 1;
  }
  return absl::OkStatus();
}

// Term h, and what it changes: the value space, the rare positions.
absl::Status NimSequence::ComputeTerm(int64_t h) {
  const bool split = !leave_two_.empty();
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
      if (prefix_ && words_ > static_cast<int>(prefix_seen_.size())) prefix_seen_.resize(words_, 0);
    }
  }
  Push(h, static_cast<uint16_t>(v));
  if (prefix_) prefix_seen_[v >> 6] |= uint64_t{1} << (v & 63);
  return absl::OkStatus();
}

void NimSequence::MaybeChooseMask(int64_t h) {
  if (!leave_two_.empty() && method_ == Method::kRareCommon && h + 1 >= next_choice_) {
    ChooseMask();
    next_choice_ *= 2;
  }
}

}  // namespace gamebench
