#ifndef GAMEBENCH_TESTS_REGISTRY_GAMES_H_
#define GAMEBENCH_TESTS_REGISTRY_GAMES_H_

// Tests over every game of the catalog through the tool's game registry
// (tool/game_registry.h), as `gamebench solve` reaches them: value-
// parameterized by the games' names, so a game added to games/catalog.h is
// tested with no edit, and the tests compile no game and no solver of their
// own (the tool's per-game units instantiate each solver for each game once;
// instantiating them again in every test that sweeps the catalog was most
// of the suite's build time).

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "core/solve.h"
#include "core/spec.h"
#include "gtest/gtest.h"
#include "tool/game_registry.h"

namespace gamebench::testing {

// The names of the registry's games, in catalog order.
inline std::vector<std::string> RegistryGames() {
  std::vector<std::string> names;
  for (const GameEntry* entry : ::gamebench::GameRegistry()) names.emplace_back(entry->name);
  return names;
}

// Names the instances after the games: "Catalog/CrossSolver.SearchSolversAgree/nim".
struct RegistryGameName {
  std::string operator()(const ::testing::TestParamInfo<std::string>& info) const {
    return info.param;
  }
};

// Whether the solver named `solver` applies to the game named `game`.
inline bool SolverApplies(const std::string& game, absl::string_view solver) {
  auto entry = ::gamebench::FindGame(game);
  return entry.ok() && (*entry)->solver_applies(solver);
}

// The game a spec names (the default instance for a bare name); a bad spec
// fails the test and gives null.
inline std::unique_ptr<const GameHandle> GameOf(const std::string& spec_text) {
  auto spec = ParseSpec(spec_text);
  EXPECT_TRUE(spec.ok()) << spec_text << ": " << spec.status();
  if (!spec.ok()) return nullptr;
  auto game = ::gamebench::MakeGame(*spec);
  EXPECT_TRUE(game.ok()) << spec_text << ": " << game.status();
  if (!game.ok()) return nullptr;
  return std::move(game).value();
}

// Solver `solver` on position `s` (G::State's bytes), as `gamebench solve`
// runs it. A refusal for the memory budget (retrograde's Precheck on a large
// index space) comes back as an unfinished search, as a node limit does;
// any other refusal fails the test.
inline SolveReport SolveThrough(const GameHandle& game, const std::string& s,
                                absl::string_view solver, const SolveOptions& options) {
  auto report = game.Solve(s, solver, options);
  if (report.ok()) return *report;
  EXPECT_TRUE(absl::IsResourceExhausted(report.status()))
      << solver << " on " << game.spec() << ": " << report.status();
  SolveReport unfinished;
  unfinished.solver = std::string(solver);
  unfinished.complete = false;
  return unfinished;
}

// `count` random playouts from the start, each to its end (or `max_plies`),
// the moves drawn with `rng() % moves` from the game's move order.
inline std::vector<std::vector<std::string>> Playouts(const GameHandle& game, int count,
                                                      uint64_t seed, int max_plies = 100000) {
  std::mt19937_64 rng(seed);
  std::vector<std::vector<std::string>> lines;
  for (int p = 0; p < count; ++p) {
    std::vector<std::string> line{game.Start()};
    while (!game.Terminal(line.back()) && static_cast<int>(line.size()) <= max_plies) {
      std::vector<std::string> moves = game.Moves(line.back());
      auto next = game.Play(line.back(), moves[static_cast<int>(rng() % moves.size())]);
      EXPECT_TRUE(next.ok()) << game.spec() << ": " << next.status();
      if (!next.ok()) break;
      line.push_back(*std::move(next));
    }
    lines.push_back(std::move(line));
  }
  return lines;
}

}  // namespace gamebench::testing

#endif  // GAMEBENCH_TESTS_REGISTRY_GAMES_H_
