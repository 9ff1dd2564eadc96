#ifndef GAMEBENCH_TOOL_OPERATIONS_H_
#define GAMEBENCH_TOOL_OPERATIONS_H_

// What the tool's commands do, with typed arguments (requests) and typed
// results, apart from how a command line is read: the tool's commands
// (tool/commands/*.cc) parse argv into these requests (their flags are
// declared in tool/command_lines.h), and the Python module (python/module.cc)
// builds the same requests from its keyword arguments and states, so a
// `solve --json` object and gamebench.solve()'s dict come from the same code,
// with the same checks and the same one-line errors.
//
// The per-game units return data only (tool/game_handle.h); everything made
// of that data is made here, once: the JSON objects of --json, the files
// (`analyze --save`), and the printing, text or JSON (tool/operations/*.cc).

#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/json.h"
#include "core/solve.h"
#include "core/spec.h"
#include "solvers/misere_quotient.h"
#include "solvers/nim_sequence.h"
#include "solvers/retrograde_table.h"
#include "tool/game_handle.h"

namespace gamebench {

// ---- list ----

// `list --json`: {"games": [...], "solvers": [...]}.
Json ListJson();
void PrintList(const Json& list, bool json);

// ---- positions as arguments ----

// A position a caller names: the start, its text, or a state of a game
// (the Python module's State: the bytes of G::State, with the game it
// belongs to), which is used as it is, never formatted and parsed again.
struct PositionArg {
  std::optional<std::string> text;
  std::shared_ptr<const GameHandle> game;  // set for a state
  std::string state;

