#ifndef GAMEBENCH_GAMES_HEAP_GAME_H_
#define GAMEBENCH_GAMES_HEAP_GAME_H_

// Heap games: the refinement of the game concept that the Sprague–Grundy
// solver (solvers/grundy.h), the nim-sequence engine (solvers/nim_sequence.h)
// and `sum(...)` (games/sum/sum.h) use.
//
// A heap game is an impartial game whose position is a multiset of heaps, and
// where a move replaces one heap by at most two smaller heaps according to a
// rule that depends only on that heap's size (a `HeapRule`). A position may
// hold several components, each with its own rule (a sum); a plain heap game
// has one component. Members, REQUIRED unless marked OPTIONAL:
//
//   REQUIRED  static constexpr bool kImpartial = true        (core/game.h)
//   REQUIRED  int NumComponents() const
//             How many components (rules) a position has; 1 for a plain game.
//   REQUIRED  const HeapRule& Rule(int c) const
//             The rule of component c in [0, NumComponents()): the options of
//             one heap of that component. The Grundy value of a heap of size h
//             is the h-th term of the rule's nim-sequence.
//   REQUIRED  std::vector<int> Heaps(const State&, int c) const
//             The non-empty heaps of component c in a position (any order).
//             The game's value under normal play is the xor over every
//             component and heap of the nim-sequence terms.
//   REQUIRED  bool misere() const
//             true when the last mover loses. The Sprague–Grundy sum rule
//             holds for normal play only; the solver knows misère Nim and
//             falls back to search otherwise.
//   OPTIONAL  the octal code: Rule(c).code_length() >= 0 means the rule is the
//             finite octal code Rule(c).digits(), and the nim-sequence engine
//             may prove its period by the octal periodicity theorem.
//
// This header also holds `HeapSystem`, the shared implementation of the
// multiset-of-heaps games (kayles, octal, grundy_game, sum): the game members
// of core/game.h except the catalog statics (kName, kDescription, Params,
// FromSpec, CanonicalSpec), which each game adds.

#include <algorithm>
#include <array>
#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "core/game.h"

namespace gamebench {

// The options of one heap. Most rules are octal: removing k >= 1 tokens is
// allowed as digit d_k says: bit 1 when that takes the whole heap, bit 2 when
// it leaves one non-empty heap, bit 4 when it leaves two non-empty heaps.
// Besides finite octal codes there are the infinite rules of Nim (every k,
// digit 3), subtraction of a prime (digit 3 at every prime k) and Grundy's
// game (no removal: split a heap into two unequal non-empty heaps).
class HeapRule {
 public:
  enum class Kind : uint8_t { kOctal, kNim, kPrimes, kGrundy };
  static constexpr int kMaxCodeDigits = 4096;

  // "0.d1d2...dt": digits 0..7, at least one, and at least one non-zero.
  static absl::StatusOr<HeapRule> ParseOctal(absl::string_view code) {
    absl::string_view digits = absl::StripAsciiWhitespace(code);
    if (!absl::ConsumePrefix(&digits, "0.") && !absl::ConsumePrefix(&digits, "."))
      return absl::InvalidArgumentError(
          absl::StrCat("octal code '", code, "': expected the form 0.d1d2... (digits 0-7)"));
    if (digits.empty())
      return absl::InvalidArgumentError(absl::StrCat("octal code '", code, "': no digits"));
    if (digits.size() > kMaxCodeDigits)
      return absl::InvalidArgumentError(
          absl::StrCat("octal code '", code, "': more than ", kMaxCodeDigits, " digits"));
    std::vector<uint8_t> d = {0};
    for (char c : digits) {
      if (c < '0' || c > '7')
        return absl::InvalidArgumentError(absl::StrCat(
            "octal code '", code, "': '", std::string(1, c), "' is not an octal digit (0-7)"));
      d.push_back(static_cast<uint8_t>(c - '0'));
    }
    while (d.size() > 1 && d.back() == 0) d.pop_back();
    if (d.size() == 1)
      return absl::InvalidArgumentError(
          absl::StrCat("octal code '", code, "' allows no move (every digit is 0)"));
    return HeapRule(Kind::kOctal, std::move(d));
  }
  // Subtraction of any k in `set` (each >= 1): the octal code with d_k = 3.
  static HeapRule Subtraction(const std::vector<int>& set) {
    int t = 0;
    for (int k : set) t = std::max(t, k);
    std::vector<uint8_t> d(t + 1, 0);
    for (int k : set) d[k] = 3;
    return HeapRule(Kind::kOctal, std::move(d));
  }
  static HeapRule Nim() { return HeapRule(Kind::kNim, {0}); }
  static HeapRule Primes() { return HeapRule(Kind::kPrimes, {0}); }
  static HeapRule Grundy() { return HeapRule(Kind::kGrundy, {0}); }

