#ifndef GAMEBENCH_GAMES_SIM_SIM_H_
#define GAMEBENCH_GAMES_SIM_SIM_H_

// Sim on K_n (Simmons, 1969): n points, every pair joinable. Players
// alternately colour one uncoloured edge, the first player red, the second
// blue. A player who completes a triangle of its own colour loses at once; if
// every edge is coloured and nobody has lost (only possible for n <= 5, since
// R(3,3) = 6) the game is a draw. Spec: sim(n=6), 3 <= n <= 8.
//
// State: the red and the blue edge sets as 28-bit masks. Edge (i, j), i < j,
// has index j(j-1)/2 + i (colex order), so the edges among the first m points
// are the first m(m-1)/2 indices for every m. A third field remembers whether
// the last move completed a triangle of the mover's colour; it is a function
// of the two masks, so Key() = red | blue << 32 is exact.
//
// Text form: `red:AB,AE blue:AC` (points A, B, C, ...; edges in
// lexicographic order; an empty colour is `-`, e.g. `red:- blue:-`). The
// player to move follows from the counts: red when they are equal.
//
// Symmetry: the n! relabellings of the points. Canonical() takes the
// relabelling with the smallest edge code, found by the search in
// games/sim/sim_canonical.h.
//
// Index: base-3 digits (0 uncoloured, 1 red, 2 blue) over the edges.
// Tiers [Tiered]: tier e = the e coloured edges; every move goes to e+1.
// Index within tier e: the colex rank of the coloured edges times
// C(e, floor(e/2)), plus the colex rank of which coloured edges are blue.
//
// The class holds the game's whole contract (core/game.h) and its
// refinements, each in a marked section: the rules and their move order
// (Ordered), the text form and legality, Symmetric, Tiered, Indexed with
// IncrementallyIndexed, and the un-moves (GenerateParents). What stands on
// its own has its own header: the compile-time tables (sim_tables.h), the
// canonical form (sim_canonical.h), and the whole-game analyses the tests
// and benchmarks use (sim_analysis.h).

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "core/combinatorics.h"
#include "core/game.h"
#include "games/sim/sim_canonical.h"
#include "games/sim/sim_tables.h"

namespace gamebench {

class Sim {
 public:
  static constexpr absl::string_view kName = "sim";
  static constexpr absl::string_view kDescription =
      "Sim on K_n: colour edges red/blue in turn; completing a triangle of your colour loses";
  static constexpr int kMinPoints = 3;
  static constexpr int kMaxPoints = sim_internal::kMaxPoints;
  static constexpr int kMaxEdges = sim_internal::kMaxEdges;
  static constexpr int kMaxMoves = kMaxEdges;
  static constexpr int kMaxParents = kMaxEdges;
  static constexpr bool kScored = false;

  struct State {
    uint32_t red = 0;
    uint32_t blue = 0;
    // 1 when the last move completed a triangle of the mover's colour (the
    // game is over); a function of the masks, kept to make Terminal() O(1).
    uint8_t lost = 0;
    bool operator==(const State& o) const {
      return red == o.red && blue == o.blue && lost == o.lost;
    }
  };
  using Move = uint8_t;  // edge index
  // What Unindex gives for an index that is not a legal position.
  static constexpr State kInvalid = {~uint32_t{0}, ~uint32_t{0}, 0};

  static std::vector<ParamInfo> Params() { return {{"n", "6", "number of points, 3..8"}}; }

  static absl::StatusOr<Sim> FromSpec(const Spec& spec) {
    ParamReader r(spec);
    auto n = r.Int("n", 6, kMinPoints, kMaxPoints);
    if (!n.ok()) return n.status();
    if (auto st = r.Finish(); !st.ok()) return st;
    return Sim(static_cast<int>(*n));
  }

  explicit Sim(int n)
      : n_(n),
        num_edges_(n * (n - 1) / 2),
        all_edges_((uint32_t{1} << num_edges_) - 1) {}  // at most 28 edges

  std::string CanonicalSpec() const { return absl::StrCat("sim(n=", n_, ")"); }
  int n() const { return n_; }
  int num_edges() const { return num_edges_; }
  uint32_t all_edges() const { return all_edges_; }

  Score MinScore() const { return kLossScore; }
  Score MaxScore() const { return kWinScore; }
  State Start() const { return State{}; }

