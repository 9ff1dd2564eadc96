#ifndef GAMEBENCH_GAMES_SUBTRACTION_SUBTRACTION_H_
#define GAMEBENCH_GAMES_SUBTRACTION_SUBTRACTION_H_

// Subtraction games: one heap of n tokens; a move removes k tokens for some k
// in the subtraction set (`set=1;2;3`, or `set=primes` for any prime). Normal
// play (the last mover wins) by default; `misere=true` makes the last mover
// lose. Spec: subtraction(n=21,set=1;2;3,misere=false).
//
// State: the heap size (its own exact key). Text of a position: the heap size;
// of a move: the number of tokens removed. Indexed (core/game.h): a position
// is its heap size, so IndexSize() = n + 1 and a position's parents are the
// heaps h + k <= n. A heap game (games/heap_game.h) with the octal code
// d_k = 3 for k in the set.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/game.h"
#include "games/heap_game.h"
#include "games/heap_spec.h"

namespace gamebench {

class Subtraction {
 public:
  static constexpr absl::string_view kName = "subtraction";
  static constexpr absl::string_view kDescription =
      "subtraction game: remove k tokens from one heap, k in a set (or any prime); last mover "
      "wins (or loses if misere)";
  static constexpr int kMaxN = 4095;
  static constexpr int kMaxSetSize = 64;
  // pi(4095) = 564 primes, and at most 64 listed values.
  static constexpr int kMaxMoves = 1024;
  static constexpr int kMaxParents = kMaxMoves;
  static constexpr bool kScored = false;
  static constexpr bool kImpartial = true;

  struct State {
    uint16_t heap = 0;
    bool operator==(const State&) const = default;
  };
  using Move = uint16_t;  // tokens removed

  static std::vector<ParamInfo> Params() {
    return {{"n", "21", "tokens in the heap, 0..4095"},
            {"set", "1;2;3", "1 to 64 amounts a move may remove (each 1..4095, ';'), or 'primes'"},
            {"misere", "false", "true: the player who takes the last token loses"}};
  }

  static absl::StatusOr<Subtraction> FromSpec(const Spec& spec) {
    auto p = ReadParams(spec, kMaxN);
    if (!p.ok()) return p.status();
    return Subtraction(static_cast<int>(p->n), std::move(p->set), p->primes, p->misere);
  }

  // For the Sprague–Grundy solver: n up to 2^63 - 1 (games/heap_spec.h).
  static absl::StatusOr<HeapGameSpec> HeapSpecFromSpec(const Spec& spec) {
    auto p = ReadParams(spec, HeapGameSpec::kMaxHeap);
    if (!p.ok()) return p.status();
    std::string canonical = absl::StrCat("subtraction(n=", p->n,
                                         ",set=", p->primes ? "primes" : absl::StrJoin(p->set, ";"),
                                         ",misere=", p->misere ? "true" : "false", ")");
    return HeapGameSpec{{{p->primes ? HeapRule::Primes() : HeapRule::Subtraction(p->set), {p->n}}},
                        p->misere,
                        HeapGameSpec::Style::kSingle,
                        std::move(canonical)};
  }

  std::string CanonicalSpec() const {
    return absl::StrCat("subtraction(n=", n_,
                        ",set=", primes_ ? "primes" : absl::StrJoin(set_, ";"),
                        ",misere=", misere_ ? "true" : "false", ")");
  }
  const std::vector<int>& set() const { return set_; }

  Score MinScore() const { return kLossScore; }
  Score MaxScore() const { return kWinScore; }
  State Start() const { return State{static_cast<uint16_t>(n_)}; }

  std::optional<Score> Terminal(const State& s) const {
    if (s.heap >= set_.front()) return std::nullopt;
    return misere_ ? kWinScore : kLossScore;  // no move: the previous player moved last
  }

  void GenerateMoves(const State& s, MoveList<Move, kMaxMoves>& moves) const {
    for (int k : set_) {
      if (k > s.heap) break;
      moves.push_back(static_cast<Move>(k));
    }
  }

  State Play(const State& s, Move m) const { return State{static_cast<uint16_t>(s.heap - m)}; }
  uint64_t Key(const State& s) const { return s.heap; }  // exact