  Kind kind() const { return kind_; }
  // The octal digits d_0..d_t (d_0 = 0) of a finite code.
  const std::vector<uint8_t>& digits() const { return digits_; }
  // t, the position of the last non-zero digit, for a finite octal code; -1
  // for the infinite rules.
  int code_length() const {
    return kind_ == Kind::kOctal ? static_cast<int>(digits_.size()) - 1 : -1;
  }

  static bool IsPrime(int64_t k) {
    if (k < 2) return false;
    for (int64_t d = 2; d * d <= k; ++d)
      if (k % d == 0) return false;
    return true;
  }

  // The digit for removing k >= 1 tokens.
  uint8_t Digit(int64_t k) const {
    switch (kind_) {
      case Kind::kOctal:
        return k < static_cast<int64_t>(digits_.size()) ? digits_[k] : 0;
      case Kind::kNim:
        return 3;
      case Kind::kPrimes:
        return IsPrime(k) ? 3 : 0;
      case Kind::kGrundy:
        return 0;
    }
    return 0;
  }
  // Whether some option splits a heap in two (the costly part of a mex).
  bool HasSplit() const {
    if (kind_ == Kind::kGrundy) return true;
    for (uint8_t d : digits_)
      if (d & 4) return true;
    return false;
  }

  // Calls fn(a, b) for every option of a heap of h: the heaps left, a >= b,
  // b == 0 when at most one heap is left, a == b == 0 when none. Each option
  // once (different removals leave different totals).
  template <typename Fn>
  void ForEachOption(int h, Fn&& fn) const {
    if (kind_ == Kind::kGrundy) {
      for (int b = 1; b < h - b; ++b) fn(h - b, b);
      return;
    }
    const int kmax = kind_ == Kind::kOctal ? std::min(h, code_length()) : h;
    for (int k = 1; k <= kmax; ++k) {
      const uint8_t d = Digit(k);
      if (d == 0) continue;
      if ((d & 1) && k == h) fn(0, 0);
      if ((d & 2) && k < h) fn(h - k, 0);
      if (d & 4) {
        const int m = h - k;
        for (int b = 1; b <= m - b; ++b) fn(m - b, b);
      }
    }
  }

  bool HasOption(int h) const {
    if (kind_ == Kind::kGrundy) return h >= 3;
    if (kind_ == Kind::kNim) return h >= 1;
    if (kind_ == Kind::kPrimes) return h >= 2;
    const int kmax = std::min(h, code_length());
    for (int k = 1; k <= kmax; ++k) {
      const uint8_t d = digits_[k];
      if (((d & 1) && k == h) || ((d & 2) && k < h) || ((d & 4) && h - k >= 2)) return true;
    }
    return false;
  }

  // Whether (a, b) (in either order; zeros for no heap) is an option of h.
  bool IsOption(int h, int a, int b) const {
    if (a < b) std::swap(a, b);
    if (b < 0 || h < 1 || a + b > h) return false;
    if (kind_ == Kind::kGrundy) return b >= 1 && a > b && a + b == h;
    const int k = h - a - b;
    if (k < 1) return false;
    const uint8_t d = Digit(k);
    if (a == 0) return (d & 1) && k == h;
    if (b == 0) return (d & 2) != 0;
    return (d & 4) != 0;
  }

  // The rule's name in results: the octal code, "nim", "primes", "grundy".
  std::string Name() const {
    switch (kind_) {
      case Kind::kOctal: {
        std::string s = "0.";
        for (size_t k = 1; k < digits_.size(); ++k) s += static_cast<char>('0' + digits_[k]);
        return s;
      }
      case Kind::kNim:
        return "nim";
      case Kind::kPrimes:
        return "primes";
      case Kind::kGrundy:
        return "grundy";
    }
    return "";
  }

