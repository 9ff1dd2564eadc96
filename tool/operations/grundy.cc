// `grundy`: the nim-sequence g(0..N) of a heap game's rule, and its period;
// see tool/commands/grundy.cc for the flags.

#include <cstdio>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/progress.h"
#include "tbb/global_control.h"
#include "tool/args.h"
#include "tool/heap_solve.h"
#include "tool/operations.h"

namespace gamebench {

absl::StatusOr<NimSequence::Method> GrundyMethod(absl::string_view name) {
  if (name == "rare-common") return NimSequence::Method::kRareCommon;
  if (name == "plain") return NimSequence::Method::kPlain;
  return absl::InvalidArgumentError(
      absl::StrCat("--method: '", name, "' is not rare-common or plain"));
}

absl::Status CheckGrundyRequest(const GrundyRequest& request) {
  if (!request.upto) return absl::InvalidArgumentError("--upto N is required");
  if (auto st = CheckIntegerFlag("upto", *request.upto, 0, kMaxUpto); !st.ok()) return st;
  if (auto st = CheckNumberFlag("time-limit", request.time_limit, 0, kMaxSeconds); !st.ok())
    return st;
  if (auto st = CheckIntegerFlag("threads", request.threads, 0, kMaxThreads); !st.ok()) return st;
  return GrundyMethod(request.method).status();
}

absl::StatusOr<GrundyRun> GrundyCommand(const GrundyRequest& request) {
  if (auto st = CheckGrundyRequest(request); !st.ok()) return st;
  auto method = GrundyMethod(request.method);
  GrundyRun run;
  run.requested_upto = *request.upto;
  run.method = request.method;
  // The rule from the spec's heap description (games/heap_spec.h): heap
  // sizes in the spec are not bounded by any search state here.
  auto described = HeapSpecOf(request.spec);
  if (!described.ok()) return described.status();
  if (!described->has_value())
    return absl::InvalidArgumentError(
        absl::StrCat("game '", request.spec.name,
                     "' is not a heap game (see games/heap_game.h): no nim-sequence"));
  const HeapGameSpec& heap_game = **described;
  if (heap_game.components.size() != 1)
    return absl::InvalidArgumentError(absl::StrCat(
        "'", heap_game.canonical, "' has several components; a nim-sequence needs one heap rule"));
  std::optional<HeapRule> rule = heap_game.components[0].rule;
  run.game_spec = heap_game.canonical;

  Stopwatch watch;
  run.sequence = std::make_unique<NimSequence>(*rule, *method);
  absl::StatusOr<ExtendStop> stop;
  {
    std::optional<tbb::global_control> cores;
    if (request.threads > 0)
      cores.emplace(tbb::global_control::max_allowed_parallelism,
                    static_cast<size_t>(request.threads));
    Progress progress(request.progress);
    stop = ExtendSequence(*run.sequence, *request.upto, request.stop_when_proved,
                          request.time_limit, &progress);
  }
  if (!stop.ok()) return stop.status();
  run.stopped = ExtendStopName(*stop);
  run.seconds = watch.Seconds();
  run.period = FindPeriod(run.sequence->values(), rule->code_length());
  return run;
}

Json GrundyJson(const GrundyRun& run, bool with_values) {
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
  j.Set("requested_upto", run.requested_upto);
  j.Set("stopped", run.stopped);
  j.Set("method", run.method);
  j.Set("terms_per_second", seconds > 0 ? static_cast<double>(seq.size()) / seconds : 0.0);
  j.Set("pairs_examined", seq.pairs_examined());
  j.Set("rare_mask", static_cast<int64_t>(seq.mask()));
  j.Set("rare_positions", seq.rare_positions());
  return j;
}

void PrintGrundy(const GrundyRun& run, bool json, bool with_values) {
  if (json) {
    std::printf("%s\n", GrundyJson(run, with_values).Dump().c_str());
    return;
  }
  const NimSequence& seq = *run.sequence;
  const PeriodInfo& period = run.period;
  const double seconds = run.seconds;
  std::printf("game:       %s (rule %s)\n", run.game_spec.c_str(), seq.rule().Name().c_str());
  std::printf("computed:   g(0..%ld)%s\n", static_cast<long>(seq.size() - 1),
              run.stopped == "upto" ? "" : absl::StrCat(" (stopped: ", run.stopped, ")").c_str());
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
              seconds > 0 ? static_cast<double>(seq.size()) / seconds : 0.0, run.method.c_str());
  if (with_values) std::printf("values:     %s\n", absl::StrJoin(seq.values(), " ").c_str());
}

}  // namespace gamebench
