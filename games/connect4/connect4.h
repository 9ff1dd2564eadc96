#ifndef GAMEBENCH_GAMES_CONNECT4_CONNECT4_H_
#define GAMEBENCH_GAMES_CONNECT4_CONNECT4_H_

// Why over 400 lines: one game is one class (core/game.h); Connect Four adds
// the Tactical members, the tier index and two text forms to the rules.
//
// Connect Four on a w x h board (default 7 x 6), the first player ('x')
// moves first; a stone drops to the lowest empty cell of its column; four in
// a row (horizontal, vertical or diagonal) wins; a full board is a draw.
// Spec: connect4(w=7,h=6,score=exact|wdl), 4 <= w, h and w*(h+1) <= 128
// (a 64-bit board up to 64, a 128-bit one beyond: Connect4Of below).
//
// Values (for the player to move):
//   score=exact  Pons' scoring: a win with your k-th stone is worth
//                ceil(w*h/2) + 1 - k, a loss the negative of the opponent's
//                win, a draw 0. On boards with w*h even (7x6 and every board
//                Pons uses) this is his floor(w*h/2) + 1 - k; on odd boards
//                (5x5, 7x5) the ceiling keeps a win with the first player's
//                last stone at +1 rather than 0, which would read as a draw.
//   score=wdl    win/draw/loss only: 1, 0, -1 (Pons' "weak" solver).
//
// Text forms of a position (ParseState accepts both, FormatState writes the
// board, the one form that is unique per position):
//   - the moves played, one character per move, the 1-based column: "4453"
//     (Pons' test files); columns 10..25 are written a..p. The start
//     is "-" (an empty text is refused as a likely mistake).
//   - the board: h rows of w cells '.', 'x' (first player), 'o', top row
//     first, rows separated by '/': "......./......./......./......./...o.../...x...".
//   A text containing '/' is a board, any other a move sequence.
// A move is the 1-based column, written the same way as in sequences.
//
// Bitboard (Tromp's and Pons' layout): bit c*(h+1) + r is column c, row r
// (row 0 at the bottom); the bit above each column (row h) is always empty, so
// shifts that run over a column's top never reach the next column's stones.
// State: `current` (the stones of the player to move) and `mask` (all
// stones).
//
// Tiers [Tiered]: tier t = the t stones played (t = 0 .. w*h); every move
// goes to tier t+1. Index within tier t: the rank of the column-height
// vector (lexicographic among the vectors of heights 0..h summing to t) times
// C(t, floor(t/2)), plus the colex rank of which of the t stones (taken
// column by column, bottom up) are o's. A dense bijection onto the boards
// with stones stacked and the right stone counts, reachable or not. Playing column c adds the column's lowest empty bit to mask with
// one addition: mask | (mask + bottom(c)).

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "core/combinatorics.h"
#include "core/game.h"
#include "games/connect4/bitboard.h"
#include "games/connect4/board_text.h"
#include "games/connect4/even_threats.h"
#include "games/connect4/tier_tables.h"

namespace gamebench {

// `Bits` is the board word: uint64_t (Connect4, w*(h+1) <= 64) or Uint128
// (Connect4Of<Uint128>, w*(h+1) <= 128), its Wider variant (core/game.h,
// Widens): the tool makes the 128-bit game from the spec of a board that
// does not fit 64 bits, so `connect4(w=10,h=6)` just works, and boards that
// fit keep the 64-bit code. The key is exact on both (current + mask, as
// wide as the board).
template <typename Bits>
class Connect4Of {
 public:
  static constexpr absl::string_view kName = "connect4";
  static constexpr absl::string_view kDescription =
      "Connect Four on w x h (gravity, four in a row); positions as column sequences (4453) or "
      "boards; score=exact (Pons) or wdl";
  static constexpr int kBits = 8 * sizeof(Bits);  // 64 or 128
  static constexpr bool kNarrow = kBits == 64;
  static constexpr int kMaxWidth = kBits / 5;  // 4 <= h and w*(h+1) <= kBits: 12 or 25
  static constexpr int kMaxMoves = kMaxWidth;
  static constexpr bool kScored = true;
  // The spec's ranges, the same for both words (the product decides).
  static constexpr int kMaxSpecWidth = 25, kMaxSpecHeight = 31;
  using Wider = std::conditional_t<kNarrow, Connect4Of<Uint128>, void>;

