#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

#include "absl/strings/str_cat.h"
#include "solvers/nim_sequence.h"
#include "tbb/blocked_range.h"
#include "tbb/global_control.h"
#include "tbb/task_arena.h"

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

namespace {

// stamp[lo[i] ^ hi[-i]] = tag for i < len: the splits (a0 + i, m - a0 - i).
// One pass, unrolled by four: two loads and a store a split, the floor for
// marking values one by one (a first pass of vectorised xors into a buffer
// cost a store and a load more a split).
inline void StampXors(const uint16_t* lo, const uint16_t* hi, int64_t len, uint32_t* stamp,
                      uint32_t tag) {
  const uint16_t* const end = lo + len;
  for (; lo + 4 <= end; lo += 4, hi -= 4) {
    stamp[size_t{lo[0]} ^ hi[0]] = tag;
    stamp[size_t{lo[1]} ^ hi[-1]] = tag;
    stamp[size_t{lo[2]} ^ hi[-2]] = tag;
    stamp[size_t{lo[3]} ^ hi[-3]] = tag;
  }
  for (; lo < end; ++lo, --hi) stamp[size_t{*lo} ^ *hi] = tag;
}

// row[lo[i] ^ hi[-i]] = 1 for i < len: StampXors into a chunk's bytes.
inline void MarkXors(uint8_t* row, const uint16_t* lo, const uint16_t* hi, int64_t len) {
  const uint16_t* const end = lo + len;
  for (; lo + 4 <= end; lo += 4, hi -= 4) {
    row[size_t{lo[0]} ^ hi[0]] = 1;
    row[size_t{lo[1]} ^ hi[-1]] = 1;
    row[size_t{lo[2]} ^ hi[-2]] = 1;
    row[size_t{lo[3]} ^ hi[-3]] = 1;
  }
  for (; lo < end; ++lo, --hi) row[size_t{*lo} ^ *hi] = 1;
}

}  // namespace

uint16_t NimSequence::NextRareCommon(int64_t n) {
  const uint32_t tag = static_cast<uint32_t>(n + 1);
  const uint16_t* g = g_.data();
  uint32_t* stamp = stamp_.data();
  // Step 1: removals, and every split with a rare side: the far pairs (rare
  // r >= kChunk, known when the chunk began) from the chunk's bitsets, the
  // near ones (r < kFar, or r found since the far ones were taken) directly.
  AddRemovals(n, tag);
  // The far bytes are read where a value is looked up (steps 2 and 3), not
  // copied into the stamps: a copy cost ~2,000 instructions a term on 0.6,
  // one per value present.
  const int64_t j = n - far_.start;
  const uint32_t width = static_cast<uint32_t>(far_.width);
  const uint8_t* far = far_.bytes.data() + j * width;
  auto seen = [&](uint32_t v) { return stamp[v] == tag || (v < width && far[v] != 0); };
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
    if (!seen(v)) {
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
    if (!seen(v)) need_.push_back(static_cast<uint16_t>(v));
  }
  if (need_.empty()) return static_cast<uint16_t>(c);
  const int64_t amax_all = unequal_ ? (n - leave_two_[0] - 1) / 2 : (n - leave_two_[0]) / 2;
  // Splits with kFar < a <= band_end are in the chunk's bytes already
  // (prepared on the second core): skipped here.
  const int64_t band_end = far_.band_end;
  size_t first_unseen = 0;
  for (int64_t a0 = 1, block = 32; a0 <= amax_all;) {
    if (band_end > kFar && a0 == kFar + 1) {
      a0 = band_end + 1;
      continue;
    }
    // Short blocks, so the scan ends soon after the last needed value
    // appears (checking costs O(1) a block): 32 pairs first (a few often
    // suffice: Kayles), then 64, 128, 256.
    int64_t a1 = a0 + block - 1;
    if (band_end > kFar && a0 <= kFar) a1 = std::min(a1, kFar);
    for (int64_t k : leave_two_) {
      const int64_t m = n - k;
      const int64_t amax = std::min(a1, unequal_ ? (m - 1) / 2 : m / 2);
      if (amax < a0) continue;
      StampXors(g + a0, g + (m - a0), amax - a0 + 1, stamp, tag);
      pairs_ += static_cast<uint64_t>(amax - a0 + 1);
    }
    // Every value before `first_unseen` has been seen; advance past those
    // seen now, stopping at the first still unseen: O(1) a block plus
    // O(list) a term.
    while (first_unseen < need_.size() && stamp[need_[first_unseen]] == tag) ++first_unseen;
    if (first_unseen == need_.size()) {
      extent_sum_ += static_cast<uint64_t>(std::min(a1, amax_all));
      return static_cast<uint16_t>(c);
    }
    a0 = a1 + 1;
    if (block < 256) block *= 2;
  }
  extent_sum_ += static_cast<uint64_t>(amax_all);
  // g(n) is rare: the least rare value below c that no option has.
  return need_[first_unseen];
}

