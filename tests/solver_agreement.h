#ifndef GAMEBENCH_TESTS_SOLVER_AGREEMENT_H_
#define GAMEBENCH_TESTS_SOLVER_AGREEMENT_H_

// Cross-solver agreement: every search solver gives the same value and the
// same set of best moves on a position.

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "core/game.h"
#include "gtest/gtest.h"
#include "solvers/alphabeta.h"
#include "solvers/minimax.h"
#include "solvers/tt.h"

namespace gamebench::testing {

inline SolveOptions TestOptions() {
  SolveOptions o;
  o.tt_bytes = 1 << 20;  // 64 Ki entries: ample for test positions, quick to clear
  o.memory_bytes = 64 << 20;
  return o;
}

template <Game G>
std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// The positions that `moves` (move texts) lead to from `s`, as text: tests
// name winning moves by where they go ("from 3;5;7 to 3;5;6").
template <Game G>
std::set<std::string> MoveTargets(const G& game, const typename G::State& s,
                                  const std::vector<std::string>& moves) {
  std::set<std::string> targets;
  for (const std::string& text : moves) {
    auto m = game.ParseMove(s, text);
    EXPECT_TRUE(m.ok()) << text;
    if (m.ok()) targets.insert(game.FormatState(game.Play(s, *m)));
  }
  return targets;
}

// Returns the tt report; checks minimax (when `with_minimax`) and alphabeta
// against it, and tt with symmetry off too.
template <Game G>
SolveReport ExpectSolversAgree(const G& game, const typename G::State& s, bool with_minimax) {
  SolveOptions o = TestOptions();
  SolveReport tt = TtSolver::Solve(game, s, o);
  SolveReport ab = AlphaBetaSolver::Solve(game, s, o);
  EXPECT_EQ(tt.value, ab.value) << game.FormatState(s);
  EXPECT_EQ(Sorted<G>(tt.best_moves), Sorted<G>(ab.best_moves)) << game.FormatState(s);
  SolveOptions plain = o;
  plain.symmetry = false;
  plain.move_ordering = false;
  SolveReport tt_plain = TtSolver::Solve(game, s, plain);
  EXPECT_EQ(tt.value, tt_plain.value) << game.FormatState(s);
  EXPECT_EQ(Sorted<G>(tt.best_moves), Sorted<G>(tt_plain.best_moves)) << game.FormatState(s);
  if (with_minimax) {
    SolveReport mm = MinimaxSolver::Solve(game, s, o);
    EXPECT_EQ(tt.value, mm.value) << game.FormatState(s);
    EXPECT_EQ(Sorted<G>(tt.best_moves), Sorted<G>(mm.best_moves)) << game.FormatState(s);
  }
  return tt;
}

}  // namespace gamebench::testing

#endif  // GAMEBENCH_TESTS_SOLVER_AGREEMENT_H_