  // `threats` is a cache, a function of the other two: the empty cells where
  // the player who just moved would complete a four. Play computes it once
  // for the child, where it serves three times: the child's non-losing moves
  // (the opponent's winning cells), the parent's move order (ChildOrder: the
  // mover's threats after the move) and the next Play (the opponent's
  // threats after a move are these less the cell played). Every State is
  // made by Start, Play or Make, which keep it true.
  struct State {
    Bits current = 0;  // stones of the player to move
    Bits mask = 0;     // all stones
    Bits threats = 0;  // WinningCells(current ^ mask, mask), cached
    bool operator==(const State&) const = default;
  };
  using Move = uint8_t;  // column, 0-based

  static std::vector<ParamInfo> Params() {
    return {{"w", "7", "columns, >= 4, w*(h+1) <= 128 (a 64-bit board while <= 64)"},
            {"h", "6", "rows, >= 4, w*(h+1) <= 128 (a 64-bit board while <= 64)"},
            {"score", "exact", "exact: Pons' score (earlier wins are worth more); wdl: 1/0/-1"}};
  }

  // A board over 64 bits is OutOfRange for the 64-bit game (the tool then
  // asks Wider), over 128 bits InvalidArgument.
  static absl::StatusOr<Connect4Of> FromSpec(const Spec& spec) {
    ParamReader r(spec);
    auto w = r.Int("w", 7, 4, kMaxSpecWidth);
    if (!w.ok()) return w.status();
    auto h = r.Int("h", 6, 4, kMaxSpecHeight);
    if (!h.ok()) return h.status();
    const std::string score = r.Text("score", "exact");
    if (auto st = r.Finish(); !st.ok()) return st;
    if (*w * (*h + 1) > kBits) {
      const std::string why = absl::StrCat(
          "connect4: w*(h+1) must be at most ", kBits,
          " (one bit per cell plus one per column), got w=", *w, ", h=", *h);
      return kNarrow ? absl::OutOfRangeError(why) : absl::InvalidArgumentError(why);
    }
    if (score != "exact" && score != "wdl")
      return absl::InvalidArgumentError(
          absl::StrCat("connect4: parameter 'score' must be exact or wdl, got '", score, "'"));
    return Connect4Of(static_cast<int>(*w), static_cast<int>(*h), score == "exact");
  }

  Connect4Of(int w = 7, int h = 6, bool exact = true) : w_(w), h_(h), exact_(exact) {
    for (int c = 0; c < w_; ++c) bottom_ |= Bits{1} << (c * (h_ + 1));
    board_ = bottom_ * ((Bits{1} << h_) - 1);
    column_bits_ = (Bits{1} << h_) - 1;
    for (int c = 0; c < w_; ++c) column_mask_[c] = column_bits_ << (c * (h_ + 1));
    win_base_ = (w_ * h_ + 1) / 2 + 1;
    for (int r = 1; r < h_; r += 2) even_rows_ |= bottom_ << r;
    if constexpr (kNarrow) tiers_ = std::make_shared<const connect4::TierTables>(w_, h_);
    // Centre columns first, then outwards, left before right: 3 2 4 1 5 0 6.
    for (int i = 0; i < w_; ++i) {
      const int step = (i + 1) / 2;
      order_[i] = static_cast<uint8_t>(w_ % 2 ? w_ / 2 + (i % 2 ? -step : step)
                                              : (w_ - 1) / 2 + (i % 2 ? step : -step));
    }
  }

  std::string CanonicalSpec() const {
    return absl::StrCat("connect4(w=", w_, ",h=", h_, ",score=", exact_ ? "exact" : "wdl", ")");
  }

  int width() const { return w_; }
  int height() const { return h_; }
  bool exact() const { return exact_; }
  int Cells() const { return w_ * h_; }
  static int MovesPlayed(const State& s) { return PopCount(s.mask); }

