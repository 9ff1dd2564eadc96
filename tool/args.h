#ifndef GAMEBENCH_TOOL_ARGS_H_
#define GAMEBENCH_TOOL_ARGS_H_

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/solve.h"
#include "core/spec.h"

namespace gamebench {

// The command line of one command: positional arguments and --flags. A flag
// takes its value as `--flag value` or `--flag=value`; boolean flags take
// none. Each command declares the flags it accepts, so a misspelt flag is an
// error rather than silently ignored.
class Args {
 public:
  // `value_flags` take a value, `bool_flags` do not.
  static absl::StatusOr<Args> Parse(const std::vector<std::string>& argv,
                                    const std::set<std::string>& value_flags,
                                    const std::set<std::string>& bool_flags);

  const std::vector<std::string>& positional() const { return positional_; }
  bool Has(absl::string_view flag) const { return values_.count(std::string(flag)) > 0; }
  std::optional<std::string> Get(absl::string_view flag) const;
  absl::StatusOr<int64_t> GetInt(absl::string_view flag, int64_t default_value, int64_t min,
                                 int64_t max) const;
  absl::StatusOr<double> GetDouble(absl::string_view flag, double default_value, double min,
                                   double max) const;

  // Exactly `n` positional arguments, named in the error by `what`.
  absl::Status ExpectPositional(size_t n, absl::string_view what) const;

 private:
  std::vector<std::string> positional_;
  std::map<std::string, std::string> values_;
};

// The flags every solving command shares, and their parsing into options:
// --time-limit SECONDS, --memory SIZE, --tt-size SIZE, --threads N,
// --no-symmetry, --no-ordering, --progress, --no-progress.
extern const std::set<std::string> kSolveValueFlags;
extern const std::set<std::string> kSolveBoolFlags;
// limit_address_space: cap this process's address space at the budget
// (LimitAddressSpace); the Python module passes false, the interpreter
// outlives the solve.
absl::StatusOr<SolveOptions> ParseSolveOptions(const Args& args, bool limit_address_space = true);

// Progress lines on stderr: with --progress, or when stderr is a terminal
// unless --no-progress.
bool WantsProgress(const Args& args);

// The command line of a solving command (solve, analyze): the shared flags
// plus `--json` and the command's own `extra_value_flags`, exactly one
// positional game SPEC, and the options.
struct SolveCommandLine {
  Args args;
  Spec spec;
  SolveOptions options;
};
absl::StatusOr<SolveCommandLine> ParseSolveCommandLine(
    const std::vector<std::string>& argv, const std::set<std::string>& extra_value_flags,
    bool limit_address_space = true);

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_ARGS_H_
