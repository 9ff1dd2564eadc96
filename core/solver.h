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
//             StartReport (core/start_report.h) or the same fields; fills
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
//   OPTIONAL  template <Game G> using Table; static uint64_t TableBytes(const SolveOptions&);
//             template <...G> static SolveReport SolveWithTable(
//                 const G&, const typename G::State&, const SolveOptions&, Table<G>&)
//                                                               [ReusesTable]
//             A table the caller owns, constructible from TableBytes(options)
//             bytes, reused across the positions of one game (`gamebench
//             batch`); the report's table counters are cumulative.
//   OPTIONAL  template <...G> static absl::StatusOr<Table> Analyze(const G&,
//                 const typename G::State& root, const SolveOptions&, const Checkpoint*)
//             template <...G> static uint64_t MemoryNeeded(const G&)
//                                                    [AnalysesEveryPosition]
//             Every position reachable from `root` with its value, in one
//             table (`gamebench analyze`): refuses up front what does not
//             fit options.memory_bytes (MemoryNeeded says how much it needs),
//             saves its progress to the checkpoint when one is given and
//             resumes from it, and returns an incomplete table when the time
//             limit stops it. The tool names the table and checkpoint types
//             it reads (solvers/retrograde_table.h's RetrogradeTable, the
//             file `query` and `verify` open).
//   OPTIONAL  template <...G> static std::vector<std::string> BestMoves(const G&,
//                 const Table&, const typename G::State&)
//             template <...G> static absl::Status Verify(const G&, const Table&, int threads)
//                                                               [WritesTable]
//             Reads back a table its Analyze wrote, once saved to a file:
//             the moves of a position that achieve its value (`query`), and a
//             check of every entry against its children (`verify`). The tool
//             answers a table file of game G with the first catalog solver
//             that WritesTable for G; the file names the game, not a solver.
//   OPTIONAL  static bool AnswersHeapSum(const Sum&)
//             static absl::StatusOr<Result> SolveHeapSum(const Sum&, const SolveOptions&)
//                                                            [SolvesHeapSums]
//             Values a sum of heap games from its rules and heap sizes alone,
//             without a game's search state, so heaps of any size (`solve
//             --solver NAME` on a game whose spec describes heaps,
//             games/heap_spec.h). AnswersHeapSum says whether this path
//             answers the sum; when it does not the tool solves the game's
//             state with Solve (grundy answers every sum: misère ones by
//             their misère quotient, solvers/misere_sum.h). The tool
//             names the sum and result types (solvers/sprague_grundy.h).
//
// A solver without an optional capability is refused by the command that
// needs it with one message and one code, `unimplemented` (tool/refusal.h),
// as a solver that does not apply to a game is.

#include <concepts>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
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
                                typename S::template Table<G>& table) {
      { S::TableBytes(o) } -> std::convertible_to<uint64_t>;
      { S::SolveWithTable(g, s, o, table) } -> std::same_as<SolveReport>;
    };

// OPTIONAL: every position reachable from a root, in a table of type Table;
// Checkpoint is what the analysis saves its progress to.
template <typename S, typename G, typename Table, typename Checkpoint>
concept AnalysesEveryPosition =
    SolverFor<S, G> && requires(const G& g, const typename G::State& s, const SolveOptions& o,
                                const Checkpoint* checkpoint) {
      { S::Analyze(g, s, o, checkpoint) } -> std::same_as<absl::StatusOr<Table>>;
      { S::MemoryNeeded(g) } -> std::convertible_to<uint64_t>;
    };

// OPTIONAL: a table its analysis wrote, read back (query, verify).
template <typename S, typename G, typename Table, typename Checkpoint>
concept WritesTable =
    AnalysesEveryPosition<S, G, Table, Checkpoint> &&
    requires(const G& g, const Table& table, const typename G::State& s, int threads) {
      { S::BestMoves(g, table, s) } -> std::same_as<std::vector<std::string>>;
      { S::Verify(g, table, threads) } -> std::same_as<absl::Status>;
    };

// OPTIONAL: a sum of heap games valued from its rules and heaps alone.
template <typename S, typename Sum, typename Result>
concept SolvesHeapSums = Solver<S> && requires(const Sum& sum, const SolveOptions& o) {
  { S::AnswersHeapSum(sum) } -> std::same_as<bool>;
  { S::SolveHeapSum(sum, o) } -> std::same_as<absl::StatusOr<Result>>;
};

// The compile-time check of one catalog pair: S decides whether it applies to
// G and, where it does, keeps the contract. Written with static_asserts so a
// broken pair is named in the error (each game's unit of the tool checks it
// for every solver of the catalog: GAMEBENCH_TOOL_GAME_UNIT in
// tool/game_handle_impl.h).
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
