#ifndef GAMEBENCH_TOOL_OCTAL_TABLE_H_
#define GAMEBENCH_TOOL_OCTAL_TABLE_H_

#include "absl/status/status.h"
#include "tool/args.h"

namespace gamebench {

// `gamebench grundy --table ...`: see tool/octal_table.cc.
absl::Status RunOctalTable(const Args& args);

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_OCTAL_TABLE_H_