namespace {

// far[j * width + (v ^ gb[j])] = 1 for the kChunk terms j of a chunk. With
// the width a constant the row offset folds into the store's address: a
// load, an xor and a store a split (9 instructions with it a variable).
template <size_t kWidth, int kTerms>
void MarkFarSplitsOf(uint8_t* far, const uint16_t* gb, uint16_t v16) {
  const size_t v = v16;
  for (int j = 0; j < kTerms; j += 4, far += 4 * kWidth, gb += 4) {
    far[v ^ gb[0]] = 1;
    far[kWidth + (v ^ gb[1])] = 1;
    far[2 * kWidth + (v ^ gb[2])] = 1;
    far[3 * kWidth + (v ^ gb[3])] = 1;
  }
}

}  // namespace

void NimSequence::MarkFarSplits(uint8_t* far, const uint16_t* gb, uint16_t v, int width) {
  switch (width) {
    case 8: return MarkFarSplitsOf<8, kChunk>(far, gb, v);
    case 16: return MarkFarSplitsOf<16, kChunk>(far, gb, v);
    case 32: return MarkFarSplitsOf<32, kChunk>(far, gb, v);
    case 64: return MarkFarSplitsOf<64, kChunk>(far, gb, v);
    case 128: return MarkFarSplitsOf<128, kChunk>(far, gb, v);
    case 256: return MarkFarSplitsOf<256, kChunk>(far, gb, v);
    case 512: return MarkFarSplitsOf<512, kChunk>(far, gb, v);
    case 1024: return MarkFarSplitsOf<1024, kChunk>(far, gb, v);
    case 2048: return MarkFarSplitsOf<2048, kChunk>(far, gb, v);
    default:
      for (int64_t j = 0; j < kChunk; ++j) far[j * width + (v ^ gb[j])] = 1;
  }
}

// The far pairs of the chunk of terms n0 .. n0 + kChunk - 1: for each rare
// position r >= kFar of the first rare_count, and each term, the value of
// the split (r, m - r), whose other side m - r < n0 - kChunk is known. Each r
// reads kChunk consecutive terms, so this streams through memory instead of
// touching a cache line per rare position and term. Reads only g(< n0 -
// kChunk) and its arguments: safe beside the computation of the chunk before.
void NimSequence::PrepareFar(FarChunk& chunk, int64_t n0, const uint32_t* rare_pos,
                             const uint16_t* rare_val, size_t rare_count, int bits,
                             int64_t band_end) const {
  chunk.start = n0;
  chunk.rare_count = rare_count;
  chunk.band_end = band_end > kFar ? band_end : 0;
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
      } else if (jmin == 0) {
        MarkFarSplits(far, gb, v, chunk.width);
      } else {
        for (int64_t jj = jmin; jj < kChunk; ++jj) far[jj * width + (v ^ gb[jj])] = 1;
      }
      pairs += static_cast<uint64_t>(std::max<int64_t>(0, kChunk - jmin));
    }
  }
  // The band: every split (a, m - a) with kFar < a <= band_end, whatever
  // its classes (m - a < n0 - kChunk, known).
  if (chunk.band_end > 0) {
    for (int64_t jj = 0; jj < kChunk; ++jj) {
      for (int64_t k : leave_two_) {
        const int64_t m = n0 + jj - k;
        const int64_t amax = std::min(chunk.band_end, unequal_ ? (m - 1) / 2 : m / 2);
        if (amax <= kFar) continue;
        MarkXors(far + jj * width, g + kFar + 1, g + (m - kFar - 1), amax - kFar);
        pairs += static_cast<uint64_t>(amax - kFar);
      }
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
  const int cores = static_cast<int>(
      std::min<size_t>(tbb::this_task_arena::max_concurrency(),
                       tbb::global_control::active_value(
                           tbb::global_control::max_allowed_parallelism)));
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
        PrepareFar(far_, n0, rare_pos_.data(), rare_val_.data(), rare_pos_.size(), bits_, 0);
      }
      far_next_.start = -1;
      pairs_ += far_.pairs;
    }
    absl::Status status = absl::OkStatus();
    extent_sum_ = 0;
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
      // Balance the cores: the other one also takes the splits kFar < a <=
      // band_end of the next chunk, 3/4 of what this one scanned beyond the
      // far splits a term in the chunk before (0.6 near 2^18: about 2,900
      // scanned, 1,583 far, so a band of ~1,000; the scan goes past it for
      // ~90% of the terms, so little is wasted). 3/4, not 1/2: this core
      // also has the per-term work (steps 1 and 2), measured by callgrind.
      const int64_t scanned = static_cast<int64_t>(last_extent_ / kChunk);
      const int64_t far_per_term = static_cast<int64_t>(far_work / kChunk);
      int64_t band = (scanned - far_per_term) * 3 / 4;
      band = std::min(band, scanned * 6 / 10);
      // Only with a second core to take it: on one, the band is work the
      // scan might not have needed.
      int64_t band_end = band >= 64 && cores >= 2 ? kFar + band : 0;
      if (band_for_tests_ >= 0) band_end = kFar + band_for_tests_;
      ParallelFor(tbb::blocked_range<int>(0, 2, 1), [&](const tbb::blocked_range<int>& r) {
        for (int task = r.begin(); task != r.end(); ++task) {
          if (task == 0) {
            compute();
          } else {
            PrepareFar(far_next_, n0 + kChunk, snapshot_pos_.data(), snapshot_val_.data(),
                       snapshot_pos_.size(), bits, band_end);
          }
        }
      });
    } else {
      compute();
    }
    if (!status.ok()) return status;
    last_extent_ = end == n0 + kChunk - 1 ? extent_sum_ : 0;
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
