#ifndef GAMEBENCH_CGT_SUM_OUTCOME_H_
#define GAMEBENCH_CGT_SUM_OUTCOME_H_

// Who wins a sum of canonical forms, without the canonical form of the sum:
// the sum of a few games of a hundred forms each can have millions of forms
// in canonical form, while its outcome needs only a search of the sums of
// the games' options, and most of it is cut short by the theory.
//
// The search (SumOutcome::Wins) is the outcome recursion of a disjunctive
// sum: the player moving first wins iff one of his options in one of the
// games leaves a sum that the opponent, moving first, loses. Before each
// step the list of games is reduced, none of which changes the sum's value
// (so not its outcome):
//   - the games that are numbers are added into one number x, and zeros go;
//   - the games the arena knows as n.up + *m (GameArena::UpNimValue:
//     nimbers, ups) are added into one (the ups add, the nimbers xor);
//   - a game and its negative (found by id: canonical forms are unique)
//     cancel;
//   - moves are made only in the games that are not numbers (number
//     avoidance: with x a number and G a sum of canonical forms that are
//     not numbers, the first player who wins G + x wins by a move in G.
//     For G not equal to a number this is the Number Avoidance Theorem;
//     for G equal to a number y with y + x > 0, a Left option A^L of a game
//     A with R(A^L) = L(A) gives R(A^L + (G - A) + x) >= L(A) + (y - L(A))
//     + x > 0, so A^L + (G - A) + x > 0, and the same for Right);
//   - what is left of one game, or of two, is decided by comparison:
//     G + x <= 0 iff G <= -x, and A + B + x <= 0 iff A + x <= -B.
// Results are memoised by the reduced list, the number and the mover.
// Sources: Siegel, Combinatorial Game Theory (2013), II.3 and II.5 (stops,
// Number Avoidance); Albert, Nowakowski and Wolfe, Lessons in Play, ch. 5.

#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "cgt/arena.h"
#include "cgt/dyadic.h"

namespace gamebench::cgt {

class SumOutcome {
 public:
  // The memo follows `arena`: when it is replaced (a new Generation), the
  // memo is emptied; past kMaxMemoEntries entries it is emptied too. Its
  // entries are charged to the arena's budget (GameArena::ChargeCache).
  explicit SumOutcome(GameArena& arena) : arena_(arena) {}
  static constexpr size_t kMaxMemoEntries = size_t{2} << 20;
  static constexpr int64_t kMaxFoldedUps = 4096;

  // Whether Left (left = true) or Right, moving first, wins the sum of the
  // canonical forms `games`. May throw CgtRefusal (the arena's budget).
  bool Wins(bool left, std::vector<GameId> games);
  bool LeftWinsMovingFirst(std::vector<GameId> games) { return Wins(true, std::move(games)); }
  bool RightWinsMovingFirst(std::vector<GameId> games) { return Wins(false, std::move(games)); }

  // Searched sums (memo misses that made moves), since construction.
  uint64_t Nodes() const { return nodes_; }

  // Adds the numbers among `games` into x, the ups and nimbers into one
  // game (up to kMaxFoldedUps ups), and keeps the rest, sorted, with each
  // game and its negative cancelled. Throws CgtRefusal when a number
  // leaves the dyadic range.
  void Reduce(std::vector<GameId>& games, Dyadic& x);

 private:
  bool Search(bool left, const std::vector<GameId>& games, Dyadic x);

  struct Key {
    std::vector<GameId> games;
    Dyadic x;
    bool left;
    bool operator==(const Key&) const = default;
    template <typename H>
    friend H AbslHashValue(H h, const Key& k) {
      return H::combine(std::move(h), k.games, k.x, k.left);
    }
  };

  GameArena& arena_;
  uint64_t generation_ = 0;
  uint64_t nodes_ = 0;
  absl::flat_hash_map<Key, bool> memo_;
};

}  // namespace gamebench::cgt

#endif  // GAMEBENCH_CGT_SUM_OUTCOME_H_
