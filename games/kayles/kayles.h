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
//
// Indexed (core/game.h): the legal positions are the multisets of rows with
// at most n pins that play cannot take past 16 rows (the positions ParseState
// accepts); they are ranked by a sorted table of their exact keys, built with
// the game (17,114 positions for n = 31). Parents: a row of 1 or 2 pins
// added (it was knocked down whole), a row lengthened by 1 or 2 (pins knocked
// from its end), or two rows joined across 1 or 2 pins.

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "games/heap_game.h"
#include "games/heap_spec.h"

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

  // For the Sprague–Grundy solver: any n up to 2^63 - 1 (games/heap_spec.h).
  static absl::StatusOr<HeapGameSpec> HeapSpecFromSpec(const Spec& spec) {
    ParamReader r(spec);
    auto n = r.Int("n", 10, 0, HeapGameSpec::kMaxHeap);
    if (!n.ok()) return n.status();
    if (auto st = r.Finish(); !st.ok()) return st;
    auto rule = HeapRule::ParseOctal("0.77");
    if (!rule.ok()) return rule.status();
    return HeapGameSpec{{{*rule, {*n}}}, false, HeapGameSpec::Style::kHeapSystem,
                        absl::StrCat("kayles(n=", *n, ")")};
  }

  std::string CanonicalSpec() const { return absl::StrCat("kayles(n=", n_, ")"); }
  int n() const { return n_; }

  // Indexed.
  static constexpr int kMaxParents = 2 + 2 * kMaxHeaps + 2 * kMaxHeaps * (kMaxHeaps - 1) / 2;
  uint64_t IndexSize() const { return table_->keys.size(); }
  uint64_t Index(const State& s) const {
    return static_cast<uint64_t>(
        std::lower_bound(table_->keys.begin(), table_->keys.end(), Key(s)) - table_->keys.begin());
  }
  State Unindex(uint64_t i) const { return table_->states[i]; }
  void GenerateParents(const State& s, MoveList<State, kMaxParents>& parents) const {
    std::vector<int> rows = Heaps(s, 0);  // decreasing
    const int count = static_cast<int>(rows.size());
    auto add = [&](std::vector<int> r) {
      std::sort(r.begin(), r.end(), std::greater<int>());
      State p = FromSortedHeaps(r);
      if (Legal(r)) parents.push_back(p);
    };
    for (int k = 1; k <= 2; ++k) {
      // A row of k knocked down whole.
      std::vector<int> r = rows;
      r.push_back(k);
      add(r);
      // A row shortened at its end: each distinct row length once.
      for (int i = 0; i < count; ++i) {
        if (i > 0 && rows[i] == rows[i - 1]) continue;
        std::vector<int> t = rows;
        t[i] += k;
        add(t);
      }
      // A row split in two: each distinct pair of lengths once.
      for (int i = 0; i < count; ++i) {
        if (i > 0 && rows[i] == rows[i - 1]) continue;
        for (int j = i + 1; j < count; ++j) {
          if (j > i + 1 && rows[j] == rows[j - 1]) continue;
          std::vector<int> t;
          for (int x = 0; x < count; ++x)
            if (x != i && x != j) t.push_back(rows[x]);
          t.push_back(rows[i] + rows[j] + k);
          add(t);
        }
      }
    }
  }

 private:
  struct Table {
    std::vector<uint64_t> keys;  // sorted
    std::vector<State> states;   // in key order
  };

  Kayles(HeapSystem sys, int n) : HeapSystem(std::move(sys)), n_(n) { BuildTable(); }

  // What ParseState accepts: at most n pins, within the heap bound.
  bool Legal(const std::vector<int>& rows) const {
    int total = 0, heaps = 0;
    for (int r : rows) {
      total += r;
      heaps += MaxHeapsOf(0, r);
    }
    return total <= n_ && heaps <= kMaxHeaps;
  }

  void BuildTable() {
    auto table = std::make_shared<Table>();
    std::vector<int> rows;
    std::vector<std::pair<uint64_t, State>> all;
    // Rows in decreasing order, each at most the previous one.
    auto dfs = [&](auto&& self, int max_row, int total, int heaps) -> void {
      State s = FromSortedHeaps(rows);
      all.push_back({Key(s), s});
      for (int r = std::min(max_row, n_ - total); r >= 1; --r) {
        if (heaps + MaxHeapsOf(0, r) > kMaxHeaps) continue;
        rows.push_back(r);
        self(self, r, total + r, heaps + MaxHeapsOf(0, r));
        rows.pop_back();
      }
    };
    dfs(dfs, n_, 0, 0);
    std::sort(all.begin(), all.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [key, state] : all) {
      table->keys.push_back(key);
      table->states.push_back(state);
    }
    table_ = std::move(table);
  }

  int n_;
  std::shared_ptr<const Table> table_;  // shared by copies of the game
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_KAYLES_KAYLES_H_
