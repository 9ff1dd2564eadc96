#ifndef GAMEBENCH_SOLVERS_MISERE_QUOTIENT_H_
#define GAMEBENCH_SOLVERS_MISERE_QUOTIENT_H_

// Misère quotients of heap games (Plambeck, "Taming the wild in impartial
// combinatorial games", INTEGERS 5 (2005) G05; Plambeck and Siegel, "Misère
// quotients for impartial games", JCTA 115 (2008)). docs/misere.md has the
// theory; in short: A_N is the set of sums of heaps of sizes 1..N of one or
// more rules (closed under moves, since a move leaves smaller heaps). Two
// positions x, y of A_N are indistinguishable when x + z and y + z have the
// same misère outcome for every z in A_N; the classes form a commutative
// monoid Q_N (the quotient), P_N the classes of P-positions, and the
// pretending function maps a heap to its class. Then the misère outcome of
// any sum of heaps up to N is one product in Q_N and a look-up in P_N.
//
// The construction, heap by heap (each new heap a new generator a):
//   1. the option classes of the new heap, O = { class of each option };
//   2. for every element x of Q (by its representative, a fewest-tokens
//      position of its class) and k = 1, 2, ..., whether x + k heaps is a
//      P-position: it is iff it has a move and every option is an
//      N-position, the options being x' + k a (x' an option class of x) and
//      x o + (k-1) a (o in O). Column k depends only on column k-1, so the
//      first column that repeats gives a^(T+p) = a^T exactly;
//   3. the candidate Q x {1, a, ..., a^(T+p-1)} with that P, reduced by
//      indistinguishability (solvers/bipartite_monoid.h): the new Q.
// Step 2 assumes that the classes of Q_{N-1} stay classes in A_N (each is
// valued by its representative); it need not hold (Kayles: heap 9). So
//   4. the check, exact and with no such assumption: for every position x of
//      A_N, "class of x in P" must equal "x has a move and no option's class
//      is in P". It walks the finite set of states (class of x, P-shadow of
//      the classes of x's options), which determine both sides and follow
//      from a state and the heap added.
//   5. Where it fails, the failing position w with fewest tokens (its
//      options all agree, so by induction on tokens they are valued right
//      and w's true outcome is the one its options give) is recalibrated as
//      Siegel's misère solver does: some heaps of w are freed -- the quotient
//      is regenerated without them, times a cyclic monoid per freed heap
//      long enough for its exponent in w -- P is marked on that product by
//      representatives, the product reduced, and the first such candidate
//      (fewest freed heaps first) that values w right is checked again.
// A checked quotient is a proof (by induction on positions); one whose walk
// passed the state limit is reported unverified. Recalibration need not
// settle within a budget; after max_refinements rounds the step stops with
// what the heaps before it gave.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "core/heap_rule.h"
#include "solvers/bipartite_monoid.h"

namespace gamebench {

// Bounds on a construction; a bound reached stops it with what it had.
struct MisereQuotientLimits {
  uint64_t max_size = 1 << 14;              // elements of the quotient
  uint64_t memory_bytes = uint64_t{1} << 30;  // tables (quotient and candidate)
  uint64_t max_verify_states = 1 << 18;     // Verify()'s walk
  int max_refinements = 64;                 // recalibrations of one heap's step
  // Polled between heap sizes and between recalibration rounds: true stops
  // the construction with the sizes it has finished (DeadlineExceeded). A
  // time limit is the caller's (the solver keeps no clock). Empty: never.
  std::function<bool()> should_stop;
  // Called after each finished heap size with that size (progress lines).
  std::function<void(int64_t)> on_size;
};

// The heaps of sizes 1..N of some rules, in construction order (by size,
// then rule): heap type t = (rule, size), its options as pairs of earlier
// types (-1 for none left).
struct HeapTypes {
  std::vector<HeapRule> rules;
  struct Type {
    int rule;
    int64_t size;
    std::vector<std::pair<int, int>> options;
  };
  std::vector<Type> types;
  // type_of[r][h]: the type of a heap of h under rule r (-1 for h = 0).
  std::vector<std::vector<int>> type_of;
  // Adds size `h` of every rule (the next size).
  void AddSize(int64_t h);
};

class MisereQuotient {
 public:
  explicit MisereQuotient(std::vector<HeapRule> rules);

  // Extends the quotient to heaps of size up to `upto`. Stops at the first
  // heap size whose quotient would exceed a limit, keeping the quotient of
  // the sizes before it, and returns ResourceExhausted naming the limit.
  absl::Status ExtendTo(int64_t upto, const MisereQuotientLimits& limits);

  // Heaps 1..upto() are in the quotient.
  int64_t upto() const { return upto_; }
  const std::vector<HeapRule>& rules() const { return types_.rules; }
  const BipartiteMonoid& monoid() const { return q_; }
  // The class of a heap of h under rule r (0 for h = 0), h <= upto().
  uint32_t Pretend(int rule, int64_t h) const {
    return h == 0 ? 0 : phi_[types_.type_of[rule][h]];
  }
  // |Q_n| for n = 1..upto() (index n - 1).
  const std::vector<uint32_t>& size_history() const { return size_history_; }
  // The options' classes of element x's representative.
  const std::vector<uint32_t>& OptionClasses(uint32_t x) const { return options_[x]; }
  // A fewest-tokens position of class x: heap types.
  const std::vector<int>& Representative(uint32_t x) const { return rep_[x]; }
  const HeapTypes& heap_types() const { return types_; }

  // The exact check above. nullopt when the walk would pass
  // limits.max_verify_states; else whether it holds, and `states` the
  // states walked.
  std::optional<bool> Verify(const MisereQuotientLimits& limits, uint64_t* states) const;
  // Whether every step was verified (false when a walk passed
  // limits.max_verify_states: the quotient is then only a candidate).
  bool verified() const { return verified_; }
  // Steps whose candidate failed the check and was refined.
  int64_t refinements() const { return refinements_; }

 private:
  // The states of the check's walk, as an automaton over heap types.
  struct Walk {
    bool complete = false;
    bool agrees = false;  // every state's class is in P iff derived_p
    uint64_t states = 0;
    std::vector<uint32_t> cls;               // per state, its class
    std::vector<char> derived_p;             // has a move, no option in P
    std::vector<std::vector<uint32_t>> next;  // per state, per step
    std::vector<int> step_of_type;           // heap type -> step
  };
  Walk WalkStates(uint64_t max_states) const;
  // The fewest-tokens position (heap types) whose state disagrees.
  std::vector<int> LeastFailure(const Walk& walk) const;
  // Step 5 for the failing position `w` (solvers/misere_recalibrate_lib.cc).
  absl::Status Recalibrate(const std::vector<int>& w, const MisereQuotientLimits& limits);
  absl::Status TryFreeing(const std::vector<int>& freed, const std::vector<int>& w,
                          bool should_be_p, const MisereQuotientLimits& limits, bool* fixed);

  absl::Status AddType(int t, const MisereQuotientLimits& limits);
  absl::Status BuildCandidate(int t, const MisereQuotientLimits& limits);
  void ComputeRepresentatives();

  HeapTypes types_;
  int64_t upto_ = 0;
  BipartiteMonoid q_;
  std::vector<uint32_t> phi_;               // per heap type
  std::vector<std::vector<int>> rep_;       // per element
  std::vector<std::vector<uint32_t>> options_;  // per element
  std::vector<uint32_t> order_;             // elements by representative tokens
  std::vector<uint32_t> size_history_;
  bool verified_ = true;
  int64_t refinements_ = 0;
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_MISERE_QUOTIENT_H_
