#ifndef GAMEBENCH_CORE_GAME_H_
#define GAMEBENCH_CORE_GAME_H_

// The game concept and its optional refinements.
//
// A game is a small value type G. A `const G` carries the variant's parameters
// (heap sizes, subtraction set, board size); positions are `G::State` values
// that are trivially copyable and a few machine words at most, so solvers copy
// them freely and store them in tables. Solvers are templates over G: the hot
// loops are instantiated per game, with no virtual calls and no heap
// allocation per node.
//
// Members, REQUIRED unless marked OPTIONAL (an optional member is a refinement
// below; a solver that needs it requires that refinement):
//
//   REQUIRED  static constexpr absl::string_view kName
//             The catalog name, as typed in a spec: "nim", "tictactoe".
//   REQUIRED  static constexpr absl::string_view kDescription
//             One line for `gamebench list`.
//   REQUIRED  static std::vector<ParamInfo> Params()
//             Every spec parameter with its default and range, for `list`.
//   REQUIRED  static absl::StatusOr<G> FromSpec(const Spec&)
//             Builds the variant; rejects unknown or out-of-range parameters
//             with a message naming them (use ParamReader).
//   REQUIRED  std::string CanonicalSpec() const
//             The spec with every parameter explicit, in a fixed order;
//             FromSpec(ParseSpec(CanonicalSpec())) is an equal game.
//   REQUIRED  using State, using Move, static constexpr int kMaxMoves
//             State: trivially copyable, equality-comparable. Move: small.
//             kMaxMoves bounds the legal moves of any position of any variant
//             that FromSpec accepts.
//   REQUIRED  static constexpr bool kScored
//             false: values are win/loss/draw (kWinScore, kLossScore,
//             kDrawScore). true: integer scores in [MinScore(), MaxScore()].
//   REQUIRED  Score MinScore() const, Score MaxScore() const
//             Bounds on every terminal value (for win/loss/draw games: -1, 1).
//   REQUIRED  State Start() const
//             The start position.
//   REQUIRED  std::optional<Score> Terminal(const State&) const
//             The value for the player to move when the game is over, else
//             nullopt. Contract: a position is non-terminal iff it has at
//             least one legal move.
//   REQUIRED  void GenerateMoves(const State&, MoveList<Move, kMaxMoves>&) const
//             Appends every legal move of a non-terminal position, each once.
//   REQUIRED  State Play(const State&, Move) const
//             The position after a legal move (a copy; the input is unchanged).
//   REQUIRED  uint64_t Key(const State&) const   (or Uint128, see GameKey)
//             Equal states have equal keys. Games document whether the key is
//             exact (injective): the transposition table stores only keys.
//             A game whose exact key needs more than 64 bits returns a
//             128-bit one (Connect Four on boards over 64 bits), and tables
//             then store all 128 bits; solvers whose tables hold 64-bit keys
//             apply only to KeyedBy64Bits games.
//   REQUIRED  std::string FormatState(const State&) const
//             absl::StatusOr<State> ParseState(absl::string_view) const
//             A text form of positions and its exact inverse. ParseState
//             rejects malformed and illegal positions with a one-line message.
//   REQUIRED  std::string FormatMove(const State&, Move) const
//             absl::StatusOr<Move> ParseMove(const State&, absl::string_view) const
//             The text of a move in a position, and its exact inverse; an
//             illegal move is an error.
//   OPTIONAL  static constexpr bool kLoopy                        [Loopy]
//             true when a position can recur (the game graph has cycles), so
//             a depth-first search may never end. Absent means false.
//   OPTIONAL  int MoveOrder(const State&, Move) const          [Ordered]
//             A cheap heuristic: search tries higher values first.
//   OPTIONAL  int ChildOrder(const State&, Move, const State&) const [ChildOrdered]
//   OPTIONAL  Canonical / NumSymmetries / ApplySymmetry          [Symmetric]
//   OPTIONAL  GameKey<G> CanonicalKey(const State&) const [CanonicallyKeyed]
//   OPTIONAL  IndexSize / Index / Unindex / GenerateParents      [Indexed]
//   OPTIONAL  GenerateChildIndices / GenerateParentIndices [IncrementallyIndexed]
//   OPTIONAL  NumTiers / TierOf / ChildTiers / TierSize / TierIndex / TierUnindex [Tiered]
//   OPTIONAL  heap decomposition for Sprague–Grundy              [see games/heap_game.h]
//   OPTIONAL  WinNow / GenerateNonLosingMoves / ValueBounds      [Tactical]
//   OPTIONAL  ValueBoundsBeforeChildren / ValueBoundsFromChildren [ChildBounded]
//   OPTIONAL  using Wider                                         [Widens]

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include "absl/strings/string_view.h"
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "core/move_list.h"
#include "core/score.h"
#include "core/spec.h"

