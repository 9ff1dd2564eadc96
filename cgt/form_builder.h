#ifndef GAMEBENCH_CGT_FORM_BUILDER_H_
#define GAMEBENCH_CGT_FORM_BUILDER_H_

// The CGT value of a Partizan game's positions (core/partizan.h), for
// tool/cgt_games.h and the cgt solver (cgt/sum_solver.h): a position is {its Left children | its Right children},
// made canonical bottom-up (children first), once per position. A
// Decomposable game's position is first split into its components, and its
// value is the sum of theirs: a board that falls apart into small regions
// costs the regions, not their product.
//
// The impartial closure (MCGS's [impartial X]: both players may make either
// player's moves) is computed on the positions directly, not on forms: Nim
// by outcome search (cgt/nim_search.h, which reaches far fewer positions:
// docs/cgt.md), NimByMex as the mex of its children's values under both
// players' moves; a sum's is the xor of its components' (Sprague-Grundy).
//
// Positions are memoised by state (compared with ==, hashed by the game's Key
// mixed by core/mix_key.h; the Key need not be exact), with the mover set to
// Left, so both players' views of a position share one entry. Every memo
// entry is charged to the arena's budget (kEntryBytes), like the forms, so
// that the budget bounds the builder too: a position whose forms and memo do
// not fit is refused (CgtRefusal), never a silent growth. The memos follow
// the arena: when it is replaced (a new Generation) they are emptied, and
// Forget() empties them at once (a caller that keeps builders for several
// variants calls it when the arena is replaced, so stale memos do not stay).

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "cgt/arena.h"
#include "cgt/closure_children.h"
#include "cgt/nim_search.h"
#include "core/closure_normal.h"
#include "core/mix_key.h"
#include "core/partizan.h"

namespace gamebench {

template <Partizan G>
class FormBuilder {
 public:
  using State = typename G::State;
  // split = false ignores Components (for tests: the whole board's tree).
  // normalize = false ignores ClosureState (for tests).
  explicit FormBuilder(const G& game, bool split = true, bool normalize = true)
      : game_(game), split_(split), normalize_(normalize), values_(0, KeyHash{game}),
        nims_(0, KeyHash{game}), nim_search_(game, split, normalize) {}

  const G& game() const { return game_; }

  // What one memo entry is charged: a flat hash map's slot (the state, the
  // value and a control byte) twice over, since a table is between 7/16 and
  // 7/8 full and a rehash holds the old and the new array for a moment.
  static constexpr uint64_t kEntryBytes = 2 * (sizeof(std::pair<State, cgt::GameId>) + 1);

  // The canonical form of s in `arena` (the memo follows the arena: when it
  // is rebuilt, the ids of the old one are forgotten). Throws CgtRefusal
  // when the arena's budget, memo included, would be exceeded.
  cgt::GameId Value(cgt::GameArena& arena, const State& s) {
    Follow(arena);
    return ValueOf(arena, game_.WithMover(s, kLeft));
  }

  // Empties the memos now (their memory is released).
  void Forget() {
    values_.clear();
    nims_.clear();
    nim_search_.Forget();
    generation_ = 0;
  }

  // The canonical forms of s's components (Decomposable; else s itself),
  // zeros left out: their sum is s's value, without forming the sum.
  std::vector<cgt::GameId> ComponentValues(cgt::GameArena& arena, const State& s) {
    std::vector<State> parts;
    if constexpr (Decomposable<G>) {
      if (split_) game_.Components(s, parts);
    }
    if (parts.empty()) parts.push_back(s);
    std::vector<cgt::GameId> values;
    for (const State& p : parts) {
      const cgt::GameId v = Value(arena, p);
      if (v != cgt::GameArena::kZero) values.push_back(v);
    }
    return values;
  }

  // Positions whose form was built (memo misses), since construction.
  uint64_t positions() const { return positions_; }
  // Polled once per position built; when it returns true the build stops by
  // throwing Stopped (the memo keeps only finished positions).
  struct Stopped {};
  void SetStop(std::function<bool()> stop) { stop_ = std::move(stop); }

  // The nim value of the impartial closure of s (its memo charged to
  // `arena`'s budget), by outcome search (cgt/nim_search.h).
  int Nim(cgt::GameArena& arena, const State& s) {
    Follow(arena);
    return nim_search_.Nim(arena, s);
  }
  // The same by the mex of every child's nim value (the plain route, kept
  // for tests: both must agree).
  int NimByMex(cgt::GameArena& arena, const State& s) {
    Follow(arena);
    return NimOf(arena, game_.WithMover(s, kLeft));
  }

