#ifndef GAMEBENCH_TOOL_GAME_HANDLE_IMPL_H_
#define GAMEBENCH_TOOL_GAME_HANDLE_IMPL_H_

// GameHandleImpl<G> and the GameEntry of a game (tool/game_registry.h),
// included only by the per-game translation units that CMakeLists.txt
// generates from games/catalog.h. Each such unit includes its game's header
// and this one, then says GAMEBENCH_TOOL_GAME_UNIT(TypeName): every solver is
// instantiated for that game (and nothing for the others), and the game's
// entry is defined for the registry (<build>/tool_units/registry.cc).

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/solver.h"
#include "games/heap_spec.h"
#include "tool/solver_catalog.h"
#include "tool/game_handle.h"
#include "tool/game_registry.h"
#include "tool/per_game_unit.h"
#include "tool/random_positions.h"
#include "tool/table_file.h"
#include "tool/table_solver.h"
#include "tool/tiered_analyze.h"

namespace gamebench {

template <Game G>
class GameHandleImpl final : public GameHandle {
 public:
  using State = typename G::State;
  explicit GameHandleImpl(G game) : game_(std::move(game)) {}

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
  // A 128-bit key folded to 64 bits: the handle's key is a hash (Python's
  // __hash__), never a table key.
  uint64_t Key(const std::string& s) const override {
    const auto k = game_.Key(FromBytes(s));
    if constexpr (KeyedBy64Bits<G>) {
      return k;
    } else {
      return static_cast<uint64_t>(k) ^ static_cast<uint64_t>(k >> 64) * 0x9E3779B97F4A7C15ull;
    }
  }
  bool Equal(const std::string& a, const std::string& b) const override {
    return FromBytes(a) == FromBytes(b);
  }

  absl::StatusOr<SolveReport> Solve(const std::string& s, absl::string_view solver,
                                    const SolveOptions& options) const override {
    return SolveGame(game_, FromBytes(s), solver, options);
  }
  absl::StatusOr<std::unique_ptr<BatchSolver>> StartBatch(
      absl::string_view solver, const SolveOptions& options) const override {
    return StartBatchFor(game_, solver, options);
  }
  std::vector<RandomPosition> RandomPositions(uint64_t seed, int64_t count, int min_plies,
                                              int max_plies) const override {
    return RandomPositionsOf(game_, seed, count, min_plies, max_plies);
  }

  absl::StatusOr<AnalysisPath> AnalyzePath(absl::string_view solver,
                                           bool tiers_asked) const override {
    return AnalyzePathOf<G>(solver, tiers_asked);
  }
  absl::StatusOr<DenseAnalysis> Analyze(absl::string_view solver, const SolveOptions& options,
                                        const RetroCheckpointOptions& checkpoint) const override {
    return AnalyzeGame(game_, solver, options, checkpoint);
  }
  absl::StatusOr<TieredRun> TieredAnalyze(const TieredOptions& options) const override {
    SerialComm comm;
    return TieredAnalyzeGame(game_, options, comm);
  }

  absl::Status MatchTable(const RetrogradeTable& table, const std::string& path) const override {
    return CheckTableMatches(game_, table, path);
  }
  absl::StatusOr<TableAnswer> Query(const RetrogradeTable& table,
                                    const std::string& s) const override {
    return QueryTable(game_, table, FromBytes(s));
  }
  absl::Status Verify(const RetrogradeTable& table, int threads) const override {
    return VerifyTable(game_, table, threads);
  }

  absl::Status MatchTierDirectory(const std::string& dir,
                                  const std::string& game_spec) const override {
    return CheckTierDirectory(game_, dir, game_spec);
  }
  absl::StatusOr<TableAnswer> TieredQuery(const std::string& dir,
                                          const std::string& s) const override {
    if constexpr (Tiered<G>) {
      return TieredQueryAnswer(game_, dir, FromBytes(s));
    } else {
      return NoTiers();
    }
  }
  absl::StatusOr<TierDirectoryCheck> TieredVerify(const std::string& dir) const override {
    if constexpr (Tiered<G>) {
      return TieredVerifyDirectory(game_, dir);
    } else {
      return NoTiers();
    }
  }

