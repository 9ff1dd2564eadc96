#ifndef GAMEBENCH_CORE_SOLVER_H_
#define GAMEBENCH_CORE_SOLVER_H_

// The solver contract, as core/game.h is the game contract.
//
// A solver is a class S of static members: it keeps nothing between solves
// (each Solve builds its own search state and tables), so the tool, the
// Python module, the tests and the benchmarks call it the same way. Its
// members are templates over the game; they are instantiated only for the
// catalog games the solver applies to, with no virtual calls.
//
// Members, REQUIRED unless marked OPTIONAL (an optional member is a named
// concept below; the tool uses it through that concept and `if constexpr`):
//
//   REQUIRED  static constexpr absl::string_view kName
//             The catalog name, as typed after --solver: "tt", "retrograde".
//   REQUIRED  static constexpr absl::string_view kDescription
//             One line for `gamebench list`.
//   REQUIRED  template <typename G> static constexpr bool kAppliesTo
//             Decided at compile time for EVERY catalog game, usually a
//             refinement from core/game.h (Acyclic<G>, Indexed<G>,
//             HeapGame<G>); never a test for a particular game. Where it is
//             false nothing below is instantiated, and the tool refuses the
//             pair ("solver '…' does not apply to game '…'", status 2).
//   REQUIRED  template <...G> static SolveReport
//                 Solve(const G&, const typename G::State& root, const SolveOptions&)
//             For every G it applies to. The value of `root` for the player
//             to move and, when options.best_moves, every root move that
//             achieves it (text form, any order). Starts the report with
//             StartReport (solvers/search_common.h) or the same fields; fills
//             nodes and seconds; sets complete = false when the time or node
//             limit stopped it (the value is then not reported). Honours
//             time_limit_seconds, node_limit (a fixed amount of work for
//             tests), progress, and keeps every table within memory_bytes.
//             Solver-specific counters go in report.stats.
//   OPTIONAL  template <...G> static absl::Status
//                 Precheck(const G&, const typename G::State& root, const SolveOptions&)
//                                                               [HasPrecheck]
//             A refusal before any work (a table over the memory budget, a
//             root outside the index space): the tool calls it before Solve
//             and prints its message on one line with exit status 2. A
//             solver without it never refuses a position of a game it
//             applies to.
//   OPTIONAL  using Table; static uint64_t TableBytes(const SolveOptions&);
//             template <...G> static SolveReport SolveWithTable(
//                 const G&, const typename G::State&, const SolveOptions&, Table&)
//                                                               [ReusesTable]
//             A table the caller owns, constructible from TableBytes(options)
//             bytes, reused across the positions of one game (`gamebench
//             batch`); the report's table counters are cumulative.

#include <concepts>
#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "core/game.h"
#include "core/solve.h"

namespace gamebench {

// The members that do not depend on a game.
template <typename S>
concept Solver = requires {
  { S::kName } -> std::convertible_to<absl::string_view>;
  { S::kDescription } -> std::convertible_to<absl::string_view>;
};

// kAppliesTo<G> is a compile-time bool for this game (true or false).
template <typename S, typename G>
concept DecidesApplicability = Solver<S> && Game<G> && requires {
  { S::template kAppliesTo<G> } -> std::convertible_to<bool>;
  typename std::bool_constant<S::template kAppliesTo<G>>;
};

// S applies to G and can solve its positions.
template <typename S, typename G>
concept SolverFor = DecidesApplicability<S, G> && S::template kAppliesTo<G> &&
                    requires(const G& g, const typename G::State& s, const SolveOptions& o) {
                      { S::Solve(g, s, o) } -> std::same_as<SolveReport>;
                    };

// OPTIONAL: a refusal before any work.
template <typename S, typename G>
concept HasPrecheck =
    SolverFor<S, G> && requires(const G& g, const typename G::State& s, const SolveOptions& o) {
      { S::Precheck(g, s, o) } -> std::same_as<absl::Status>;
    };

// OPTIONAL: a table the caller keeps across the positions of one game.
template <typename S, typename G>
concept ReusesTable =
    SolverFor<S, G> && requires(const G& g, const typename G::State& s, const SolveOptions& o,
                                typename S::Table& table) {
      { S::TableBytes(o) } -> std::convertible_to<uint64_t>;
      { S::SolveWithTable(g, s, o, table) } -> std::same_as<SolveReport>;
    };

// The compile-time check of one catalog pair: S decides whether it applies to
// G and, where it does, keeps the contract. Written with static_asserts so a
// broken pair is named in the error (the tool checks every pair of the two
// catalogs: tool/dispatch.h).
template <typename S, typename G>
consteval bool CheckSolverContract() {
  static_assert(Solver<S>, "a solver needs kName and kDescription (core/solver.h)");
  static_assert(DecidesApplicability<S, G>,
                "a solver's kAppliesTo<G> must be a compile-time bool for every catalog game");
  if constexpr (S::template kAppliesTo<G>) {
    static_assert(SolverFor<S, G>,
                  "a solver must have Solve(game, root, options) -> SolveReport for every game "
                  "it applies to (core/solver.h)");
  }
  return true;
}

}  // namespace gamebench

#endif  // GAMEBENCH_CORE_SOLVER_H_