  bool operator==(const HeapRule&) const = default;

 private:
  HeapRule(Kind kind, std::vector<uint8_t> digits) : kind_(kind), digits_(std::move(digits)) {}

  Kind kind_;
  std::vector<uint8_t> digits_;
};

template <typename G>
concept HeapGame = Impartial<G> && requires(const G& g, const typename G::State& s, int c) {
  { g.NumComponents() } -> std::convertible_to<int>;
  { g.Rule(c) } -> std::convertible_to<const HeapRule&>;
  { g.Heaps(s, c) } -> std::same_as<std::vector<int>>;
  { g.misere() } -> std::convertible_to<bool>;
};

// Shared implementation of the multiset-of-heaps games (see the top).
//
// State: up to kMaxHeaps heaps of up to 65535 tokens and up to kMaxComponents
// components; the heaps of each component are sorted in decreasing order, and
// the components are laid out one after another, so equal positions have
// equal states. Construction rejects a start from which play could need more
// than kMaxHeaps heaps, or more than kMaxMoves moves in one position.
// Key: exact (a unary code of the heaps) when the start's tokens plus its
// bound on heaps fit in 64 bits, otherwise a 64-bit hash.
// Text of a position: each component's heaps, largest first, separated by
// ';' ("0" for none); components separated by " | ". Text of a move:
// "h>a+b" (a heap of h becomes heaps a and b), "h>a" (one heap left), "h>0"
// (none left); in a game of several components it starts with the
// component's number: "2:7>3+3".
class HeapSystem {
 public:
  static constexpr int kMaxHeaps = 16;
  static constexpr int kMaxComponents = 8;
  static constexpr int kMaxHeapSize = 65535;
  static constexpr int kMaxMoves = 1024;
  static constexpr bool kScored = false;
  static constexpr bool kImpartial = true;

  struct State {
    std::array<uint16_t, kMaxHeaps> heaps{};
    std::array<uint8_t, kMaxComponents> count{};
    bool operator==(const State&) const = default;
  };
  // Component (8 bits), heap (16), the heaps left a >= b (16 each).
  using Move = uint64_t;
  static Move MakeMove(int c, int h, int a, int b) {
    return static_cast<uint64_t>(c) << 48 | static_cast<uint64_t>(h) << 32 |
           static_cast<uint64_t>(a) << 16 | static_cast<uint64_t>(b);
  }
  static int MoveComponent(Move m) { return static_cast<int>(m >> 48); }
  static int MoveHeap(Move m) { return static_cast<int>((m >> 32) & 0xFFFF); }
  static int MoveA(Move m) { return static_cast<int>((m >> 16) & 0xFFFF); }
  static int MoveB(Move m) { return static_cast<int>(m & 0xFFFF); }

  // One component: its rule and its start heaps. `what` names it in errors.
  struct ComponentSpec {
    HeapRule rule;
    std::vector<int> heaps;
    std::string what;
  };

  static absl::StatusOr<HeapSystem> Make(std::vector<ComponentSpec> components, bool misere) {
    if (components.empty() || static_cast<int>(components.size()) > kMaxComponents)
      return absl::InvalidArgumentError(absl::StrCat("a sum takes 1 to ", kMaxComponents,
                                                     " components, not ", components.size()));
    HeapSystem sys;
    sys.misere_ = misere;
    int total_heaps = 0, total_moves = 0, key_bits = 0;
    for (size_t c = 0; c < components.size(); ++c) {
      ComponentSpec& spec = components[c];
      Component comp{spec.rule, 0, 0, {}};
      for (int h : spec.heaps) {
        comp.start_heaps += h > 0;
        if (h < 0 || h > kMaxHeapSize)
          return absl::OutOfRangeError(
              absl::StrCat(spec.what, ": heap ", h, " out of range [0, ", kMaxHeapSize, "]"));
        comp.total += h;
      }
      // How many heaps play can reach, and how many moves one position can
      // have: both grow with the tokens, so the start's total bounds them.
      auto st = comp.ComputeBounds(kMaxHeaps - total_heaps + 1);
      if (!st.ok()) return absl::InvalidArgumentError(absl::StrCat(spec.what, ": ", st.message()));
      int heaps_needed = 0;
      for (int h : spec.heaps) heaps_needed += comp.MaxHeaps(h);
      total_heaps += heaps_needed;
      if (total_heaps > kMaxHeaps)
        return absl::OutOfRangeError(absl::StrCat(
            spec.what, ": play can reach more than ", kMaxHeaps,
            " heaps in all; use fewer tokens (the state holds at most ", kMaxHeaps, " heaps)"));
      total_moves += comp.max_moves;
      if (total_moves > kMaxMoves)
        return absl::OutOfRangeError(absl::StrCat(spec.what, ": positions could have more than ",
                                                  kMaxMoves, " moves; use fewer tokens"));
      key_bits += comp.total + heaps_needed + 1;
      sys.components_.push_back(std::move(comp));
      for (int h : spec.heaps)
        if (h > 0) sys.start_ = Insert(sys.start_, static_cast<int>(c), h);
    }
    sys.exact_key_ = key_bits <= 64;
    return sys;
  }

