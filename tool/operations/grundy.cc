// `grundy`: the nim-sequence g(0..N) of a heap game's rule, and its period;
// see tool/commands/grundy.cc for the flags.

#include "absl/strings/str_cat.h"
#include "core/progress.h"
#include "tool/commands.h"
#include "tool/heap_solve.h"
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

absl::StatusOr<GrundyCommandLine> ParseGrundyArgs(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, kGrundyCommandLine);
  if (!args.ok()) return args.status();
  if (auto st = args->ExpectPositional(1, "heap game SPEC"); !st.ok()) return st;
  if (!args->Has("upto")) return absl::InvalidArgumentError("--upto N is required");
  auto upto = args->GetInt("upto", 0, 0, int64_t{UINT32_MAX} - 2);
  if (!upto.ok()) return upto.status();
  auto time_limit = args->GetDouble("time-limit", 0, 0, 1e9);
  if (!time_limit.ok()) return time_limit.status();
  GrundyCommandLine out;
  out.method_name = args->Get("method").value_or("rare-common");
  if (out.method_name == "rare-common") {
    out.method = NimSequence::Method::kRareCommon;
  } else if (out.method_name == "plain") {
    out.method = NimSequence::Method::kPlain;
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("--method: '", out.method_name, "' is not rare-common or plain"));
  }
  auto spec = ParseSpec(args->positional()[0]);
  if (!spec.ok()) return spec.status();
  out.args = *std::move(args);
  out.spec = *std::move(spec);
  out.upto = *upto;
  out.time_limit = *time_limit;
  return out;
}

absl::StatusOr<GrundyRun> GrundyCommand(const GrundyCommandLine& command_line) {
  GrundyRun run;
  // The rule from the spec's heap description (games/heap_spec.h): heap
  // sizes in the spec are not bounded by any search state here.
  auto described = HeapSpecOf(command_line.spec);
  if (!described.ok()) return described.status();
  if (!described->has_value())
    return absl::InvalidArgumentError(
        absl::StrCat("game '", command_line.spec.name,
                     "' is not a heap game (see games/heap_game.h): no nim-sequence"));
  const HeapGameSpec& heap_game = **described;
  if (heap_game.components.size() != 1)
    return absl::InvalidArgumentError(absl::StrCat(
        "'", heap_game.canonical, "' has several components; a nim-sequence needs one heap rule"));
  std::optional<HeapRule> rule = heap_game.components[0].rule;
  run.game_spec = heap_game.canonical;

  Stopwatch watch;
  run.sequence = std::make_unique<NimSequence>(*rule, command_line.method);
  absl::StatusOr<ExtendStop> stop;
  {
    Progress progress(WantsProgress(command_line.args));
    stop = ExtendSequence(*run.sequence, command_line.upto,
                          command_line.args.Has("stop-when-proved"), command_line.time_limit,
                          &progress);
  }
  if (!stop.ok()) return stop.status();
  run.stopped = ExtendStopName(*stop);
  run.seconds = watch.Seconds();
  run.period = FindPeriod(run.sequence->values(), rule->code_length());
  return run;
}

Json GrundyJson(const GrundyCommandLine& command_line, const GrundyRun& run, bool with_values) {
  const NimSequence& seq = *run.sequence;
  const PeriodInfo& period = run.period;
  const double seconds = run.seconds;
  Json j = Json::MakeObject();
  j.Set("game", run.game_spec);
  j.Set("rule", seq.rule().Name());
  j.Set("upto", seq.size() - 1);
  if (with_values) {
    Json values = Json::MakeArray();
    values.as_array().reserve(seq.values().size());
    for (uint16_t v : seq.values()) values.as_array().emplace_back(static_cast<int>(v));
    j.Set("values", std::move(values));
  }
  j.Set("max_value", static_cast<int>(seq.max_value()));
  j.Set("period", period.found ? Json(period.period) : Json());
  j.Set("preperiod", period.found ? Json(period.preperiod) : Json());
  j.Set("proved", period.proved);
  j.Set("seconds", seconds);
  j.Set("requested_upto", command_line.upto);
  j.Set("stopped", run.stopped);
  j.Set("method", command_line.method_name);
  j.Set("terms_per_second", seconds > 0 ? static_cast<double>(seq.size()) / seconds : 0.0);
  j.Set("pairs_examined", seq.pairs_examined());
  j.Set("rare_mask", static_cast<int64_t>(seq.mask()));
  j.Set("rare_positions", seq.rare_positions());
  return j;
}

}  // namespace gamebench