  // Red moves when both colours have the same number of edges.
  static bool RedToMove(const State& s) {
    return __builtin_popcount(s.red) == __builtin_popcount(s.blue);
  }
  static uint32_t Mover(const State& s) { return RedToMove(s) ? s.red : s.blue; }

  // Whether colouring edge e in a colour whose edges are `mask` completes a
  // triangle of that colour.
  bool Completes(uint32_t mask, int e) const {
    const auto& pairs = sim_internal::kTables.pair[e];
    for (int c = 0; c < n_ - 2; ++c)
      if ((mask & pairs[c]) == pairs[c]) return true;
    return false;
  }
  // Whether `mask` contains a triangle.
  bool HasTriangle(uint32_t mask) const {
    if (mask < (uint32_t{1} << sim_internal::kSmallEdges))
      return sim_internal::kSmallTriangles.bits[mask >> 6] >> (mask & 63) & 1;
    const int count = n_ * (n_ - 1) * (n_ - 2) / 6;
    for (int t = 0; t < count; ++t)
      if ((mask & sim_internal::kTables.triangle[t]) == sim_internal::kTables.triangle[t])
        return true;
    return false;
  }

  std::optional<Score> Terminal(const State& s) const {
    if (s.lost) return kWinScore;  // the last mover completed its own triangle
    if ((s.red | s.blue) == all_edges_) return kDrawScore;
    return std::nullopt;
  }

  void GenerateMoves(const State& s, MoveListOf<Sim>& moves) const {
    for (uint32_t free = all_edges_ & ~(s.red | s.blue); free; free &= free - 1)
      moves.push_back(static_cast<Move>(__builtin_ctz(free)));
  }

  State Play(const State& s, Move m) const {
    State t = s;
    if (RedToMove(s)) {
      t.lost = Completes(s.red, m);
      t.red |= uint32_t{1} << m;
    } else {
      t.lost = Completes(s.blue, m);
      t.blue |= uint32_t{1} << m;
    }
    return t;
  }

  uint64_t Key(const State& s) const {  // exact: `lost` is a function of the masks
    return s.red | static_cast<uint64_t>(s.blue) << 32;
  }

  // Move ordering: a move that completes the mover's own triangle loses at
  // once and goes last. Among safe moves, prefer those that keep the mover's
  // own future safe moves (few uncoloured edges that were safe and now close
  // an own triangle) and that take an edge the opponent could still safely
  // use (rather than spending an edge only the mover can take). Measured on
  // K8 (tt, symmetry): 1.15M nodes with this order, 7.3M without.
  int MoveOrder(const State& s, Move m) const {
    const bool red = RedToMove(s);
    const uint32_t own = red ? s.red : s.blue;
    const uint32_t opp = red ? s.blue : s.red;
    const uint32_t free = all_edges_ & ~(s.red | s.blue) & ~(uint32_t{1} << m);
    const auto& pairs = sim_internal::kTables.pair[m];
    int newly_unsafe = 0;
    for (int c = 0; c < n_ - 2; ++c) {
      const uint32_t p = pairs[c];
      if ((own & p) == p) return -1000;  // completes an own triangle
      // One edge of the pair own, the other free: the free one now closes an
      // own triangle, a loss of a safe move if it was safe before.
      if ((own & p) && (free & p) && !Completes(own, __builtin_ctz(free & p))) ++newly_unsafe;
    }
    const bool opp_safe = !Completes(opp, m);
    return 100 - 4 * newly_unsafe + (opp_safe ? 2 : 0);
  }

  // ---- Text ----

  static char PointName(int i) { return static_cast<char>('A' + i); }
  static std::string EdgeName(int e) {
    return {PointName(sim_internal::kTables.lo[e]), PointName(sim_internal::kTables.hi[e])};
  }

  // Edges in lexicographic order of their names (AB, AC, ..., BC, ...).
  std::string FormatEdges(uint32_t mask) const {
    std::vector<std::string> names;
    for (int i = 0; i < n_; ++i)
      for (int j = i + 1; j < n_; ++j)
        if (mask >> sim_internal::EdgeIndex(i, j) & 1)
          names.push_back(EdgeName(sim_internal::EdgeIndex(i, j)));
    return names.empty() ? "-" : absl::StrJoin(names, ",");
  }

  std::string FormatState(const State& s) const {
    return absl::StrCat("red:", FormatEdges(s.red), " blue:", FormatEdges(s.blue));
  }

