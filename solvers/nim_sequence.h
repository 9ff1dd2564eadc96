#ifndef GAMEBENCH_SOLVERS_NIM_SEQUENCE_H_
#define GAMEBENCH_SOLVERS_NIM_SEQUENCE_H_

// Nim-sequences: g(0), g(1), ... of a heap rule (core/heap_rule.h), where
// g(h) is the Grundy value of one heap of h, computed term by term, and the
// detection of their periods, proved for octal codes by the octal
// periodicity theorem.
//
// The costly part of a term is the mex over the splits h - k = a + b, which
// is linear in h, so the plain method is quadratic. The rare/common method
// (Gangolli–Plambeck; Flammenkamp's "sparse space") splits the values by a
// mask M into rare (parity of v & M even) and common (odd) ones: rare values
// form a subgroup, so common ^ common and rare ^ rare are rare and rare ^
// common is common. For a good M most positions hold common values, and then:
//   1. the pairs with a rare side (few: the rare positions) give every common
//      option value; the candidate c is the least common value missing;
//   2. g(h) = c unless some rare value below c is missing too; the remaining
//      (common ^ common) pairs are scanned only until every rare value below
//      c has been seen, which for a good M happens after a few pairs. Only
//      when g(h) is itself rare does the scan run to the end.
// The result never depends on M (any M gives the right mex; a bad one only
// costs time). M is re-chosen from the value frequencies at every power of
// two (a Walsh–Hadamard transform scores every mask at once).
//
// Memory: the sequence itself, 2 bytes a term (values are uint16), plus the
// list of rare positions (4 bytes each; few by the choice of M).

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/types/span.h"
#include "core/growable_array.h"
#include "core/parallel.h"
#include "core/heap_rule.h"
#include "core/progress.h"

namespace gamebench {

class NimSequence {
 public:
  enum class Method { kRareCommon, kPlain };

  explicit NimSequence(HeapRule rule, Method method = Method::kRareCommon);

  // Computes the terms up to g(n) inclusive (no-op when already there).
  // Fails when a value does not fit in 16 bits.
  absl::Status ExtendTo(int64_t n);

  const HeapRule& rule() const { return rule_; }
  // Terms computed: g(0..size()-1).
  int64_t size() const { return static_cast<int64_t>(g_.size()); }
  uint16_t operator[](int64_t n) const { return g_[n]; }
  absl::Span<const uint16_t> values() const { return g_.span(); }
  uint16_t max_value() const { return max_value_; }

  // The far splits a chunk must have before the next chunk's are prepared
  // on a second core (default kParallelFarWork); tests set 0 to use it always.
  void set_parallel_far_work(uint64_t splits) { parallel_far_work_ = splits; }
  // The band of splits the second core takes (see ExtendTo): tests force
  // its length (>= 0; 0 = none) instead of the balance computed per chunk.
  void set_band_for_tests(int64_t splits) { band_for_tests_ = splits; }

  // Counters: split pairs examined, and the current rare/common split.
  uint64_t pairs_examined() const { return pairs_; }
  uint32_t mask() const { return mask_; }
  int64_t rare_positions() const { return static_cast<int64_t>(rare_pos_.size()); }

 private:
  uint16_t NextPlain(int64_t n);
  uint16_t NextRareCommon(int64_t n);
  void AddRemovals(int64_t n, uint32_t tag);
  uint32_t FirstZero(const std::vector<uint64_t>& bits) const;
  void Push(int64_t n, uint16_t v);
  void ResizeValueSpace();
  void ChooseMask();
  bool IsCommon(uint32_t v) const { return __builtin_parity(v & mask_) != 0; }

  HeapRule rule_;
  Method method_;
  GrowableArray<uint16_t> g_;  // 2 bytes a term, never copied when it grows
  uint16_t max_value_ = 0;

  // The rule as lists of removals: take the whole heap of k, leave one heap
  // (g(n - k)), leave two heaps (splits of n - k). Nim: every g(0..n-1).
  std::vector<int64_t> take_all_, leave_one_, leave_two_;
  bool unequal_ = false;  // Grundy's game: the two heaps must differ
  bool prefix_ = false;   // Nim
  bool primes_ = false;   // subtraction of primes: removal lists grow with n
  std::vector<uint64_t> prefix_seen_;

  // Value space: every value so far is < 2^bits_, so every option value
  // (an xor of two) is too, and a mex is at most 2^bits_.
  int bits_ = 0;
  int words_ = 0;
  std::vector<uint32_t> stamp_;            // stamp_[v] == n + 1: v is an option of n
  std::vector<uint16_t> commons_, rares_;  // the values up to 2^(bits_+1), by class
  std::vector<uint16_t> need_;
  std::vector<uint32_t> freq_;  // value frequencies over g(1..)

