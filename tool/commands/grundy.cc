// gamebench grundy SPEC --upto N [--json] [--no-values] [--stop-when-proved]
//                       [--time-limit S] [--method rare-common|plain]
//                       [--progress | --no-progress]
// gamebench grundy --table [--full] [--terms N] [--digits D] [--out DIR] ...
//                       (the octal games table: tool/octal_table.cc)
// Computes the nim-sequence g(0..N) of a heap game's rule term by term and
// looks for its period; for octal codes the period is proved by the octal
// periodicity theorem. A proven period ends the computation early only with
// --stop-when-proved.

#include <algorithm>
#include <cstdio>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/json.h"
#include "core/progress.h"
#include "core/solve.h"
#include "solvers/nim_sequence.h"
#include "tool/args.h"
#include "tool/commands.h"
#include "tool/heap_solve.h"
#include "tool/octal_table.h"

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

absl::Status RunGrundy(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, kGrundyCommandLine);
  if (!args.ok()) return args.status();
  if (args->Has("table")) {
    if (auto st = args->ExpectPositional(0, "no SPEC with --table"); !st.ok()) return st;
    return RunOctalTable(*args);
  }
  if (auto st = args->ExpectPositional(1, "heap game SPEC"); !st.ok()) return st;
  if (!args->Has("upto")) return absl::InvalidArgumentError("--upto N is required");
  auto upto = args->GetInt("upto", 0, 0, int64_t{UINT32_MAX} - 2);
  if (!upto.ok()) return upto.status();
  auto time_limit = args->GetDouble("time-limit", 0, 0, 1e9);
  if (!time_limit.ok()) return time_limit.status();
  const std::string method_name = args->Get("method").value_or("rare-common");
  NimSequence::Method method;
  if (method_name == "rare-common") {
    method = NimSequence::Method::kRareCommon;
  } else if (method_name == "plain") {
    method = NimSequence::Method::kPlain;
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("--method: '", method_name, "' is not rare-common or plain"));
  }
  auto spec = ParseSpec(args->positional()[0]);
  if (!spec.ok()) return spec.status();

  // The rule from the spec's heap description (games/heap_spec.h): heap
  // sizes in the spec are not bounded by any search state here.
  auto described = HeapSpecOf(*spec);
  if (!described.ok()) return described.status();
  if (!described->has_value())
    return absl::InvalidArgumentError(absl::StrCat(
        "game '", spec->name, "' is not a heap game (see games/heap_game.h): no nim-sequence"));
  const HeapGameSpec& heap_game = **described;
  if (heap_game.components.size() != 1)
    return absl::InvalidArgumentError(absl::StrCat(
        "'", heap_game.canonical, "' has several components; a nim-sequence needs one heap rule"));
  std::optional<HeapRule> rule = heap_game.components[0].rule;
  const std::string game_spec = heap_game.canonical;

  Stopwatch watch;
  NimSequence seq(*rule, method);
  absl::StatusOr<ExtendStop> stop;
  {
    Progress progress(WantsProgress(*args));
    stop = ExtendSequence(seq, *upto, args->Has("stop-when-proved"), *time_limit, &progress);
  }
  if (!stop.ok()) return stop.status();
  const std::string stopped = ExtendStopName(*stop);
  const double seconds = watch.Seconds();
  PeriodInfo period = FindPeriod(seq.values(), rule->code_length());
  const int64_t last = seq.size() - 1;

  Json j = Json::MakeObject();
  j.Set("game", game_spec);
  j.Set("rule", rule->Name());
  j.Set("upto", last);
  if (!args->Has("no-values")) {
    Json values = Json::MakeArray();
    values.as_array().reserve(seq.values().size());
    for (uint16_t v : seq.values()) values.Push(static_cast<int>(v));
    j.Set("values", std::move(values));
  }
  j.Set("max_value", static_cast<int>(seq.max_value()));
  j.Set("period", period.found ? Json(period.period) : Json());
  j.Set("preperiod", period.found ? Json(period.preperiod) : Json());
  j.Set("proved", period.proved);
  j.Set("seconds", seconds);
  j.Set("requested_upto", *upto);
  j.Set("stopped", stopped);
  j.Set("method", method_name);
  j.Set("terms_per_second", seconds > 0 ? static_cast<double>(seq.size()) / seconds : 0.0);
  j.Set("pairs_examined", seq.pairs_examined());
  j.Set("rare_mask", static_cast<int64_t>(seq.mask()));
  j.Set("rare_positions", seq.rare_positions());

  if (args->Has("json")) {
    std::printf("%s\n", j.Dump().c_str());
    return absl::OkStatus();
  }
  std::printf("game:       %s (rule %s)\n", game_spec.c_str(), rule->Name().c_str());
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