  // Values of a win with the winner's k-th stone (exact), its loss the negative.
  Score WinValue(int k) const { return exact_ ? win_base_ - k : kWinScore; }
  Score MinScore() const { return -MaxScore(); }
  Score MaxScore() const { return WinValue(4); }

  State Start() const { return State{}; }

  std::optional<Score> Terminal(const State& s) const {
    // The player who just moved placed their ceil(n/2)-th stone. (The stone
    // count is needed only for a win: most nodes are neither, and a popcount
    // without the CPU instruction is a library call.)
    if (Alignment(s.current ^ s.mask)) return -WinValue((MovesPlayed(s) + 1) / 2);
    if (s.mask == board_) return kDrawScore;
    return std::nullopt;
  }

  // Centre columns first, so that generation order is already a good order.
  void GenerateMoves(const State& s, MoveListOf<Connect4Of>& moves) const {
    for (int i = 0; i < w_; ++i)
      if (CanPlay(s, order_[i])) moves.push_back(order_[i]);
  }

  State Play(const State& s, Move c) const {
    const Bits mask = s.mask | (s.mask + (Bits{1} << (c * (h_ + 1))));
    const Bits mover = s.current | (mask ^ s.mask);  // who just moved, with the new stone
    return State{s.current ^ s.mask, mask, WinningCells(mover, mask)};
  }

  // Play with the cell that the move fills, one bit.
  State PlayCell(const State& s, Bits cell) const {
    const Bits mask = s.mask | cell;
    return State{s.current ^ s.mask, mask, WinningCells(s.current | cell, mask)};
  }

  // The state of the stones `current` (the mover's) and `mask` (all), its
  // cache filled in.
  State Make(Bits current, Bits mask) const {
    return State{current, mask, WinningCells(current ^ mask, mask)};
  }

  // Exact: current + mask sets, in each column, the bit just above the top
  // stone and keeps the mover's stones below it (Pons' key); the parity of
  // the stone count says who moves.
  Bits Key(const State& s) const { return s.current + s.mask; }

  // [Ordered] Threat-aware (after Pons' MoveSorter): the mover's threats
  // after the move (cells where it would complete a four), less those right
  // above an opponent's threat (the opponent wins there first: they never
  // count); a threat right above a playable cell counts half as much again
  // (the opponent can never play under it); then centre columns first.
  // (Node counts of the weightings tried: results/connect4.md.)
  int MoveOrder(const State& s, Move c) const { return ChildOrder(s, c, Play(s, c)); }
  // [ChildOrdered] MoveOrder from the child the search has already played:
  // its cache holds the mover's threats after the move, and the opponent's
  // are the parent's less the cell played (an empty cell fewer).
  int ChildOrder(const State& s, Move c, const State& child) const {
    const Bits opponent_threats = s.threats & ~child.mask;
    const Bits useful = child.threats & ~(opponent_threats << 1);
    const Bits playable = (child.mask + bottom_) & board_;
    return 16 * SparsePopCount(useful) + 8 * SparsePopCount(useful & (playable << 1)) +
           (w_ - std::abs(2 * c - (w_ - 1)));
  }

  // [Tactical] The mover can complete a four with the next stone: the value
  // is a win with that stone, and no later win scores more.
  std::optional<Score> WinNow(const State& s) const {
    if (WinningCells(s.current, s.mask) & Possible(s))
      return WinValue(MovesPlayed(s) / 2 + 1);
    return std::nullopt;
  }

  // [Tactical] The moves after which the opponent cannot win at once (Pons'
  // possibleNonLosingMoves): a forced block when the opponent has one
  // playable winning cell, none when it has two, and never the cell just
  // below an opponent's winning cell.
  void GenerateNonLosingMoves(const State& s, MoveListOf<Connect4Of>& moves) const {
    const Bits cells = NonLosingCellsGiven(s.threats, s.mask);
    for (int i = 0; i < w_; ++i)
      if (cells & ColumnMask(order_[i])) moves.push_back(order_[i]);
  }
  // The playable cells of GenerateNonLosingMoves, `mover` the stones of the
  // player to move.
  Bits NonLosingCells(Bits mover, Bits mask) const {
    return NonLosingCellsGiven(WinningCells(mover ^ mask, mask), mask);
  }
  // The same, given the opponent's winning cells.
  Bits NonLosingCellsGiven(Bits opponent_win, Bits mask) const {
    Bits possible = (mask + bottom_) & board_;
    const Bits forced = possible & opponent_win;
    if (forced) {
      if (forced & (forced - 1)) return 0;  // two threats: cannot block both
      possible = forced;
    }
    return possible & ~(opponent_win >> 1);
  }

