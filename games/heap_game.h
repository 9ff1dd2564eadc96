#ifndef GAMEBENCH_GAMES_HEAP_GAME_H_
#define GAMEBENCH_GAMES_HEAP_GAME_H_

// Heap games: HeapRule and the HeapGame concept are in core/heap_rule.h (the
// Sprague–Grundy solver and the nim-sequence engine use them).
//
// This header holds `HeapSystem`, the shared implementation of the
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
#include "core/heap_rule.h"

namespace gamebench {

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