  // An edge name "AB" (either order) into its index.
  absl::StatusOr<int> ParseEdge(absl::string_view text) const {
    if (text.size() != 2)
      return absl::InvalidArgumentError(
          absl::StrCat("sim edge '", text, "': expected two point letters such as AB"));
    for (char c : text)
      if (c < 'A' || c >= PointName(n_))
        return absl::InvalidArgumentError(absl::StrCat("sim edge '", text, "': unknown point '",
                                                       std::string(1, c), "' (points are A..",
                                                       std::string(1, PointName(n_ - 1)), ")"));
    if (text[0] == text[1])
      return absl::InvalidArgumentError(
          absl::StrCat("sim edge '", text, "': an edge joins two different points"));
    return sim_internal::EdgeIndex(text[0] - 'A', text[1] - 'A');
  }

  absl::StatusOr<State> ParseState(absl::string_view text) const {
    std::vector<absl::string_view> parts = absl::StrSplit(text, ' ', absl::SkipEmpty());
    if (parts.size() != 2 || !absl::StartsWith(parts[0], "red:") ||
        !absl::StartsWith(parts[1], "blue:"))
      return absl::InvalidArgumentError(
          absl::StrCat("sim position '", text,
                       "': expected 'red:<edges> blue:<edges>', e.g. 'red:AB,CD blue:AC'"));
    State s;
    for (int colour = 0; colour < 2; ++colour) {
      absl::string_view list = parts[colour].substr(colour == 0 ? 4 : 5);
      if (list == "-" || list.empty()) continue;
      for (absl::string_view name : absl::StrSplit(list, ',')) {
        auto e = ParseEdge(name);
        if (!e.ok())
          return absl::InvalidArgumentError(
              absl::StrCat("sim position '", text, "': ", e.status().message()));
        const uint32_t bit = uint32_t{1} << *e;
        if ((s.red | s.blue) & bit)
          return absl::InvalidArgumentError(
              absl::StrCat("sim position '", text, "': edge ", EdgeName(*e), " is coloured twice"));
        (colour == 0 ? s.red : s.blue) |= bit;
      }
    }
    if (auto st = Validate(s); !st.ok())
      return absl::InvalidArgumentError(absl::StrCat("sim position '", text, "': ", st.message()));
    s.lost = LastMoverLost(s);
    return s;
  }

  // Whether (red, blue) can arise in a game: the counts fit the alternation
  // (red moves first), the player to move has no triangle of its colour (the
  // game would have ended before), and the last mover's triangles, if any,
  // all pass through one edge of its colour (the move that ended the game).
  enum class Legality { kLegal, kOutside, kTwice, kCounts, kMoverLost, kLostEarlier };
  Legality Check(const State& s) const {
    if ((s.red | s.blue) & ~all_edges_) return Legality::kOutside;
    if (s.red & s.blue) return Legality::kTwice;
    const int r = __builtin_popcount(s.red), b = __builtin_popcount(s.blue);
    if (r != b && r != b + 1) return Legality::kCounts;
    const uint32_t to_move = r == b ? s.red : s.blue;
    const uint32_t last = r == b ? s.blue : s.red;
    if (HasTriangle(to_move)) return Legality::kMoverLost;
    if (HasTriangle(last) && !HasFinalEdge(last)) return Legality::kLostEarlier;
    return Legality::kLegal;
  }

  absl::Status Validate(const State& s) const {
    const bool red_to_move = RedToMove(s);
    switch (Check(s)) {
      case Legality::kLegal:
        return absl::OkStatus();
      case Legality::kOutside:
        return absl::InvalidArgumentError("an edge is outside K_n");
      case Legality::kTwice:
        return absl::InvalidArgumentError("an edge is coloured twice");
      case Legality::kCounts:
        return absl::InvalidArgumentError(absl::StrCat(
            "wrong counts: ", __builtin_popcount(s.red), " red and ", __builtin_popcount(s.blue),
            " blue edges (red moves first, so red has as many as blue or one more)"));
      case Legality::kMoverLost:
        return absl::InvalidArgumentError(
            absl::StrCat("already lost: ", red_to_move ? "red" : "blue",
                         " (to move) has a triangle of its colour, so the game ended earlier"));
      case Legality::kLostEarlier:
        return absl::InvalidArgumentError(absl::StrCat(
            "already lost: ", red_to_move ? "blue" : "red",
            " has triangles that no single last move completed, so the game ended earlier"));
    }
    return absl::OkStatus();
  }

