// `misere SPEC --upto N`: the misère quotient of a heap game's heaps up to N
// (tool/operations/misere.cc, solvers/misere_quotient.h).

#include "tool/command_lines.h"
#include "tool/commands.h"
#include "tool/operations.h"

namespace gamebench {

const CommandLineSpec kMisereCommandLine = {"SPEC",
                                            {{"upto", "N", true},
                                             {"max-size", "N"},
                                             {"memory", "SIZE"},
                                             {"genus-upto", "N"},
                                             {"time-limit", "S"},
                                             {"progress"},
                                             {"no-progress"},
                                             {"json"}}};

absl::Status RunMisere(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, kMisereCommandLine);
  if (!args.ok()) return args.status();
  if (auto st = args->ExpectPositional(1, "heap game SPEC"); !st.ok()) return st;
  if (!args->Has("upto")) return absl::InvalidArgumentError("--upto N is required");
  MisereRequest request;
  auto upto = args->GetInt("upto", 0, 1, kMaxMisereUpto);
  if (!upto.ok()) return upto.status();
  request.upto = *upto;
  auto max_size = args->GetInt("max-size", 1 << 14, 2, 1 << 20);
  if (!max_size.ok()) return max_size.status();
  request.max_size = *max_size;
  auto genus = args->GetInt("genus-upto", -1, 0, 64);
  if (!genus.ok()) return genus.status();
  if (*genus >= 0) request.genus_upto = *genus;
  auto time_limit = args->GetDouble("time-limit", 0, 0, kMaxSeconds);
  if (!time_limit.ok()) return time_limit.status();
  request.time_limit = *time_limit;
  request.progress = WantsProgress(*args);
  if (auto memory = args->Get("memory")) {
    auto size = ByteSize::Parse(*memory);
    if (!size.ok()) return size.status();
    request.memory_bytes = size->bytes;
  }
  auto spec = ParseSpec(args->positional()[0]);
  if (!spec.ok()) return spec.status();
  request.spec = *std::move(spec);
  MisereRun run = MisereCommand(request);
  if (!run.status.ok() && !run.quotient) return run.status;
  PrintMisere(run, args->Has("json"));
  return run.status;
}

}  // namespace gamebench