  // [Tactical] Bounds on a position where the mover cannot win at once and
  // plays a non-losing move: steps 1 to 3 (ValueBoundsBeforeChildren), then
  // step 4 on the children of the non-losing moves, played here.
  std::pair<Score, Score> ValueBounds(const State& s) const {
    State children[kMaxMoves];
    int n = 0;
    for (Bits m = NonLosingCellsGiven(s.threats, s.mask); m; m &= m - 1)
      children[n++] = PlayCell(s, m & (~m + 1));
    return ValueBoundsFromChildren(s, ValueBoundsBeforeChildren(s), children, n);
  }

  // [ChildBounded] The same bounds in two parts, so that tt runs step 4 on
  // the children it plays anyway, after its table: steps 1 to 3 here, each
  // rule its own step.
  std::pair<Score, Score> ValueBoundsBeforeChildren(const State& s) const {
    const int n = MovesPlayed(s);
    // 1. The mover wins at best with its stone after next, the opponent at
    //    best with its stone after next; otherwise a draw (Pons).
    Score upper = n + 3 <= Cells() ? WinValue(n / 2 + 2) : kDrawScore;
    Score lower = n + 4 <= Cells() ? -WinValue((n + 1) / 2 + 2) : kDrawScore;
    // 2. A player with no four left among its stones and the empty cells can
    //    never win: at best a draw for the mover, at worst a draw.
    const Bits empty = board_ ^ s.mask;
    if (upper > kDrawScore && !Alignment(s.current | empty)) upper = kDrawScore;
    if (lower < kDrawScore && !Alignment((s.current ^ s.mask) | empty)) lower = kDrawScore;
    // 3. With an even number of rows and of stones, the second player's
    //    follow-up strategy (games/connect4/even_threats.h, argued there) may
    //    show that the mover cannot win, or even when it loses at the latest.
    if (h_ % 2 == 0 && n % 2 == 0 && upper > lower) {
      const auto f = connect4::FollowUpOfSecondPlayer(s.current, s.mask, board_, even_rows_,
                                                      bottom_, h_, Cells());
      if (!f.mover_may_win) {
        upper = std::min(upper, kDrawScore);
        if (f.opponent_wins_by) upper = std::min(upper, -WinValue(f.opponent_wins_by / 2));
      }
    }
    return {lower, upper};
  }

  // [ChildBounded] Step 4, given steps 1 to 3's bounds and the children of
  // the non-losing moves (their threat caches say at once whether the
  // opponent has a non-losing reply).
  std::pair<Score, Score> ValueBoundsFromChildren(const State& s, std::pair<Score, Score> bounds,
                                                  const State* children, int num_children) const {
    const int n = MovesPlayed(s);
    auto [lower, upper] = bounds;
    // 4. One ply ahead, while step 1's upper bound stands: a non-losing move
    //    that leaves the opponent no non-losing reply wins with the stone
    //    after next, step 1's best, so that is the value. With no such move
    //    the mover wins at best with its third stone from now.
    if (n + 3 <= Cells() && upper == WinValue(n / 2 + 2) && upper > lower) {
      for (int i = 0; i < num_children; ++i) {
        const State& c = children[i];
        if (NonLosingCellsGiven(c.threats, c.mask) == 0) return {upper, upper};
      }
      upper = n + 5 <= Cells() ? WinValue(n / 2 + 3) : kDrawScore;
    }
    return {lower, upper};
  }

