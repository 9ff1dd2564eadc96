#ifndef GAMEBENCH_CGT_SUM_SEARCH_H_
#define GAMEBENCH_CGT_SUM_SEARCH_H_

// Who wins a position of a Decomposable game (core/partizan.h), moving
// first, by a search that splits as it goes (MCGS's approach): a position
// is the sum of its components; a component whose canonical form the
// builder (cgt/form_builder.h) finishes within kFormPositions new positions
// is replaced by that form, the others stay positions ("big"). With no big
// part left the outcome is cgt/sum_outcome.h's search over the forms;
// otherwise the mover tries every move in a big part (its child split
// again) and every option of a form: he wins iff one leaves a sum the
// opponent, moving first, loses (the outcome recursion of a disjunctive
// sum; replacing a component by a game of equal value keeps the sum's
// value, so its outcome). The forms' numbers are added into one number,
// kept as its canonical form (moves in it stay: a big part may be a number,
// so number avoidance is not used while one is left), and a form and its
// negative cancel. Results are memoised by (big parts in the game's key
// order, sorted forms, mover) for as long as the arena lives, charged to
// its budget. A filled Clobber board of 16 to 24 stones has canonical forms
// past the 256 MiB budget, while a search of it soon reaches parts small
// enough for forms.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "cgt/arena.h"
#include "cgt/form_builder.h"
#include "cgt/sum_outcome.h"
#include "core/mix_key.h"
#include "core/partizan.h"

namespace gamebench::cgt {

template <Decomposable G>
class SumSearch {
 public:
  using State = typename G::State;
  // New positions a component's form may cost before it is left a position.
  // Small: a part whose form is not nearly built already is searched. On
  // clobber_random_filled2's 7x3 board (B loss) the command took 4.97 s of
  // CPU with 20000, 1.07 s with 2000, 0.26 s with 300, 0.064 s with 30; on
  // three filled boards that were skipped before (forms past the budget),
  // 4.1 s with 10, 2.1 s with 3, 1.6 s with 0; with 0 no part ever gets a
  // form it does not have, so the sums of many small parts (Domineering)
  // would lose the forms' search (cgt/sum_outcome.h).
  static constexpr uint64_t kFormPositions = 3;

  SumSearch(FormBuilder<G>& builder, GameArena& arena, uint64_t form_positions = kFormPositions)
      : form_positions_(form_positions), builder_(builder), arena_(arena), outcomes_(arena), memo_(0, KeyHash{builder.game()}),
        too_big_(0, StateHash{builder.game()}) {}

  // Whether `left` (else Right), moving first, wins s; nullopt past
  // `node_limit` searched nodes. May throw CgtRefusal (the budget).
  std::optional<bool> Wins(const State& s, bool left, uint64_t node_limit) {
    Follow();
    limit_ = nodes_ + node_limit;
    Sum sum;
    Add(s, sum);
    try {
      return Search(sum, left);
    } catch (const OverLimit&) {
      return std::nullopt;
    }
  }
  uint64_t Nodes() const { return nodes_; }
  const GameArena* arena() const { return &arena_; }
  static constexpr size_t kMaxMemoEntries = size_t{4} << 20;

 private:
  struct OverLimit {};
  struct Sum {
    std::vector<State> big;     // positions, mover Left, in Key order
    std::vector<GameId> forms;  // canonical forms, numbers among them
  };
  struct Key {
    Sum sum;
    bool left;
  };
  using StateHash = MixedKeyHash<G>;
  struct KeyHash {
    G game;
    size_t operator()(const Key& k) const {
      uint64_t h = k.left ? 0x9e3779b97f4a7c15ULL : 0x2545f4914f6cdd1dULL;
      for (const State& s : k.sum.big) h = (h ^ MixKey(game.Key(s))) * 0xbf58476d1ce4e5b9ULL;
      for (GameId f : k.sum.forms) h = (h ^ f) * 0x94d049bb133111ebULL;
      return static_cast<size_t>(h ^ (h >> 31));
    }
  };
  struct KeyEq {
    bool operator()(const Key& a, const Key& b) const {
      return a.left == b.left && a.sum.forms == b.sum.forms && a.sum.big == b.sum.big;
    }
  };

