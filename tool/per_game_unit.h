#ifndef GAMEBENCH_TOOL_PER_GAME_UNIT_H_
#define GAMEBENCH_TOOL_PER_GAME_UNIT_H_

// The work of the tool's commands for one game, as templates over the game:
// instantiated only in the game's own translation unit, through
// GameHandleImpl<G> (tool/game_handle_impl.h), never by a command.

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/memory.h"
#include "core/solver.h"
#include "solvers/catalog.h"
#include "tool/game_handle.h"
#include "tool/operations.h"
#include "tool/solver_dispatch.h"

namespace gamebench {

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
      return absl::UnimplementedError(absl::StrCat("solver '", S::kName,
                                                   "' does not apply to game '", G::kName,
                                                   "' (see `gamebench list`)"));
    }
  });
  if (!status.ok()) return status;
  return report;
}

// The table type of a ReusesTable solver; a placeholder (never made) otherwise.
template <typename S, typename G>
struct TableOf {
  struct type {};
};
template <typename S, typename G>
  requires ReusesTable<S, G>
struct TableOf<S, G> {
  using type = typename S::Table;
};

template <typename G, typename S>
absl::Status SolveLines(const G& game, std::istream& in, const std::string& source,
                        SolveOptions options, BatchTotals& totals) {
  options.progress = false;  // one JSON line per position is the progress
  // A solver that can keep its table across positions keeps one for the file.
  std::unique_ptr<typename TableOf<S, G>::type> table;
  if constexpr (ReusesTable<S, G>) {
    table = std::make_unique<typename S::Table>(S::TableBytes(options));
  }
  std::string line;
  for (uint64_t number = 1; std::getline(in, line); ++number) {
    auto error = [&](const absl::Status& why) {
      return absl::InvalidArgumentError(
          absl::StrCat(source, " line ", number, ": ", why.message()));
    };
    absl::string_view text = absl::StripAsciiWhitespace(line);
    if (text.empty() || text[0] == '#') continue;
    std::vector<absl::string_view> fields =
        absl::StrSplit(text, absl::ByAnyChar(" \t"), absl::SkipEmpty());
    if (fields.size() > 2)
      return error(absl::InvalidArgumentError("expected `POSITION [EXPECTED]`"));
    auto state = game.ParseState(fields[0]);
    if (!state.ok()) return error(state.status());
    std::optional<int64_t> expected;
    if (fields.size() == 2) {
      int64_t v;
      if (!absl::SimpleAtoi(fields[1], &v))
        return error(absl::InvalidArgumentError(
            absl::StrCat("expected value '", fields[1], "' is not an integer")));
      expected = v;
    }
    SolveReport report;
    if constexpr (ReusesTable<S, G>) {
      report = S::SolveWithTable(game, *state, options, *table);
    } else {
      report = S::Solve(game, *state, options);
    }
    Json j = report.ToJson();
    j.Set("line", number);
    j.Set("input", std::string(fields[0]));
    ++totals.positions;
    totals.nodes += report.nodes;
    if (expected) {
      const bool agrees = report.complete && report.value == *expected;
      j.Set("expected", *expected);
      j.Set("agrees", agrees);
      ++totals.checked;
      if (!agrees && totals.differing++ == 0) totals.first_differing_line = number;
    }
    std::printf("%s\n", j.Dump().c_str());
    std::fflush(stdout);
  }
  if (in.bad()) return absl::InvalidArgumentError(absl::StrCat(source, ": read error"));
  return absl::OkStatus();
}

// `batch`: every line of `in` with the solver named `solver`.
template <typename G>
absl::Status BatchGame(const G& game, absl::string_view solver, std::istream& in,
                       const std::string& source, const SolveOptions& options,
                       BatchTotals& totals) {
  return WithSolver(solver, [&]<typename S>() -> absl::Status {
    if constexpr (S::template kAppliesTo<G>) {
      return SolveLines<G, S>(game, in, source, options, totals);
    } else {
      return absl::InvalidArgumentError(absl::StrCat("solver '", S::kName,
                                                     "' does not apply to game '", G::kName,
                                                     "' (see `gamebench list`)"));
    }
  });
}

