#ifndef GAMEBENCH_CGT_DYADIC_H_
#define GAMEBENCH_CGT_DYADIC_H_

// Dyadic rationals num / 2^exp, the numbers of short games, kept reduced
// (num odd or exp == 0), so that equal values have equal fields. Numerators
// are 64-bit: the values of the corpus are small, and an operation whose
// result would not fit is refused by the caller (see Fits()).

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace gamebench::cgt {

struct Dyadic {
  int64_t num = 0;
  int exp = 0;  // denominator 2^exp, 0 <= exp <= kMaxExp

  static constexpr int kMaxExp = 40;
  static constexpr int64_t kMaxAbs = int64_t{1} << 50;

  static Dyadic Make(int64_t num, int exp) {
    while (exp > 0 && (num & 1) == 0) {
      num /= 2;
      --exp;
    }
    return Dyadic{num, exp};
  }
  static Dyadic Integer(int64_t n) { return Dyadic{n, 0}; }
  bool IsInteger() const { return exp == 0; }
  // True when both fields are inside the range every operation here keeps exact.
  bool Fits() const { return exp <= kMaxExp && num < kMaxAbs && num > -kMaxAbs; }

  friend bool operator==(const Dyadic&, const Dyadic&) = default;
  friend Dyadic operator+(Dyadic a, Dyadic b) {
    int e = a.exp > b.exp ? a.exp : b.exp;
    return Make(a.num * (int64_t{1} << (e - a.exp)) + b.num * (int64_t{1} << (e - b.exp)), e);
  }
  friend Dyadic operator-(Dyadic a) { return Dyadic{-a.num, a.exp}; }
  friend Dyadic operator-(Dyadic a, Dyadic b) { return a + (-b); }
  // Three-way comparison by cross-multiplying to the common denominator.
  friend int Compare(Dyadic a, Dyadic b) {
    int e = a.exp > b.exp ? a.exp : b.exp;
    int64_t x = a.num * (int64_t{1} << (e - a.exp));
    int64_t y = b.num * (int64_t{1} << (e - b.exp));
    return x < y ? -1 : x > y ? 1 : 0;
  }
  friend bool operator<(Dyadic a, Dyadic b) { return Compare(a, b) < 0; }
  friend bool operator<=(Dyadic a, Dyadic b) { return Compare(a, b) <= 0; }
  Dyadic Half() const { return Make(num, exp + 1); }

  // "5", "-3/8".
  std::string ToString() const;
  template <typename H>
  friend H AbslHashValue(H h, const Dyadic& d) {
    return H::combine(std::move(h), d.num, d.exp);
  }
};

// Parses "5", "-3/8", "- 3 / 8" (MCGS's fraction: a power-of-two
// denominator; spaces allowed around the parts).
absl::StatusOr<Dyadic> ParseDyadic(absl::string_view text);

// The simplest number strictly between lo and hi (lo < hi): the integer of
// least magnitude if one lies between, else the dyadic of least denominator.
Dyadic SimplestBetween(Dyadic lo, Dyadic hi);

}  // namespace gamebench::cgt

#endif  // GAMEBENCH_CGT_DYADIC_H_
