#include "cgt/arena.h"

#include <algorithm>
#include <atomic>
#include <utility>

#include "absl/strings/str_cat.h"

namespace gamebench::cgt {
namespace {

uint64_t PairKey(GameId a, GameId b) { return (uint64_t{a} << 32) | b; }

void SortUnique(std::vector<GameId>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

// The simplest number x with lo < x < hi, either bound absent.
Dyadic Simplest(std::optional<Dyadic> lo, std::optional<Dyadic> hi) {
  const Dyadic zero = Dyadic::Integer(0);
  if (lo && hi) return SimplestBetween(*lo, *hi);
  if (lo) return *lo < zero ? zero : Dyadic::Integer((lo->num >> lo->exp) + 1);
  if (hi) return zero < *hi ? zero : Dyadic::Integer(-((-hi->num) >> hi->exp) - 1);
  return zero;
}

// Approximate bytes of one hash-map entry of the given payload.
constexpr uint64_t kMapEntryOverhead = 16;

}  // namespace

const char* OutcomeName(Outcome o) {
  switch (o) {
    case Outcome::kLeft: return "L";
    case Outcome::kRight: return "R";
    case Outcome::kNext: return "N";
    case Outcome::kPrevious: return "P";
  }
  return "?";
}

GameArena::GameArena(uint64_t budget_bytes) : budget_(budget_bytes) {
  static std::atomic<uint64_t> generations{0};
  generation_ = ++generations;
  std::vector<GameId> none;
  GameId zero = Intern(none, none);
  nodes_[zero].canonical = true;
  nodes_[zero].is_number = true;
  numbers_[Dyadic::Integer(0)] = zero;
  nimbers_.push_back(zero);
}

void GameArena::Charge(uint64_t bytes) {
  // A refused charge is not counted: the arena's figure stays within the
  // budget (a refused arena is replaced, and the report's peak is its size).
  if (bytes_ + bytes > budget_)
    throw CgtRefusal(absl::StrCat("canonical forms need more than the CGT memory budget of ",
                                  budget_ >> 20, " MiB (", nodes_.size(), " forms interned)"));
  bytes_ += bytes;
}

GameId GameArena::Intern(std::vector<GameId>& left, std::vector<GameId>& right) {
  std::vector<GameId> key;
  key.reserve(left.size() + right.size() + 1);
  key.push_back(static_cast<GameId>(left.size()));
  key.insert(key.end(), left.begin(), left.end());
  key.insert(key.end(), right.begin(), right.end());
  auto it = intern_.find(key);
  if (it != intern_.end()) return it->second;
  Charge(sizeof(Node) + 2 * sizeof(GameId) * key.size() + sizeof(key) + kMapEntryOverhead);
  Node n{};
  n.left_begin = static_cast<uint32_t>(options_.size());
  n.left_count = static_cast<uint32_t>(left.size());
  options_.insert(options_.end(), left.begin(), left.end());
  n.right_begin = static_cast<uint32_t>(options_.size());
  n.right_count = static_cast<uint32_t>(right.size());
  options_.insert(options_.end(), right.begin(), right.end());
  GameId id = static_cast<GameId>(nodes_.size());
  nodes_.push_back(n);
  intern_.emplace(std::move(key), id);
  return id;
}

GameId GameArena::Form(std::vector<GameId> left, std::vector<GameId> right) {
  SortUnique(left);
  SortUnique(right);
  return Intern(left, right);
}

std::span<const GameId> GameArena::Left(GameId g) const {
  const Node& n = nodes_[g];
  return {options_.data() + n.left_begin, n.left_count};
}
std::span<const GameId> GameArena::Right(GameId g) const {
  const Node& n = nodes_[g];
  return {options_.data() + n.right_begin, n.right_count};
}

std::vector<GameId> GameArena::Options(GameId g, bool left) const {
  auto side = left ? Left(g) : Right(g);
  return std::vector<GameId>(side.begin(), side.end());
}

std::optional<Dyadic> GameArena::NumberValue(GameId g) const {
  if (!nodes_[g].is_number) return std::nullopt;
  return nodes_[g].number;
}

// Canonical forms of numbers: n = {n-1 |}, -n = {| -n+1}, and
// m/2^k = {(m-1)/2^k | (m+1)/2^k} for odd m. Integers are built upwards from
// the nearest one known, so a large integer costs no deep recursion.
GameId GameArena::NumberNode(Dyadic x) {
  std::vector<GameId> left, right;
  if (x.IsInteger()) {
    if (x.num > 0) left.push_back(Number(Dyadic::Integer(x.num - 1)));
    if (x.num < 0) right.push_back(Number(Dyadic::Integer(x.num + 1)));
  } else {
    left.push_back(Number(Dyadic::Make(x.num - 1, x.exp)));
    right.push_back(Number(Dyadic::Make(x.num + 1, x.exp)));
  }
  GameId id = Intern(left, right);
  nodes_[id].canonical = true;
  nodes_[id].is_number = true;
  nodes_[id].number = x;
  return id;
}

GameId GameArena::Number(Dyadic x) {
  if (!x.Fits()) throw CgtRefusal(absl::StrCat("number ", x.ToString(), " out of range"));
  if (auto it = numbers_.find(x); it != numbers_.end()) return it->second;
  if (x.IsInteger() && (x.num > 1 || x.num < -1)) {
    // Build the chain from the nearest integer already known.
    int64_t step = x.num > 0 ? -1 : 1;
    int64_t start = x.num;
    while (start != 0 && !numbers_.contains(Dyadic::Integer(start))) start += step;
    if (x.num - start > (int64_t{1} << 22) || start - x.num > (int64_t{1} << 22))
      throw CgtRefusal(absl::StrCat("integer ", x.num, " too large for a canonical form"));
    for (int64_t n = start - step; n != x.num; n -= step) Number(Dyadic::Integer(n));
  }
  GameId id = NumberNode(x);
  Charge(sizeof(Dyadic) + sizeof(GameId) + kMapEntryOverhead);
  numbers_[x] = id;
  return id;
}

GameId GameArena::Nimber(int n) {
  if (n < 0 || n > (1 << 16)) throw CgtRefusal(absl::StrCat("nimber *", n, " out of range"));
  while (static_cast<int>(nimbers_.size()) <= n) {
    std::vector<GameId> options = nimbers_;
    std::vector<GameId> copy = options;
    GameId id = Intern(options, copy);
    nodes_[id].canonical = true;
    MarkUpNim(id, {0, static_cast<int>(nimbers_.size())});
    nimbers_.push_back(id);
  }
  return nimbers_[n];
}

// MCGS's up_star forms (cgt_up_star.cpp): up = {0 | *}, up* = {0,* | 0},
// n.up = {0 | (n-1).up*}, n.up* = {0 | (n-1).up} for n >= 2, downs mirrored.
GameId GameArena::UpStarForm(int n, bool star) {
  if (n > 4096 || n < -4096) throw CgtRefusal(absl::StrCat("up multiple ", n, " out of range"));
  if (n < 0) return Negate(UpStarForm(-n, star));
  const GameId s = Nimber(1);
  if (n == 0) return star ? s : kZero;
  GameId plain = Form({kZero}, {s});        // 1.up
  GameId starred = Form({kZero, s}, {kZero});  // 1.up*
  for (int k = 2; k <= n; ++k) {
    GameId next_plain = Form({kZero}, {starred});
    GameId next_star = Form({kZero}, {plain});
    plain = next_plain;
    starred = next_star;
  }
  return star ? starred : plain;
}

GameId GameArena::UpStar(int n, bool star) {
  const GameId g = Canonical(UpStarForm(n, star));
  MarkUpNim(g, {n, star ? 1 : 0});
  return g;
}

GameId GameArena::UpNimber(int n, int m) {
  if (m < 0 || m > (1 << 16)) throw CgtRefusal(absl::StrCat("nimber *", m, " out of range"));
  if (n == 0) return Nimber(m);
  // n.up + *m = (n.up + *(m&1)) + *(m&~1); the sum of two canonical forms.
  const GameId g = Sum(UpStar(n, (m & 1) != 0), Nimber(m & ~1));
  MarkUpNim(g, {n, m});
  return g;
}

void GameArena::MarkUpNim(GameId g, UpNim v) {
  if (g == kZero || up_nim_.contains(g)) return;
  Charge(sizeof(GameId) + sizeof(UpNim) + kMapEntryOverhead);
  up_nim_[g] = v;
}

std::optional<GameArena::UpNim> GameArena::UpNimValue(GameId g) const {
  if (auto it = up_nim_.find(g); it != up_nim_.end()) return it->second;
  return std::nullopt;
}

void GameArena::MarkCanonical(GameId g) { nodes_[g].canonical = true; }

std::optional<GameId> GameArena::SimplestNumberForm(const std::vector<GameId>& left,
                                                    const std::vector<GameId>& right) {
  std::optional<Dyadic> lo, hi;
  for (GameId l : left) {
    if (!nodes_[l].is_number) return std::nullopt;
    if (!lo || *lo < nodes_[l].number) lo = nodes_[l].number;
  }
  for (GameId r : right) {
    if (!nodes_[r].is_number) return std::nullopt;
    if (!hi || nodes_[r].number < *hi) hi = nodes_[r].number;
  }
  if (lo && hi && !(*lo < *hi)) return std::nullopt;
  return Number(Simplest(lo, hi));
}

// One reversible option bypassed, if there is one (true); a Left option x
// reverses through x^R <= G, and is replaced by x^R's Left options.
bool GameArena::Bypass(std::vector<GameId>& left, std::vector<GameId>& right) {
  GameId g = Intern(left, right);
  for (size_t i = 0; i < left.size(); ++i) {
    for (GameId xr : Right(left[i])) {
      if (!Leq(xr, g)) continue;
      std::vector<GameId> next(left.begin(), left.end());
      next.erase(next.begin() + static_cast<ptrdiff_t>(i));
      for (GameId y : Left(xr)) next.push_back(y);
      SortUnique(next);
      left = std::move(next);
      return true;
    }
  }
  for (size_t i = 0; i < right.size(); ++i) {
    for (GameId xl : Left(right[i])) {
      if (!Leq(g, xl)) continue;
      std::vector<GameId> next(right.begin(), right.end());
      next.erase(next.begin() + static_cast<ptrdiff_t>(i));
      for (GameId y : Right(xl)) next.push_back(y);
      SortUnique(next);
      right = std::move(next);
      return true;
    }
  }
  return false;
}

GameId GameArena::MakeCanonical(std::vector<GameId> left, std::vector<GameId> right) {
  SortUnique(left);
  SortUnique(right);
  while (true) {
    if (auto number = SimplestNumberForm(left, right)) return *number;
    // Dominated options: a Left option below another, a Right option above another.
    auto prune = [&](std::vector<GameId>& side, bool is_left) {
      std::vector<GameId> kept;
      for (size_t i = 0; i < side.size(); ++i) {
        bool dominated = false;
        for (size_t j = 0; j < side.size() && !dominated; ++j) {
          if (i == j) continue;
          dominated = is_left ? Leq(side[i], side[j]) : Leq(side[j], side[i]);
          // Equal values (possible only for non-canonical inputs): keep the first.
          if (dominated && j > i && (is_left ? Leq(side[j], side[i]) : Leq(side[i], side[j])))
            dominated = false;
        }
        if (!dominated) kept.push_back(side[i]);
      }
      side = std::move(kept);
    };
    prune(left, true);
    prune(right, false);
    if (!Bypass(left, right)) {
      // Pruning alone can leave only numbers ({*, 1, -1 |} is {1 |} = 2).
      if (auto number = SimplestNumberForm(left, right)) return *number;
      break;
    }
  }
  GameId id = Intern(left, right);
  MarkCanonical(id);
  return id;
}

GameId GameArena::Canonical(GameId form) {
  if (nodes_[form].canonical) return form;
  if (auto it = canonical_.find(form); it != canonical_.end()) return it->second;
  std::vector<GameId> left, right;
  for (GameId l : Options(form, kLeftSide)) left.push_back(Canonical(l));
  for (GameId r : Options(form, kRightSide)) right.push_back(Canonical(r));
  GameId c = MakeCanonical(std::move(left), std::move(right));
  Charge(2 * sizeof(GameId) + kMapEntryOverhead);
  canonical_[form] = c;
  return c;
}

bool GameArena::Leq(GameId a, GameId b) {
  if (a == b) return true;
  const Node& na = nodes_[a];
  const Node& nb = nodes_[b];
  if (na.is_number && nb.is_number) return na.number <= nb.number;
  const uint64_t key = PairKey(a, b);
  if (auto it = leq_.find(key); it != leq_.end()) return it->second;
  // a <= b unless some a^L >= b or some b^R <= a.
  bool result = true;
  for (GameId al : Left(a))
    if (Leq(b, al)) {
      result = false;
      break;
    }
  if (result)
    for (GameId br : Right(b))
      if (Leq(br, a)) {
        result = false;
        break;
      }
  Charge(sizeof(uint64_t) + 1 + kMapEntryOverhead);
  leq_[key] = result;
  return result;
}

GameId GameArena::Negate(GameId g) {
  if (g == kZero) return g;
  if (nodes_[g].is_number) return Number(-nodes_[g].number);
  if (auto it = negate_.find(g); it != negate_.end()) return it->second;
  std::vector<GameId> left, right;
  for (GameId r : Options(g, kRightSide)) left.push_back(Negate(r));
  for (GameId l : Options(g, kLeftSide)) right.push_back(Negate(l));
  SortUnique(left);
  SortUnique(right);
  GameId n = Intern(left, right);
  if (nodes_[g].canonical) MarkCanonical(n);
  if (auto v = UpNimValue(g)) MarkUpNim(n, {-v->ups, v->nim});
  Charge(2 * (2 * sizeof(GameId) + kMapEntryOverhead));
  negate_[g] = n;
  negate_[n] = g;
  return n;
}

GameId GameArena::Sum(GameId a, GameId b) {
  if (a == kZero) return b;
  if (b == kZero) return a;
  if (nodes_[a].is_number && nodes_[b].is_number) {
    Dyadic x = nodes_[a].number, y = nodes_[b].number;
    if (!x.Fits() || !y.Fits() || x.exp > Dyadic::kMaxExp - 1)
      throw CgtRefusal("number out of range in a sum");
    return Number(x + y);
  }
  if (a > b) std::swap(a, b);
  const uint64_t key = PairKey(a, b);
  if (auto it = sum_.find(key); it != sum_.end()) return it->second;
  std::vector<GameId> left, right;
  // Number translation: G + x = {G^L + x | G^R + x} when x is a number and G
  // is not; no move in a number is ever needed.
  const bool a_number = nodes_[a].is_number, b_number = nodes_[b].is_number;
  if (!a_number) {
    for (GameId l : Options(a, kLeftSide)) left.push_back(Sum(l, b));
    for (GameId r : Options(a, kRightSide)) right.push_back(Sum(r, b));
  }
  if (!b_number) {
    for (GameId l : Options(b, kLeftSide)) left.push_back(Sum(a, l));
    for (GameId r : Options(b, kRightSide)) right.push_back(Sum(a, r));
  }
  GameId s = MakeCanonical(std::move(left), std::move(right));
  Charge(sizeof(uint64_t) + sizeof(GameId) + kMapEntryOverhead);
  sum_[key] = s;
  return s;
}

Outcome GameArena::OutcomeOf(GameId g) {
  const bool left_first = LeftWinsMovingFirst(g);
  const bool right_first = RightWinsMovingFirst(g);
  if (left_first && right_first) return Outcome::kNext;
  if (left_first) return Outcome::kLeft;
  if (right_first) return Outcome::kRight;
  return Outcome::kPrevious;
}

int GameArena::NimValue(GameId form) {
  if (form == kZero) return 0;
  if (auto it = nim_.find(form); it != nim_.end()) return it->second;
  std::vector<int> seen;
  for (GameId o : Left(form)) seen.push_back(NimValue(o));
  for (GameId o : Right(form)) seen.push_back(NimValue(o));
  std::sort(seen.begin(), seen.end());
  int mex = 0;
  for (int v : seen)
    if (v == mex) ++mex;
    else if (v > mex) break;
  Charge(2 * sizeof(GameId) + kMapEntryOverhead);
  nim_[form] = mex;
  return mex;
}

int GameArena::Birthday(GameId g) {
  if (g == kZero) return 0;
  if (auto it = birthday_.find(g); it != birthday_.end()) return it->second;
  int b = 0;
  for (GameId o : Left(g)) b = std::max(b, Birthday(o) + 1);
  for (GameId o : Right(g)) b = std::max(b, Birthday(o) + 1);
  Charge(2 * sizeof(GameId) + kMapEntryOverhead);
  birthday_[g] = b;
  return b;
}

}  // namespace gamebench::cgt
