

#include "tool/command_lines.h"
#include "tool/commands.h"
#include "tool/octal_table.h"
#include "tool/operations.h"

namespace gamebench {

// Two forms: `grundy SPEC --upto N ...` (one nim-sequence) and `grundy
// --table ...` (every short octal game, tool/octal_table.h).
const CommandLineSpec kGrundyCommandLine = {"SPEC|--table",
                                            {{"upto", "N"},
                                             {"json"},
                                             {"no-values"},
                                             {"stop-when-proved"},
                                             {"time-limit", "S"},
                                             {"threads", "N"},
                                             {"method", "rare-common|plain"},
                                             {"progress"},
                                             {"no-progress"},
                                             {"table"},
                                             {"full"},
                                             {"terms", "N"},
                                             {"digits", "D"},
                                             {"game-time-limit", "S"},
                                             {"published", "FILE"},
                                             {"out", "DIR"}}};

absl::Status RunGrundy(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, kGrundyCommandLine);
  if (!args.ok()) return args.status();
  if (args->Has("table")) {
    if (auto st = args->ExpectPositional(0, "no SPEC with --table"); !st.ok()) return st;
    return RunOctalTable(*args);
  }
  if (auto st = args->ExpectPositional(1, "heap game SPEC"); !st.ok()) return st;
  if (!args->Has("upto")) return absl::InvalidArgumentError("--upto N is required");
  GrundyRequest request;
  auto upto = args->GetInt("upto", 0, 0, kMaxUpto);
  if (!upto.ok()) return upto.status();
  request.upto = *upto;
  auto time_limit = args->GetDouble("time-limit", 0, 0, kMaxSeconds);
  if (!time_limit.ok()) return time_limit.status();
  request.time_limit = *time_limit;
  request.method = args->Get("method").value_or("rare-common");
  if (auto method = GrundyMethod(request.method); !method.ok()) return method.status();
  auto spec = ParseSpec(args->positional()[0]);
  if (!spec.ok()) return spec.status();
  request.spec = *std::move(spec);
  auto threads = args->GetInt("threads", 0, 0, kMaxThreads);
  if (!threads.ok()) return threads.status();
  request.threads = *threads;
  request.stop_when_proved = args->Has("stop-when-proved");
  request.progress = WantsProgress(*args);
  absl::StatusOr<GrundyRun> run = GrundyCommand(request);
  if (!run.ok()) return run.status();
  PrintGrundy(*run, args->Has("json"), !args->Has("no-values"));
  return absl::OkStatus();
}

}  // namespace gamebench
