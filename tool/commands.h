#ifndef GAMEBENCH_TOOL_COMMANDS_H_
#define GAMEBENCH_TOOL_COMMANDS_H_

// The tool's commands. Each lives in tool/commands/<name>.cc, where its
// command line (tool/command_lines.h) is parsed into a typed request for
// tool/operations.h, which computes and prints; each is listed once in
// kCommands in tool/main.cc. A command returns a non-OK status for bad input
// (the tool prints it on one line and exits with status 2).

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "tool/args.h"
#include "tool/command_lines.h"

namespace gamebench {

struct Command {
  const char* name;
  const CommandLineSpec* command_line;  // what it accepts: parser and usage line
  absl::Status (*run)(const std::vector<std::string>& argv);
};

absl::Status RunList(const std::vector<std::string>& argv);
absl::Status RunSolve(const std::vector<std::string>& argv);
absl::Status RunPositions(const std::vector<std::string>& argv);
absl::Status RunCompare(const std::vector<std::string>& argv);
absl::Status RunAnalyze(const std::vector<std::string>& argv);
absl::Status RunQuery(const std::vector<std::string>& argv);
absl::Status RunVerify(const std::vector<std::string>& argv);
absl::Status RunGrundy(const std::vector<std::string>& argv);
absl::Status RunBatch(const std::vector<std::string>& argv);
absl::Status RunMisere(const std::vector<std::string>& argv);
// tool/serve/serve_command.cc: built when CMake finds cpp-httplib.
absl::Status RunServe(const std::vector<std::string>& argv);
absl::Status RunCgt(const std::vector<std::string>& argv);
absl::Status RunMcgs(const std::vector<std::string>& argv);

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_COMMANDS_H_
