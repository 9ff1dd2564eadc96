// gamebench: solve combinatorial games exactly and compare the solvers.

#include <pthread.h>

#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/string_view.h"
#include "core/json.h"
#include "tool/commands.h"
#include "tool/operations.h"

namespace gamebench {
namespace {

const Command kCommands[] = {
    {"list", &kListCommandLine, RunList},
    {"solve", &kSolveCommandLine, RunSolve},
    {"positions", &kPositionsCommandLine, RunPositions},
    {"compare", &kCompareCommandLine, RunCompare},
    {"analyze", &kAnalyzeCommandLine, RunAnalyze},
    {"query", &kQueryCommandLine, RunQuery},
    {"verify", &kVerifyCommandLine, RunVerify},
    {"grundy", &kGrundyCommandLine, RunGrundy},
    {"batch", &kBatchCommandLine, RunBatch},
    {"misere", &kMisereCommandLine, RunMisere},
#ifdef GAMEBENCH_HAVE_SERVE
    // The explorer: only when the build found cpp-httplib (tool/serve/).
    {"serve", &kServeCommandLine, RunServe},
#endif
    {"cgt", &kCgtCommandLine, RunCgt},
    {"mcgs", &kMcgsCommandLine, RunMcgs},
};

void PrintUsage(FILE* out) {
  std::fprintf(out, "usage: gamebench COMMAND [ARGS]\n\ncommands:\n");
  for (const Command& c : kCommands)
    std::fprintf(out, "  %s %s\n", c.name, c.command_line->Usage().c_str());
  std::fprintf(out,
               "\nSPEC is `name` or `name(key=value,...)`; list values are separated by ';'.\n"
               "Bad input prints one line on stderr and exits with status 2.\n");
}

// With --json, a refusal is also one JSON object on stdout,
//   {"error": {"code": "invalid_argument", "message": "..."}},
// so that scripts classify it by its code (the absl status code in lower
// case), never by the wording of the message. stderr keeps its one line.
bool WantsJson(const std::vector<std::string>& argv) {
  for (const std::string& a : argv)
    if (a == "--json") return true;
  return false;
}
void PrintJsonError(absl::StatusCode code, absl::string_view message) {
  Json error = Json::MakeObject();
  error.Set("code", absl::AsciiStrToLower(absl::StatusCodeToString(code)));
  error.Set("message", message);
  Json j = Json::MakeObject();
  j.Set("error", std::move(error));
  std::printf("%s\n", j.Dump().c_str());
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
  const bool json = WantsJson(argv);
  // One line on stderr (and with --json the object on stdout).
  auto fail = [&](const std::string& who, absl::StatusCode code, const std::string& message) {
    std::fprintf(stderr, "%s: error: %s\n", who.c_str(), message.c_str());
    if (json) PrintJsonError(code, message);
  };
  for (const Command& c : kCommands) {
    if (argv[0] != c.name) continue;
    const std::string who = std::string("gamebench ") + c.name;
    // `gamebench COMMAND --help`: that command's usage line, the same for every
    // command (made from the spec its parser reads, so it cannot drift).
    if (argv.size() == 2 && (argv[1] == "--help" || argv[1] == "-h")) {
      std::printf("usage: %s %s\n", who.c_str(), c.command_line->Usage().c_str());
      return nullptr;
    }
    try {
      absl::Status status = c.run(std::vector<std::string>(argv.begin() + 1, argv.end()));
      if (!status.ok()) {
        fail(who, status.code(), OneLine(status.message()));
        inv->exit_code = status.code() == absl::StatusCode::kInternal ? 1 : 2;
      }
    } catch (const std::bad_alloc&) {
      fail(who, absl::StatusCode::kResourceExhausted, "out of memory");
      inv->exit_code = 1;
    } catch (const std::exception& e) {
      fail(who, absl::StatusCode::kInternal, e.what());
      inv->exit_code = 1;
    }
    return nullptr;
  }
  fail("gamebench", absl::StatusCode::kNotFound,
       "unknown command '" + OneLine(argv[0]) + "' (try `gamebench help`)");
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
