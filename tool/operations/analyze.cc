// `analyze`: strongly solves a game (every position reachable from the
// start, with its value and remoteness) and optionally saves the table; see
// tool/commands/analyze.cc for the flags.

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdlib.h>

#include "absl/strings/str_cat.h"
#include "core/memory.h"
#include "tool/commands.h"
#include "solvers/tiered_retrograde.h"
#include "tool/game_registry.h"
#include "tool/operations.h"
#include "tool/solver_dispatch.h"

namespace gamebench {

const CommandLineSpec kAnalyzeCommandLine = [] {
  CommandLineSpec spec{"SPEC",
                       {{"solver", "retrograde"},
                        {"save", "FILE"},
                        {"checkpoint", "FILE"},
                        {"checkpoint-every", "S"},
                        {"tiers", "DIR"},
                        {"json"}}};
  for (const FlagSpec& f : SolveFlags()) spec.flags.push_back(f);
  return spec;
}();

absl::StatusOr<AnalyzeCommandLine> ParseAnalyzeArgs(const std::vector<std::string>& argv,
                                                    bool limit_address_space) {
  auto command_line = ParseSolveCommandLine(argv, kAnalyzeCommandLine, limit_address_space);
  if (!command_line.ok()) return command_line.status();
  AnalyzeCommandLine out{*std::move(command_line), "", std::nullopt, {}, std::nullopt};
  const Args* args = &out.solve.args;
  out.solver = args->Get("solver").value_or("retrograde");
  // Only a solver that analyses every position can analyse a game; the
  // search solvers answer one position (`gamebench solve`).
  if (auto st = WithSolver(out.solver, [&]<typename S>() { return absl::OkStatus(); }); !st.ok())
    return st;
  if (out.solver != RetrogradeSolver::kName)
    return absl::InvalidArgumentError(
        absl::StrCat("solver '", out.solver,
                     "' solves one position (use `gamebench solve`); analyze needs 'retrograde'"));
  out.save = args->Get("save");
  if (auto t = args->Get("tiers")) {
    if (t->empty()) return absl::InvalidArgumentError("--tiers needs a directory name");
    out.tiers = *t;
  }
  if (auto c = args->Get("checkpoint")) {
    if (c->empty()) return absl::InvalidArgumentError("--checkpoint needs a file name");
    if (out.save && *out.save == *c)
      return absl::InvalidArgumentError("--checkpoint and --save must name different files");
    out.checkpoint.path = *c;
  } else if (args->Has("checkpoint-every")) {
    return absl::InvalidArgumentError("--checkpoint-every needs --checkpoint FILE");
  }
  auto every = args->GetDouble("checkpoint-every", 60, 0, 1e9);
  if (!every.ok()) return every.status();
  out.checkpoint.interval_seconds = *every;
  // Test hook: SIGKILL after the K-th checkpoint (tests/checkpoint_test.cc).
  if (const char* k = std::getenv("GAMEBENCH_CHECKPOINT_KILL_AFTER"))
    out.checkpoint.kill_after = std::atoi(k);
  return out;
}

absl::StatusOr<Json> AnalyzeCommand(const AnalyzeCommandLine& command_line,
                                    RetrogradeTable* table_out) {
  Json out = Json::MakeObject();
  // The tiered path (tool/tiered_analyze.h): asked for with --tiers DIR, or
  // the only one for a Tiered game the dense solver does not apply to.
  bool tiered = command_line.tiers.has_value();
  if (!tiered) {
    auto game = MakeGame(command_line.solve.spec);
    tiered = game.ok() && (*game)->AnalyzeIsTiered();
  }
  if (tiered) {
    if (command_line.save || !command_line.checkpoint.path.empty())
      return absl::InvalidArgumentError(
          "the tiered analysis keeps its tables in the tier directory (--tiers DIR): "
          "--save and --checkpoint do not apply");
    TieredOptions tiered_options;
    tiered_options.threads = command_line.solve.options.threads;
    tiered_options.progress = command_line.solve.options.progress;
    tiered_options.memory_bytes = command_line.solve.options.memory_bytes;
    if (const char* k = std::getenv("GAMEBENCH_TIER_KILL_AFTER"))
      tiered_options.kill_after_tiers = std::atoi(k);
    // Without --tiers, a temporary directory removed afterwards.
    std::string temp;
    if (command_line.tiers) {
      tiered_options.dir = *command_line.tiers;
    } else {
      const char* tmp = std::getenv("TMPDIR");
      std::string pattern = absl::StrCat(tmp && *tmp ? tmp : "/tmp", "/gamebench-tiers-XXXXXX");
      if (!::mkdtemp(pattern.data()))
        return absl::InvalidArgumentError(
            absl::StrCat("cannot create a temporary tier directory '", pattern, "' (use --tiers DIR)"));
      temp = tiered_options.dir = pattern;
    }
    absl::StatusOr<Json> result = [&]() -> absl::StatusOr<Json> {
      auto game = MakeGame(command_line.solve.spec);
      if (!game.ok()) return game.status();
      return (*game)->TieredAnalyze(tiered_options, command_line.tiers.value_or(""));
    }();
    if (!temp.empty()) {
      std::error_code ec;
      std::filesystem::remove_all(temp, ec);
    }
    return result;
  }
  auto game = MakeGame(command_line.solve.spec);
  if (!game.ok()) return game.status();
  if (auto st = (*game)->Analyze(command_line, table_out, out); !st.ok()) return st;
  return out;
}

}  // namespace gamebench
