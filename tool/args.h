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

// One flag of a command: its name (without the dashes) and, for a flag that
// takes a value, what the value is in the usage text ("N", "FILE"); nullptr
// for a boolean flag.
struct FlagSpec {
  const char* name;
  const char* value = nullptr;
  bool required = false;  // shown without brackets; the command checks it
};

// What a command accepts, declared once per command (tool/command_lines.h): the
// parser and the `gamebench help` line are both made from it, so they
// cannot drift apart.
struct CommandLineSpec {
  std::string positional;  // the positional arguments in the usage, e.g. "SPEC"
  std::vector<FlagSpec> flags;
  // "SPEC [--solver NAME] [--json] ...", the flags in declaration order.
  std::string Usage() const;
};

// The flags every solving command shares: --time-limit S, --memory SIZE,
// --tt-size SIZE, --threads N, --no-symmetry, --no-ordering, --no-best-moves,
// --progress, --no-progress (parsed by ParseSolveOptions).
std::vector<FlagSpec> SolveFlags();

// The command line of one command: positional arguments and --flags. A flag
// takes its value as `--flag value` or `--flag=value`; boolean flags take
// none. A flag the command does not declare is an error rather than
// silently ignored.
class Args {
 public:
  static absl::StatusOr<Args> Parse(const std::vector<std::string>& argv,
                                    const CommandLineSpec& spec);

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

// "unknown flag --NAME": a flag the command does not declare (the Python
// module says the same of a keyword argument it does not take).
absl::Status UnknownFlag(absl::string_view name);

// Range checks of a flag's value that arrived as a number (the Python
// module's typed arguments), with the messages Args gives for its text:
// "flag --NAME: 'V' is not a number in [MIN, MAX]", "flag --NAME: V is out of
// range [MIN, MAX]".
absl::Status CheckNumberFlag(absl::string_view flag, double value, double min, double max);
absl::Status CheckIntegerFlag(absl::string_view flag, int64_t value, int64_t min, int64_t max);

// The bounds of the shared solving flags' values.
inline constexpr double kMaxSeconds = 1e9;  // --time-limit, --checkpoint-every
inline constexpr int64_t kMaxThreads = 1024;

// A size flag's value (--memory, --tt-size): its bytes, and its text as
// given, which the messages quote.
struct ByteSize {
  uint64_t bytes = 0;
  std::string text;
  static absl::StatusOr<ByteSize> Parse(absl::string_view text);  // "512M", "1G", "65536"
  static ByteSize Of(uint64_t bytes);                              // its text: the number
};

// The shared solving flags (SolveFlags) as values: what the tool parses them
// into and what the Python module passes. MakeSolveOptions checks them (the
// memory budget against this machine, the table against the budget) and
// resolves them (0 threads: all cores) into options.
struct SolveSettings {
  double time_limit = 0;            // --time-limit S, in [0, kMaxSeconds]; 0: none
  std::optional<ByteSize> memory;   // --memory SIZE; none: the default budget
  std::optional<ByteSize> tt_size;  // --tt-size SIZE
  int64_t threads = 0;              // --threads N, in [0, kMaxThreads]; 0: all cores
  bool symmetry = true;             // --no-symmetry: false
  bool ordering = true;             // --no-ordering: false
  bool best_moves = true;           // --no-best-moves: false
  bool progress = false;            // progress lines on stderr (WantsProgress)
};
// limit_address_space: cap this process's address space at the budget
// (LimitAddressSpace); the Python module passes false, the interpreter
// outlives the solve.
absl::StatusOr<SolveOptions> MakeSolveOptions(const SolveSettings& settings,
                                              bool limit_address_space = true);

// The shared solving flags (SolveFlags) parsed into options (through
// SolveSettings and MakeSolveOptions).
absl::StatusOr<SolveOptions> ParseSolveOptions(const Args& args, bool limit_address_space = true);

// Progress lines on stderr: with --progress, or when stderr is a terminal
// unless --no-progress.
bool WantsProgress(const Args& args);

// The command line of a solving command (solve, analyze), whose spec holds
// SolveFlags(): exactly one positional game SPEC, and the options.
struct SolveCommandLine {
  Args args;
  Spec spec;
  SolveOptions options;
};
absl::StatusOr<SolveCommandLine> ParseSolveCommandLine(const std::vector<std::string>& argv,
                                                       const CommandLineSpec& command_line,
                                                       bool limit_address_space = true);

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_ARGS_H_