 private:
  // Unreached: MatchTierDirectory refuses a game without tiers first.
  static absl::Status NoTiers() {
    return absl::InvalidArgumentError(absl::StrCat("game '", G::kName, "' has no tiers"));
  }
  static std::string Bytes(const State& s) { return StateBytes(s); }
  static State FromBytes(const std::string& bytes) { return StateFromBytes<State>(bytes); }

  G game_;
};

// The game's object in `list --json`.
template <typename G>
Json GameListJson() {
  Json g = Json::MakeObject();
  g.Set("name", G::kName);
  g.Set("description", G::kDescription);
  Json params = Json::MakeArray();
  for (const ParamInfo& p : G::Params()) {
    Json pj = Json::MakeObject();
    pj.Set("name", p.name);
    pj.Set("default", p.default_value);
    pj.Set("help", p.help);
    params.Push(std::move(pj));
  }
  g.Set("params", std::move(params));
  Json caps = Json::MakeArray();
  if (G::kScored) caps.Push("scored");
  if (Symmetric<G>) caps.Push("symmetric");
  if (Indexed<G>) caps.Push("indexed");
  if (Impartial<G>) caps.Push("impartial");
  if (Loopy<G>) caps.Push("loopy");
  g.Set("capabilities", std::move(caps));
  return g;
}

template <typename G>
bool SolverAppliesTo(absl::string_view solver) {
  bool applies = false;
  ForEachType(SolverCatalog{}, [&]<typename S>() {
    if (solver != S::kName) return false;
    applies = S::template kAppliesTo<G>;
    return true;
  });
  return applies;
}

template <typename G>
bool SolverAnalyzes(absl::string_view solver) {
  bool analyzes = false;
  ForEachType(SolverCatalog{}, [&]<typename S>() {
    if (solver != S::kName) return false;
    analyzes = AnalysesIntoTable<S, G>;
    return true;
  });
  return analyzes;
}

template <typename G>
absl::StatusOr<std::optional<HeapGameSpec>> HeapSpecOfGame(const Spec& spec) {
  if constexpr (DescribesHeaps<G>) {
    auto heaps = G::HeapSpecFromSpec(spec);
    if (!heaps.ok()) return heaps.status();
    return std::optional<HeapGameSpec>(*std::move(heaps));
  } else {
    (void)spec;
    return std::optional<HeapGameSpec>();
  }
}

// G from the spec, or G::Wider (Widens, core/game.h) when G refuses the spec
// as out of its range.
template <typename G>
absl::StatusOr<std::unique_ptr<const GameHandle>> MakeGameHandle(const Spec& spec) {
  absl::StatusOr<G> game = G::FromSpec(spec);
  if constexpr (Widens<G>) {
    if (absl::IsOutOfRange(game.status())) return MakeGameHandle<typename G::Wider>(spec);
  }
  if (!game.ok()) return game.status();
  return std::unique_ptr<const GameHandle>(
      std::make_unique<const GameHandleImpl<G>>(*std::move(game)));
}

// Every catalog solver keeps the solver contract (core/solver.h) for the
// game, checked at compile time in the game's unit, pair by pair.
template <typename G, typename... S>
consteval bool CheckSolversFor(TypeList<S...>) {
  if constexpr (Widens<G>) {
    if (!CheckSolversFor<typename G::Wider>(TypeList<S...>{})) return false;
  }
  return (CheckSolverContract<S, G>() && ...);
}

template <typename G>
constexpr GameEntry kGameEntryOf = {G::kName,           &GameListJson<G>,   &SolverAppliesTo<G>,
                                    &SolverAnalyzes<G>, &HeapSpecOfGame<G>, &MakeGameHandle<G>};

}  // namespace gamebench

// One game's unit: the solver contract checked for it, and its entry, which
// the generated registry names kGameEntry<TypeName>.
#define GAMEBENCH_TOOL_GAME_UNIT(G)                      \
  namespace gamebench {                                  \
  static_assert(CheckSolversFor<G>(SolverCatalog{}));    \
  extern const GameEntry kGameEntry##G;                  \
  const GameEntry kGameEntry##G = kGameEntryOf<G>;       \
  }

#endif  // GAMEBENCH_TOOL_GAME_HANDLE_IMPL_H_
