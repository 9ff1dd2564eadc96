#ifndef GAMEBENCH_TESTS_RETROGRADE_CHECKS_H_
#define GAMEBENCH_TESTS_RETROGRADE_CHECKS_H_

// Generic checks for Indexed games and the retrograde solver, usable from any
// game's test:
//   - CheckIndexing: Index/Unindex round trip on every reachable position,
//     indices in range and distinct; optionally (full_scan) every index whose
//     position is legal (its text parses back) round trips too.
//   - CheckParentsInverseMoves: for every reachable position s, each child
//     lists s among its parents, and each parent p of s is non-terminal and
//     has a move to s (GenerateParents is the exact inverse of GenerateMoves).
//   - CheckSerialEqualsParallel: 1 and 2 threads give identical tables.
//   - CheckAgainstReference: the table equals a naive serial level-by-level
//     iteration over the move graph (no parents, no atomics); works on loopy
//     games, where the search solvers do not terminate.
//   - CheckIncrementalIndices (IncrementallyIndexed games): for every
//     reachable position, GenerateChildIndices lists exactly the indices of
//     Play(s, m) (distinct when kDistinctChildren), GenerateParentIndices
//     exactly those of GenerateParents; and the solver's incremental path
//     gives the same table, byte for byte, as its generic path.
//   - CheckAgainstSearch: on every reachable position of an acyclic game,
//     the value equals tt's, and (when with_minimax) value, remoteness and
//     the set of best moves equal minimax's.

#include <algorithm>
#include <cstring>
#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/game.h"
#include "gtest/gtest.h"
#include "solvers/minimax.h"
#include "solvers/retrograde.h"
#include "solvers/tt.h"

