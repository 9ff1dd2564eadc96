#ifndef GAMEBENCH_GAMES_SIM_SIM_ANALYSIS_H_
#define GAMEBENCH_GAMES_SIM_SIM_ANALYSIS_H_

// Whole-game analyses of Sim that the search solvers do not give, used by
// the tests and benchmarks to cross-check them and to size the problem:
//
//   Exhaust(): value and remoteness of a position by a memoised negamax over
//   every reachable isomorphism class (no pruning, so it is independent of
//   the alpha-beta and table logic of `tt`), plus the size of the full game
//   tree below it (what plain minimax would visit).
//
//   ClassesPerPly(): the number of non-isomorphic positions at each ply, by
//   levels from the start, to measure how the state space grows.

#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "core/score.h"
#include "core/solve.h"
#include "games/sim/sim.h"

namespace gamebench {

class SimAnalysis {
 public:
  __extension__ using Count = unsigned __int128;  // game trees outgrow 64 bits from K7

  struct Result {
    Score value = 0;
    int remoteness = 0;    // plies to the end: fastest win, slowest loss
    Count tree_nodes = 0;  // nodes of the full game tree (positions with their history)
  };

  explicit SimAnalysis(const Sim& game) : game_(game) {}

  // Every reachable class below s is solved exactly and remembered.
  Result Exhaust(const Sim::State& s) {
    if (auto t = game_.Terminal(s)) return {*t, 0, 1};
    const uint64_t key = game_.Key(game_.Canonical(s));
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    MoveListOf<Sim> moves;
    game_.GenerateMoves(s, moves);
    Result best{-2, 0, 1};
    for (auto m : moves) {
      Result child = Exhaust(game_.Play(s, m));
      best.tree_nodes += child.tree_nodes;
      Score v = -child.value;
      int r = child.remoteness + 1;
      // Higher value first; among wins the faster, among losses the slower.
      bool better = v > best.value || (v == best.value && v > 0 && r < best.remoteness) ||
                    (v == best.value && v < 0 && r > best.remoteness);
      if (better) {
        best.value = v;
        best.remoteness = r;
      }
    }
    if (best.value == kDrawScore) best.remoteness = 0;
    memo_.emplace(key, best);
    return best;
  }

  // Non-terminal classes stored by Exhaust so far.
  uint64_t classes() const { return memo_.size(); }

  // counts[d]: the non-isomorphic positions (terminal ones included) after d
  // plies, for d up to max_ply, stopping early once a level would exceed
  // max_level classes or the deadline passes. Returns the levels completed.
  std::vector<uint64_t> ClassesPerPly(int max_ply, uint64_t max_level, double seconds = 0) {
    Deadline deadline(seconds);
    std::vector<uint64_t> counts = {1};
    std::vector<Sim::State> level = {game_.Canonical(game_.Start())};
    for (int d = 1; d <= max_ply && !level.empty(); ++d) {
      absl::flat_hash_set<uint64_t> seen;
      std::vector<Sim::State> next;
      bool full = false;
      for (const auto& s : level) {
        if (game_.Terminal(s)) continue;
        MoveListOf<Sim> moves;
        game_.GenerateMoves(s, moves);
        for (auto m : moves) {
          Sim::State c = game_.Canonical(game_.Play(s, m));
          if (seen.insert(game_.Key(c)).second) next.push_back(c);
        }
        if (next.size() > max_level || deadline.Poll()) {
          full = true;
          break;
        }
      }
      if (full) break;
      counts.push_back(next.size());
      level = std::move(next);
    }
    return counts;
  }

 private:
  const Sim& game_;
  absl::flat_hash_map<uint64_t, Result> memo_;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_SIM_SIM_ANALYSIS_H_
