#ifndef GAMEBENCH_CGT_ARENA_H_
#define GAMEBENCH_CGT_ARENA_H_

// Short partizan games as hash-consed nodes of one arena. A node is a game
// form {L | R}: two sorted, duplicate-free lists of node ids. Equal forms get
// the same id, so equality of canonical forms is equality of ids, and every
// memo table (comparison, sum, negation, canonical form, nim value) is keyed
// by ids. Numbers, nimbers and multiples of up are built straight into their
// canonical forms; a number node also carries its value, so that numbers
// compare and add by arithmetic (the fast path), not by recursion.
//
// Memory is bounded: every node, option and memo entry is counted, and an
// operation that would go over the budget throws CgtRefusal, which callers
// turn into a one-line refusal (the arena is then unusable only for that
// operation's result; what was interned before stays valid).

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "cgt/dyadic.h"

namespace gamebench::cgt {

using GameId = uint32_t;

// Thrown when a form or a memo table would go over the arena's budget, or a
// number outside Dyadic's range would arise.
class CgtRefusal : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Outcome classes under normal play: who wins when Left (Black) moves first
// and when Right (White) moves first.
enum class Outcome { kLeft, kRight, kNext, kPrevious };
const char* OutcomeName(Outcome o);  // "L", "R", "N", "P"

class GameArena {
 public:
  static constexpr uint64_t kDefaultBudgetBytes = uint64_t{256} << 20;
  explicit GameArena(uint64_t budget_bytes = kDefaultBudgetBytes);

  // ---- forms ----
  // The form {left | right}, interned (the lists are sorted and deduplicated).
  GameId Form(std::vector<GameId> left, std::vector<GameId> right);
  // A node's options. The span is valid until the next node is interned (any
  // call that may build a game): iterate over Options() where that happens.
  std::span<const GameId> Left(GameId g) const;
  std::span<const GameId> Right(GameId g) const;
  static constexpr bool kLeftSide = true, kRightSide = false;
  std::vector<GameId> Options(GameId g, bool left) const;
  static constexpr GameId kZero = 0;

  // ---- values, built in canonical form ----
  GameId Number(Dyadic x);
  GameId Integer(int64_t n) { return Number(Dyadic::Integer(n)); }
  GameId Nimber(int n);
  // n.up + (star ? * : 0), n of either sign (down for n < 0).
  GameId UpStar(int n, bool star);
  // The same as MCGS's up_star game tree (not simplified; its impartial
  // closure is what [impartial up_star] plays).
  GameId UpStarForm(int n, bool star);
  // n.up + *m (|n| <= 4096, 0 <= m <= 65536), in canonical form.
  GameId UpNimber(int n, int m);
  // n.up + *m, for a node that Nimber, UpStar, UpNimber or Negate of one of
  // them returned: the ups and nimbers form a group whose sums stay small
  // (n.up + *m), so a sum of several folds into one game
  // (cgt/sum_outcome.h). nullopt for any other node (an equal value built
  // otherwise is not looked for).
  struct UpNim {
    int ups;
    int nim;
  };
  std::optional<UpNim> UpNimValue(GameId g) const;

  // ---- algebra on canonical forms ----
  // The canonical form of any form (the form's value).
  GameId Canonical(GameId form);
  // {left | right} with canonical options, simplified: dominated options
  // removed, reversible options bypassed, numbers recognised.
  GameId MakeCanonical(std::vector<GameId> left, std::vector<GameId> right);
  GameId Sum(GameId a, GameId b);  // canonical a, b
  GameId Negate(GameId g);         // canonical g
  GameId Difference(GameId a, GameId b) { return Sum(a, Negate(b)); }
  // a <= b, for any forms (a value comparison).
  bool Leq(GameId a, GameId b);
  bool Equal(GameId a, GameId b) { return a == b || (Leq(a, b) && Leq(b, a)); }
  Outcome OutcomeOf(GameId g);
  bool LeftWinsMovingFirst(GameId g) { return !Leq(g, kZero); }
  bool RightWinsMovingFirst(GameId g) { return !Leq(kZero, g); }

  // The value if g is a canonical number node.
  std::optional<Dyadic> NumberValue(GameId g) const;
  bool IsCanonical(GameId g) const { return nodes_[g].canonical; }
  // The nim value of the impartial closure of a form: both players may make
  // either player's moves (MCGS's [impartial X]); mex over all options.
  int NimValue(GameId form);
  // The birthday (height of the form's game tree).
  int Birthday(GameId g);

  // ---- memory ----
  size_t NodeCount() const { return nodes_.size(); }
  uint64_t MemoryBytes() const { return bytes_; }
  uint64_t BudgetBytes() const { return budget_; }
  // Counts `bytes` of a cache kept outside the arena that holds its ids
  // (FormBuilder's positions, SumOutcome's sums) in the budget, so that the
  // budget bounds those too; throws CgtRefusal past it. The cache must be
  // emptied when the arena is replaced (see Generation).
  void ChargeCache(uint64_t bytes) { Charge(bytes); }
  // Distinct for every arena constructed, so that a cache of ids kept
  // outside (a game's forms by position) sees when the arena was replaced.
  uint64_t Generation() const { return generation_; }

 private:
  struct Node {
    uint32_t left_begin, left_count, right_begin, right_count;
    bool canonical = false;
    bool is_number = false;
    Dyadic number;
  };
  void Charge(uint64_t bytes);
  GameId Intern(std::vector<GameId>& left, std::vector<GameId>& right);
  GameId NumberNode(Dyadic x);
  std::optional<GameId> SimplestNumberForm(const std::vector<GameId>& left,
                                           const std::vector<GameId>& right);
  void MarkCanonical(GameId g);
  bool Bypass(std::vector<GameId>& left, std::vector<GameId>& right);

  uint64_t budget_;
  uint64_t generation_;
  uint64_t bytes_ = 0;
  std::vector<Node> nodes_;
  std::vector<GameId> options_;
  absl::flat_hash_map<std::vector<GameId>, GameId> intern_;
  absl::flat_hash_map<uint64_t, bool> leq_;
  absl::flat_hash_map<uint64_t, GameId> sum_;
  absl::flat_hash_map<GameId, GameId> negate_;
  absl::flat_hash_map<GameId, GameId> canonical_;
  absl::flat_hash_map<GameId, int> nim_;
  absl::flat_hash_map<GameId, int> birthday_;
  absl::flat_hash_map<Dyadic, GameId> numbers_;
  std::vector<GameId> nimbers_;
  void MarkUpNim(GameId g, UpNim v);
  absl::flat_hash_map<GameId, UpNim> up_nim_;
};

}  // namespace gamebench::cgt

#endif  // GAMEBENCH_CGT_ARENA_H_
