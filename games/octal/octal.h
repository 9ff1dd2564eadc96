#ifndef GAMEBENCH_GAMES_OCTAL_OCTAL_H_
#define GAMEBENCH_GAMES_OCTAL_OCTAL_H_

// Octal games: one heap of n tokens and the octal code 0.d1d2...dt (digits
// 0-7): removing k tokens from a heap is allowed when d_k has bit 1 (taking
// the whole heap), bit 2 (leaving one non-empty heap) or bit 4 (leaving two
// non-empty heaps). Kayles is 0.77, Dawson's Kayles 0.07, Dawson's chess
// 0.137. Last mover wins. Spec: octal(code=0.77,n=10).
//
// Positions, moves and keys as in games/heap_game.h (HeapSystem). n may be up
// to 65535 when the code never splits a heap; otherwise play must stay within
// 16 heaps, which bounds n (e.g. n <= 31 for 0.77).

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "games/heap_game.h"
#include "games/heap_spec.h"

namespace gamebench {

class Octal : public HeapSystem {
 public:
  static constexpr absl::string_view kName = "octal";
  static constexpr absl::string_view kDescription =
      "octal game 0.d1d2...: remove k tokens as digit d_k allows (1 whole, 2 leave one heap, "
      "4 leave two)";

  static std::vector<ParamInfo> Params() {
    return {{"code", "0.77", "octal code 0.d1d2... (digits 0-7, not all 0)"},
            {"n", "10", "tokens in the heap, 0..65535 (fewer when the code splits heaps)"}};
  }

  static absl::StatusOr<Octal> FromSpec(const Spec& spec) {
    ParamReader r(spec);
    std::string code = r.Text("code", "0.77");
    auto n = r.Int("n", 10, 0, kMaxHeapSize);
    if (!n.ok()) return n.status();
    if (auto st = r.Finish(); !st.ok()) return st;
    auto rule = HeapRule::ParseOctal(code);
    if (!rule.ok())
      return absl::InvalidArgumentError(absl::StrCat("octal: ", rule.status().message()));
    auto sys = HeapSystem::Make({{*rule, {static_cast<int>(*n)}, "octal"}}, false);
    if (!sys.ok()) return sys.status();
    return Octal(*std::move(sys), static_cast<int>(*n));
  }

  // For the Sprague–Grundy solver: any n up to 2^63 - 1 (games/heap_spec.h).
  static absl::StatusOr<HeapGameSpec> HeapSpecFromSpec(const Spec& spec) {
    ParamReader r(spec);
    std::string code = r.Text("code", "0.77");
    auto n = r.Int("n", 10, 0, HeapGameSpec::kMaxHeap);
    if (!n.ok()) return n.status();
    if (auto st = r.Finish(); !st.ok()) return st;
    auto rule = HeapRule::ParseOctal(code);
    if (!rule.ok())
      return absl::InvalidArgumentError(absl::StrCat("octal: ", rule.status().message()));
    std::string canonical = absl::StrCat("octal(code=", rule->Name(), ",n=", *n, ")");
    return HeapGameSpec{{{*std::move(rule), {*n}}}, false, HeapGameSpec::Style::kHeapSystem,
                        std::move(canonical)};
  }

  std::string CanonicalSpec() const {
    return absl::StrCat("octal(code=", Rule(0).Name(), ",n=", n_, ")");
  }
  int n() const { return n_; }

 private:
  Octal(HeapSystem sys, int n) : HeapSystem(std::move(sys)), n_(n) {}
  int n_;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_OCTAL_OCTAL_H_
