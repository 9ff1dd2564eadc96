#ifndef GAMEBENCH_CGT_NIM_SEARCH_H_
#define GAMEBENCH_CGT_NIM_SEARCH_H_

// The nim value of a Partizan game's impartial closure (both players may
// make either player's moves: MCGS's [impartial X]) by outcome search, the
// method of Lemoine and Viennot ("Nimbers are inevitable", Theoretical
// Computer Science 2012), which MCGS uses for impartial games:
//
//   the nim value of G is the least n such that G + *n is a loss for the
//   player to move (a P-position);
//   G + *n is a win iff some move of G leads to a G' with G' + *n a loss,
//   or some i < n has G + *i a loss (the move *n -> *i; then G = *i);
//   a sum G1 + ... + Gk + *n: every component but one (the one with the
//   most moves) is replaced by its nimber (found the same way) and their
//   xor folded into n: G1 + *(n ^ nim(G2) ^ ... ^ nim(Gk)).
//
// FormBuilder::Nim (the tool's) uses this search; the mex route
// (FormBuilder::NimByMex, kept for tests) needs the
// nim value of every position reachable; a search stops at the first
// winning move, so of the positions it reaches it needs only whether they
// are wins, mostly not their values.
//
// A position's entry holds its nim value once known, or which of
// G + *0 .. G + *63 are known wins. Entries are charged to the arena's
// budget (kEntryBytes each; past the budget CgtRefusal, never silent
// growth) and follow the arena: when it is replaced the memo is emptied.
// At max_entries (a count, for tests) the memo is emptied and the search
// goes on: a value never depends on what the memo holds.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "cgt/arena.h"
#include "cgt/closure_children.h"
#include "core/closure_normal.h"
#include "core/mix_key.h"
#include "core/partizan.h"

namespace gamebench::cgt {

template <Partizan G>
class NimSearch {
 public:
  using State = typename G::State;
  static constexpr size_t kNoMaxEntries = ~size_t{0};

  // split = false ignores Components; normalize = false ignores
  // ClosureState (for tests).
  explicit NimSearch(const G& game, bool split = true, bool normalize = true,
                     size_t max_entries = kNoMaxEntries)
      : game_(game), split_(split), normalize_(normalize), max_entries_(max_entries),
        memo_(0, MixedKeyHash<G>{game}) {}

  // A flat hash map's slot (state and entry, a control byte) twice over: a
  // table is between 7/16 and 7/8 full, and a rehash holds two arrays.
  static constexpr uint64_t kEntryBytes = 2 * (sizeof(std::pair<State, uint64_t[2]>) + 1);

  // The nim value of s's closure. Throws CgtRefusal past the arena's budget.
  int Nim(GameArena& arena, const State& s) {
    Follow(arena);
    arena_ = &arena;
    return NimOfSum(Normal(s));
  }

  // Empties the memo now.
  void Forget() {
    memo_ = Memo(0, MixedKeyHash<G>{game_});
    charged_ = 0;
    generation_ = 0;
  }

  // Positions searched (G + *n with G not split, not answered by the memo).
  uint64_t nodes() const { return nodes_; }
  size_t entries() const { return memo_.size(); }

 private:
  struct Entry {
    int nim = -1;       // -1 while unknown
    uint64_t wins = 0;  // bit n: G + *n is a win (n < 64)
  };
  using Memo = absl::flat_hash_map<State, Entry, MixedKeyHash<G>>;

  void Follow(const GameArena& arena) {
    if (arena.Generation() != generation_) {
      Forget();
      generation_ = arena.Generation();
    }
  }

  // The memo's key for s: Left to move, and ClosureState.
  State Normal(const State& s) const {
    State v = game_.WithMover(s, kLeft);
    if constexpr (ClosureNormal<G>) {
      if (normalize_) v = game_.ClosureState(v);
    }
    return v;
  }

  // s's components (normalised), or s alone.
  void Parts(const State& s, std::vector<State>& parts) const {
    parts.clear();
    if constexpr (Decomposable<G>) {
      if (split_) {
        game_.Components(s, parts);
        for (State& p : parts) p = Normal(p);
        return;
      }
    }
    parts.push_back(s);
  }

