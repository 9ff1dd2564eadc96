// gamebench: solve combinatorial games exactly and compare the solvers.

#include <pthread.h>

#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "tool/commands.h"
#include "tool/operations.h"

namespace gamebench {
namespace {

constexpr Command kCommands[] = {
    {"list", "[--json]", RunList},
    {"solve",
     "SPEC [--solver NAME] [--position POS] [--json] [--time-limit S] [--memory SIZE] "
     "[--tt-size SIZE] [--no-symmetry] [--no-ordering] [--no-best-moves] [--progress]",
     RunSolve},
    {"positions", "SPEC [--count N] [--seed S] [--plies A-B]", RunPositions},
    {"compare", "OLD.json NEW.json [--threshold R] [--min-seconds S] [--changes-only]", RunCompare},
    {"analyze",
     "SPEC [--solver retrograde] [--threads N] [--save FILE] [--json] [--time-limit S] "
     "[--memory SIZE] [--progress]",
     RunAnalyze},
    {"query", "FILE [--position POS] [--json]", RunQuery},
    {"verify", "FILE [--threads N] [--json]", RunVerify},
    {"grundy",
     "SPEC --upto N [--json] [--no-values] [--stop-when-proved] [--time-limit S] "
     "[--method rare-common|plain] [--progress]",
     RunGrundy},
};

void PrintUsage(FILE* out) {
  std::fprintf(out, "usage: gamebench COMMAND [ARGS]\n\ncommands:\n");
  for (const Command& c : kCommands) std::fprintf(out, "  %s %s\n", c.name, c.usage);
  std::fprintf(out,
               "\nSPEC is `name` or `name(key=value,...)`; list values are separated by ';'.\n"
               "Bad input prints one line on stderr and exits with status 2.\n");
}

struct Invocation {
  std::vector<std::string> argv;
  int exit_code = 0;
};

// Bad input and internal failures both end as one line on stderr; the exit
// status tells them apart (2: the input, 1: the tool).
void* Run(void* arg) {
  auto* inv = static_cast<Invocation*>(arg);
  const auto& argv = inv->argv;
  if (argv.empty() || argv[0] == "help" || argv[0] == "--help" || argv[0] == "-h") {
    PrintUsage(argv.empty() ? stderr : stdout);
    inv->exit_code = argv.empty() ? 2 : 0;
    return nullptr;
  }
  for (const Command& c : kCommands) {
    if (argv[0] != c.name) continue;
    try {
      absl::Status status = c.run(std::vector<std::string>(argv.begin() + 1, argv.end()));
      if (!status.ok()) {
        std::fprintf(stderr, "gamebench %s: error: %s\n", c.name, OneLine(status.message()).c_str());
        inv->exit_code = status.code() == absl::StatusCode::kInternal ? 1 : 2;
      }
    } catch (const std::bad_alloc&) {
      std::fprintf(stderr, "gamebench %s: error: out of memory\n", c.name);
      inv->exit_code = 1;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "gamebench %s: error: %s\n", c.name, e.what());
      inv->exit_code = 1;
    }
    return nullptr;
  }
  std::fprintf(stderr, "gamebench: error: unknown command '%s' (try `gamebench help`)\n",
               OneLine(argv[0]).c_str());
  inv->exit_code = 2;
  return nullptr;
}

}  // namespace
}  // namespace gamebench

int main(int argc, char** argv) {
  gamebench::Invocation inv;
  inv.argv.assign(argv + 1, argv + argc);
  // Depth-first solvers recurse once per ply; a large stack (reserved, not
  // committed) keeps deep games from overflowing it.
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, size_t{1} << 30);
  pthread_t thread;
  if (pthread_create(&thread, &attr, gamebench::Run, &inv) != 0) {
    gamebench::Run(&inv);
  } else {
    pthread_join(thread, nullptr);
  }
  pthread_attr_destroy(&attr);
  std::fflush(stdout);
  return inv.exit_code;
}
