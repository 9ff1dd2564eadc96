#ifndef GAMEBENCH_TOOL_SERVE_POSITION_SOURCE_H_
#define GAMEBENCH_TOOL_SERVE_POSITION_SOURCE_H_

// Where `gamebench serve` gets the value of a position and of each of its
// moves: the table of a game when one was given (`--table`, a table file or
// a tier directory written by `analyze`), otherwise a search of each child
// with the solver asked for (one BatchSolver per request, so the children
// share a transposition table), within the request's time limit. Works on
// any game of the catalog through its GameHandle; knows no game by name.

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/score.h"
#include "core/spec.h"
#include "solvers/retrograde_table.h"
#include "tool/game_handle.h"
#include "tool/serve/serve_settings.h"

namespace gamebench {

// A position's value for the player to move, and its remoteness when known.
struct Valued {
  Score value = 0;
  std::optional<int> remoteness;
  bool terminal = false;
  std::optional<uint64_t> grundy;  // a heap game under normal play
};

struct PositionEval {
  std::string state;  // the bytes of G::State
  Valued self;
  struct Child {
    std::string move, state;
    Valued valued;
  };
  std::vector<Child> children;  // in the game's move order
  std::string source;           // "table" or "search"
  std::string table;            // the table's path, for "table"
  std::string solver;           // for "search"
  uint64_t nodes = 0;
  double seconds = 0;
};

class PositionSource {
 public:
  // Opens every table (an error names the one that fails).
  static absl::StatusOr<std::unique_ptr<PositionSource>> Open(const ServeSettings& settings);

  // The game a spec names (a table's game when its canonical spec matches).
  absl::StatusOr<std::shared_ptr<const GameHandle>> Game(const Spec& spec);
  // The canonical specs of the games with a table.
  std::vector<std::string> TableSpecs() const;
  // Position `state` of `game` and its moves, valued.
  absl::StatusOr<PositionEval> Evaluate(const GameHandle& game, const std::string& state) const;

 private:
  struct Table {
    std::shared_ptr<const GameHandle> game;
    std::optional<RetrogradeTable> table;  // a table file; none: a tier directory
    std::string path;
  };
  explicit PositionSource(const ServeSettings& settings) : settings_(settings) {}
  absl::StatusOr<PositionEval> FromTable(const Table& table, const std::string& state) const;
  absl::StatusOr<PositionEval> BySearch(const GameHandle& game, const std::string& state) const;
  absl::StatusOr<std::string> SolverFor(const GameHandle& game) const;

  const ServeSettings settings_;
  std::map<std::string, Table> tables_;  // by canonical spec
  std::mutex games_mutex_;
  std::map<std::string, std::shared_ptr<const GameHandle>> games_;  // made, by canonical spec
};

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_SERVE_POSITION_SOURCE_H_
