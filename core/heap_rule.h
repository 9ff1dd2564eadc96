#ifndef GAMEBENCH_CORE_HEAP_RULE_H_
#define GAMEBENCH_CORE_HEAP_RULE_H_

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
//
// The rule and the concept live in core/ because solvers use them (they know
// only core/); the shared implementation of the heap games, HeapSystem, is
// in games/heap_game.h.

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

}  // namespace gamebench

#endif  // GAMEBENCH_CORE_HEAP_RULE_H_