namespace gamebench {

// The wide key word: unsigned __int128 is a GNU extension (the build is
// strict C++20), so it is named once, here.
__extension__ using Uint128 = unsigned __int128;

// The types a game's Key() may return.
template <typename K>
concept GameKeyWord = std::same_as<K, uint64_t> || std::same_as<K, Uint128>;

// A spec parameter as `gamebench list` shows it.
struct ParamInfo {
  std::string name;
  std::string default_value;
  std::string help;  // range and meaning
};

template <typename G>
using MoveListOf = MoveList<typename G::Move, G::kMaxMoves>;

template <typename G>
concept Game =
    std::is_trivially_copyable_v<typename G::State> &&
    std::equality_comparable<typename G::State> &&
    requires(const G& g, const typename G::State& s, typename G::Move m, MoveListOf<G>& moves,
             absl::string_view text, const Spec& spec) {
      { G::kName } -> std::convertible_to<absl::string_view>;
      { G::kDescription } -> std::convertible_to<absl::string_view>;
      { G::kScored } -> std::convertible_to<bool>;
      { G::kMaxMoves } -> std::convertible_to<int>;
      { G::Params() } -> std::same_as<std::vector<ParamInfo>>;
      { G::FromSpec(spec) } -> std::same_as<absl::StatusOr<G>>;
      { g.CanonicalSpec() } -> std::same_as<std::string>;
      { g.MinScore() } -> std::same_as<Score>;
      { g.MaxScore() } -> std::same_as<Score>;
      { g.Start() } -> std::same_as<typename G::State>;
      { g.Terminal(s) } -> std::same_as<std::optional<Score>>;
      { g.GenerateMoves(s, moves) } -> std::same_as<void>;
      { g.Play(s, m) } -> std::same_as<typename G::State>;
      { g.Key(s) } -> GameKeyWord;
      { g.FormatState(s) } -> std::same_as<std::string>;
      { g.ParseState(text) } -> std::same_as<absl::StatusOr<typename G::State>>;
      { g.FormatMove(s, m) } -> std::same_as<std::string>;
      { g.ParseMove(s, text) } -> std::same_as<absl::StatusOr<typename G::Move>>;
    };

// The type of G's keys (uint64_t or Uint128).
template <typename G>
using GameKey = decltype(std::declval<const G&>().Key(std::declval<const typename G::State&>()));

// Games whose keys fit 64 bits: what the tables that store 64-bit keys need.
template <typename G>
concept KeyedBy64Bits = Game<G> && std::same_as<GameKey<G>, uint64_t>;

// OPTIONAL: a variant of the same game with a wider state, for the specs
// that G::FromSpec refuses with an OutOfRange status as too large for G
// (Connect Four: a 128-bit board beyond w*(h+1) = 64). ParamReader's range
// errors are OutOfRange too: Wider must then refuse the spec itself (the
// same ranges), so its error is the one reported. The tool makes the
// game from a spec with G::Wider::FromSpec then, so one spec names the game
// at every size and the narrow type keeps its fast path.
template <typename G>
concept Widens = Game<G> && requires { typename G::Wider; } && Game<typename G::Wider>;

// OPTIONAL: a game whose positions can recur. Depth-first search solvers do
// not apply to it (they could recurse for ever); retrograde analysis does, and
// gives the positions it never decides their value: draw.
template <typename G>
concept Loopy = Game<G> && requires {
  { G::kLoopy } -> std::convertible_to<bool>;
} && G::kLoopy;

// A game whose every play ends: what depth-first search needs.
template <typename G>
concept Acyclic = Game<G> && !Loopy<G>;

// OPTIONAL: a move-ordering heuristic. Higher values are searched first.
template <typename G>
concept Ordered = Game<G> && requires(const G& g, const typename G::State& s, typename G::Move m) {
  { g.MoveOrder(s, m) } -> std::convertible_to<int>;
};

// OPTIONAL (refines Ordered): ChildOrder(s, m, child) == MoveOrder(s, m)
// whenever child == Play(s, m), computed more cheaply from the child (a game
// whose states cache facts about the position, such as Connect Four's threat
// cells, reads them there instead of finding them again). A search that has
// played every move before ordering them uses it, and keeps the children.
template <typename G>
concept ChildOrdered =
    Ordered<G> && requires(const G& g, const typename G::State& s, typename G::Move m) {
      { g.ChildOrder(s, m, s) } -> std::convertible_to<int>;
    };

// OPTIONAL: symmetries. Canonical(s) returns one fixed representative of s's
// class (Canonical(ApplySymmetry(s, i)) == Canonical(s) for every i), and the
// value of a position equals the value of its canonical form. The tables of
// `tt` store positions by their canonical form. NumSymmetries() counts the
// group elements (identity included) so tests can apply each or random ones.
template <typename G>
concept Symmetric =
    Game<G> && requires(const G& g, const typename G::State& s, int i) {
      { g.Canonical(s) } -> std::same_as<typename G::State>;
      { g.NumSymmetries() } -> std::convertible_to<int64_t>;
      { g.ApplySymmetry(s, i) } -> std::same_as<typename G::State>;
    };

// OPTIONAL (refines Symmetric): CanonicalKey(s) == Key(Canonical(s)), computed
// more cheaply (e.g. from the key alone, without building the canonical
// state). Tables key every node by it, so it is in the hot loop.
template <typename G>
concept CanonicallyKeyed =
    Symmetric<G> && requires(const G& g, const typename G::State& s) {
      { g.CanonicalKey(s) } -> std::same_as<GameKey<G>>;
    };

// OPTIONAL: dense indexing, for retrograde analysis. Index(s) maps every legal
// position into [0, IndexSize()) injectively; Unindex is its inverse on the
// image. GenerateParents appends every position that has a move to s
// (un-moves), each once: the exact inverse of GenerateMoves. kMaxParents
// bounds their number.
template <typename G>
concept Indexed =
    Game<G> && requires(const G& g, const typename G::State& s, uint64_t i,
                        MoveList<typename G::State, G::kMaxParents>& parents) {
      { G::kMaxParents } -> std::convertible_to<int>;
      { g.IndexSize() } -> std::same_as<uint64_t>;
      { g.Index(s) } -> std::same_as<uint64_t>;
      { g.Unindex(i) } -> std::same_as<typename G::State>;
      { g.GenerateParents(s, parents) } -> std::same_as<void>;
    };

// OPTIONAL (refines Indexed): indices computed from the position's own index
// and the move, without Play/Index or GenerateParents/Index. Retrograde
// analysis uses them when present and falls back to the generic path
// otherwise; both give identical tables. Contract, for every position s with
// index i == Index(s):
//   GenerateChildIndices(s, i, out): s non-terminal; appends Index(Play(s, m))
//     for every m that GenerateMoves(s) lists, in any order. Repeats (two
//     moves to one position) are allowed unless kDistinctChildren is true.
//   GenerateParentIndices(s, i, out): appends Index(p) for every p that
//     GenerateParents(s) lists, in any order.
//   kDistinctChildren: true promises that distinct moves reach distinct
//     positions, so the solver need not remove repeats.
template <typename G>
concept IncrementallyIndexed =
    Indexed<G> && requires(const G& g, const typename G::State& s, uint64_t i,
                           MoveList<uint64_t, G::kMaxMoves>& children,
                           MoveList<uint64_t, G::kMaxParents>& parents) {
      { G::kDistinctChildren } -> std::convertible_to<bool>;
      { g.GenerateChildIndices(s, i, children) } -> std::same_as<void>;
      { g.GenerateParentIndices(s, i, parents) } -> std::same_as<void>;
    };

// OPTIONAL: tiers, for tiered retrograde analysis (solvers/tiered_retrograde.h),
// which holds only a tier and its child tiers in memory at once. The
// positions split into tiers 0 .. NumTiers()-1 that moves never leave
// backwards: every move from a position of tier t goes to a position of t
// itself (moves inside a tier may loop) or of a tier that ChildTiers(t)
// lists, each greater than t. The solver checks this on every move it
// generates and refuses a game that breaks it.
//   TierOf(s): the tier of a legal position.
//   ChildTiers(t, out): appends the tiers other than t that moves from t
//     reach (each once, each > t).
//   TierSize(t): the size of tier t's dense index.
//   TierIndex(s): maps the legal positions of tier TierOf(s) injectively into
//     [0, TierSize(TierOf(s))).
//   TierUnindex(t, i): the inverse of TierIndex on the image (only asked of
//     indices of positions).
template <typename G>
concept Tiered = Game<G> && requires(const G& g, const typename G::State& s, int t, uint64_t i,
                                     std::vector<int>& tiers) {
  { g.NumTiers() } -> std::same_as<int>;
  { g.TierOf(s) } -> std::same_as<int>;
  { g.ChildTiers(t, tiers) } -> std::same_as<void>;
  { g.TierSize(t) } -> std::same_as<uint64_t>;
  { g.TierIndex(s) } -> std::same_as<uint64_t>;
  { g.TierUnindex(t, i) } -> std::same_as<typename G::State>;
};

// OPTIONAL: cheap tactics that let a search settle or narrow a node before it
// generates and searches children (Pons' Connect Four solver). For a
// non-terminal position s:
//   WinNow(s): the exact value of s when the mover has a move that wins at
//     once and no line of play scores more than that immediate win; else
//     nullopt (the game must then promise nothing).
//   GenerateNonLosingMoves(s, out), only when WinNow(s) is nullopt: appends
//     the moves after which the opponent cannot win at once (each once, a
//     subset of GenerateMoves). When the list is not empty, the value of s is
//     the best over those moves (every other move does worse). When it is
//     empty, every move lets the opponent win at once: the value is the best
//     over all moves m of -WinNow(Play(s, m)) (or of -Terminal(child) for a
//     move that ends the game).
//   ValueBounds(s), only when WinNow(s) is nullopt and s has a non-losing
//     move: {lower, upper} with lower <= value(s) <= upper.
// A child reached by a non-losing move has WinNow nullopt by definition, so a
// search need not ask again there.
template <typename G>
concept Tactical =
    Game<G> && requires(const G& g, const typename G::State& s, MoveListOf<G>& moves) {
      { g.WinNow(s) } -> std::same_as<std::optional<Score>>;
      { g.GenerateNonLosingMoves(s, moves) } -> std::same_as<void>;
      { g.ValueBounds(s) } -> std::same_as<std::pair<Score, Score>>;
    };

// OPTIONAL (refines Tactical and ChildOrdered): ValueBounds in two parts,
// for a game that looks a ply ahead for its bounds, so that a search can
// run the look-ahead on the children it plays anyway, and only at nodes
// that its table did not settle. Under the conditions of ValueBounds(s):
//   ValueBoundsBeforeChildren(s): bounds on the value, without looking ahead;
//   ValueBoundsFromChildren(s, b, children, n), b the pair the first gave,
//     children[i] == Play(s, moves[i]) for the n moves that
//     GenerateNonLosingMoves(s) listed: ValueBounds(s).
template <typename G>
concept ChildBounded =
    Tactical<G> && ChildOrdered<G> &&
    requires(const G& g, const typename G::State& s, std::pair<Score, Score> b,
             const typename G::State* children, int n) {
      { g.ValueBoundsBeforeChildren(s) } -> std::same_as<std::pair<Score, Score>>;
      { g.ValueBoundsFromChildren(s, b, children, n) } -> std::same_as<std::pair<Score, Score>>;
    };

// A game whose both players always have the same moves, so that the
// Sprague–Grundy theory applies. Games opt in with kImpartial = true.
template <typename G>
concept Impartial = Game<G> && requires {
  { G::kImpartial } -> std::convertible_to<bool>;
} && G::kImpartial;

}  // namespace gamebench

#endif  // GAMEBENCH_CORE_GAME_H_