  // The heap-game refinement.
  int NumComponents() const { return static_cast<int>(components_.size()); }
  const HeapRule& Rule(int c) const { return components_[c].rule; }
  std::vector<int> Heaps(const State& s, int c) const {
    int begin = Begin(s, c);
    return std::vector<int>(s.heaps.begin() + begin, s.heaps.begin() + begin + s.count[c]);
  }
  bool misere() const { return misere_; }
  bool exact_key() const { return exact_key_; }

  Score MinScore() const { return kLossScore; }
  Score MaxScore() const { return kWinScore; }
  State Start() const { return start_; }

  std::optional<Score> Terminal(const State& s) const {
    int i = 0;
    for (int c = 0; c < NumComponents(); ++c)
      for (int j = 0; j < s.count[c]; ++j, ++i)
        if (components_[c].rule.HasOption(s.heaps[i])) return std::nullopt;
    // No move: under normal play the player to move has lost.
    return misere_ ? kWinScore : kLossScore;
  }

  void GenerateMoves(const State& s, MoveList<Move, kMaxMoves>& moves) const {
    int i = 0;
    for (int c = 0; c < NumComponents(); ++c) {
      for (int j = 0; j < s.count[c]; ++j, ++i) {
        const int h = s.heaps[i];
        if (j > 0 && s.heaps[i - 1] == h) continue;  // equal heaps: the same moves
        components_[c].rule.ForEachOption(
            h, [&](int a, int b) { moves.push_back(MakeMove(c, h, a, b)); });
      }
    }
  }

  State Play(const State& s, Move m) const {
    const int c = MoveComponent(m);
    State t = Erase(s, c, MoveHeap(m));
    if (MoveA(m) > 0) t = Insert(t, c, MoveA(m));
    if (MoveB(m) > 0) t = Insert(t, c, MoveB(m));
    return t;
  }

  uint64_t Key(const State& s) const {
    if (exact_key_) {
      // Unary code: each heap h as h ones and a zero; an extra zero ends a
      // component. Injective, and fits in 64 bits by construction.
      uint64_t key = 0;
      int i = 0;
      for (int c = 0; c < NumComponents(); ++c) {
        for (int j = 0; j < s.count[c]; ++j, ++i) {
          const int h = s.heaps[i];
          key = (key << (h + 1)) | (((uint64_t{1} << h) - 1) << 1);
        }
        key <<= 1;
      }
      return key;
    }
    uint64_t key = 0x9E3779B97F4A7C15ull;
    int i = 0;
    for (int c = 0; c < NumComponents(); ++c) {
      key = Mix(key ^ (0x10000ull + s.count[c]));
      for (int j = 0; j < s.count[c]; ++j, ++i) key = Mix(key ^ s.heaps[i]);
    }
    return key;
  }

  std::string FormatState(const State& s) const {
    std::vector<std::string> parts;
    int i = 0;
    for (int c = 0; c < NumComponents(); ++c) {
      if (s.count[c] == 0) {
        parts.push_back("0");
        continue;
      }
      parts.push_back(absl::StrJoin(s.heaps.begin() + i, s.heaps.begin() + i + s.count[c], ";"));
      i += s.count[c];
    }
    return absl::StrJoin(parts, " | ");
  }

