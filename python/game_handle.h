#ifndef GAMEBENCH_PYTHON_GAME_HANDLE_H_
#define GAMEBENCH_PYTHON_GAME_HANDLE_H_

// One game of the catalog behind a type-erased interface, so that a single
// Python class serves every game: GameHandleFor(spec) dispatches through
// games/catalog.h (tool/dispatch.h), and a game added there appears in
// Python with no binding code. Positions cross the interface as the bytes of
// G::State (trivially copyable by the Game concept); moves as their text.

#include <bit>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/json.h"
#include "solvers/retrograde.h"
#include "solvers/retrograde_table.h"
#include "tool/dispatch.h"
#include "tool/operations.h"

namespace gamebench {

class GameHandle {
 public:
  virtual ~GameHandle() = default;
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

  // `query --json` for a position of a table made for this game.
  virtual absl::StatusOr<Json> Query(const RetrogradeTable& table, const std::string& s) const = 0;
};

template <Game G>
class GameHandleImpl final : public GameHandle {
 public:
  using State = typename G::State;
  explicit GameHandleImpl(const G& game) : game_(game) {}

  std::string name() const override { return std::string(G::kName); }
  std::string spec() const override { return game_.CanonicalSpec(); }
  std::string description() const override { return std::string(G::kDescription); }
  bool scored() const override { return G::kScored; }
  Score min_score() const override { return game_.MinScore(); }
  Score max_score() const override { return game_.MaxScore(); }

  std::string Start() const override { return Bytes(game_.Start()); }
  std::vector<std::string> Moves(const std::string& s) const override {
    const State state = FromBytes(s);
    std::vector<std::string> out;
    if (game_.Terminal(state)) return out;
    MoveListOf<G> moves;
    game_.GenerateMoves(state, moves);
    for (auto m : moves) out.push_back(game_.FormatMove(state, m));
    return out;
  }
  absl::StatusOr<std::string> Play(const std::string& s, const std::string& move) const override {
    const State state = FromBytes(s);
    if (game_.Terminal(state))
      return absl::InvalidArgumentError(
          absl::StrCat("position ", game_.FormatState(state), " is over: no move is legal"));
    absl::StatusOr<typename G::Move> m = game_.ParseMove(state, move);
    if (!m.ok()) return m.status();
    return Bytes(game_.Play(state, *m));
  }
  std::optional<Score> Terminal(const std::string& s) const override {
    return game_.Terminal(FromBytes(s));
  }
  std::string Format(const std::string& s) const override { return game_.FormatState(FromBytes(s)); }
  absl::StatusOr<std::string> Parse(const std::string& text) const override {
    absl::StatusOr<State> s = game_.ParseState(text);
    if (!s.ok()) return s.status();
    return Bytes(*s);
  }
  uint64_t Key(const std::string& s) const override { return game_.Key(FromBytes(s)); }
  bool Equal(const std::string& a, const std::string& b) const override {
    return FromBytes(a) == FromBytes(b);
  }

  absl::StatusOr<Json> Query(const RetrogradeTable& table, const std::string& s) const override {
    if constexpr (RetrogradeSolver::kAppliesTo<G>) {
      return QueryJson(game_, table, FromBytes(s));
    } else {
      return absl::InvalidArgumentError(
          absl::StrCat("game '", G::kName, "' has no retrograde table"));
    }
  }

 private:
  static std::string Bytes(const State& s) {
    return std::string(reinterpret_cast<const char*>(&s), sizeof(State));
  }
  static State FromBytes(const std::string& bytes) {
    std::array<char, sizeof(State)> raw;
    std::memcpy(raw.data(), bytes.data(), sizeof(State));
    return std::bit_cast<State>(raw);
  }

  G game_;
};

// The handle of the game a spec names; errors as the tool's.
inline absl::StatusOr<std::shared_ptr<const GameHandle>> GameHandleFor(const std::string& text) {
  absl::StatusOr<Spec> spec = ParseSpec(text);
  if (!spec.ok()) return spec.status();
  std::shared_ptr<const GameHandle> handle;
  absl::Status st = WithGame(*spec, [&]<typename G>(const G& game) -> absl::Status {
    handle = std::make_shared<GameHandleImpl<G>>(game);
    return absl::OkStatus();
  });
  if (!st.ok()) return st;
  return handle;
}

}  // namespace gamebench

#endif  // GAMEBENCH_PYTHON_GAME_HANDLE_H_
