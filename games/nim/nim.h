#ifndef GAMEBENCH_GAMES_NIM_NIM_H_
#define GAMEBENCH_GAMES_NIM_NIM_H_

// Nim: heaps of tokens; a move takes any positive number from one heap.
// Normal play (the last mover wins) by default; `misere=true` makes the last
// mover lose. Spec: nim(heaps=3;5;7,misere=false).
//
// State: up to kMaxHeaps heap sizes of 6 bits each, packed into one 64-bit
// word (heap i in bits 6i..6i+5), so the state is its own exact key.
// Symmetry: heaps are interchangeable; the canonical form sorts them.
// Index: mixed radix over the heaps, heap i a digit in [0, start_i]; the
// index space is the positions with no heap above its starting size (all
// those reachable from the start), and parents are generated within it.
// A heap game (games/heap_game.h): one component with the rule of Nim.

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include "absl/strings/string_view.h"
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/game.h"
#include "games/heap_game.h"
#include "games/heap_spec.h"

namespace gamebench {

class Nim {
 public:
  static constexpr absl::string_view kName = "nim";
  static constexpr absl::string_view kDescription =
      "Nim: take any positive number of tokens from one heap; last mover wins (or loses if misere)";
  static constexpr int kMaxHeaps = 8;
  static constexpr int kMaxHeap = 63;
  static constexpr int kMaxMoves = kMaxHeaps * kMaxHeap;
  static constexpr int kMaxParents = kMaxHeaps * kMaxHeap;
  static constexpr bool kScored = false;
  static constexpr bool kImpartial = true;

  struct State {
    uint64_t packed = 0;
    bool operator==(const State&) const = default;
  };
  // Heap index in the high byte, tokens taken in the low byte.
  using Move = uint16_t;

  static std::vector<ParamInfo> Params() {
    return {{"heaps", "3;5;7", "1 to 8 heap sizes, each 0..63, separated by ';'"},
            {"misere", "false", "true: the player who takes the last token loses"}};
  }

  static absl::StatusOr<Nim> FromSpec(const Spec& spec) {
    ParamReader r(spec);
    auto heaps = r.IntList("heaps", {3, 5, 7}, 0, kMaxHeap, 1, kMaxHeaps);
    if (!heaps.ok()) return heaps.status();
    auto misere = r.Bool("misere", false);
    if (!misere.ok()) return misere.status();
    if (auto st = r.Finish(); !st.ok()) return st;
    std::vector<int> h(heaps->begin(), heaps->end());
    return Nim(h, *misere);
  }

  // For the Sprague–Grundy solver: any number of heaps, each up to 2^63 - 1
  // (games/heap_spec.h).
  static absl::StatusOr<HeapGameSpec> HeapSpecFromSpec(const Spec& spec) {
    ParamReader r(spec);
    auto heaps = r.IntList("heaps", {3, 5, 7}, 0, HeapGameSpec::kMaxHeap, 1, SIZE_MAX);
    if (!heaps.ok()) return heaps.status();
    auto misere = r.Bool("misere", false);
    if (!misere.ok()) return misere.status();
    if (auto st = r.Finish(); !st.ok()) return st;
    std::string canonical = absl::StrCat("nim(heaps=", absl::StrJoin(*heaps, ";"),
                                         ",misere=", *misere ? "true" : "false", ")");
    return HeapGameSpec{{{HeapRule::Nim(), *std::move(heaps)}}, *misere,
                        HeapGameSpec::Style::kIndexed, std::move(canonical)};
  }

  Nim(const std::vector<int>& heaps, bool misere)
      : num_heaps_(static_cast<int>(heaps.size())), misere_(misere) {
    for (int i = 0; i < num_heaps_; ++i) start_ = WithHeap(start_, i, heaps[i]);
    index_size_ = 1;
    for (int i = 0; i < num_heaps_; ++i) {
      radix_[i] = index_size_;
      index_size_ *= static_cast<uint64_t>(heaps[i]) + 1;
    }
  }

  std::string CanonicalSpec() const {
    return absl::StrCat("nim(heaps=", FormatState(start_), ",misere=", misere_ ? "true" : "false",
                        ")");
  }
  int num_heaps() const { return num_heaps_; }
  bool misere() const { return misere_; }

  Score MinScore() const { return kLossScore; }
  Score MaxScore() const { return kWinScore; }
  State Start() const { return start_; }

  static int Heap(State s, int i) { return static_cast<int>((s.packed >> (6 * i)) & 63); }
  static State WithHeap(State s, int i, int v) {
    s.packed = (s.packed & ~(uint64_t{63} << (6 * i))) | (static_cast<uint64_t>(v) << (6 * i));
    return s;
  }

  std::optional<Score> Terminal(const State& s) const {
    if (s.packed != 0) return std::nullopt;
    // No tokens left: the previous player took the last one.
    return misere_ ? kWinScore : kLossScore;
  }

  void GenerateMoves(const State& s, MoveListOf<Nim>& moves) const {
    for (int i = 0; i < num_heaps_; ++i)
      for (int k = Heap(s, i); k >= 1; --k) moves.push_back(static_cast<Move>(i << 8 | k));
  }

  State Play(const State& s, Move m) const {
    int i = m >> 8, k = m & 0xFF;
    return WithHeap(s, i, Heap(s, i) - k);
  }

  uint64_t Key(const State& s) const { return s.packed; }  // exact