// `analyze`: the retrograde analysis of `game` from its start, its summary
// into `out` (the object of `analyze --json`).
template <typename G>
absl::Status AnalyzeGame(const G& game, const AnalyzeCommandLine& command_line,
                         RetrogradeTable* table_out, Json& out) {
  if constexpr (!RetrogradeSolver::kAppliesTo<G>) {
    (void)table_out;
    (void)out;
    (void)command_line;
    return absl::UnimplementedError(absl::StrCat(
        "solver 'retrograde' does not apply to game '", G::kName,
        "' (it needs a dense index and win/loss/draw values; see `gamebench list`)"));
  } else {
    const SolveOptions* options = &command_line.solve.options;
    const std::optional<std::string>& save = command_line.save;
    const RetroCheckpointOptions& checkpoint = command_line.checkpoint;
    absl::StatusOr<RetrogradeTable> table =
        RetrogradeSolver::Analyze(game, game.Start(), *options, &checkpoint);
    if (!table.ok()) return table.status();
    const uint16_t root = table->entries[table->root_index];
    const Score value = RetrogradeSolver::ValueOf(root);
    out.Set("game", table->game);
    out.Set("solver", RetrogradeSolver::kName);
    out.Set("positions", table->positions);
    // A run stopped by the time limit has not decided everything: its
    // counts are not the game's.
    out.Set("wins", table->complete ? Json(table->wins) : Json(nullptr));
    out.Set("losses", table->complete ? Json(table->losses) : Json(nullptr));
    out.Set("draws", table->complete ? Json(table->draws) : Json(nullptr));
    if (table->complete) {
      out.Set("value", ScoreText(value, false));
      out.Set("winner", WinnerText(value));
      out.Set("remoteness",
              value == kDrawScore ? Json(nullptr) : Json(retro::LowOf(root)));
    } else {
      out.Set("value", nullptr);
      out.Set("winner", nullptr);
      out.Set("remoteness", nullptr);
    }
    out.Set("threads", table->threads);
    out.Set("seconds", table->seconds);
    out.Set("peak_memory_bytes", PeakMemoryBytes());
    out.Set("complete", table->complete);
    if (!table->complete) out.Set("stopped_at", table->stopped_at);
    out.Set("index_size", table->index_size());
    out.Set("table_bytes", table->index_size() * sizeof(uint16_t));
    out.Set("bytes_per_position",
            static_cast<double>(RetrogradeSolver::MemoryNeeded(game)) / table->index_size());
    out.Set("forward_levels", table->forward_levels);
    out.Set("backward_levels", table->levels);
    out.Set("forward_seconds", table->forward_seconds);
    out.Set("backward_seconds", table->backward_seconds);
    if (!checkpoint.path.empty()) {
      out.Set("resumed_from",
              table->resumed_from.empty() ? Json(nullptr) : Json(table->resumed_from));
      out.Set("checkpoints", table->checkpoints);
    }
    // Where a stopped run can resume from.
    const std::string resume_note =
        checkpoint.path.empty() || table->complete
            ? std::string()
            : absl::StrCat("; checkpoint '", checkpoint.path, "' saved at ",
                           table->checkpoint_at, ": run the same command again to resume");
    if (save) {
      if (!table->complete)
        return absl::DeadlineExceededError(
            absl::StrCat("the analysis was stopped by the time limit at ", table->stopped_at,
                         "; an incomplete table is not saved", resume_note));
      if (auto st = SaveRetrogradeTable(*table, *save); !st.ok()) return st;
      out.Set("file", *save);
    }
    if (!checkpoint.path.empty()) {
      if (table->complete) {
        RemoveRetroCheckpoint(checkpoint.path);
        out.Set("checkpoint", nullptr);
      } else {
        out.Set("checkpoint", checkpoint.path);
        std::fprintf(stderr, "analyze: stopped by the time limit at %s%s\n",
                     table->stopped_at.c_str(), resume_note.c_str());
      }
    }
    if (table_out && table->complete) *table_out = *std::move(table);
    return absl::OkStatus();
  }
}

// `query`: the object of `query --json` for position `s` of a table made
// for `game` (CheckTableMatches, tool/table_file.h).
template <typename G>
absl::StatusOr<Json> QueryJson(const G& game, const RetrogradeTable& table,
                               const typename G::State& s) {
  if constexpr (!RetrogradeSolver::kAppliesTo<G>) {
    (void)game, (void)s;
    return absl::InvalidArgumentError(absl::StrCat("game '", G::kName, "' has no dense index"));
  } else {
    const uint64_t i = game.Index(s);
    if (i >= table.index_size() || !(game.Unindex(i) == s) ||
        retro::TagOf(table.entries[i]) == retro::kUnreached)
      return absl::InvalidArgumentError(
          absl::StrCat("position ", game.FormatState(s), " is not reachable from the start of ",
                       table.game, ", so the table does not hold it"));
    const uint16_t e = table.entries[i];
    const Score value = RetrogradeSolver::ValueOf(e);
    Json out = Json::MakeObject();
    out.Set("game", table.game);
    out.Set("position", game.FormatState(s));
    out.Set("value", ScoreText(value, false));
    if (s == game.Start()) out.Set("winner", WinnerText(value));
    out.Set("remoteness", value == kDrawScore ? Json(nullptr) : Json(retro::LowOf(e)));
    Json moves = Json::MakeArray();
    for (const auto& m : RetrogradeSolver::BestMoves(game, table, s)) moves.Push(m);
    out.Set("best_moves", std::move(moves));
    out.Set("terminal", game.Terminal(s).has_value());
    return out;
  }
}

// `verify`: re-checks a table made for `game` (tool/table_file.h matched them).
template <typename G>
absl::Status VerifyTable(const G& game, const RetrogradeTable& table, int threads) {
  if constexpr (!RetrogradeSolver::kAppliesTo<G>) {
    (void)game, (void)table, (void)threads;
    return absl::InvalidArgumentError(absl::StrCat("game '", G::kName, "' has no dense index"));
  } else {
    return RetrogradeSolver::Verify(game, table, threads);
  }
}

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_PER_GAME_UNIT_H_
