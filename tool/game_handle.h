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
// Game concept); moves as their text. The command methods return data (the
// structs below); what the tool prints and the Python module returns is made
// of them in tool/operations/.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/score.h"
#include "core/solve.h"
#include "solvers/retrograde_table.h"

namespace gamebench {

struct RetroCheckpointOptions;  // solvers/retrograde_checkpoint.h
struct TieredOptions;           // solvers/tiered_options.h
struct TieredRun;               // tool/tiered_analyze.h

// What the game's unit returns: data only. The commands build their JSON,
// save their files and print, once, in tool/operations/.

// `positions`: one random position and the plies played to reach it.
struct RandomPosition {
  std::string text;
  int plies = 0;
};

// `query`: one position of a table (a table file or a tier directory).
struct TableAnswer {
  std::string game;      // canonical spec
  std::string position;  // text
  Score value = 0;       // for the player to move
  bool is_start = false;
  std::optional<int> remoteness;  // none for a draw
  std::vector<std::string> best_moves;
  bool terminal = false;
  std::optional<int> tier;  // a tier directory's answer: the position's tier
};

// `verify` of a tier directory: what it holds, checked.
struct TierDirectoryCheck {
  std::string game;  // canonical spec
  uint64_t positions = 0, wins = 0, losses = 0, draws = 0;
  int ranks = 0;          // the shards per tier
  uint64_t checksum = 0;  // merged, as the analysis printed it
};

// `analyze`: the dense table of the solver named `solver`, and the bytes
// that analysis needed (its MemoryNeeded).
struct DenseAnalysis {
  std::string solver;
  RetrogradeTable table;
  uint64_t memory_needed = 0;
};

// The path `analyze` takes for a game: a solver's dense table, or the tiered
// analysis (tool/tiered_analyze.h).
enum class AnalysisPath { kDense, kTiered };

// `batch`: one solver kept for the positions of a file, with its table when
// it ReusesTable (core/solver.h). Made by GameHandle::StartBatch.
class BatchSolver {
 public:
  virtual ~BatchSolver() = default;
  // Position `s` (the bytes of G::State).
  virtual SolveReport Solve(const std::string& s) = 0;
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
  // Each returns data; refusals are one-line statuses ("does not apply":
  // tool/refusal.h).

  // `solve`: position `s` with the solver named `solver`; an unknown solver,
  // one that does not apply to the game, or the solver's Precheck refusal is
  // an error.
  virtual absl::StatusOr<SolveReport> Solve(const std::string& s, absl::string_view solver,
                                            const SolveOptions& options) const = 0;
  // `batch`: the solver named `solver`, kept for the positions of one file.
  virtual absl::StatusOr<std::unique_ptr<BatchSolver>> StartBatch(
      absl::string_view solver, const SolveOptions& options) const = 0;
  // `positions`: up to `count` distinct random positions (tool/random_positions.h).
  virtual std::vector<RandomPosition> RandomPositions(uint64_t seed, int64_t count, int min_plies,
                                                      int max_plies) const = 0;

  // `analyze --solver NAME [--tiers DIR]`: the path it takes for this game
  // (the solver's dense table; the tiered analysis when asked for, or when
  // the game is Tiered and the solver does not analyse it), or the refusal;
  // the dense analysis from the start; the tiered analysis in one process.
  virtual absl::StatusOr<AnalysisPath> AnalyzePath(absl::string_view solver,
                                                   bool tiers_asked) const = 0;
  virtual absl::StatusOr<DenseAnalysis> Analyze(absl::string_view solver,
                                                const SolveOptions& options,
                                                const RetroCheckpointOptions& checkpoint) const = 0;
  virtual absl::StatusOr<TieredRun> TieredAnalyze(const TieredOptions& options) const = 0;

  // A saved table: whether it was made for this game (tool/table_file.h),
  // `query` of position `s` in it, `verify` of all of it.
  virtual absl::Status MatchTable(const RetrogradeTable& table, const std::string& path) const = 0;
  virtual absl::StatusOr<TableAnswer> Query(const RetrogradeTable& table,
                                            const std::string& s) const = 0;
  virtual absl::Status Verify(const RetrogradeTable& table, int threads) const = 0;

  // A tier directory whose files name `game_spec`: whether it is this game's,
  // `query` of position `s` in it, `verify` of all of it.
  virtual absl::Status MatchTierDirectory(const std::string& dir,
                                          const std::string& game_spec) const = 0;
  virtual absl::StatusOr<TableAnswer> TieredQuery(const std::string& dir,
                                                  const std::string& s) const = 0;
  virtual absl::StatusOr<TierDirectoryCheck> TieredVerify(const std::string& dir) const = 0;
};

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_GAME_HANDLE_H_