  // [Symmetric] Left-right mirror; the canonical form has the smaller key.
  int NumSymmetries() const { return 2; }
  State ApplySymmetry(const State& s, int i) const {
    if (i == 0) return s;
    return State{Mirror(s.current), Mirror(s.mask), Mirror(s.threats)};
  }
  State Canonical(const State& s) const {
    const State m = ApplySymmetry(s, 1);
    return Key(m) < Key(s) ? m : s;
  }
  // [CanonicallyKeyed] Key(Canonical(s)) with one mirror instead of two: the
  // key's columns never carry into each other (current + mask stays below
  // the spare bit's successor), so the key of the mirror is the mirrored key.
  Bits CanonicalKey(const State& s) const {
    const Bits k = Key(s);
    return std::min(k, Mirror(k));
  }

  std::string FormatState(const State& s) const {
    const bool x_to_move = MovesPlayed(s) % 2 == 0;
    const Bits x = x_to_move ? s.current : s.current ^ s.mask;
    std::string text;
    for (int r = h_ - 1; r >= 0; --r) {
      for (int c = 0; c < w_; ++c) {
        const Bits bit = Bit(c, r);
        text += (s.mask & bit) == 0 ? '.' : ((x & bit) ? 'x' : 'o');
      }
      if (r > 0) text += '/';
    }
    return text;
  }

  absl::StatusOr<State> ParseState(absl::string_view text) const {
    if (text.find('/') != absl::string_view::npos) return ParseBoard(text);
    // An empty text is more likely a mistake than the start: the start is "-".
    if (text.empty())
      return absl::InvalidArgumentError(
          "connect4 position '': empty (the start is '-', or the empty board)");
    if (text == "-") return Start();
    return ParseSequence(text);
  }

  std::string FormatMove(const State&, Move c) const { return std::string(1, ColumnChar(c)); }

  absl::StatusOr<Move> ParseMove(const State& s, absl::string_view text) const {
    auto error = [&](absl::string_view why) {
      return absl::InvalidArgumentError(absl::StrCat("connect4 move '", text, "': ", why));
    };
    const int c = text.size() == 1 ? ColumnOf(text[0]) : -1;
    if (c < 0) return error(absl::StrCat("expected a column 1..", std::string(1, ColumnChar(w_ - 1))));
    if (Terminal(s)) return error("the game is over");
    if (!CanPlay(s, c)) return error("the column is full");
    return static_cast<Move>(c);
  }

  // --- Tiered (the 64-bit board only: indices are 64-bit) --------------------

  int NumTiers() const requires kNarrow { return Cells() + 1; }
  int TierOf(const State& s) const requires kNarrow { return MovesPlayed(s); }
  void ChildTiers(int t, std::vector<int>& out) const requires kNarrow {
    if (t < Cells()) out.push_back(t + 1);
  }
  // Saturates at UINT64_MAX on boards far too large to analyse, so that the
  // memory check refuses them instead of wrapping around.
  uint64_t TierSize(int t) const requires kNarrow {
    uint64_t size;
    if (__builtin_mul_overflow(tiers_->Vectors(w_, t), Binomial(t, t / 2), &size)) return ~uint64_t{0};
    return size;
  }
  uint64_t TierIndex(const State& s) const requires kNarrow {
    const int t = MovesPlayed(s);
    const uint64_t o = XStones(s) ^ s.mask;
    uint64_t height_rank = 0, packed_o = 0;
    int rem = t, off = 0;
    for (int c = 0; c < w_; ++c) {
      const uint64_t col = (s.mask >> (c * (h_ + 1))) & column_bits_;
      const int hc = __builtin_popcountll(col);
      height_rank += tiers_->Before(w_ - 1 - c, rem, hc);
      rem -= hc;
      packed_o |= ((o >> (c * (h_ + 1))) & col) << off;
      off += hc;
    }
    return height_rank * Binomial(t, t / 2) + ColexRank(packed_o);
  }
  State TierUnindex(int t, uint64_t i) const requires kNarrow {
    const uint64_t colourings = Binomial(t, t / 2);
    uint64_t height_rank = i / colourings;
    const uint64_t packed_o = ColexUnrank(i % colourings, t / 2, t);
    uint64_t mask = 0, o = 0;
    int rem = t, off = 0;
    for (int c = 0; c < w_; ++c) {
      int hc = std::min(h_, rem);
      while (tiers_->Before(w_ - 1 - c, rem, hc) > height_rank) --hc;
      height_rank -= tiers_->Before(w_ - 1 - c, rem, hc);
      rem -= hc;
      const uint64_t col = ((uint64_t{1} << hc) - 1);
      mask |= col << (c * (h_ + 1));
      o |= ((packed_o >> off) & col) << (c * (h_ + 1));
      off += hc;
    }
    return Make(t % 2 == 0 ? mask ^ o : o, mask);
  }