  // Text form: the heap sizes separated by ';', e.g. "3;5;7".
  std::string FormatState(const State& s) const {
    std::vector<int> h;
    for (int i = 0; i < num_heaps_; ++i) h.push_back(Heap(s, i));
    return absl::StrJoin(h, ";");
  }

  absl::StatusOr<State> ParseState(absl::string_view text) const {
    std::vector<absl::string_view> parts = absl::StrSplit(text, ';');
    if (static_cast<int>(parts.size()) != num_heaps_)
      return absl::InvalidArgumentError(absl::StrCat("nim position '", text, "': expected ",
                                                     num_heaps_, " heap sizes separated by ';'"));
    State s;
    for (int i = 0; i < num_heaps_; ++i) {
      auto v = ParseInt(parts[i], 0, kMaxHeap, absl::StrCat("nim position: heap ", i + 1));
      if (!v.ok()) return v.status();
      s = WithHeap(s, i, static_cast<int>(*v));
    }
    return s;
  }

  // Text form of a move: "<heap>:<count>", heaps numbered from 1; "2:1" takes
  // one token from the second heap.
  std::string FormatMove(const State&, Move m) const {
    return absl::StrCat((m >> 8) + 1, ":", m & 0xFF);
  }

  absl::StatusOr<Move> ParseMove(const State& s, absl::string_view text) const {
    std::vector<absl::string_view> parts = absl::StrSplit(text, ':');
    if (parts.size() != 2)
      return absl::InvalidArgumentError(
          absl::StrCat("nim move '", text, "': expected <heap>:<count>"));
    auto heap = ParseInt(parts[0], 1, num_heaps_, "nim move: heap");
    if (!heap.ok()) return heap.status();
    auto count = ParseInt(parts[1], 1, kMaxHeap, "nim move: count");
    if (!count.ok()) return count.status();
    if (*count > Heap(s, static_cast<int>(*heap) - 1))
      return absl::InvalidArgumentError(absl::StrCat("nim move '", text, "': heap ", *heap,
                                                     " has only ", Heap(s, *heap - 1), " tokens"));
    return static_cast<Move>((*heap - 1) << 8 | *count);
  }

  // Indexed: heap i is the digit of weight radix_[i].
  uint64_t IndexSize() const { return index_size_; }
  uint64_t Index(const State& s) const {
    uint64_t index = 0;
    for (int i = 0; i < num_heaps_; ++i) index += static_cast<uint64_t>(Heap(s, i)) * radix_[i];
    return index;
  }
  State Unindex(uint64_t index) const {
    State s;
    for (int i = 0; i < num_heaps_; ++i) {
      const uint64_t base = static_cast<uint64_t>(Heap(start_, i)) + 1;
      s = WithHeap(s, i, static_cast<int>(index % base));
      index /= base;
    }
    return s;
  }
  // Un-moves: put tokens back on one heap, up to its starting size.
  void GenerateParents(const State& s, MoveList<State, kMaxParents>& parents) const {
    for (int i = 0; i < num_heaps_; ++i)
      for (int v = Heap(s, i) + 1; v <= Heap(start_, i); ++v) parents.push_back(WithHeap(s, i, v));
  }

  // Heap game: one component, every heap under the rule of Nim.
  int NumComponents() const { return 1; }
  const HeapRule& Rule(int) const {
    static const HeapRule rule = HeapRule::Nim();
    return rule;
  }
  std::vector<int> Heaps(const State& s, int) const {
    std::vector<int> h;
    for (int i = 0; i < num_heaps_; ++i)
      if (Heap(s, i) > 0) h.push_back(Heap(s, i));
    return h;
  }

  // Symmetry: the heaps are interchangeable.
  State Canonical(const State& s) const {
    std::array<int, kMaxHeaps> h{};
    for (int i = 0; i < num_heaps_; ++i) h[i] = Heap(s, i);
    // Insertion sort: at most 8 heaps (and std::sort trips a false
    // -Warray-bounds in GCC 12 on small arrays).
    for (int i = 1; i < num_heaps_; ++i)
      for (int j = i; j > 0 && h[j - 1] > h[j]; --j) std::swap(h[j - 1], h[j]);
    State c;
    for (int i = 0; i < num_heaps_; ++i) c = WithHeap(c, i, h[i]);
    return c;
  }
  int64_t NumSymmetries() const {
    int64_t n = 1;
    for (int i = 2; i <= num_heaps_; ++i) n *= i;
    return n;
  }
  // Applies the i-th permutation of the heaps (i in [0, NumSymmetries()),
  // decoded as a Lehmer code: digit j picks one of the heaps not yet placed).
  State ApplySymmetry(const State& s, int64_t i) const {
    std::array<int, kMaxHeaps> left{};
    int num_left = num_heaps_;
    for (int j = 0; j < num_heaps_; ++j) left[j] = j;
    State t;
    for (int j = 0; j < num_heaps_; ++j) {
      int pick = static_cast<int>(i % num_left);
      i /= num_left;
      t = WithHeap(t, j, Heap(s, left[pick]));
      for (int k = pick; k + 1 < num_left; ++k) left[k] = left[k + 1];
      --num_left;
    }
    return t;
  }

 private:
  int num_heaps_;
  bool misere_;
  State start_;
  std::array<uint64_t, kMaxHeaps> radix_{};
  uint64_t index_size_ = 1;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_NIM_NIM_H_
