#ifndef GAMEBENCH_SOLVERS_OCTAL_TABLE_H_
#define GAMEBENCH_SOLVERS_OCTAL_TABLE_H_

// The table of short octal games: every code 0.d1, 0.d1d2, 0.d1d2d3 (last
// digit non-zero), its nim-sequence computed to a chosen length, and its
// period proved by the octal periodicity theorem or left open.
//
// Trivially equivalent codes are computed once, by the reduction the
// published tables use. When d1 is even a heap of 1 has no move (g(1) = 0),
// and the game G is the game G' on heaps one smaller, g_G(n) = g_G'(n - 1)
// for n >= 1: an option of G maps to one of G' heap by heap (a heap of m >= 1
// becomes m - 1, a heap of 1 becomes none), so
//   - taking a whole heap of k (bit 1 of d_k)    -> bit 1 of d'_{k-1};
//   - removing k, leaving one heap (bit 2 of d_k) -> bits 1 and 2 of d'_k
//     (the heap left may have been 1, now none);
//   - removing k, leaving two (bit 4 of d_k)      -> bits 1, 2, 4 of d'_{k+1}
//     (the two heaps lose a token each, and either may vanish).
// Induction on n proves the values equal. ReduceCode applies this until d1
// is odd: codes with the same reduced code have the same nim-sequence up to
// a shift, which is computed once (for the reduced code, which may have a
// digit more); each member's first terms are checked against it
// (OctalTableEntry::class_checked).

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "solvers/nim_sequence.h"

namespace gamebench {

// Every code with 1..max_digits digits after the point, the last non-zero,
// in order of length, then value: "0.1" ... "0.777".
std::vector<std::string> ShortOctalCodes(int max_digits);

// The reduction above, applied while d1 is even: g_code(n) = 0 for n <
// shift, and g_code(n) = g_reduced(n - shift) from there.
struct ReducedCode {
  std::string code;
  int shift = 0;
};
ReducedCode ReduceCode(const std::string& code);

struct OctalTableEntry {
  std::string code;
  std::string computed_as;        // the reduced code whose sequence was computed
  int shift = 0;                  // g(n) = g_computed_as(n - shift)
  PeriodInfo period;              // of this code's own sequence
  int64_t reduced_preperiod = 0;  // of computed_as (the published tables' convention)
  int max_value = 0;
  int64_t terms = 0;            // g(0..terms-1) known (computed_as's terms + shift)
  bool first_of_class = false;  // the class's seconds are on this entry
  double seconds = 0;
  uint32_t rare_mask = 0;
  int64_t rare_positions = 0;
  bool class_checked = false;  // its first terms equal its class's
  bool plain_checked = false;  // recomputed by the plain quadratic mex: same terms
  bool plain_agrees = false;
};

struct OctalTableOptions {
  int max_digits = 3;
  int64_t terms = int64_t{1} << 18;  // per game, unless proved earlier
  double game_time_limit = 0;        // seconds per game; 0: none
  // Codes whose proof, if one is found, is re-checked by the plain quadratic
  // method (with every code of their class).
  std::vector<std::string> check_plain;
};

// Computes the table, classes in parallel (core/parallel.h). `progress`
// (may be empty) is called from the workers, serialized, with the number of
// classes done and their total.
std::vector<OctalTableEntry> ComputeOctalTable(
    const OctalTableOptions& options, const std::function<void(int done, int total)>& progress);

// One class computed, for ComputeOctalTable: the sequence of `code` to
// options.terms terms (stopping when proved), and its period.
// `values` (may be null) gets the terms.
OctalTableEntry ComputeOctalGame(const std::string& code, const OctalTableOptions& options,
                                 std::vector<uint16_t>* values);
// Recomputes `entry`'s terms by the plain quadratic method and compares.
void CheckByPlainMethod(OctalTableEntry& entry);

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_OCTAL_TABLE_H_