  // The moves of s for `player` (both players' when `closure`), each with
  // its text and the value of where it leads: the canonical form, or for a
  // closure the nimber of the child's nim value.
  std::vector<std::pair<std::string, cgt::GameId>> Options(cgt::GameArena& arena, const State& s,
                                                           int player, bool closure) {
    std::vector<std::pair<std::string, cgt::GameId>> options;
    cgt::ForEachClosureMove(game_, s, [&](int p, const State& v, const auto& m) {
      if (!closure && p != player) return;
      const State child = game_.Play(v, m);
      options.emplace_back(game_.FormatMove(v, m),
                           closure ? arena.Nimber(Nim(arena, child)) : Value(arena, child));
    });
    return options;
  }

 private:
  using KeyHash = MixedKeyHash<G>;

  void Follow(const cgt::GameArena& arena) {
    if (arena.Generation() != generation_) {
      Forget();
      generation_ = arena.Generation();
    }
  }

  // s has Left to move.
  cgt::GameId ValueOf(cgt::GameArena& arena, const State& s) {
    if (auto it = values_.find(s); it != values_.end()) return it->second;
    State whole = s;
    if constexpr (Decomposable<G>) {
      std::vector<State> parts;
      if (split_) game_.Components(s, parts);
      else parts.push_back(s);
      if (parts.size() != 1) {
        cgt::GameId sum = cgt::GameArena::kZero;
        for (const State& p : parts) sum = arena.Sum(sum, ValueOf(arena, game_.WithMover(p, kLeft)));
        Remember(arena, s, sum);
        return sum;
      }
      whole = game_.WithMover(parts[0], kLeft);
      if (!(whole == s)) {
        const cgt::GameId id = ValueOf(arena, whole);
        Remember(arena, s, id);
        return id;
      }
    }
    ++positions_;
    if (stop_ && stop_()) throw Stopped{};
    std::vector<cgt::GameId> sides[2];
    cgt::ForEachClosureChild(game_, whole, [&](int player, const State& child) {
      sides[player].push_back(ValueOf(arena, game_.WithMover(child, kLeft)));
    });
    const cgt::GameId id = arena.MakeCanonical(std::move(sides[kLeft]), std::move(sides[kRight]));
    Remember(arena, s, id);
    return id;
  }

  void Remember(cgt::GameArena& arena, const State& s, cgt::GameId id) {
    arena.ChargeCache(kEntryBytes);
    values_[s] = id;
  }
  void RememberNim(cgt::GameArena& arena, const State& s, int nim) {
    arena.ChargeCache(kEntryBytes);
    nims_[s] = nim;
  }

  int NimOf(cgt::GameArena& arena, const State& given) {
    // A ClosureNormal game's closure is the same game after ClosureState
    // (core/partizan.h), so positions equal after it share one entry.
    State s = given;
    if constexpr (ClosureNormal<G>) {
      if (normalize_) s = game_.ClosureState(given);
    }
    if (auto it = nims_.find(s); it != nims_.end()) return it->second;
    const State& whole = s;
    if constexpr (Decomposable<G>) {
      std::vector<State> parts;
      if (split_) game_.Components(s, parts);
      else parts.push_back(s);
      if (parts.size() != 1 || !(game_.WithMover(parts[0], kLeft) == s)) {
        int nim = 0;
        if (parts.size() != 1) {
          for (const State& p : parts) nim ^= NimOf(arena, game_.WithMover(p, kLeft));
        } else {
          nim = NimOf(arena, game_.WithMover(parts[0], kLeft));
        }
        RememberNim(arena, s, nim);
        return nim;
      }
    }
    std::vector<bool> seen;
    cgt::ForEachClosureChild(game_, whole, [&](int, const State& child) {
      const size_t n = static_cast<size_t>(NimOf(arena, game_.WithMover(child, kLeft)));
      if (n >= seen.size()) seen.resize(n + 1, false);
      seen[n] = true;
    });
    int mex = 0;
    while (static_cast<size_t>(mex) < seen.size() && seen[static_cast<size_t>(mex)]) ++mex;
    RememberNim(arena, s, mex);
    return mex;
  }

  G game_;
  bool split_;
  bool normalize_;
  uint64_t positions_ = 0;
  std::function<bool()> stop_;
  uint64_t generation_ = 0;
  absl::flat_hash_map<State, cgt::GameId, KeyHash> values_;
  absl::flat_hash_map<State, int, KeyHash> nims_;
  cgt::NimSearch<G> nim_search_;
};

}  // namespace gamebench

#endif  // GAMEBENCH_CGT_FORM_BUILDER_H_
