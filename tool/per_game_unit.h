#ifndef GAMEBENCH_TOOL_PER_GAME_UNIT_H_
#define GAMEBENCH_TOOL_PER_GAME_UNIT_H_

// The work of the tool's commands for one game, as templates over the game:
// instantiated only in the game's own translation unit, through
// GameHandleImpl<G> (tool/game_handle_impl.h), never by a command. Each
// returns data (tool/game_handle.h's structs) or a one-line refusal; the
// commands' JSON, files and printing are made of that data in
// tool/operations/. Optional solver capabilities are used through their
// concepts (core/solver.h) and `if constexpr`, never by a solver's name.

#include <array>
#include <bit>
#include <cstring>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/solver.h"
#include "tool/solver_catalog.h"
#include "solvers/retrograde_table.h"
#include "tool/game_handle.h"
#include "tool/refusal.h"
#include "tool/solver_dispatch.h"
#include "tool/table_solver.h"

namespace gamebench {

// A position across tool/game_handle.h: the bytes of G::State.
template <typename State>
std::string StateBytes(const State& s) {
  return std::string(reinterpret_cast<const char*>(&s), sizeof(State));
}
template <typename State>
State StateFromBytes(const std::string& bytes) {
  std::array<char, sizeof(State)> raw;
  std::memcpy(raw.data(), bytes.data(), sizeof(State));
  return std::bit_cast<State>(raw);
}

// `solve`: position `state` of `game` with the solver named `solver`; an
// unknown solver, one that does not apply to the game, or the solver's
// Precheck refusal is an error.
template <typename G>
absl::StatusOr<SolveReport> SolveGame(const G& game, const typename G::State& state,
                                      absl::string_view solver, const SolveOptions& options) {
  SolveReport report;
  absl::Status status = WithSolver(solver, [&]<typename S>() -> absl::Status {
    if constexpr (S::template kAppliesTo<G>) {
      // A solver may refuse up front (e.g. a table over the memory budget).
      if constexpr (HasPrecheck<S, G>) {
        if (auto st = S::Precheck(game, state, options); !st.ok()) return st;
      }
      report = S::Solve(game, state, options);
      return absl::OkStatus();
    } else {
      return DoesNotApply(S::kName, G::kName);
    }
  });
  if (!status.ok()) return status;
  return report;
}

// `batch`: solver S kept for the positions of one file of `game`; a solver
// that ReusesTable keeps one table for the whole file.
template <typename G, typename S>
class BatchSolverFor final : public BatchSolver {
 public:
  BatchSolverFor(const G& game, const SolveOptions& options) : game_(game), options_(options) {
    if constexpr (ReusesTable<S, G>) table_ = std::make_unique<Table>(S::TableBytes(options));
  }
  SolveReport Solve(const std::string& s) override {
    const auto state = StateFromBytes<typename G::State>(s);
    if constexpr (ReusesTable<S, G>) {
      return S::SolveWithTable(game_, state, options_, *table_);
    } else {
      return S::Solve(game_, state, options_);
    }
  }

 private:
  // The table type of a ReusesTable solver; a placeholder (never made) otherwise.
  template <typename T>
  struct TableOf {
    struct type {};
  };
  template <typename T>
  requires ReusesTable<T, G>
  struct TableOf<T> {
    using type = typename T::template Table<G>;
  };
  using Table = typename TableOf<S>::type;