  // s's entry, made (and charged) if new.
  Entry& Slot(const State& s) {
    if (auto it = memo_.find(s); it != memo_.end()) return it->second;
    if (memo_.size() >= max_entries_) memo_.clear();
    // Charged up to the most entries held at once (a memo emptied at
    // max_entries reuses what was charged).
    if (memo_.size() >= charged_) {
      arena_->ChargeCache(kEntryBytes);
      ++charged_;
    }
    return memo_[s];
  }
  const Entry* Find(const State& s) const {
    auto it = memo_.find(s);
    return it == memo_.end() ? nullptr : &it->second;
  }
  // Whether the memo answers "G + *n is a win".
  static bool Known(const Entry* e, int n, bool& wins) {
    if (!e) return false;
    if (e->nim >= 0) {
      wins = e->nim != n;
      return true;
    }
    if (n < 64 && (e->wins >> n & 1)) {
      wins = true;
      return true;
    }
    return false;
  }

  // The nim value of a normalised s that may split.
  int NimOfSum(const State& s) {
    std::vector<State> parts;
    Parts(s, parts);
    if (parts.size() == 1 && parts[0] == s) return NimOfWhole(s);
    int nim = 0;
    for (const State& p : parts) nim ^= NimOfSum(p);
    return nim;
  }

  // Algorithm 3: the least n with s + *n a loss (s does not split).
  int NimOfWhole(const State& s) {
    if (const Entry* e = Find(s); e && e->nim >= 0) return e->nim;
    int n = 0;
    while (WinsWhole(s, n)) ++n;
    return n;
  }

  // Whether s + *n is a win for the mover, s normalised, split or not.
  bool Wins(const State& s, int n) {
    bool wins = false;
    if (Known(Find(s), n, wins)) return wins;
    std::vector<State> parts;
    Parts(s, parts);
    if (parts.size() == 1 && parts[0] == s) return WinsWhole(s, n);
    return WinsSum(std::move(parts), n);
  }

  // parts + *n: the parts of known value (or all but the one with the most
  // moves, their values then found) folded into n, the last one searched.
  bool WinsSum(std::vector<State> parts, int n) {
    std::vector<State> unknown;
    for (const State& p : parts) {
      if (const Entry* e = Find(p); e && e->nim >= 0) n ^= e->nim;
      else unknown.push_back(p);
    }
    if (unknown.empty()) return n != 0;
    size_t hardest = 0, most = 0;
    if (unknown.size() > 1) {
      for (size_t i = 0; i < unknown.size(); ++i) {
        const size_t moves = MoveCount(unknown[i]);
        if (moves > most) most = moves, hardest = i;
      }
    }
    for (size_t i = 0; i < unknown.size(); ++i)
      if (i != hardest) n ^= NimOfSum(unknown[i]);
    return Wins(unknown[hardest], n);
  }

  size_t MoveCount(const State& s) const { return ClosureMoveCount(game_, s); }

  // Algorithm 1: s + *n, s normalised and not split.
  bool WinsWhole(const State& s, int n) {
    bool wins = false;
    if (Known(Find(s), n, wins)) return wins;
    ++nodes_;
    // The children, each looked up first: one of known value n wins at once.
    std::vector<State> children;
    const bool none_known_lost = ForEachClosureChild(game_, s, [&](int, const State& child) {
      const State c = Normal(child);
      bool child_wins = false;
      if (Known(Find(c), n, child_wins)) return child_wins;  // a known loss: stop
      children.push_back(c);
      return true;
    });
    if (!none_known_lost) return Record(s, n, true);
    for (const State& c : children)
      if (!Wins(c, n)) return Record(s, n, true);
    // The moves *n -> *i: s + *i a loss for some i < n.
    for (int i = 0; i < n; ++i)
      if (!WinsWhole(s, i)) return Record(s, n, true);
    return Record(s, n, false);
  }

  bool Record(const State& s, int n, bool wins) {
    Entry& e = Slot(s);
    if (!wins) e.nim = n;
    else if (n < 64) e.wins |= uint64_t{1} << n;
    return wins;
  }

  G game_;
  bool split_;
  bool normalize_;
  size_t max_entries_;
  GameArena* arena_ = nullptr;
  uint64_t generation_ = 0;
  uint64_t nodes_ = 0;
  size_t charged_ = 0;  // entries charged to the arena
  Memo memo_;
};

}  // namespace gamebench::cgt

#endif  // GAMEBENCH_CGT_NIM_SEARCH_H_