  static PositionArg Start() { return {}; }
  static PositionArg Text(std::string text) { return {std::move(text), nullptr, {}}; }
  static PositionArg State(std::shared_ptr<const GameHandle> game, std::string bytes) {
    return {std::nullopt, std::move(game), std::move(bytes)};
  }
};

// The state (bytes) of `position` in `game`: the start, the text parsed, or a
// state of the same game ("a position of X is not a position of Y" if not).
absl::StatusOr<std::string> StateOf(const GameHandle& game, const PositionArg& position);

// ---- solve ----

struct SolveRequest {
  Spec spec;
  std::string solver = "tt";
  PositionArg position;
  SolveOptions options;
};
// A solver that SolvesHeapSums (core/solver.h) values a heap game from its
// spec's heaps (tool/heap_solve.h); every other solve goes through the
// game's state. The game is looked up once.
absl::StatusOr<SolveReport> SolveCommand(const SolveRequest& request);
// The object of `solve --json`.
Json SolveJson(const SolveReport& report);
void PrintSolve(const SolveReport& report, bool json);

// ---- batch ----

struct BatchRequest {
  Spec spec;
  std::string solver = "tt";
  SolveOptions options;
};
// What `batch` counts over a file.
struct BatchTotals {
  uint64_t positions = 0, nodes = 0, checked = 0, differing = 0, first_differing_line = 0;
};
// Every line of `in` (`POSITION [EXPECTED]`, named `source` in errors),
// printed as one JSON line each on stdout as it is solved
// (tool/commands/batch.cc says more); a bad line stops the run.
absl::Status BatchCommand(const BatchRequest& request, std::istream& in, const std::string& source,
                          BatchTotals& totals);
// The summary line on stderr, and the error when values differ.
absl::Status FinishBatch(const BatchTotals& totals, double seconds);

// ---- positions ----

struct PositionsRequest {
  Spec spec;
  uint64_t seed = 1;
  int64_t count = 10;
  int min_plies = 4, max_plies = 8;
};
// Prints `count` distinct random positions, one a line (SPEC, TAB, POSITION,
// TAB, PLIES), and on stderr how many were found when fewer.
absl::Status PositionsCommand(const PositionsRequest& request);

// ---- analyze ----

struct AnalyzeRequest {
  Spec spec;
  std::string solver = "retrograde";  // a solver that AnalysesEveryPosition
  SolveOptions options;
  std::optional<std::string> save;        // --save FILE: the table file
  std::optional<std::string> checkpoint;  // --checkpoint FILE
  std::optional<double> checkpoint_every;
  std::optional<std::string> tiers;  // --tiers DIR: the tiered path (tool/tiered_analyze.h)
};
struct AnalyzeResult {
  std::shared_ptr<const GameHandle> game;  // the game analysed (made once)
  Json summary;                            // the object of `analyze --json`
  std::optional<RetrogradeTable> table;    // the dense path's table, when complete
};
// Checks the request (the solver analyses, the files are distinct, ...),
// makes the game, analyses it (dense or tiered), saves the table (--save),
// removes a finished checkpoint, and says on stderr where a stopped run can
// resume. Test hooks from the environment: GAMEBENCH_CHECKPOINT_KILL_AFTER
// (tests/checkpoint_test.cc), GAMEBENCH_TIER_KILL_AFTER (tiered_tool_test.cc).
absl::StatusOr<AnalyzeResult> AnalyzeCommand(const AnalyzeRequest& request);
void PrintAnalyze(const Json& summary, bool json);

// ---- query and verify ----

// `query FILE [--position POS]`: FILE a table file or a tier directory.
absl::StatusOr<Json> QueryCommand(const std::string& path,
                                  const std::optional<std::string>& position);
// The object of `query --json` for one answer.
Json TableAnswerJson(const TableAnswer& answer);
void PrintQuery(const Json& answer, bool json);

// `verify FILE [--threads N]`.
absl::StatusOr<Json> VerifyCommand(const std::string& path, int threads);
void PrintVerify(const Json& verified, bool json);

// ---- grundy ----

struct GrundyRequest {
  Spec spec;
  std::optional<int64_t> upto;  // required: --upto N
  double time_limit = 0;
  std::string method = "rare-common";  // or "plain"
  bool stop_when_proved = false;
  bool progress = false;
  // --threads N: the cores the engine may use (0: all). With 2 or more, the
  // next chunk's far splits go to a second core where they are many (0.6).
  int64_t threads = 0;
};
// The largest --upto: a term's index must fit the sequence's 32-bit sizes.
inline constexpr int64_t kMaxUpto = int64_t{UINT32_MAX} - 2;
// The method a --method name names.
absl::StatusOr<NimSequence::Method> GrundyMethod(absl::string_view name);

struct GrundyRun {
  std::string game_spec;  // canonical
  std::unique_ptr<NimSequence> sequence;
  std::string stopped;  // ExtendStopName
  double seconds = 0;
  PeriodInfo period;
  int64_t requested_upto = 0;
  std::string method;
};
// The request's arguments, apart from its spec: upto given and in range, the
// time limit, the method (GrundyCommand checks them first).
absl::Status CheckGrundyRequest(const GrundyRequest& request);
absl::StatusOr<GrundyRun> GrundyCommand(const GrundyRequest& request);
// The object of `grundy --json`; "values" only when `with_values`.
Json GrundyJson(const GrundyRun& run, bool with_values);
void PrintGrundy(const GrundyRun& run, bool json, bool with_values);

// ---- misere ----

struct MisereRequest {
  Spec spec;
  int64_t upto = 0;                   // --upto N (required)
  int64_t max_size = 1 << 14;         // --max-size N: elements of the quotient
  uint64_t memory_bytes = 0;          // --memory SIZE; 0: the default budget
  std::optional<int64_t> genus_upto;  // --genus-upto N; default min(upto, 12)
  double time_limit = 0;              // --time-limit S (wall); 0: none
  bool progress = false;              // progress lines on stderr
};
inline constexpr int64_t kMaxMisereUpto = 4096;
struct MisereRun {
  std::string game_spec;
  absl::Status status;  // not OK: stopped by a limit (the quotient is what it had)
  std::shared_ptr<const MisereQuotient> quotient;
  Json json;  // the object of `misere --json`
};
// Builds the quotient of the spec's one heap rule up to --upto, its
// presentation, stabilisation, tameness and the heaps' genera. A limit
// reached keeps what was computed (quotient set, status not OK).
MisereRun MisereCommand(const MisereRequest& request);
void PrintMisere(const MisereRun& run, bool json);

// ---- errors ----

// An error message folded to one printable line of bounded length: the
// messages quote user input, which may hold newlines or be huge.
std::string OneLine(absl::string_view message);

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_OPERATIONS_H_