  std::string FormatState(const State& s) const { return absl::StrCat(s.heap); }
  absl::StatusOr<State> ParseState(absl::string_view text) const {
    auto h = ParseInt(text, 0, n_, "subtraction position: heap");
    if (!h.ok()) return h.status();
    return State{static_cast<uint16_t>(*h)};
  }
  std::string FormatMove(const State&, Move m) const { return absl::StrCat(m); }
  absl::StatusOr<Move> ParseMove(const State& s, absl::string_view text) const {
    auto k = ParseInt(text, 1, s.heap, "subtraction move: tokens removed");
    if (!k.ok()) return k.status();
    if (!std::binary_search(set_.begin(), set_.end(), static_cast<int>(*k)))
      return absl::InvalidArgumentError(
          absl::StrCat("subtraction move '", text, "': ", *k, " is not in the subtraction set"));
    return static_cast<Move>(*k);
  }

  // Indexed.
  uint64_t IndexSize() const { return static_cast<uint64_t>(n_) + 1; }
  uint64_t Index(const State& s) const { return s.heap; }
  State Unindex(uint64_t i) const { return State{static_cast<uint16_t>(i)}; }
  void GenerateParents(const State& s, MoveList<State, kMaxParents>& parents) const {
    for (int k : set_) {
      if (s.heap + k > n_) break;
      parents.push_back(State{static_cast<uint16_t>(s.heap + k)});
    }
  }

  // Heap game.
  int NumComponents() const { return 1; }
  const HeapRule& Rule(int) const { return rule_; }
  std::vector<int> Heaps(const State& s, int) const {
    return s.heap > 0 ? std::vector<int>{s.heap} : std::vector<int>{};
  }
  bool misere() const { return misere_; }

 private:
  struct ParsedSpec {
    int64_t n;
    std::vector<int> set;
    bool primes;
    bool misere;
  };
  static absl::StatusOr<ParsedSpec> ReadParams(const Spec& spec, int64_t max_n) {
    ParamReader r(spec);
    auto n = r.Int("n", 21, 0, max_n);
    if (!n.ok()) return n.status();
    std::string set_text = r.Text("set", "1;2;3");
    auto misere = r.Bool("misere", false);
    if (!misere.ok()) return misere.status();
    if (auto st = r.Finish(); !st.ok()) return st;
    auto set = ParseSet(set_text);
    if (!set.ok()) return set.status();
    return ParsedSpec{*n, *std::move(set), set_text == "primes", *misere};
  }

  // The set: "primes" (every prime up to kMaxN, for the search state) or a
  // ';'-list of distinct amounts 1..kMaxN, sorted.
  static absl::StatusOr<std::vector<int>> ParseSet(const std::string& set_text) {
    std::vector<int> set;
    if (set_text == "primes") {
      for (int k = 2; k <= kMaxN; ++k)
        if (HeapRule::IsPrime(k)) set.push_back(k);
      return set;
    }
    for (absl::string_view item : absl::StrSplit(set_text, ';')) {
      auto k = ParseInt(item, 1, kMaxN, "subtraction: parameter 'set' item");
      if (!k.ok()) return k.status();
      if (std::find(set.begin(), set.end(), *k) != set.end())
        return absl::InvalidArgumentError(
            absl::StrCat("subtraction: parameter 'set': ", *k, " listed twice"));
      set.push_back(static_cast<int>(*k));
    }
    if (set.size() > kMaxSetSize)
      return absl::InvalidArgumentError(absl::StrCat(
          "subtraction: parameter 'set' has ", set.size(), " items; allowed 1 to ", kMaxSetSize));
    std::sort(set.begin(), set.end());
    return set;
  }

  Subtraction(int n, std::vector<int> set, bool primes, bool misere)
      : n_(n),
        set_(std::move(set)),
        primes_(primes),
        misere_(misere),
        rule_(primes ? HeapRule::Primes() : HeapRule::Subtraction(set_)) {}

  int n_;
  std::vector<int> set_;  // sorted
  bool primes_;
  bool misere_;
  HeapRule rule_;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_SUBTRACTION_SUBTRACTION_H_
