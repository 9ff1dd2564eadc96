// gamebench grundy SPEC --upto N [--json] [--no-values] [--stop-when-proved]
//                       [--time-limit S] [--method rare-common|plain]
//                       [--progress | --no-progress]
// gamebench grundy --table [--full] [--terms N] [--digits D] [--out DIR] ...
//                       (the octal games table: tool/octal_table.cc)
// Computes the nim-sequence g(0..N) of a heap game's rule term by term and
// looks for its period; for octal codes the period is proved by the octal
// periodicity theorem. A proven period ends the computation early only with
// --stop-when-proved.

#include <cstdio>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "tool/commands.h"
#include "tool/octal_table.h"
#include "tool/operations.h"

namespace gamebench {

absl::Status RunGrundy(const std::vector<std::string>& argv) {
  {
    auto args = Args::Parse(argv, kGrundyCommandLine);
    if (!args.ok()) return args.status();
    if (args->Has("table")) {
      if (auto st = args->ExpectPositional(0, "no SPEC with --table"); !st.ok()) return st;
      return RunOctalTable(*args);
    }
  }
  auto command_line = ParseGrundyArgs(argv);
  if (!command_line.ok()) return command_line.status();
  const Args* args = &command_line->args;
  absl::StatusOr<GrundyRun> run = GrundyCommand(*command_line);
  if (!run.ok()) return run.status();
  const NimSequence& seq = *run->sequence;
  const PeriodInfo& period = run->period;
  const std::string& game_spec = run->game_spec;
  const std::string& stopped = run->stopped;
  const std::string& method_name = command_line->method_name;
  const double seconds = run->seconds;
  const int64_t last = seq.size() - 1;

  if (args->Has("json")) {
    std::printf("%s\n", GrundyJson(*command_line, *run, !args->Has("no-values")).Dump().c_str());
    return absl::OkStatus();
  }
  std::printf("game:       %s (rule %s)\n", game_spec.c_str(), seq.rule().Name().c_str());
  std::printf("computed:   g(0..%ld)%s\n", static_cast<long>(last),
              stopped == "upto" ? "" : absl::StrCat(" (stopped: ", stopped, ")").c_str());
  std::printf("max value:  %d\n", seq.max_value());
  if (period.found) {
    std::printf("period:     %ld from n = %ld (%s)\n", static_cast<long>(period.period),
                static_cast<long>(period.preperiod),
                period.proved ? "proved by the octal periodicity theorem"
                              : "in the computed range only, not proved");
  } else {
    std::printf("period:     none found in the computed range\n");
  }
  std::printf("seconds:    %.6f (%.0f terms/s, %s)\n", seconds,
              seconds > 0 ? static_cast<double>(seq.size()) / seconds : 0.0, method_name.c_str());
  if (!args->Has("no-values"))
    std::printf("values:     %s\n", absl::StrJoin(seq.values(), " ").c_str());
  return absl::OkStatus();
}

}  // namespace gamebench
