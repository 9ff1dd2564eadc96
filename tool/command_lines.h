#ifndef GAMEBENCH_TOOL_COMMAND_LINES_H_
#define GAMEBENCH_TOOL_COMMAND_LINES_H_

// What each command accepts on its command line: its positional arguments
// and flags, declared once (tool/args.h's CommandLineSpec), from which both
// its parser and its `gamebench help` line are made. Each is defined beside
// its command's parser (tool/commands/<name>.cc), which turns argv into the
// command's typed request (tool/operations.h). Apart from tool/commands.h,
// the table of commands, so that what includes these includes no command.

#include "tool/args.h"

namespace gamebench {

extern const CommandLineSpec kListCommandLine;
extern const CommandLineSpec kSolveCommandLine;
extern const CommandLineSpec kPositionsCommandLine;
extern const CommandLineSpec kCompareCommandLine;
extern const CommandLineSpec kAnalyzeCommandLine;
extern const CommandLineSpec kQueryCommandLine;
extern const CommandLineSpec kVerifyCommandLine;
extern const CommandLineSpec kGrundyCommandLine;
extern const CommandLineSpec kBatchCommandLine;
extern const CommandLineSpec kMisereCommandLine;
extern const CommandLineSpec kServeCommandLine;  // tool/serve/serve_command.cc
extern const CommandLineSpec kCgtCommandLine;
extern const CommandLineSpec kMcgsCommandLine;

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_COMMAND_LINES_H_
