#ifndef GAMEBENCH_TOOL_GAME_HANDLE_H_
#define GAMEBENCH_TOOL_GAME_HANDLE_H_

// One game of the catalog behind a type-erased interface: what the tool's
// commands and the Python module do with a game, callable without knowing
// its type. GameHandleImpl<G> (tool/game_handle_impl.h) implements it in the
// game's own translation unit (tool/game_registry.h), where every solver is
// instantiated for that game; the callers include this header only, so they
// compile no game and no solver, and a change to one game rebuilds one unit.
//
// The virtual calls happen once per command (or per Python call), never in
// a search: behind them the solvers are templates over the game. Positions
// cross the interface as the bytes of G::State (trivially copyable by the
// Game concept); moves as their text.

#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/json.h"
#include "core/score.h"
#include "core/solve.h"

namespace gamebench {

struct AnalyzeCommandLine;  // tool/operations.h
struct RetrogradeTable;     // solvers/retrograde_table.h
struct TieredOptions;       // solvers/tiered_retrograde.h

// What `batch` counts over a file.
struct BatchTotals {
  uint64_t positions = 0, nodes = 0, checked = 0, differing = 0, first_differing_line = 0;
};

class GameHandle {
 public:
  virtual ~GameHandle() = default;

  // ---- the game (the Python module's Game) ----
  virtual std::string name() const = 0;
  virtual std::string spec() const = 0;  // canonical
  virtual std::string description() const = 0;
  virtual bool scored() const = 0;
  virtual Score min_score() const = 0;
  virtual Score max_score() const = 0;

  // States are the bytes of G::State.
  virtual std::string Start() const = 0;
  virtual std::vector<std::string> Moves(const std::string& s) const = 0;
  virtual absl::StatusOr<std::string> Play(const std::string& s, const std::string& move) const = 0;
  virtual std::optional<Score> Terminal(const std::string& s) const = 0;
  virtual std::string Format(const std::string& s) const = 0;
  virtual absl::StatusOr<std::string> Parse(const std::string& text) const = 0;
  virtual uint64_t Key(const std::string& s) const = 0;
  virtual bool Equal(const std::string& a, const std::string& b) const = 0;

  // ---- the commands (tool/per_game_unit.h says what each does) ----

  // `solve`: position `s` with the solver named `solver`; an unknown solver,
  // one that does not apply to the game, or the solver's Precheck refusal is
  // an error.
  virtual absl::StatusOr<SolveReport> Solve(const std::string& s, absl::string_view solver,
                                            const SolveOptions& options) const = 0;
  // `batch`: every line of `in` (`POSITION [EXPECTED]`), one JSON line each
  // on stdout (tool/commands/batch.cc says more).
  virtual absl::Status Batch(absl::string_view solver, std::istream& in, const std::string& source,
                             const SolveOptions& options, BatchTotals& totals) const = 0;
  // `positions`: prints `count` distinct random positions (tool/random_positions.h).
  virtual absl::Status RandomPositions(uint64_t seed, int64_t count, int min_plies,
                                       int max_plies) const = 0;

  // `analyze`: whether the game takes the tiered path without --tiers (it is
  // Tiered and the dense solver does not apply); the dense analysis, its
  // summary into `out` and its table into `table_out` (may be null); the
  // tiered analysis in one process (tool/tiered_analyze.h).
  virtual bool AnalyzeIsTiered() const = 0;
  virtual absl::Status Analyze(const AnalyzeCommandLine& command_line, RetrogradeTable* table_out,
                               Json& out) const = 0;
  virtual absl::StatusOr<Json> TieredAnalyze(const TieredOptions& options,
                                             const std::string& shown_dir) const = 0;

  // A saved table: whether it was made for this game (tool/table_file.h),
  // `query` of position `s` in it, `verify` of all of it.
  virtual absl::Status MatchTable(const RetrogradeTable& table, const std::string& path) const = 0;
  virtual absl::StatusOr<Json> Query(const RetrogradeTable& table, const std::string& s) const = 0;
  virtual absl::Status Verify(const RetrogradeTable& table, int threads) const = 0;

  // A tier directory whose files name `game_spec`: whether it is this game's,
  // `query` of position `s` in it, `verify` of all of it.
  virtual absl::Status MatchTierDirectory(const std::string& dir,
                                          const std::string& game_spec) const = 0;
  virtual absl::StatusOr<Json> TieredQuery(const std::string& dir, const std::string& s) const = 0;
  virtual absl::StatusOr<Json> TieredVerify(const std::string& dir) const = 0;
};

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_GAME_HANDLE_H_
