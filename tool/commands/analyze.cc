// gamebench analyze SPEC [--solver retrograde] [--threads N] [--save FILE] [--json]
//                  [--checkpoint FILE [--checkpoint-every SECONDS]] ...
// Strongly solves a game: every position reachable from the start, with its
// value and remoteness, and optionally saves the table.
//
// --checkpoint FILE saves the analysis's state to FILE at level boundaries,
// at most every --checkpoint-every seconds (default 60; 0: every level), and
// when the time limit stops it. Running the same command again resumes from
// FILE (a checkpoint of another game, or a damaged one, is refused) and ends
// with the table an uninterrupted run gives. FILE is removed once the
// analysis is complete and its table saved.

#include <cstdio>
#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "core/memory.h"
#include "solvers/retrograde.h"
#include "tool/args.h"
#include "tool/commands.h"
#include "tool/dispatch.h"

namespace gamebench {

const CommandLineSpec kAnalyzeCommandLine = [] {
  CommandLineSpec spec{"SPEC",
                       {{"solver", "retrograde"},
                        {"save", "FILE"},
                        {"checkpoint", "FILE"},
                        {"checkpoint-every", "S"},
                        {"json"}}};
  for (const FlagSpec& f : SolveFlags()) spec.flags.push_back(f);
  return spec;
}();

absl::Status RunAnalyze(const std::vector<std::string>& argv) {
  auto command_line = ParseSolveCommandLine(argv, kAnalyzeCommandLine);
  if (!command_line.ok()) return command_line.status();
  const Args* args = &command_line->args;
  const Spec* spec = &command_line->spec;
  const SolveOptions* options = &command_line->options;
  const std::string solver_name = args->Get("solver").value_or("retrograde");
  // Only a solver that analyses every position can analyse a game; the
  // search solvers answer one position (`gamebench solve`).
  if (auto st = WithSolver(solver_name, [&]<typename S>() { return absl::OkStatus(); }); !st.ok())
    return st;
  if (solver_name != RetrogradeSolver::kName)
    return absl::InvalidArgumentError(
        absl::StrCat("solver '", solver_name,
                     "' solves one position (use `gamebench solve`); analyze needs 'retrograde'"));
  const std::optional<std::string> save = args->Get("save");
  RetroCheckpointOptions checkpoint;
  if (auto c = args->Get("checkpoint")) {
    if (c->empty()) return absl::InvalidArgumentError("--checkpoint needs a file name");
    if (save && *save == *c)
      return absl::InvalidArgumentError("--checkpoint and --save must name different files");
    checkpoint.path = *c;
  } else if (args->Has("checkpoint-every")) {
    return absl::InvalidArgumentError("--checkpoint-every needs --checkpoint FILE");
  }
  auto every = args->GetDouble("checkpoint-every", 60, 0, 1e9);
  if (!every.ok()) return every.status();
  checkpoint.interval_seconds = *every;
  // Test hook: SIGKILL after the K-th checkpoint (tests/checkpoint_test.cc).
  if (const char* k = std::getenv("GAMEBENCH_CHECKPOINT_KILL_AFTER"))
    checkpoint.kill_after = std::atoi(k);

  Json out = Json::MakeObject();
  absl::Status status = WithGame(*spec, [&]<typename G>(const G& game) -> absl::Status {
    if constexpr (!RetrogradeSolver::kAppliesTo<G>) {
      return absl::UnimplementedError(absl::StrCat(
          "solver 'retrograde' does not apply to game '", G::kName,
          "' (it needs a dense index and win/loss/draw values; see `gamebench list`)"));
    } else {
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
        out.Set("winner", value > 0 ? "first" : (value < 0 ? "second" : "draw"));
        out.Set("remoteness", value == kDrawScore ? Json(nullptr) : Json(retro::LowOf(root)));
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
              : absl::StrCat("; checkpoint '", checkpoint.path, "' saved at ", table->checkpoint_at,
                             ": run the same command again to resume");
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
      return absl::OkStatus();
    }
  });
  if (!status.ok()) return status;

  if (args->Has("json")) {
    std::printf("%s\n", out.Dump().c_str());
    return absl::OkStatus();
  }
  for (const auto& [k, v] : out.as_object())
    std::printf("%-19s %s\n", (k + ":").c_str(),
                v.is_string() ? v.as_string().c_str() : v.Dump().c_str());
  return absl::OkStatus();
}

}  // namespace gamebench
