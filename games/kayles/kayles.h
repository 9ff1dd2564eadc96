#ifndef GAMEBENCH_GAMES_KAYLES_KAYLES_H_
#define GAMEBENCH_GAMES_KAYLES_KAYLES_H_

// Kayles: a row of n pins (the seed text's row of minuses); a move knocks
// down one pin or two adjacent pins, which may split a row in two; the last
// mover wins. It is the octal game 0.77. Spec: kayles(n=10).
//
// A position is the multiset of rows left (games/heap_game.h, HeapSystem):
// text "5;3" for rows of 5 and 3 pins, "0" for none. A move "7>3+3" knocks
// down the middle pin of a row of 7; "8>3+3" the middle two of a row of 8;
// "7>6" an end pin. n <= 31, so at most 16 rows ever stand, and the key (a
// unary code of the rows) is exact.

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "games/heap_game.h"

namespace gamebench {

class Kayles : public HeapSystem {
 public:
  static constexpr absl::string_view kName = "kayles";
  static constexpr absl::string_view kDescription =
      "Kayles (octal 0.77): knock down one pin or two adjacent pins of a row; last mover wins";
  static constexpr int kMaxPins = 31;

  static std::vector<ParamInfo> Params() { return {{"n", "10", "pins in the row, 0..31"}}; }

  static absl::StatusOr<Kayles> FromSpec(const Spec& spec) {
    ParamReader r(spec);
    auto n = r.Int("n", 10, 0, kMaxPins);
    if (!n.ok()) return n.status();
    if (auto st = r.Finish(); !st.ok()) return st;
    auto rule = HeapRule::ParseOctal("0.77");
    if (!rule.ok()) return rule.status();
    auto sys = HeapSystem::Make({{*rule, {static_cast<int>(*n)}, "kayles"}}, false);
    if (!sys.ok()) return sys.status();
    return Kayles(*std::move(sys), static_cast<int>(*n));
  }

  std::string CanonicalSpec() const { return absl::StrCat("kayles(n=", n_, ")"); }
  int n() const { return n_; }

 private:
  Kayles(HeapSystem sys, int n) : HeapSystem(std::move(sys)), n_(n) {}
  int n_;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_KAYLES_KAYLES_H_