  absl::StatusOr<State> ParseState(absl::string_view text) const {
    std::vector<absl::string_view> parts = absl::StrSplit(text, '|');
    if (static_cast<int>(parts.size()) != NumComponents())
      return absl::InvalidArgumentError(
          absl::StrCat("position '", text, "': expected ", NumComponents(),
                       " component(s) separated by '|', each heap sizes separated by ';'"));
    State s;
    int heaps_needed = 0;
    for (int c = 0; c < NumComponents(); ++c) {
      int total = 0;
      for (absl::string_view item : absl::StrSplit(parts[c], ';')) {
        auto h = ParseInt(item, 0, kMaxHeapSize, absl::StrCat("position '", text, "': heap"));
        if (!h.ok()) return h.status();
        if (*h == 0) continue;
        total += static_cast<int>(*h);
        if (!components_[c].rule.HasSplit() && s.count[c] >= components_[c].start_heaps)
          return absl::InvalidArgumentError(
              absl::StrCat("position '", text, "': more heaps than the start's ",
                           components_[c].start_heaps, " (the rule never splits a heap)"));
        if (total > components_[c].total)
          return absl::InvalidArgumentError(
              absl::StrCat("position '", text, "': more tokens than the start's ",
                           components_[c].total, NumComponents() > 1 ? " in a component" : ""));
        heaps_needed += components_[c].MaxHeaps(static_cast<int>(*h));
        if (heaps_needed > kMaxHeaps)
          return absl::InvalidArgumentError(absl::StrCat(
              "position '", text, "': play could need more than ", kMaxHeaps, " heaps"));
        s = Insert(s, c, static_cast<int>(*h));
      }
    }
    return s;
  }

  std::string FormatMove(const State&, Move m) const {
    std::string prefix = NumComponents() > 1 ? absl::StrCat(MoveComponent(m) + 1, ":") : "";
    std::string left =
        MoveB(m) > 0 ? absl::StrCat(MoveA(m), "+", MoveB(m)) : absl::StrCat(MoveA(m));
    return absl::StrCat(prefix, MoveHeap(m), ">", left);
  }

  absl::StatusOr<Move> ParseMove(const State& s, absl::string_view text) const {
    auto bad = [&](absl::string_view why) {
      return absl::InvalidArgumentError(absl::StrCat("move '", text, "': ", why));
    };
    absl::string_view rest = text;
    int c = 0;
    if (NumComponents() > 1) {
      size_t colon = rest.find(':');
      if (colon == absl::string_view::npos) return bad("expected <component>:<heap>><left>");
      auto cc = ParseInt(rest.substr(0, colon), 1, NumComponents(), "move: component");
      if (!cc.ok()) return cc.status();
      c = static_cast<int>(*cc) - 1;
      rest = rest.substr(colon + 1);
    }
    std::vector<absl::string_view> sides = absl::StrSplit(rest, '>');
    if (sides.size() != 2) return bad("expected <heap>><a>[+<b>]");
    auto h = ParseInt(sides[0], 1, kMaxHeapSize, "move: heap");
    if (!h.ok()) return h.status();
    std::vector<absl::string_view> left = absl::StrSplit(sides[1], '+');
    if (left.size() > 2) return bad("at most two heaps are left");
    auto a = ParseInt(left[0], 0, kMaxHeapSize, "move: heap left");
    if (!a.ok()) return a.status();
    int64_t b = 0;
    if (left.size() == 2) {
      auto bb = ParseInt(left[1], 1, kMaxHeapSize, "move: heap left");
      if (!bb.ok()) return bb.status();
      b = *bb;
      if (*a == 0) return bad("a heap left cannot be empty");
    }
    int ai = static_cast<int>(*a), bi = static_cast<int>(b);
    if (ai < bi) std::swap(ai, bi);
    bool present = false;
    for (int x : Heaps(s, c)) present |= x == *h;
    if (!present) return bad(absl::StrCat("there is no heap of ", *h));
    if (!components_[c].rule.IsOption(static_cast<int>(*h), ai, bi))
      return bad("the rule does not allow it");
    return MakeMove(c, static_cast<int>(*h), ai, bi);
  }

