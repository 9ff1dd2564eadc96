// `analyze`: strongly solves a game (every position reachable from the
// start, with its value and remoteness) and optionally saves the table; see
// tool/commands/analyze.cc for the flags.

#include <stdlib.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/memory.h"
#include "tool/solver_catalog.h"
#include "solvers/retrograde_checkpoint.h"
#include "tool/args.h"
#include "tool/game_registry.h"
#include "tool/operations.h"
#include "tool/operations/tiered_output.h"
#include "tool/refusal.h"
#include "tool/solver_dispatch.h"
#include "tool/tiered_analyze.h"

namespace gamebench {
namespace {

// Only a solver that analyses every position (AnalysesEveryPosition,
// core/solver.h) of some game can analyse; the search solvers answer one
// position (`gamebench solve`).
absl::Status CheckAnalyses(const std::string& solver) {
  if (auto st = WithSolver(solver, [&]<typename S>() { return absl::OkStatus(); }); !st.ok())
    return st;
  std::vector<std::string> analysers;
  bool analyses = false;
  ForEachType(SolverCatalog{}, [&]<typename S>() {
    bool any = false;
    for (const GameEntry* entry : GameRegistry()) any |= entry->solver_analyzes(S::kName);
    if (any) analysers.push_back(absl::StrCat("'", S::kName, "'"));
    if (any && solver == S::kName) analyses = true;
    return false;
  });
  if (analyses) return absl::OkStatus();
  return LacksCapability(solver,
                         absl::StrCat("solves one position (use `gamebench solve`); analyze "
                                      "needs ",
                                      absl::StrJoin(analysers, " or ")));
}

absl::StatusOr<RetroCheckpointOptions> CheckpointOf(const AnalyzeRequest& request) {
  RetroCheckpointOptions checkpoint;
  if (request.checkpoint) {
    if (request.checkpoint->empty())
      return absl::InvalidArgumentError("--checkpoint needs a file name");
    if (request.save && *request.save == *request.checkpoint)
      return absl::InvalidArgumentError("--checkpoint and --save must name different files");
    checkpoint.path = *request.checkpoint;
  } else if (request.checkpoint_every) {
    return absl::InvalidArgumentError("--checkpoint-every needs --checkpoint FILE");
  }
  checkpoint.interval_seconds = request.checkpoint_every.value_or(60);
  if (auto st = CheckNumberFlag("checkpoint-every", checkpoint.interval_seconds, 0, kMaxSeconds);
      !st.ok())
    return st;
  // Test hook: SIGKILL after the K-th checkpoint (tests/checkpoint_test.cc).
  if (const char* k = std::getenv("GAMEBENCH_CHECKPOINT_KILL_AFTER"))
    checkpoint.kill_after = std::atoi(k);
  return checkpoint;
}

// The object of `analyze --json` for a dense analysis.
Json DenseJson(const DenseAnalysis& analysis, const RetroCheckpointOptions& checkpoint) {
  const RetrogradeTable& table = analysis.table;
  Json out = Json::MakeObject();
  const uint16_t root = table.entries[table.root_index];
  const Score value = retro::ValueOf(root);
  out.Set("game", table.game);
  out.Set("solver", analysis.solver);
  out.Set("positions", table.positions);
  // A run stopped by the time limit has not decided everything: its counts
  // are not the game's.
  out.Set("wins", table.complete ? Json(table.wins) : Json(nullptr));
  out.Set("losses", table.complete ? Json(table.losses) : Json(nullptr));
  out.Set("draws", table.complete ? Json(table.draws) : Json(nullptr));
  if (table.complete) {
    out.Set("value", ScoreText(value, false));
    out.Set("winner", WinnerText(value));
    out.Set("remoteness", value == kDrawScore ? Json(nullptr) : Json(retro::LowOf(root)));
  } else {
    out.Set("value", nullptr);
    out.Set("winner", nullptr);
    out.Set("remoteness", nullptr);
  }
  out.Set("threads", table.threads);
  out.Set("seconds", table.seconds);
  out.Set("peak_memory_bytes", PeakMemoryBytes());
  out.Set("complete", table.complete);
  if (!table.complete) out.Set("stopped_at", table.stopped_at);
  out.Set("index_size", table.index_size());
  out.Set("table_bytes", table.index_size() * sizeof(uint16_t));
  out.Set("bytes_per_position", static_cast<double>(analysis.memory_needed) / table.index_size());
  out.Set("forward_levels", table.forward_levels);
  out.Set("backward_levels", table.levels);
  out.Set("forward_seconds", table.forward_seconds);
  out.Set("backward_seconds", table.backward_seconds);
  if (!checkpoint.path.empty()) {
    out.Set("resumed_from", table.resumed_from.empty() ? Json(nullptr) : Json(table.resumed_from));
    out.Set("checkpoints", table.checkpoints);
  }
  return out;
}

// The dense path: the analysis, its summary, the table saved (--save), the
// checkpoint removed once finished or kept with a note when stopped.
absl::StatusOr<AnalyzeResult> AnalyzeDense(const AnalyzeRequest& request, AnalyzeResult result,
                                           const RetroCheckpointOptions& checkpoint) {
  auto analysis = result.game->Analyze(request.solver, request.options, checkpoint);
  if (!analysis.ok()) return analysis.status();
  const RetrogradeTable& table = analysis->table;
  result.summary = DenseJson(*analysis, checkpoint);
  // Where a stopped run can resume from.
  const std::string resume_note =
      checkpoint.path.empty() || table.complete
          ? std::string()
          : absl::StrCat("; checkpoint '", checkpoint.path, "' saved at ", table.checkpoint_at,
                         ": run the same command again to resume");
  if (request.save) {
    if (!table.complete)
      return absl::DeadlineExceededError(
          absl::StrCat("the analysis was stopped by the time limit at ", table.stopped_at,
                       "; an incomplete table is not saved", resume_note));
    if (auto st = SaveRetrogradeTable(table, *request.save); !st.ok()) return st;
    result.summary.Set("file", *request.save);
  }
  if (!checkpoint.path.empty()) {
    if (table.complete) {
      RemoveRetroCheckpoint(checkpoint.path);
      result.summary.Set("checkpoint", nullptr);
    } else {
      result.summary.Set("checkpoint", checkpoint.path);
      std::fprintf(stderr, "analyze: stopped by the time limit at %s%s\n", table.stopped_at.c_str(),
                   resume_note.c_str());
    }
  }
  if (table.complete) result.table = std::move(analysis->table);
  return result;
}

// The tiered path (tool/tiered_analyze.h): in --tiers DIR, kept, or in a
// temporary directory removed afterwards.
absl::StatusOr<AnalyzeResult> AnalyzeTiered(const AnalyzeRequest& request, AnalyzeResult result) {
  if (request.save || request.checkpoint)
    return absl::InvalidArgumentError(
        "the tiered analysis keeps its tables in the tier directory (--tiers DIR): "
        "--save and --checkpoint do not apply");
  TieredOptions options;
  options.threads = request.options.threads;
  options.progress = request.options.progress;
  options.memory_bytes = request.options.memory_bytes;
  if (const char* k = std::getenv("GAMEBENCH_TIER_KILL_AFTER"))
    options.kill_after_tiers = std::atoi(k);
  std::string temp;
  if (request.tiers) {
    options.dir = *request.tiers;
  } else {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = absl::StrCat(tmp && *tmp ? tmp : "/tmp", "/gamebench-tiers-XXXXXX");
    if (!::mkdtemp(pattern.data()))
      return absl::InvalidArgumentError(absl::StrCat("cannot create a temporary tier directory '",
                                                     pattern, "' (use --tiers DIR)"));
    temp = options.dir = pattern;
  }
  absl::StatusOr<TieredRun> run = result.game->TieredAnalyze(options);
  if (!temp.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(temp, ec);
  }
  if (!run.ok()) return run.status();
  result.summary = TieredJson(*run, request.tiers.value_or(""));
  return result;
}

}  // namespace

absl::StatusOr<AnalyzeResult> AnalyzeCommand(const AnalyzeRequest& request) {
  if (auto st = CheckAnalyses(request.solver); !st.ok()) return st;
  if (request.tiers && request.tiers->empty())
    return absl::InvalidArgumentError("--tiers needs a directory name");
  auto checkpoint = CheckpointOf(request);
  if (!checkpoint.ok()) return checkpoint.status();
  auto game = MakeGame(request.spec);
  if (!game.ok()) return game.status();
  AnalyzeResult result;
  result.game = *std::move(game);
  auto path = result.game->AnalyzePath(request.solver, request.tiers.has_value());
  if (!path.ok()) return path.status();
  if (*path == AnalysisPath::kTiered) return AnalyzeTiered(request, std::move(result));
  return AnalyzeDense(request, std::move(result), *checkpoint);
}

void PrintAnalyze(const Json& summary, bool json) {
  if (json) {
    std::printf("%s\n", summary.Dump().c_str());
  } else if (summary.Has("tiers")) {
    PrintTieredText(summary);
  } else {
    for (const auto& [k, v] : summary.as_object())
      std::printf("%-19s %s\n", (k + ":").c_str(),
                  v.is_string() ? v.as_string().c_str() : v.Dump().c_str());
  }
}

}  // namespace gamebench
