#ifndef GAMEBENCH_GAMES_HEAP_SPEC_H_
#define GAMEBENCH_GAMES_HEAP_SPEC_H_

// The Sprague–Grundy view of a heap game's spec: its rules and its heaps, of
// any size up to 2^63 - 1 and any number, read from the spec without building
// the bounded search state (games/heap_game.h, HeapSystem). The search
// solvers need that state and keep its limits; the Sprague–Grundy solver
// (solvers/sprague_grundy.h) needs only this description, which the tool
// hands it (tool/heap_solve.cc).
//
// A heap game offers it with the OPTIONAL static member
//   static absl::StatusOr<HeapGameSpec> HeapSpecFromSpec(const Spec&)
// (concept DescribesHeaps below), which accepts the same parameters as its
// FromSpec with the heap bounds lifted.

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "core/spec.h"
#include "games/heap_game.h"

namespace gamebench {

struct HeapGameSpec {
  static constexpr int64_t kMaxHeap = std::numeric_limits<int64_t>::max();

  // How the game writes positions and moves (the same text as its search
  // state's FormatState / FormatMove):
  //   kHeapSystem  position "5;3 | 7" (components by '|', heaps by ';', "0"
  //                for none); move "h>a+b", "h>a", "h>0", with "c:" in front
  //                when there are several components.
  //   kIndexed     position "3;5;7" (every heap by index, zeros kept); move
  //                "i:k" takes k tokens from heap i (Nim).
  //   kSingle      position "21" (one heap); move "k" removes k (subtraction).
  enum class Style { kHeapSystem, kIndexed, kSingle };

  struct Component {
    HeapRule rule;
    std::vector<int64_t> heaps;  // zeros allowed (kIndexed keeps them)
  };

  std::vector<Component> components;
  bool misere = false;
  Style style = Style::kHeapSystem;
  std::string canonical;  // the canonical spec

  // The heaps of each component in the position `text` (written as above).
  absl::StatusOr<std::vector<std::vector<int64_t>>> ParsePosition(absl::string_view text) const {
    std::vector<absl::string_view> parts = absl::StrSplit(text, '|');
    if (parts.size() != components.size())
      return absl::InvalidArgumentError(
          absl::StrCat("position '", text, "': expected ", components.size(),
                       " component(s) separated by '|', each heap sizes separated by ';'"));
    std::vector<std::vector<int64_t>> heaps(parts.size());
    for (size_t c = 0; c < parts.size(); ++c) {
      for (absl::string_view item : absl::StrSplit(parts[c], ';')) {
        auto h = ParseInt(item, 0, kMaxHeap, absl::StrCat("position '", text, "': heap"));
        if (!h.ok()) return h.status();
        if (*h > 0 || style == Style::kIndexed) heaps[c].push_back(*h);
      }
      if (style == Style::kIndexed && heaps[c].size() != components[c].heaps.size())
        return absl::InvalidArgumentError(absl::StrCat("position '", text, "': expected ",
                                                       components[c].heaps.size(),
                                                       " heap sizes separated by ';'"));
      if (style == Style::kSingle && heaps[c].size() > 1)
        return absl::InvalidArgumentError(
            absl::StrCat("position '", text, "': the game has one heap"));
    }
    return heaps;
  }

  std::string FormatPosition(const std::vector<std::vector<int64_t>>& heaps) const {
    std::vector<std::string> parts;
    for (const std::vector<int64_t>& h : heaps) {
      std::vector<int64_t> shown;
      for (int64_t x : h)
        if (x > 0 || style == Style::kIndexed) shown.push_back(x);
      if (style == Style::kHeapSystem) std::sort(shown.rbegin(), shown.rend());
      parts.push_back(shown.empty() ? "0" : absl::StrJoin(shown, ";"));
    }
    return absl::StrJoin(parts, " | ");
  }

  // The text of the move that turns heap number `index` (of size h) of
  // component c into heaps a >= b (0 for none).
  std::string FormatMove(int c, int index, int64_t h, int64_t a, int64_t b) const {
    switch (style) {
      case Style::kIndexed:
        return absl::StrCat(index + 1, ":", h - a - b);
      case Style::kSingle:
        return absl::StrCat(h - a - b);
      case Style::kHeapSystem:
        break;
    }
    std::string prefix = components.size() > 1 ? absl::StrCat(c + 1, ":") : "";
    return b > 0 ? absl::StrCat(prefix, h, ">", a, "+", b) : absl::StrCat(prefix, h, ">", a);
  }
};

template <typename G>
concept DescribesHeaps = requires(const Spec& spec) {
  { G::HeapSpecFromSpec(spec) } -> std::same_as<absl::StatusOr<HeapGameSpec>>;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_HEAP_SPEC_H_