  uint32_t mask_ = 0;               // 0: plain method
  std::vector<uint32_t> rare_pos_;  // positions >= 1 holding rare values, ascending
  std::vector<uint16_t> rare_val_;  // their values
  int64_t next_choice_ = 64;
  // Terms are computed in chunks of kChunk. A FarChunk holds, for each term
  // of a chunk, a byte per value: 1 when a far split gives it, a split with
  // a rare side r >= 2 kChunk known when the chunk before began. Those read
  // only terms before that chunk, so the next chunk's far splits are
  // prepared on a second core while this chunk's terms are computed.
  struct FarChunk {
    int64_t start = -1;     // first term; -1: none
    int64_t band_end = 0;   // > 0: also every split with kFar < a <= band_end
    size_t rare_count = 0;  // rare positions it covers: rare_pos_[0..rare_count)
    int width = 0;          // bytes per term
    std::vector<uint8_t> bytes;
    uint64_t pairs = 0;
  };
  static constexpr int64_t kChunk = 64;
  static constexpr int64_t kFar = 2 * kChunk;
  static constexpr uint64_t kParallelFarWork = uint64_t{1} << 15;  // splits a chunk
  void PrepareFar(FarChunk& chunk, int64_t n0, const uint32_t* rare_pos, const uint16_t* rare_val,
                  size_t rare_count, int bits, int64_t band_end) const;
  static void MarkFarSplits(uint8_t* far, const uint16_t* gb, uint16_t v, int width);
  absl::Status ComputeTerm(int64_t h);
  void MaybeChooseMask(int64_t h);  // after term h
  FarChunk far_, far_next_;
  uint64_t parallel_far_work_ = kParallelFarWork;
  int64_t band_for_tests_ = -1;
  std::vector<uint32_t> snapshot_pos_;
  std::vector<uint16_t> snapshot_val_;
  uint64_t pairs_ = 0;
  // Sum over a chunk's terms of how far their step 3 reached in a (splits
  // (a, m - a) for a up to it were scanned or in the band); the last full
  // chunk's sizes the next band.
  uint64_t extent_sum_ = 0, last_extent_ = 0;
};

// Period of a computed sequence g(0..N).
struct PeriodInfo {
  bool found = false;
  int64_t period = 0;
  int64_t preperiod = 0;  // least n0 with g(n + p) = g(n) for all n0 <= n <= N - p
  bool proved = false;    // the octal periodicity theorem applies
  // No period can be proved before g(0..earliest_proof) is known (INT64_MAX:
  // never, the rule is not a finite octal code); the last index when proved.
  // Exact, not a guess: each p needs 2 n0(p) + 2 p + t - 1 terms beyond 0,
  // and n0(p) only grows as terms are added.
  int64_t earliest_proof = 0;
};

// The least p that the octal periodicity theorem proves; failing that, the
// least p whose periodic stretch [n0, N] spans at least 3 periods and at least
// half of g (a shorter stretch is a coincidence, not a period). The theorem: for a code
// of t digits (code_length = t; -1 for rules that are not finite octal
// codes), g(n + p) = g(n) for all n0 <= n < 2 n0 + p + t implies it for all
// n >= n0.
PeriodInfo FindPeriod(absl::Span<const uint16_t> g, int code_length);

// How ExtendSequence ended.
enum class ExtendStop { kUpto, kProved, kTimeLimit };
const char* ExtendStopName(ExtendStop stop);  // "upto", "proved", "time limit"

// Extends `seq` term by term to g(upto), in chunks of up to 64k terms (of
// about 0.1 s each), polling a Deadline after each chunk (time_limit_seconds
// <= 0: none; a CancelScope stops it too). With stop_when_proved it also
// looks for a proved period, at check points FindPeriod's earliest_proof
// gives (at least 1/1024 of the terms apart): so it stops at the first index
// where the theorem proves the period, or at most 0.1% past it, without being
// told where (0.56 at 653,569, 0.16 at 509,621). `progress` (may be null) gets
// "terms" updates.
absl::StatusOr<ExtendStop> ExtendSequence(NimSequence& seq, int64_t upto, bool stop_when_proved,
                                          double time_limit_seconds, Progress* progress);

// The definition, for tests: g(h) = mex { g(a) ^ g(b) : (a, b) an option of
// h }, with the options from HeapRule::ForEachOption. Quadratic or worse.
std::vector<uint16_t> DefinitionNimSequence(const HeapRule& rule, int n);

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_NIM_SEQUENCE_H_
