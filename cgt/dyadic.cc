#include "cgt/dyadic.h"

#include <cctype>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace gamebench::cgt {

std::string Dyadic::ToString() const {
  if (exp == 0) return absl::StrCat(num);
  return absl::StrCat(num, "/", int64_t{1} << exp);
}

absl::StatusOr<Dyadic> ParseDyadic(absl::string_view text) {
  std::string compact;
  for (char c : text)
    if (!absl::ascii_isspace(static_cast<unsigned char>(c))) compact.push_back(c);
  auto bad = [&](absl::string_view why) {
    return absl::InvalidArgumentError(absl::StrCat("bad number '", text, "': ", why));
  };
  if (compact.empty()) return bad("empty");
  absl::string_view s = compact;
  int64_t num = 0, den = 1;
  size_t slash = s.find('/');
  auto parse_int = [](absl::string_view part, int64_t* out) {
    if (part.empty() || part.size() > 15) return false;
    size_t start = part[0] == '-' ? 1 : 0;
    if (start == part.size()) return false;
    for (size_t i = start; i < part.size(); ++i)
      if (!absl::ascii_isdigit(static_cast<unsigned char>(part[i]))) return false;
    return absl::SimpleAtoi(part, out);
  };
  if (!parse_int(s.substr(0, slash), &num)) return bad("not an integer");
  if (slash != absl::string_view::npos) {
    if (!parse_int(s.substr(slash + 1), &den) || den <= 0) return bad("bad denominator");
  }
  int exp = 0;
  while (den > 1 && den % 2 == 0) {
    den /= 2;
    ++exp;
  }
  if (den != 1) return bad("the denominator is not a power of 2");
  if (exp > Dyadic::kMaxExp) return bad("denominator too large");
  Dyadic d = Dyadic::Make(num, exp);
  if (!d.Fits()) return bad("out of range");
  return d;
}

Dyadic SimplestBetween(Dyadic lo, Dyadic hi) {
  // An integer strictly between: the one nearest zero.
  if (Compare(lo, Dyadic::Integer(0)) < 0 && Compare(Dyadic::Integer(0), hi) < 0)
    return Dyadic::Integer(0);
  auto floor_int = [](Dyadic d) {
    int64_t q = d.num >> d.exp;  // arithmetic shift floors
    return q;
  };
  if (Compare(Dyadic::Integer(0), lo) <= 0) {
    int64_t n = floor_int(lo) + 1;
    if (Dyadic::Integer(n) < hi) return Dyadic::Integer(n);
  } else {
    // hi <= 0: the integer just below hi, if above lo.
    int64_t n = -floor_int(-hi) - 1;  // ceil(hi) - 1
    if (lo < Dyadic::Integer(n)) return Dyadic::Integer(n);
  }
  // No integer strictly between: the dyadic of least denominator.
  for (int e = 1; e <= Dyadic::kMaxExp + 1; ++e) {
    // The least multiple of 2^-e above lo.
    Dyadic scaled = Dyadic::Make(lo.num, lo.exp);
    int64_t k;
    if (scaled.exp <= e) {
      k = scaled.num * (int64_t{1} << (e - scaled.exp)) + 1;
    } else {
      k = (scaled.num >> (scaled.exp - e)) + 1;
    }
    Dyadic candidate = Dyadic::Make(k, e);
    if (candidate < hi) return candidate;
  }
  return lo;  // unreachable for lo < hi inside the range
}

}  // namespace gamebench::cgt
