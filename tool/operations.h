#ifndef GAMEBENCH_TOOL_OPERATIONS_H_
#define GAMEBENCH_TOOL_OPERATIONS_H_

// What the tool's commands compute, apart from how they print it: the tool
// (tool/commands/*.cc) and the Python module (python/) both call these, so a
// `solve --json` object and gamebench.solve()'s dict come from the same code.
// Each command's arguments arrive as the tool's argv (the Python module turns
// its keyword arguments into flags), so both share one parser and one set of
// error messages.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "core/json.h"
#include "core/solve.h"
#include "games/heap_game.h"
#include "solvers/nim_sequence.h"
#include "solvers/retrograde.h"
#include "solvers/retrograde_table.h"
#include "tool/args.h"

namespace gamebench {

// `list --json`: {"games": [...], "solvers": [...]}.
Json ListJson();

// `solve`: the parsed command line, then the solve. The JSON of `solve
// --json` is SolveJson(report).
absl::StatusOr<SolveCommandLine> ParseSolveArgs(const std::vector<std::string>& argv,
                                                bool limit_address_space = true);
absl::StatusOr<SolveReport> SolveCommand(const SolveCommandLine& command_line);
Json SolveJson(const SolveReport& report);

// `analyze`: the parsed command line, then the analysis; returns the summary
// object of `analyze --json`, and hands the table to `table_out` (may be
// null) when the analysis completed.
struct AnalyzeCommandLine {
  SolveCommandLine solve;
  std::string solver;
  std::optional<std::string> save;
  RetroCheckpointOptions checkpoint;
  std::optional<std::string> tiers;  // --tiers DIR: the tiered path (tool/tiered_analyze.h)
};
absl::StatusOr<AnalyzeCommandLine> ParseAnalyzeArgs(const std::vector<std::string>& argv,
                                                    bool limit_address_space = true);
absl::StatusOr<Json> AnalyzeCommand(const AnalyzeCommandLine& command_line,
                                    RetrogradeTable* table_out);

// `grundy`: the parsed command line, then the computed nim-sequence.
struct GrundyCommandLine {
  Args args;
  Spec spec;
  int64_t upto = 0;
  double time_limit = 0;
  std::string method_name;
  NimSequence::Method method = NimSequence::Method::kRareCommon;
};
absl::StatusOr<GrundyCommandLine> ParseGrundyArgs(const std::vector<std::string>& argv);

struct GrundyRun {
  std::string game_spec;  // canonical
  std::unique_ptr<NimSequence> sequence;
  std::string stopped;  // ExtendStopName
  double seconds = 0;
  PeriodInfo period;
};
absl::StatusOr<GrundyRun> GrundyCommand(const GrundyCommandLine& command_line);
// The object of `grundy --json`; "values" only when `with_values`.
Json GrundyJson(const GrundyCommandLine& command_line, const GrundyRun& run, bool with_values);

// An error message folded to one printable line of bounded length: the
// messages quote user input, which may hold newlines or be huge.
std::string OneLine(absl::string_view message);

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_OPERATIONS_H_
