#ifndef GAMEBENCH_TOOL_SERVE_SERVE_SETTINGS_H_
#define GAMEBENCH_TOOL_SERVE_SERVE_SETTINGS_H_

// What `gamebench serve` was asked for (tool/serve/serve_command.cc reads the
// command line into it; tool/serve/server.h runs it).

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/solve.h"

namespace gamebench {

struct ServeSettings {
  std::string host = "127.0.0.1";  // --host: loopback unless asked
  int port = 8080;                 // --port; 0: any free port (the URL printed says which)
  std::vector<std::string> tables;  // --table FILE|DIR, repeatable (`analyze --save`, `--tiers`)
  std::string solver = "tt";        // --solver: the search of positions no table holds
  bool solver_given = false;        // without --solver, a game tt does not apply to is
                                    // searched by the first catalog solver that applies
  SolveOptions options;             // --time-limit, --memory, --tt-size (per request)
  std::string static_dir;           // --static DIR: the page (default: the source tree's)
  std::optional<std::string> results_dir;  // --results DIR: a main job's results/
  int workers = 2;                  // --workers N: searches at once
  size_t queue = 16;                // --queue N: searches waiting; more is "busy"
  size_t cache_entries = 4096;      // answers kept (positions)
};

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_SERVE_SERVE_SETTINGS_H_