  const G& game_;
  const SolveOptions options_;
  std::unique_ptr<Table> table_;
};

template <typename G>
absl::StatusOr<std::unique_ptr<BatchSolver>> StartBatchFor(const G& game, absl::string_view solver,
                                                           const SolveOptions& options) {
  std::unique_ptr<BatchSolver> out;
  absl::Status status = WithSolver(solver, [&]<typename S>() -> absl::Status {
    if constexpr (S::template kAppliesTo<G>) {
      out = std::make_unique<BatchSolverFor<G, S>>(game, options);
      return absl::OkStatus();
    } else {
      return DoesNotApply(S::kName, G::kName);
    }
  });
  if (!status.ok()) return status;
  return out;
}

// `analyze --solver NAME`: the dense table when the solver analyses the
// game and no tier directory is asked for; the tiered analysis when one is,
// or when the game is Tiered and the solver does not analyse it (Connect
// Four: scored, no dense index over the whole game).
template <typename G>
absl::StatusOr<AnalysisPath> AnalyzePathOf(absl::string_view solver, bool tiers_asked) {
  AnalysisPath path = AnalysisPath::kDense;
  absl::Status status = WithSolver(solver, [&]<typename S>() -> absl::Status {
    if (tiers_asked || !AnalysesIntoTable<S, G>) {
      if constexpr (Tiered<G>) {
        path = AnalysisPath::kTiered;
        return absl::OkStatus();
      } else if (tiers_asked) {
        return DoesNotApply("tiered-retrograde", G::kName, "it has no tiers; see `gamebench list`");
      } else {
        return DoesNotApply(S::kName, G::kName);
      }
    }
    return absl::OkStatus();
  });
  if (!status.ok()) return status;
  return path;
}

// `analyze`: the dense analysis of `game` from its start by the solver named
// `solver`.
template <typename G>
absl::StatusOr<DenseAnalysis> AnalyzeGame(const G& game, absl::string_view solver,
                                          const SolveOptions& options,
                                          const RetroCheckpointOptions& checkpoint) {
  DenseAnalysis out;
  absl::Status status = WithSolver(solver, [&]<typename S>() -> absl::Status {
    if constexpr (AnalysesIntoTable<S, G>) {
      absl::StatusOr<RetrogradeTable> table = S::Analyze(game, game.Start(), options, &checkpoint);
      if (!table.ok()) return table.status();
      out.solver = std::string(S::kName);
      out.table = *std::move(table);
      out.memory_needed = S::MemoryNeeded(game);
      return absl::OkStatus();
    } else {
      return DoesNotApply(S::kName, G::kName);
    }
  });
  if (!status.ok()) return status;
  return out;
}

// No catalog solver writes table files of the game (unreached from the
// tool: MatchTable refuses such a file first).
template <typename G>
absl::Status NoTableFiles() {
  return absl::InvalidArgumentError(
      absl::StrCat("no solver of the catalog writes table files of game '", G::kName, "'"));
}

// `query`: position `s` of a table made for `game` (CheckTableMatches,
// tool/table_file.h).
template <typename G>
absl::StatusOr<TableAnswer> QueryTable(const G& game, const RetrogradeTable& table,
                                       const typename G::State& s) {
  if constexpr (!kHasTableFiles<G>) {
    (void)game, (void)table, (void)s;
    return NoTableFiles<G>();
  } else {
    const uint64_t i = game.Index(s);
    if (i >= table.index_size() || !(game.Unindex(i) == s) ||
        retro::TagOf(table.entries[i]) == retro::kUnreached)
      return absl::InvalidArgumentError(
          absl::StrCat("position ", game.FormatState(s), " is not reachable from the start of ",
                       table.game, ", so the table does not hold it"));
    const uint16_t e = table.entries[i];
    TableAnswer out;
    out.game = table.game;
    out.position = game.FormatState(s);
    out.value = retro::ValueOf(e);
    out.is_start = s == game.Start();
    if (out.value != kDrawScore) out.remoteness = retro::LowOf(e);
    out.best_moves = WithTableWriter<G>([&]<typename S>() { return S::BestMoves(game, table, s); },
                                        std::vector<std::string>());
    out.terminal = game.Terminal(s).has_value();
    return out;
  }
}

// `verify`: re-checks a table made for `game` (tool/table_file.h matched them).
template <typename G>
absl::Status VerifyTable(const G& game, const RetrogradeTable& table, int threads) {
  return WithTableWriter<G>(
      [&]<typename S>() -> absl::Status { return S::Verify(game, table, threads); },
      NoTableFiles<G>());
}

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_PER_GAME_UNIT_H_
