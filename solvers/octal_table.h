#ifndef GAMEBENCH_SOLVERS_OCTAL_TABLE_H_
#define GAMEBENCH_SOLVERS_OCTAL_TABLE_H_

// The table of short octal games: every code 0.d1, 0.d1d2, 0.d1d2d3 (last
// digit non-zero), its nim-sequence computed to a chosen length, and its
// period proved by the octal periodicity theorem or left open.
//
// Trivially equivalent codes are computed once. When d1 is even a heap of 1
// has no move, so g(1) = 0 and leaving a heap of 1 is worth leaving none:
//   - bit 2 of d_k (leave one heap) gives, from a heap of k + 1, the option
//     of value 0 that bit 1 of d_{k+1} (take the whole heap) gives;
//   - bit 4 of d_k (leave two heaps) includes leaving 1 + b, worth g(b), as
//     bit 2 of d_{k+1} does, and 1 + 1, worth 0, as bit 1 of d_{k+2} does.
// So adding those implied bits (TrivialCanonicalCode) changes no set of
// option values, hence no value (induction on the heap size): codes with the
// same canonical form have the same nim-sequence, term by term. (The
// published tables also merge games whose sequences are shifts of each other;
// those equivalences are not used here.) The table checks every member's
// first terms against its class's (OctalTableEntry::class_checked).

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "solvers/nim_sequence.h"

namespace gamebench {

// Every code with 1..max_digits digits after the point, the last non-zero,
// in order of length, then value: "0.1" ... "0.777".
std::vector<std::string> ShortOctalCodes(int max_digits);

// The code with every bit the rule above implies (unchanged when d1 is
// odd); codes with equal canonical forms have equal nim-sequences.
std::string TrivialCanonicalCode(const std::string& code);

struct OctalTableEntry {
  std::string code;
  std::string same_as;  // the class's computed code ("" when this is it)
  PeriodInfo period;
  int max_value = 0;
  int64_t terms = 0;  // g(0..terms-1) computed
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
OctalTableEntry ComputeOctalGame(const std::string& code, const OctalTableOptions& options);
// Recomputes `entry`'s terms by the plain quadratic method and compares.
void CheckByPlainMethod(OctalTableEntry& entry);

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_OCTAL_TABLE_H_
