#ifndef GAMEBENCH_GAMES_GRUNDY_GAME_GRUNDY_GAME_H_
#define GAMEBENCH_GAMES_GRUNDY_GAME_GRUNDY_GAME_H_

// Grundy's game: one heap of n tokens; a move splits one heap into two
// unequal non-empty heaps; the last mover wins. Spec: grundy_game(n=10).
//
// Positions, moves and keys as in games/heap_game.h (HeapSystem): a move
// "7>4+3" splits a heap of 7 into 4 and 3. Play must stay within 16 heaps,
// which bounds n (n <= 17: a heap of n can become n - 1 heaps).

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "games/heap_game.h"
#include "games/heap_spec.h"

namespace gamebench {

class GrundyGame : public HeapSystem {
 public:
  static constexpr absl::string_view kName = "grundy_game";
  static constexpr absl::string_view kDescription =
      "Grundy's game: split one heap into two unequal non-empty heaps; last mover wins";

  static std::vector<ParamInfo> Params() {
    return {{"n", "10", "tokens in the heap (play must stay within 16 heaps: n <= 17)"}};
  }

  static absl::StatusOr<GrundyGame> FromSpec(const Spec& spec) {
    ParamReader r(spec);
    auto n = r.Int("n", 10, 0, kMaxHeapSize);
    if (!n.ok()) return n.status();
    if (auto st = r.Finish(); !st.ok()) return st;
    auto sys =
        HeapSystem::Make({{HeapRule::Grundy(), {static_cast<int>(*n)}, "grundy_game"}}, false);
    if (!sys.ok()) return sys.status();
    return GrundyGame(*std::move(sys), static_cast<int>(*n));
  }

  // For the Sprague–Grundy solver: any n up to 2^63 - 1 (games/heap_spec.h).
  static absl::StatusOr<HeapGameSpec> HeapSpecFromSpec(const Spec& spec) {
    ParamReader r(spec);
    auto n = r.Int("n", 10, 0, HeapGameSpec::kMaxHeap);
    if (!n.ok()) return n.status();
    if (auto st = r.Finish(); !st.ok()) return st;
    return HeapGameSpec{{{HeapRule::Grundy(), {*n}}}, false, HeapGameSpec::Style::kHeapSystem,
                        absl::StrCat("grundy_game(n=", *n, ")")};
  }

  std::string CanonicalSpec() const { return absl::StrCat("grundy_game(n=", n_, ")"); }
  int n() const { return n_; }

 private:
  GrundyGame(HeapSystem sys, int n) : HeapSystem(std::move(sys)), n_(n) {}
  int n_;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_GRUNDY_GAME_GRUNDY_GAME_H_