 protected:
  HeapSystem() = default;

  // Start heaps of component c (used by CanonicalSpec).
  std::vector<int> StartHeaps(int c) const { return Heaps(start_, c); }
  // The most heaps play from one heap of h in component c can reach.
  int MaxHeapsOf(int c, int h) const { return components_[c].MaxHeaps(h); }
  // A position of component 0 alone from heaps in decreasing order.
  static State FromSortedHeaps(const std::vector<int>& heaps) {
    State s;
    for (size_t i = 0; i < heaps.size(); ++i) s.heaps[i] = static_cast<uint16_t>(heaps[i]);
    s.count[0] = static_cast<uint8_t>(heaps.size());
    return s;
  }

 private:
  struct Component {
    HeapRule rule;
    int total;                   // tokens at the start
    int start_heaps;             // non-empty heaps at the start
    std::vector<uint8_t> heaps;  // heaps[h]: most heaps play from one heap of h reaches
    int max_moves = 0;           // most moves a position of this component has

    int MaxHeaps(int h) const {
      if (!rule.HasSplit()) return h > 0 ? 1 : 0;
      return h < static_cast<int>(heaps.size()) ? heaps[h] : kMaxHeaps + 1;
    }

    // heaps[h] for h <= total (stopping once above `limit`), and max_moves.
    absl::Status ComputeBounds(int limit) {
      if (!rule.HasSplit()) {
        // A heap stays one heap (so a position has at most start_heaps), and
        // has at most one move per removal k <= total.
        int n = 0;
        for (int k = 1; k <= total && n <= kMaxMoves; ++k) n += rule.Digit(k) != 0;
        max_moves = n * start_heaps;
        return absl::OkStatus();
      }
      heaps.assign(1, 0);
      std::vector<int> options(1, 0);
      for (int h = 1; h <= total; ++h) {
        int best = 1, n = 0;
        rule.ForEachOption(h, [&](int a, int b) {
          best = std::max(best, heaps[a] + heaps[b]);
          ++n;
        });
        if (best >= limit)
          return absl::OutOfRangeError(absl::StrCat(
              "a heap of ", h, " can be split into more than ", kMaxHeaps,
              " heaps; use fewer tokens (the state holds at most ", kMaxHeaps, " heaps)"));
        heaps.push_back(static_cast<uint8_t>(best));
        options.push_back(n);
      }
      // Most moves over the multisets of at most `total` tokens (knapsack).
      std::vector<int> best(total + 1, 0);
      for (int s = 1; s <= total; ++s) {
        best[s] = best[s - 1];
        for (int h = 1; h <= s; ++h) best[s] = std::max(best[s], best[s - h] + options[h]);
      }
      max_moves = best[total];
      return absl::OkStatus();
    }
  };

  static uint64_t Mix(uint64_t x) {
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBull;
    return x ^ (x >> 31);
  }

  static int Begin(const State& s, int c) {
    int b = 0;
    for (int i = 0; i < c; ++i) b += s.count[i];
    return b;
  }
  static int Total(const State& s) {
    int n = 0;
    for (uint8_t k : s.count) n += k;
    return n;
  }
  // Inserts a heap into component c, keeping its heaps in decreasing order.
  static State Insert(State s, int c, int h) {
    const int begin = Begin(s, c), end = begin + s.count[c], total = Total(s);
    int pos = begin;
    while (pos < end && s.heaps[pos] >= h) ++pos;
    for (int i = total; i > pos; --i) s.heaps[i] = s.heaps[i - 1];
    s.heaps[pos] = static_cast<uint16_t>(h);
    ++s.count[c];
    return s;
  }
  // Removes one heap of h from component c (it must be there).
  static State Erase(State s, int c, int h) {
    const int begin = Begin(s, c), end = begin + s.count[c], total = Total(s);
    int pos = begin;
    while (pos < end && s.heaps[pos] != h) ++pos;
    for (int i = pos; i + 1 < total; ++i) s.heaps[i] = s.heaps[i + 1];
    s.heaps[total - 1] = 0;
    --s.count[c];
    return s;
  }

  std::vector<Component> components_;
  State start_;
  bool misere_ = false;
  bool exact_key_ = true;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_HEAP_GAME_H_
