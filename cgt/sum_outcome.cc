#include "cgt/sum_outcome.h"

#include <algorithm>
#include <utility>

namespace gamebench::cgt {

void SumOutcome::Reduce(std::vector<GameId>& games, Dyadic& x) {
  std::vector<GameId> rest;
  // The ups and nimbers (n.up + *m) fold into one such game: a sum of k
  // nimbers *a, *b, ... is searched as *(a^b^...), not over the product of
  // their options.
  std::vector<GameId> up_nims;
  int64_t ups = 0;
  int nim = 0;
  for (GameId g : games) {
    if (auto number = arena_.NumberValue(g)) {
      if (!number->Fits() || !x.Fits() || number->exp >= Dyadic::kMaxExp || x.exp >= Dyadic::kMaxExp)
        throw CgtRefusal("number out of range in a sum");
      x = x + *number;
    } else if (auto v = arena_.UpNimValue(g)) {
      up_nims.push_back(g);
      ups += v->ups;
      nim ^= v->nim;
    } else {
      rest.push_back(g);
    }
  }
  if (up_nims.size() >= 2 && ups >= -kMaxFoldedUps && ups <= kMaxFoldedUps) {
    const GameId folded = arena_.UpNimber(static_cast<int>(ups), nim);
    if (folded != GameArena::kZero) rest.push_back(folded);
  } else {
    rest.insert(rest.end(), up_nims.begin(), up_nims.end());
  }
  std::sort(rest.begin(), rest.end());
  // A game and its negative cancel (a game that is its own negative, like
  // *, cancels with a second copy of itself).
  std::vector<GameId> kept;
  std::vector<bool> gone(rest.size(), false);
  for (size_t i = 0; i < rest.size(); ++i) {
    if (gone[i]) continue;
    const GameId negative = arena_.Negate(rest[i]);
    for (size_t j = i + 1; j < rest.size(); ++j)
      if (!gone[j] && rest[j] == negative) {
        gone[i] = gone[j] = true;
        break;
      }
    if (!gone[i]) kept.push_back(rest[i]);
  }
  games = std::move(kept);
}

bool SumOutcome::Wins(bool left, std::vector<GameId> games) {
  if (arena_.Generation() != generation_) {
    memo_.clear();
    generation_ = arena_.Generation();
  }
  Dyadic x = Dyadic::Integer(0);
  Reduce(games, x);
  return Search(left, games, x);
}

// `games` reduced: sorted, no numbers, no pair of negatives.
bool SumOutcome::Search(bool left, const std::vector<GameId>& games, Dyadic x) {
  const Dyadic zero = Dyadic::Integer(0);
  // The first player wins S iff not S <= 0 (Left), not S >= 0 (Right).
  if (games.empty()) return left ? zero < x : x < zero;
  if (games.size() == 1) {
    const GameId minus_x = arena_.Number(-x);
    return left ? !arena_.Leq(games[0], minus_x) : !arena_.Leq(minus_x, games[0]);
  }
  if (games.size() == 2) {
    // A + B + x <= 0 iff A + x <= -B: the number goes to the younger game
    // (a translation copies the game's forms).
    const bool swap = x != zero && arena_.Birthday(games[1]) < arena_.Birthday(games[0]);
    const GameId a_game = games[swap ? 1 : 0], b_game = games[swap ? 0 : 1];
    const GameId a = x == zero ? a_game : arena_.Sum(a_game, arena_.Number(x));
    const GameId minus_b = arena_.Negate(b_game);
    return left ? !arena_.Leq(a, minus_b) : !arena_.Leq(minus_b, a);
  }
  Key key{games, x, left};
  if (auto it = memo_.find(key); it != memo_.end()) return it->second;
  ++nodes_;
  bool wins = false;
  for (size_t i = 0; i < games.size() && !wins; ++i) {
    for (GameId option : arena_.Options(games[i], left)) {
      std::vector<GameId> next = games;
      next[i] = option;
      Dyadic y = x;
      Reduce(next, y);
      if (!Search(!left, next, y)) {
        wins = true;
        break;
      }
    }
  }
  if (memo_.size() >= kMaxMemoEntries) memo_.clear();
  // Charged like FormBuilder's entries (cgt/form_builder.h), and the list's
  // own allocation.
  arena_.ChargeCache(2 * (sizeof(std::pair<Key, bool>) + 1) + key.games.size() * sizeof(GameId) + 16);
  memo_.emplace(std::move(key), wins);
  return wins;
}

}  // namespace gamebench::cgt
