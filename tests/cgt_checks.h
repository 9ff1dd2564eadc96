#ifndef GAMEBENCH_TESTS_CGT_CHECKS_H_
#define GAMEBENCH_TESTS_CGT_CHECKS_H_

// The checks of a Partizan game's CGT values against plain search, shared
// by tests/cgt_games_test.cc and tests/cgt_grid_games_test.cc (one copy, so
// that a fix to the check reaches every game).

#include <algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "cgt/arena.h"
#include "cgt/form_builder.h"
#include "core/partizan.h"
#include "gtest/gtest.h"
#include "solvers/alphabeta.h"

namespace gamebench::testing {

// The form {Left children | Right children} of the whole game tree, not
// simplified and not split: the closure's nim value is a property of the form.
template <Partizan G>
cgt::GameId RawForm(const G& g, cgt::GameArena& arena, const typename G::State& s,
                    absl::flat_hash_map<std::string, cgt::GameId>& memo) {
  const typename G::State left = g.WithMover(s, kLeft);
  const std::string key = g.FormatState(left);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  std::vector<cgt::GameId> sides[2];
  for (int player : {kLeft, kRight}) {
    const typename G::State v = g.WithMover(s, player);
    if (g.Terminal(v)) continue;
    MoveListOf<G> moves;
    g.GenerateMoves(v, moves);
    for (const auto& m : moves) sides[player].push_back(RawForm(g, arena, g.Play(v, m), memo));
  }
  const cgt::GameId id = arena.Form(std::move(sides[kLeft]), std::move(sides[kRight]));
  memo[key] = id;
  return id;
}

// The parsed texts; a text that does not parse fails the test.
template <Game G>
std::vector<typename G::State> Starts(const G& g, std::vector<std::string> texts) {
  std::vector<typename G::State> starts;
  for (const std::string& t : texts) {
    auto s = g.ParseState(t);
    EXPECT_TRUE(s.ok()) << s.status();
    if (s.ok()) starts.push_back(*s);
  }
  return starts;
}

// A position near the end of a random playout from starts[p % size]: `base +
// rng() % spread` plies before its end (fewer on a shorter line), with a
// random player to move.
template <typename G>
typename G::State RandomNearEnd(const G& g, const std::vector<typename G::State>& starts, int p,
                                std::mt19937_64& rng, size_t base, size_t spread) {
  std::vector<typename G::State> line{starts[static_cast<size_t>(p) % starts.size()]};
  while (!g.Terminal(line.back()) && line.size() < 200) {
    MoveListOf<G> moves;
    g.GenerateMoves(line.back(), moves);
    line.push_back(g.Play(line.back(), moves[static_cast<int>(rng() % moves.size())]));
  }
  const size_t back = std::min<size_t>(line.size() - 1, base + rng() % spread);
  return g.WithMover(line[line.size() - 1 - back], static_cast<int>(rng() % 2));
}

// `positions` random positions: the ends of random playouts from `starts`, a
// few plies from their end (small trees), with either player to move. The
// outcome of the canonical form is alpha-beta's value for the mover; the
// split value is the whole tree's; the nim value of the impartial closure,
// split, is the whole tree's and (raw_nim) the naive form's. Returns how many
// positions split (0 for a game that is not Decomposable).
template <Partizan G>
int CheckValues(const G& g, const std::vector<typename G::State>& starts, int positions,
                uint64_t seed, bool raw_nim = true) {
  if (starts.empty()) return 0;
  std::mt19937_64 rng(seed);
  cgt::GameArena arena;
  FormBuilder<G> split(g), whole(g, /*split=*/false);
  absl::flat_hash_map<std::string, cgt::GameId> raw;
  int checked = 0, nonzero = 0, splits = 0;
  for (int p = 0; checked < positions && p < 50 * positions; ++p) {
    const typename G::State s = RandomNearEnd(g, starts, p, rng, 2, 8);
    SolveOptions limited;
    limited.node_limit = 2000000;
    limited.best_moves = false;
    const SolveReport a = AlphaBetaSolver::Solve(g, s, limited);
    if (!a.complete) continue;
    if constexpr (Decomposable<G>) {
      std::vector<typename G::State> parts;
      g.Components(s, parts);
      splits += parts.size() > 1;
    }
    const cgt::GameId value = split.Value(arena, s);
    EXPECT_EQ(value, whole.Value(arena, s)) << g.FormatState(s);
    const bool mover_wins =
        g.Mover(s) == kLeft ? arena.LeftWinsMovingFirst(value) : arena.RightWinsMovingFirst(value);
    EXPECT_EQ(a.value, mover_wins ? kWinScore : kLossScore) << g.CanonicalSpec() << " " << g.FormatState(s);
    const int nim = split.Nim(arena, s);
    EXPECT_EQ(nim, whole.Nim(arena, s)) << g.FormatState(s);
    EXPECT_EQ(nim, split.NimByMex(arena, s)) << g.FormatState(s);  // the mex route
    if (raw_nim) {
      EXPECT_EQ(nim, arena.NimValue(RawForm(g, arena, s, raw))) << g.FormatState(s);
    }
    nonzero += value != cgt::GameArena::kZero;
    ++checked;
  }
  EXPECT_EQ(checked, positions) << g.CanonicalSpec();
  EXPECT_GT(nonzero, positions / 8) << g.CanonicalSpec();
  return splits;
}

}  // namespace gamebench::testing

#endif  // GAMEBENCH_TESTS_CGT_CHECKS_H_