  // Whether the last mover has a triangle of its colour.
  bool LastMoverLost(const State& s) const { return HasTriangle(RedToMove(s) ? s.blue : s.red); }

  std::string FormatMove(const State&, Move m) const { return EdgeName(m); }

  absl::StatusOr<Move> ParseMove(const State& s, absl::string_view text) const {
    auto e = ParseEdge(text);
    if (!e.ok()) return e.status();
    if (Terminal(s))
      return absl::InvalidArgumentError(absl::StrCat("sim move '", text, "': the game is over"));
    if (((s.red | s.blue) >> *e) & 1)
      return absl::InvalidArgumentError(
          absl::StrCat("sim move '", text, "': edge ", EdgeName(*e), " is already coloured"));
    return static_cast<Move>(*e);
  }

  // ---- Symmetry ----

  int64_t NumSymmetries() const {
    int64_t f = 1;
    for (int i = 2; i <= n_; ++i) f *= i;
    return f;
  }

  // The relabelling `perm` (new point p is old point perm[p]) applied to s.
  State Relabel(const State& s, const std::array<int, kMaxPoints>& perm) const {
    State t;
    t.lost = s.lost;
    for (int q = 1; q < n_; ++q)
      for (int p = 0; p < q; ++p) {
        int old = sim_internal::EdgeIndex(perm[p], perm[q]);
        uint32_t bit = uint32_t{1} << sim_internal::EdgeIndex(p, q);
        if (s.red >> old & 1) t.red |= bit;
        if (s.blue >> old & 1) t.blue |= bit;
      }
    return t;
  }

  // The i-th permutation of the points, i in [0, n!), decoded as a Lehmer
  // code: digit p picks new point p among the old points not yet placed.
  State ApplySymmetry(const State& s, int64_t i) const {
    std::array<int, kMaxPoints> left{}, perm{};
    int num_left = n_;
    for (int j = 0; j < n_; ++j) left[j] = j;
    for (int p = 0; p < n_; ++p) {
      int pick = static_cast<int>(i % num_left);
      i /= num_left;
      perm[p] = left[pick];
      for (int k = pick; k + 1 < num_left; ++k) left[k] = left[k + 1];
      --num_left;
    }
    return Relabel(s, perm);
  }

  // The smallest code over the relabellings (games/sim/sim_canonical.h).
  State Canonical(const State& s) const {
    // The neighbour masks of each point, per colour.
    auto neighbours = [](uint32_t edges) {
      std::array<uint8_t, kMaxPoints> of{};
      for (uint32_t m = edges; m; m &= m - 1) {
        const int e = __builtin_ctz(m);
        const int a = sim_internal::kTables.lo[e], b = sim_internal::kTables.hi[e];
        of[a] |= static_cast<uint8_t>(1 << b);
        of[b] |= static_cast<uint8_t>(1 << a);
      }
      return of;
    };
    const uint64_t code =
        sim_internal::GraphCanonicaliser(n_, neighbours(s.red), neighbours(s.blue)).SmallestCode();
    State t;
    for (int e = num_edges_ - 1, c = 0; e >= 0; --e, ++c) {
      const uint64_t colour = code >> (2 * c) & 3;
      if (colour == 1) t.red |= uint32_t{1} << e;
      if (colour == 2) t.blue |= uint32_t{1} << e;
    }
    t.lost = s.lost;
    return t;
  }

  // The code a relabelling gives: the colours (0 none, 1 red, 2 blue) of the
  // edges in index order, 2 bits each, the first edge most significant.
  // Canonical() returns the relabelling with the smallest code.
  uint64_t Code(const State& s) const {
    uint64_t code = 0;
    for (int e = 0; e < num_edges_; ++e)
      code = code << 2 | ((s.red >> e & 1) ? 1 : (s.blue >> e & 1) ? 2 : 0);
    return code;
  }