namespace gamebench::testing {

inline SolveOptions RetroOptions(int threads) {
  SolveOptions o;
  o.threads = threads;
  o.memory_bytes = 512ull << 20;
  // Small: CheckAgainstSearch makes one table per position (5478 on
  // tic-tac-toe), and clearing 4 MiB each took minutes under TSan.
  o.tt_bytes = 32 << 10;
  return o;
}

// Every position reachable from the start, in BFS order.
template <Indexed G>
std::vector<typename G::State> ReachablePositions(const G& game) {
  std::vector<typename G::State> out;
  std::unordered_map<uint64_t, bool> seen;
  std::deque<typename G::State> queue{game.Start()};
  seen[game.Index(game.Start())] = true;
  while (!queue.empty()) {
    typename G::State s = queue.front();
    queue.pop_front();
    out.push_back(s);
    if (game.Terminal(s)) continue;
    MoveListOf<G> moves;
    game.GenerateMoves(s, moves);
    for (auto m : moves) {
      typename G::State c = game.Play(s, m);
      if (seen.emplace(game.Index(c), true).second) queue.push_back(c);
    }
  }
  return out;
}

// `full_scan`: also walk the whole index space (for games whose Unindex is
// defined on every index, not only on the image of Index).
template <Indexed G>
void CheckIndexing(const G& game, bool full_scan = false) {
  std::unordered_map<uint64_t, std::string> by_index;
  for (const auto& s : ReachablePositions(game)) {
    const uint64_t i = game.Index(s);
    ASSERT_LT(i, game.IndexSize()) << game.FormatState(s);
    EXPECT_TRUE(game.Unindex(i) == s) << "Unindex(Index(s)) != s for " << game.FormatState(s);
    auto [it, fresh] = by_index.emplace(i, game.FormatState(s));
    EXPECT_TRUE(fresh) << "index " << i << " shared by " << it->second << " and "
                       << game.FormatState(s);
  }
  if (!full_scan || game.IndexSize() > (1u << 22)) return;
  for (uint64_t i = 0; i < game.IndexSize(); ++i) {
    const typename G::State s = game.Unindex(i);
    auto parsed = game.ParseState(game.FormatState(s));
    if (!parsed.ok()) continue;  // an index slot that is no legal position
    EXPECT_EQ(game.Index(s), i) << game.FormatState(s);
  }
}

template <Indexed G>
void CheckParentsInverseMoves(const G& game) {
  using State = typename G::State;
  auto has_parent = [&](const State& child, const State& parent) {
    MoveList<State, G::kMaxParents> parents;
    game.GenerateParents(child, parents);
    int count = 0;
    for (const State& p : parents) count += p == parent;
    return count;
  };
  for (const State& s : ReachablePositions(game)) {
    // Each child lists s as a parent, exactly once.
    if (!game.Terminal(s)) {
      MoveListOf<G> moves;
      game.GenerateMoves(s, moves);
      for (auto m : moves) {
        const State c = game.Play(s, m);
        EXPECT_EQ(has_parent(c, s), 1) << game.FormatState(s) << " -> " << game.FormatMove(s, m)
                                       << " -> " << game.FormatState(c);
      }
    }
    // Each parent is in the index space, non-terminal, and has a move to s.
    MoveList<State, G::kMaxParents> parents;
    game.GenerateParents(s, parents);
    for (const State& p : parents) {
      ASSERT_LT(game.Index(p), game.IndexSize()) << game.FormatState(p);
      EXPECT_TRUE(game.Unindex(game.Index(p)) == p) << game.FormatState(p);
      ASSERT_FALSE(game.Terminal(p))
          << "terminal parent " << game.FormatState(p) << " of " << game.FormatState(s);
      MoveListOf<G> moves;
      game.GenerateMoves(p, moves);
      bool found = false;
      for (auto m : moves) found |= game.Play(p, m) == s;
      EXPECT_TRUE(found) << "parent " << game.FormatState(p) << " has no move to "
                         << game.FormatState(s);
    }
  }
}

template <Indexed G>
RetrogradeTable AnalyzeOrDie(const G& game, int threads) {
  auto table = RetrogradeSolver::Analyze(game, game.Start(), RetroOptions(threads));
  EXPECT_TRUE(table.ok()) << table.status();
  if (!table.ok()) return RetrogradeTable{};
  EXPECT_TRUE(table->complete);
  return std::move(*table);
}

template <Indexed G>
void CheckSerialEqualsParallel(const G& game) {
  RetrogradeTable serial = AnalyzeOrDie(game, 1);
  RetrogradeTable parallel = AnalyzeOrDie(game, 2);
  ASSERT_EQ(serial.index_size(), parallel.index_size());
  EXPECT_EQ(std::memcmp(serial.entries.data(), parallel.entries.data(),
                        serial.index_size() * sizeof(uint16_t)),
            0);
  EXPECT_EQ(serial.positions, parallel.positions);
  EXPECT_EQ(serial.wins, parallel.wins);
  EXPECT_EQ(serial.losses, parallel.losses);
  EXPECT_EQ(serial.draws, parallel.draws);
  EXPECT_TRUE(RetrogradeSolver::Verify(game, serial).ok());
}

// A naive serial analysis: pass k decides, from the values of passes < k,
// the wins (some child a loss) and losses (every child a win) with
// remoteness k. Returns tag/remoteness per index like the table.
template <Indexed G>
std::unordered_map<uint64_t, uint16_t> ReferenceAnalysis(const G& game) {
  using State = typename G::State;
  std::vector<State> all = ReachablePositions(game);
  std::unordered_map<uint64_t, uint16_t> value;  // absent: undecided
  for (const State& s : all)
    if (auto t = game.Terminal(s))
      value[game.Index(s)] = retro::Entry(*t > 0   ? retro::kWin
                                          : *t < 0 ? retro::kLoss
                                                   : retro::kDraw,
                                          0);
  for (int k = 1;; ++k) {
    std::vector<std::pair<uint64_t, uint16_t>> decided;
    for (const State& s : all) {
      const uint64_t i = game.Index(s);
      if (value.count(i)) continue;
      MoveListOf<G> moves;
      game.GenerateMoves(s, moves);
      bool any_loss = false, all_wins = true;
      for (auto m : moves) {
        auto it = value.find(game.Index(game.Play(s, m)));
        const retro::Tag tag = it == value.end() ? retro::kUndecided : retro::TagOf(it->second);
        any_loss |= tag == retro::kLoss;
        all_wins &= tag == retro::kWin;
      }
      if (any_loss)
        decided.push_back({i, retro::Entry(retro::kWin, k)});
      else if (all_wins)
        decided.push_back({i, retro::Entry(retro::kLoss, k)});
    }
    if (decided.empty()) break;
    for (auto [i, e] : decided) value[i] = e;
  }
  for (const State& s : all) value.emplace(game.Index(s), retro::Entry(retro::kDraw, 0));
  return value;
}

template <Indexed G>
void CheckAgainstReference(const G& game) {
  RetrogradeTable table = AnalyzeOrDie(game, 2);
  auto reference = ReferenceAnalysis(game);
  EXPECT_EQ(table.positions, reference.size());
  uint64_t mismatches = 0;
  for (uint64_t i = 0; i < table.index_size(); ++i) {
    auto it = reference.find(i);
    const uint16_t expected = it == reference.end() ? 0 : it->second;
    if (table.entries[i] != expected && ++mismatches <= 5)
      ADD_FAILURE() << "index " << i << " (" << game.FormatState(game.Unindex(i))
                    << "): retrograde " << table.entries[i] << ", reference " << expected;
  }
  EXPECT_EQ(mismatches, 0u);
}

template <IncrementallyIndexed G>
void CheckIncrementalIndices(const G& game) {
  using State = typename G::State;
  for (const State& s : ReachablePositions(game)) {
    const uint64_t i = game.Index(s);
    std::vector<uint64_t> expected, got;
    if (!game.Terminal(s)) {
      MoveListOf<G> moves;
      game.GenerateMoves(s, moves);
      for (auto m : moves) expected.push_back(game.Index(game.Play(s, m)));
      MoveList<uint64_t, G::kMaxMoves> children;
      game.GenerateChildIndices(s, i, children);
      got.assign(children.begin(), children.end());
      std::sort(expected.begin(), expected.end());
      std::sort(got.begin(), got.end());
      EXPECT_EQ(got, expected) << "children of " << game.FormatState(s);
      if (G::kDistinctChildren) {
        EXPECT_EQ(std::adjacent_find(got.begin(), got.end()), got.end())
            << "repeated child of " << game.FormatState(s);
      }
    }
    expected.clear();
    MoveList<State, G::kMaxParents> parents;
    game.GenerateParents(s, parents);
    for (const State& p : parents) expected.push_back(game.Index(p));
    MoveList<uint64_t, G::kMaxParents> parent_indices;
    game.GenerateParentIndices(s, i, parent_indices);
    got.assign(parent_indices.begin(), parent_indices.end());
    std::sort(expected.begin(), expected.end());
    std::sort(got.begin(), got.end());
    EXPECT_EQ(got, expected) << "parents of " << game.FormatState(s);
  }
  for (int threads : {1, 2}) {
    auto fast = RetrogradeSolver::Analyze</*kUseIncremental=*/true>(game, game.Start(),
                                                                    RetroOptions(threads));
    auto generic = RetrogradeSolver::Analyze</*kUseIncremental=*/false>(game, game.Start(),
                                                                        RetroOptions(threads));
    ASSERT_TRUE(fast.ok() && generic.ok());
    ASSERT_EQ(fast->index_size(), generic->index_size());
    EXPECT_EQ(std::memcmp(fast->entries.data(), generic->entries.data(),
                          fast->index_size() * sizeof(uint16_t)),
              0)
        << threads << " threads: the incremental and generic paths differ";
    EXPECT_EQ(fast->positions, generic->positions);
  }
}

template <Indexed G>
void CheckAgainstSearch(const G& game, bool with_minimax) {
  RetrogradeTable table = AnalyzeOrDie(game, 2);
  SolveOptions o = RetroOptions(1);
  for (const auto& s : ReachablePositions(game)) {
    const uint16_t e = table.entries[game.Index(s)];
    const Score value = RetrogradeSolver::ValueOf(e);
    std::vector<std::string> best = RetrogradeSolver::BestMoves(game, table, s);
    std::sort(best.begin(), best.end());
    SolveReport tt = TtSolver::Solve(game, s, o);
    EXPECT_EQ(value, tt.value) << game.FormatState(s);
    if (!with_minimax) continue;
    SolveReport mm = MinimaxSolver::Solve(game, s, o);
    EXPECT_EQ(value, mm.value) << game.FormatState(s);
    if (value != kDrawScore) {
      EXPECT_EQ(mm.remoteness, std::optional<int>(retro::LowOf(e))) << game.FormatState(s);
    }
    std::sort(mm.best_moves.begin(), mm.best_moves.end());
    EXPECT_EQ(best, mm.best_moves) << game.FormatState(s);
  }
}

}  // namespace gamebench::testing

#endif  // GAMEBENCH_TESTS_RETROGRADE_CHECKS_H_
