// `gamebench serve`: the explorer (a web page and a JSON position API) on
// a local port. Built when CMake finds cpp-httplib (tool/serve/).

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "tool/commands.h"
#include "tool/serve/server.h"

namespace gamebench {

const CommandLineSpec kServeCommandLine = {
    "", [] {
      std::vector<FlagSpec> flags = {{"port", "N"},       {"host", "ADDR"},   {"table", "FILE|DIR"},
                                     {"solver", "NAME"},  {"static", "DIR"},  {"results", "DIR"},
                                     {"workers", "N"},    {"queue", "N"},     {"cache", "N"}};
      for (const FlagSpec& f : SolveFlags()) flags.push_back(f);
      return flags;
    }()};

absl::Status RunServe(const std::vector<std::string>& argv) {
  ServeSettings settings;
  // --table may be given several times (the other flags once): taken out
  // before the parser, which refuses a repeated flag.
  std::vector<std::string> rest;
  for (size_t i = 0; i < argv.size(); ++i) {
    if (argv[i] == "--table") {
      if (i + 1 >= argv.size()) return absl::InvalidArgumentError("flag --table needs a value");
      settings.tables.push_back(argv[++i]);
    } else if (argv[i].rfind("--table=", 0) == 0) {
      settings.tables.push_back(argv[i].substr(8));
    } else {
      rest.push_back(argv[i]);
    }
  }
  auto args = Args::Parse(rest, kServeCommandLine);
  if (!args.ok()) return args.status();
  if (auto st = args->ExpectPositional(0, "arguments"); !st.ok()) return st;
  auto port = args->GetInt("port", settings.port, 0, 65535);
  if (!port.ok()) return port.status();
  settings.port = static_cast<int>(*port);
  if (auto host = args->Get("host")) settings.host = *host;
  if (auto solver = args->Get("solver")) {
    settings.solver = *solver;
    settings.solver_given = true;
  }
  settings.static_dir = args->Get("static").value_or(GAMEBENCH_SERVE_STATIC_DIR);
  settings.results_dir = args->Get("results");
  auto workers = args->GetInt("workers", settings.workers, 1, 64);
  if (!workers.ok()) return workers.status();
  settings.workers = static_cast<int>(*workers);
  auto queue = args->GetInt("queue", static_cast<int64_t>(settings.queue), 0, 4096);
  if (!queue.ok()) return queue.status();
  settings.queue = static_cast<size_t>(*queue);
  auto cache = args->GetInt("cache", static_cast<int64_t>(settings.cache_entries), 0, 1 << 20);
  if (!cache.ok()) return cache.status();
  settings.cache_entries = static_cast<size_t>(*cache);
  // The server lives on: no cap on its address space (the workers' stacks
  // are reserved there), and a search never runs unbounded by default.
  auto options = ParseSolveOptions(*args, /*limit_address_space=*/false);
  if (!options.ok()) return options.status();
  settings.options = *options;
  if (!args->Has("time-limit")) settings.options.time_limit_seconds = 10;
  if (!args->Has("tt-size")) settings.options.tt_bytes = std::min<uint64_t>(settings.options.tt_bytes, 16u << 20);
  return RunServer(settings);
}

}  // namespace gamebench