 public:
  // The stones of the first player (x) and of the second (o).
  Bits XStones(const State& s) const {
    return MovesPlayed(s) % 2 == 0 ? s.current : s.current ^ s.mask;
  }
  Bits Bit(int c, int r) const { return Bits{1} << (c * (h_ + 1) + r); }

  static int PopCount(Bits b) { return connect4::PopCount(b); }
  static int SparsePopCount(Bits b) { return connect4::SparsePopCount(b); }
  bool CanPlay(const State& s, int c) const { return (s.mask & Bit(c, h_ - 1)) == 0; }

  // True when `stones` hold four in a row (Pons' alignment()).
  bool Alignment(Bits stones) const { return connect4::HasFour(stones, h_); }

  // The empty cells where `stones` would complete a four (Pons'
  // compute_winning_position).
  Bits WinningCells(Bits stones, Bits mask) const {
    return connect4::WinningCells(stones, board_ ^ mask, h_);
  }

 private:
  Bits Possible(const State& s) const { return (s.mask + bottom_) & board_; }
  Bits ColumnMask(int c) const { return column_mask_[c]; }

  Bits Mirror(Bits b) const { return connect4::Mirror(b, w_, h_); }

  char ColumnChar(int c) const { return connect4::ColumnChar(c); }
  int ColumnOf(char ch) const {
    int c = -1;
    if (ch >= '1' && ch <= '9') c = ch - '1';
    if (ch >= 'a' && ch <= 'p') c = 9 + ch - 'a';
    return c >= 0 && c < w_ ? c : -1;
  }

  absl::StatusOr<State> ParseSequence(absl::string_view text) const {
    State s = Start();
    for (size_t i = 0; i < text.size(); ++i) {
      auto error = [&](absl::string_view why) {
        return absl::InvalidArgumentError(absl::StrCat("connect4 position '", text, "': move ",
                                                       i + 1, " '", text.substr(i, 1), "': ", why));
      };
      const int c = ColumnOf(text[i]);
      if (c < 0)
        return error(absl::StrCat("not a column 1..", std::string(1, ColumnChar(w_ - 1)),
                                  " (a board needs rows separated by '/')"));
      if (Terminal(s)) return error("the game is already over");
      if (!CanPlay(s, c)) return error("the column is full");
      s = Play(s, static_cast<Move>(c));
    }
    return s;
  }

  // The board form's checks are connect4::ParseBoardStones (board_text.h).
  absl::StatusOr<State> ParseBoard(absl::string_view text) const {
    auto stones = connect4::ParseBoardStones<Bits>(text, w_, h_);
    if (!stones.ok()) return stones.status();
    const auto [x, o] = *stones;
    return PopCount(x) == PopCount(o) ? Make(x, x | o) : Make(o, x | o);
  }

  int w_, h_;
  bool exact_;
  Bits bottom_ = 0;  // the bottom cell of every column
  Bits board_ = 0;   // every cell
  Bits column_bits_ = 0;  // the h cells of column 0
  Bits even_rows_ = 0;    // the cells of the 1-based even rows (0-based 1, 3, ...)
  std::shared_ptr<const connect4::TierTables> tiers_;  // shared: the game stays cheap to copy
  uint8_t order_[kMaxWidth] = {};
  Bits column_mask_[kMaxWidth] = {};  // the h cells of each column
  int win_base_ = 0;                  // WinValue(k) = win_base_ - k (exact)
};

// The catalog's game: the 64-bit board, widening to Connect4Of<Uint128>.
using Connect4 = Connect4Of<uint64_t>;

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_CONNECT4_CONNECT4_H_