  // [Tiered] See the top of the file.
  int NumTiers() const { return num_edges_ + 1; }
  int TierOf(const State& s) const { return __builtin_popcount(s.red | s.blue); }
  void ChildTiers(int t, std::vector<int>& out) const {
    if (t < num_edges_) out.push_back(t + 1);
  }
  uint64_t TierSize(int t) const { return SplitSetCount(num_edges_, t); }
  uint64_t TierIndex(const State& s) const { return SplitSetRank(s.red | s.blue, s.blue); }
  State TierUnindex(int t, uint64_t i) const {
    const SplitSet b = SplitSetUnrank(i, t, num_edges_);
    State s;
    s.red = static_cast<uint32_t>(b.occupied ^ b.second);
    s.blue = static_cast<uint32_t>(b.second);
    s.lost = LastMoverLost(s);
    return s;
  }

  // ---- Index (retrograde analysis) ----

  uint64_t IndexSize() const {
    uint64_t size = 1;
    for (int e = 0; e < num_edges_; ++e) size *= 3;
    return size;
  }

  uint64_t Index(const State& s) const {
    if (s == kInvalid) return IndexSize();
    const auto& t = sim_internal::kBase3;
    uint64_t index = 0;
    for (int k = (num_edges_ - 1) / 8; k >= 0; --k)
      index = index * t.pow3[8] + t.byte_value[s.red >> (8 * k) & 255] +
              2 * uint64_t{t.byte_value[s.blue >> (8 * k) & 255]};
    return index;
  }

  // The inverse of Index on legal positions. An index that is not a legal
  // position (see Validate) gives the invalid state kInvalid, whose Index is
  // IndexSize(): so Index(Unindex(i)) == i exactly when i is legal.
  State Unindex(uint64_t index) const {
    if (index >= IndexSize()) return kInvalid;
    const auto& t = sim_internal::kBase3;
    State s;
    // Five digits at a time; digits past the last edge are 0 (index is in
    // range), so the masks stay inside all_edges_.
    for (int shift = 0; shift < num_edges_; shift += 5, index /= 243) {
      const uint64_t d = index % 243;
      s.red |= uint32_t{t.red5[d]} << shift;
      s.blue |= uint32_t{t.blue5[d]} << shift;
    }
    if (Check(s) != Legality::kLegal) return kInvalid;
    s.lost = LastMoverLost(s);
    return s;
  }

  // [IncrementallyIndexed] Colouring edge e in colour c (1 red, 2 blue) adds
  // c * 3^e to the index; un-colouring it subtracts as much. Every move
  // colours a different edge, so children are distinct.
  static constexpr bool kDistinctChildren = true;
  void GenerateChildIndices(const State& s, uint64_t index,
                            MoveList<uint64_t, kMaxMoves>& children) const {
    const uint64_t colour = RedToMove(s) ? 1 : 2;
    for (uint32_t free = all_edges_ & ~(s.red | s.blue); free; free &= free - 1)
      children.push_back(index + colour * sim_internal::kBase3.pow3[__builtin_ctz(free)]);
  }
  void GenerateParentIndices(const State& s, uint64_t index,
                             MoveList<uint64_t, kMaxParents>& parents) const {
    const bool red_moved = !RedToMove(s);
    const uint32_t last = red_moved ? s.red : s.blue;
    const uint64_t colour = red_moved ? 1 : 2;
    for (uint32_t m = last; m; m &= m - 1) {
      if (HasTriangle(last & ~(m & -m))) continue;
      parents.push_back(index - colour * sim_internal::kBase3.pow3[__builtin_ctz(m)]);
    }
  }

  // Un-moves: remove one edge of the last mover's colour, whenever the
  // result is a position that is not over (neither colour has a triangle).
  void GenerateParents(const State& s, MoveList<State, kMaxParents>& parents) const {
    const bool red_moved = !RedToMove(s);
    const uint32_t last = red_moved ? s.red : s.blue;
    if (last == 0) return;
    for (uint32_t m = last; m; m &= m - 1) {
      const uint32_t rest = last & ~(m & -m);
      if (HasTriangle(rest)) continue;
      State p = s;
      (red_moved ? p.red : p.blue) = rest;
      p.lost = 0;
      parents.push_back(p);
    }
  }

 private:
  // Whether all triangles of `mask` share one edge.
  bool HasFinalEdge(uint32_t mask) const {
    for (uint32_t m = mask; m; m &= m - 1)
      if (!HasTriangle(mask & ~(m & -m))) return true;
    return false;
  }

  int n_;
  int num_edges_;
  uint32_t all_edges_;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_SIM_SIM_H_
