#include "tool/cgt_games.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/partizan.h"
#include "core/spec.h"
#include "games/domineering/domineering.h"

namespace gamebench {
namespace {

// The forms of one game variant's positions in one arena.
template <Partizan G>
class FormBuilder {
 public:
  explicit FormBuilder(const G& game) : game_(game) {}

  cgt::GameId Form(cgt::GameArena& arena, const typename G::State& s) {
    if (arena.Generation() != generation_) {
      memo_.clear();
      generation_ = arena.Generation();
    }
    return Build(arena, s);
  }

 private:
  cgt::GameId Build(cgt::GameArena& arena, const typename G::State& s) {
    const typename G::State as_left = game_.WithMover(s, kLeft);
    const uint64_t key = game_.Key(as_left);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    std::vector<cgt::GameId> sides[2];
    for (int player : {kLeft, kRight}) {
      const typename G::State v = game_.WithMover(s, player);
      if (game_.Terminal(v)) continue;
      MoveListOf<G> moves;
      game_.GenerateMoves(v, moves);
      for (const auto& m : moves) sides[player].push_back(Build(arena, game_.Play(v, m)));
    }
    const cgt::GameId id = arena.Form(std::move(sides[kLeft]), std::move(sides[kRight]));
    memo_[key] = id;
    return id;
  }

  G game_;
  uint64_t generation_ = 0;
  absl::flat_hash_map<uint64_t, cgt::GameId> memo_;
};

// MCGS's domineering text: rows of '.' and '#' joined by '|'.
absl::StatusOr<cgt::BasicGame> DomineeringGame(
    cgt::GameArena& arena, absl::string_view text,
    absl::flat_hash_map<std::string, std::unique_ptr<FormBuilder<Domineering>>>& builders) {
  std::vector<std::string> rows = absl::StrSplit(text, '|');
  const size_t cols = rows[0].size();
  int empty = 0;
  for (const std::string& r : rows) {
    if (r.size() != cols || cols == 0)
      return absl::InvalidArgumentError(absl::StrCat("bad domineering '", text, "': rows of unequal length"));
    for (char c : r) {
      if (c != '.' && c != '#')
        return absl::InvalidArgumentError(absl::StrCat("bad domineering '", text, "': only '.' and '#'"));
      empty += c == '.';
    }
  }
  if (rows.size() > 8 || cols > 8)
    return absl::FailedPreconditionError(absl::StrCat("domineering board larger than 8x8: ", text));
  if (empty > kMaxCgtEmptyCells)
    return absl::FailedPreconditionError(absl::StrCat(
        "domineering with ", empty, " empty cells: over the ", kMaxCgtEmptyCells,
        " of canonical forms without subgame splitting"));
  const std::string size = absl::StrCat(rows.size(), "x", cols);
  auto& builder = builders[size];
  if (!builder) {
    auto spec = ParseSpec(absl::StrCat("domineering(rows=", rows.size(), ",cols=", cols, ")"));
    auto game = Domineering::FromSpec(*spec);
    if (!game.ok()) return game.status();
    builder = std::make_unique<FormBuilder<Domineering>>(*game);
  }
  auto state = Domineering::FromSpec(*ParseSpec(absl::StrCat("domineering(rows=", rows.size(), ",cols=", cols, ")")))
                   ->ParseState(absl::StrCat(absl::StrJoin(rows, "/"), ":V"));
  if (!state.ok()) return state.status();
  return cgt::BasicGame{builder->Form(arena, *state), absl::StrCat("domineering:", text)};
}

}  // namespace

cgt::McgsGameSource McgsCatalogGames() {
  auto builders =
      std::make_shared<absl::flat_hash_map<std::string, std::unique_ptr<FormBuilder<Domineering>>>>();
  return [builders](cgt::GameArena& arena, absl::string_view section,
                    absl::string_view text) -> absl::StatusOr<cgt::BasicGame> {
    if (section == "domineering") return DomineeringGame(arena, text, *builders);
    return absl::NotFoundError(absl::StrCat("no game [", section, "]"));
  };
}

}  // namespace gamebench
