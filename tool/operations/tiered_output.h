#ifndef GAMEBENCH_TOOL_OPERATIONS_TIERED_OUTPUT_H_
#define GAMEBENCH_TOOL_OPERATIONS_TIERED_OUTPUT_H_

// What `analyze` prints of a tiered analysis (tool/tiered_analyze.h), for
// `gamebench analyze` and for rank 0 of `gamebench-mpi analyze` alike.

#include <string>

#include "core/json.h"
#include "tool/tiered_analyze.h"

namespace gamebench {

// The object of `analyze --json`; "tier_dir" is `dir` (null when empty: a
// temporary directory, removed).
Json TieredJson(const TieredRun& run, const std::string& dir);

// The text form: the summary, then one line per tier.
void PrintTieredText(const Json& out);

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_OPERATIONS_TIERED_OUTPUT_H_