  void Follow() {
    if (arena_.Generation() != generation_) {
      memo_.clear();
      too_big_.clear();
      generation_ = arena_.Generation();
    }
  }

  // s's components into `sum`: a form if the builder finishes it within
  // kFormPositions new positions (its memo keeps what it built either way).
  void Add(const State& s, Sum& sum) {
    std::vector<State> parts;
    builder_.game().Components(s, parts);
    if (parts.empty()) return;
    for (const State& p : parts) {
      const State part = builder_.game().WithMover(p, kLeft);
      if (!too_big_.contains(part)) {
        const uint64_t stop_at = builder_.positions() + form_positions_;
        builder_.SetStop([this, stop_at] { return builder_.positions() > stop_at; });
        try {
          const GameId v = builder_.Value(arena_, part);
          builder_.SetStop(nullptr);
          if (v != GameArena::kZero) sum.forms.push_back(v);
          continue;
        } catch (const typename FormBuilder<G>::Stopped&) {
          builder_.SetStop(nullptr);
          if (memo_.size() >= kMaxMemoEntries) memo_.clear();
    arena_.ChargeCache(2 * (sizeof(State) + 1));
          too_big_.insert(part);
        } catch (...) {
          builder_.SetStop(nullptr);
          throw;
        }
      }
      sum.big.push_back(part);
    }
  }

  // Sorts the big parts, adds the numbers into one, cancels a form and its
  // negative.
  void Normalize(Sum& sum) {
    const G& g = builder_.game();
    std::sort(sum.big.begin(), sum.big.end(),
              [&](const State& a, const State& b) { return g.Key(a) < g.Key(b); });
    Dyadic x = Dyadic::Integer(0);
    outcomes_.Reduce(sum.forms, x);
    if (x != Dyadic::Integer(0)) sum.forms.push_back(arena_.Number(x));
    std::sort(sum.forms.begin(), sum.forms.end());
  }

  bool Search(Sum sum, bool left) {
    Normalize(sum);
    if (sum.big.empty()) return outcomes_.Wins(left, sum.forms);
    Key key{std::move(sum), left};
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    if (++nodes_ > limit_) throw OverLimit{};
    const G& g = builder_.game();
    const Sum& here = key.sum;
    const int player = left ? kLeft : kRight;
    bool wins = false;
    // Moves in the big parts first (they are where the game is decided).
    for (size_t i = 0; i < here.big.size() && !wins; ++i) {
      const State v = g.WithMover(here.big[i], player);
      if (g.Terminal(v)) continue;
      MoveListOf<G> moves;
      g.GenerateMoves(v, moves);
      for (const auto& m : moves) {
        Sum next;
        next.forms = here.forms;
        for (size_t j = 0; j < here.big.size(); ++j)
          if (j != i) next.big.push_back(here.big[j]);
        Add(g.Play(v, m), next);
        if (!Search(std::move(next), !left)) {
          wins = true;
          break;
        }
      }
    }
    for (size_t i = 0; i < here.forms.size() && !wins; ++i) {
      for (GameId option : arena_.Options(here.forms[i], left)) {
        Sum next = here;
        next.forms[i] = option;
        if (!Search(std::move(next), !left)) {
          wins = true;
          break;
        }
      }
    }
    if (memo_.size() >= kMaxMemoEntries) memo_.clear();
    arena_.ChargeCache(2 * (sizeof(std::pair<Key, bool>) + 1) + key.sum.big.size() * sizeof(State) +
                       key.sum.forms.size() * sizeof(GameId) + 32);
    memo_.emplace(std::move(key), wins);
    return wins;
  }

  uint64_t form_positions_;
  FormBuilder<G>& builder_;
  GameArena& arena_;
  SumOutcome outcomes_;
  uint64_t generation_ = 0;
  uint64_t nodes_ = 0, limit_ = 0;
  absl::flat_hash_map<Key, bool, KeyHash, KeyEq> memo_;
  absl::flat_hash_set<State, StateHash> too_big_;
};

}  // namespace gamebench::cgt

#endif  // GAMEBENCH_CGT_SUM_SEARCH_H_
