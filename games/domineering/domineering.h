#ifndef GAMEBENCH_GAMES_DOMINEERING_DOMINEERING_H_
#define GAMEBENCH_GAMES_DOMINEERING_DOMINEERING_H_

// Domineering (Andersson; Gardner 1974) on a rows x cols board, up to 8x8.
// Vertical places a domino on two empty cells of one column, Horizontal on
// two empty cells of one row; the player who cannot move loses (no draws).
// Spec: domineering(rows=8,cols=8,first=vertical|horizontal).
//
// A partizan game in the negamax frame of core/game.h: the player to move is
// part of the state and values are for that player.
//
// Cells are named by column letter and row number, a1 the top-left:
//     a1 b1 c1 ...
//     a2 b2 c2 ...
// A move is its two cells, top (or left) cell first: "b2b3" is a vertical
// domino, "b2c2" a horizontal one.
//
// Text form of a position: the rows top to bottom, each a string of `cols`
// characters '.' (empty) or '#' (occupied), joined by '/', then ':' and the
// player to move, V or H. The empty 2x3 board with Vertical to move is
// ".../...:V". Any pattern of '#' is a position (blocked cells are part of
// the usual Domineering positions), so ParseState accepts every grid of the
// right size.
//
// State: a 64-bit board "seen by the player to move", who always places
// vertical dominoes in that view. With Vertical to move the view is the board
// itself; with Horizontal to move it is the transpose (rows and columns
// swapped), where Horizontal's dominoes are vertical. The board sits in an
// 8x8 frame, bit 8*r + c for row r and column c, and every frame cell outside
// the (possibly transposed) rows x cols area is set, as if occupied. So:
//   - the mover's moves are `free & free >> 8` (a free cell above a free
//     cell), with no masks: frame cells outside the board are never free;
//   - a move is one OR, then a transpose for the next player (a few shifts).
// Key(s) is the view itself. It is exact in the sense the solvers need: two
// states have the same key iff the player to move faces the same empty cells
// in the same orientation, i.e. the same game; a square board with Vertical
// to move and its transpose with Horizontal to move are the same game and
// share a key (on non-square boards the frame cells tell them apart). All 64
// bits are needed for 8x8, which is why the mover is not a key bit.
//
// Symmetric: the mirror images that keep every domino's orientation
// (left-right, top-bottom, and both: the 180-degree rotation), 4 in all.
// Ordered: a move scores the opponent's moves it destroys minus the mover's
// own moves it destroys besides itself.
//
// Partizan (core/partizan.h): Left is Vertical (MCGS's BLACK), Right is
// Horizontal; WithMover flips the mover with one transpose of the view.
// Decomposable: a position is the sum of its regions of empty cells.
//
// Tactical: the static bounds of ValueBounds, a proof of its own, are in
// domineering_bounds.h; the bit tricks all three share in domineering_bits.h.

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "core/game.h"
#include "core/partizan.h"
#include "games/connected_parts.h"
#include "games/domineering/domineering_bits.h"
#include "games/domineering/domineering_bounds.h"

namespace gamebench {

class Domineering {
 public:
  static constexpr absl::string_view kName = "domineering";
  static constexpr absl::string_view kDescription =
      "Domineering on up to 8x8, V and H place dominoes, no move loses; moves like b2b3, "
      "positions rows of ./# joined by / then :V or :H";
  static constexpr int kMaxSide = 8;
  static constexpr int kMaxMoves = 56;  // 7 x 8 vertical placements on an empty 8x8
  static constexpr bool kScored = false;

  struct State {
    uint64_t view = 0;  // the board as the player to move sees it (see above)
    bool vertical_to_move = true;
    bool operator==(const State&) const = default;
  };
  using Move = uint8_t;  // bit of the top cell of the vertical domino, in the mover's view

  static std::vector<ParamInfo> Params() {
    return {{"rows", "8", "1..8"},
            {"cols", "8", "1..8"},
            {"first", "vertical", "vertical | horizontal: who moves first"}};
  }

  static absl::StatusOr<Domineering> FromSpec(const Spec& spec) {
    ParamReader r(spec);
    auto rows = r.Int("rows", 8, 1, kMaxSide);
    if (!rows.ok()) return rows.status();
    auto cols = r.Int("cols", 8, 1, kMaxSide);
    if (!cols.ok()) return cols.status();
    std::string first = r.Text("first", "vertical");
    if (first != "vertical" && first != "horizontal")
      return absl::InvalidArgumentError(absl::StrCat("domineering: parameter 'first' is '", first,
                                                     "', expected vertical or horizontal"));
    if (auto st = r.Finish(); !st.ok()) return st;
    return Domineering(static_cast<int>(*rows), static_cast<int>(*cols), first == "vertical");
  }

  std::string CanonicalSpec() const {
    return absl::StrCat("domineering(rows=", rows_, ",cols=", cols_,
                        ",first=", vertical_first_ ? "vertical" : "horizontal", ")");
  }

  int rows() const { return rows_; }
  int cols() const { return cols_; }

  Score MinScore() const { return kLossScore; }
  Score MaxScore() const { return kWinScore; }

  State Start() const {
    return State{vertical_first_ ? outside_ : Transpose(outside_), vertical_first_};
  }

  std::optional<Score> Terminal(const State& s) const {
    if (MoverMoves(s.view) == 0) return kLossScore;
    return std::nullopt;
  }

  void GenerateMoves(const State& s, MoveListOf<Domineering>& moves) const {
    for (uint64_t m = MoverMoves(s.view); m != 0; m &= m - 1)
      moves.push_back(static_cast<Move>(__builtin_ctzll(m)));
  }

  State Play(const State& s, Move m) const {
    return State{Transpose(s.view | (uint64_t{0x101} << m)), !s.vertical_to_move};
  }

  uint64_t Key(const State& s) const { return s.view; }

  // [Partizan] The same board with the other player to move is the transposed view.
  int Mover(const State& s) const { return s.vertical_to_move ? kLeft : kRight; }
  State WithMover(const State& s, int player) const {
    if (Mover(s) == player) return s;
    return State{Transpose(s.view), !s.vertical_to_move};
  }

  // [Decomposable] The regions of empty cells, 4-connected, are independent
  // games: a domino covers two orthogonal neighbours, so no domino has cells
  // in two regions, and a move in one region leaves the others as they
  // were. Each region is moved to the top-left corner of the mover's view
  // (the same shape is the same game wherever it lies, so the CGT memo holds
  // it once), every other cell occupied. A region of one cell has no move
  // for either player (the game 0) and is left out.
  void Components(const State& s, std::vector<State>& parts) const {
    const uint64_t empty = ~s.view;
    const size_t first = parts.size();
    grid::ConnectedParts(empty, [&](uint64_t x) { return domineering::Grow(x) & empty; },
                         [&](uint64_t group) {
                           if ((group & (group - 1)) == 0) return;
                           parts.push_back(State{~(group >> grid::CornerShift(group, 8)),
                                                 s.vertical_to_move});
                         });
    if (parts.size() == first) parts.push_back(State{~uint64_t{0}, s.vertical_to_move});
  }

  // Bullock's ordering (Obsequi, 2002): a move scores how it changes the
  // mover's "real" moves (most disjoint placements) plus safe moves, minus the
  // same for the opponent, counted after the move (the count before is the
  // same for every move of a node), then a positional tie-break.
  int MoveOrder(const State& s, Move m) const {
    return 128 * MoveCountChange(~s.view, m) + PositionValue(s, m);
  }

  // [Tactical] Domineering has no "win at once" beyond the end of the game,
  // so WinNow promises nothing and every move is non-losing in the
  // refinement's sense; the game knowledge is in ValueBounds.
  std::optional<Score> WinNow(const State&) const { return std::nullopt; }
  void GenerateNonLosingMoves(const State& s, MoveListOf<Domineering>& moves) const {
    GenerateMoves(s, moves);
  }

  // [Tactical] A static proof of the outcome by counting moves (Bullock's
  // safe, protective and vulnerable moves): domineering_bounds.h.
  std::pair<Score, Score> ValueBounds(const State& s) const {
    return domineering::BoundsOfView(s.view);
  }

  // [Symmetric] Flips of the mover's view within its rows x cols area: a
  // left-right or top-bottom flip of the view is one of the board too (the
  // transpose swaps which), and keeps every domino's orientation.
  int NumSymmetries() const { return 4; }
  State ApplySymmetry(const State& s, int i) const {
    const int view_rows = s.vertical_to_move ? rows_ : cols_;
    const int view_cols = s.vertical_to_move ? cols_ : rows_;
    const uint64_t area = ~(s.vertical_to_move ? outside_ : Transpose(outside_));
    uint64_t inside = s.view & area;
    if (i & 1) inside = domineering::FlipColumns(inside, view_cols);
    if (i & 2) inside = domineering::FlipRows(inside, view_rows);
    return State{inside | ~area, s.vertical_to_move};
  }
  State Canonical(const State& s) const {
    State best = s;
    for (int i = 1; i < 4; ++i) {
      State t = ApplySymmetry(s, i);
      if (t.view < best.view) best = t;
    }
    return best;
  }

  // The occupied cells of the real board (not the mover's view), bit 8*r + c.
  uint64_t Occupied(const State& s) const {
    return (s.vertical_to_move ? s.view : Transpose(s.view)) & ~outside_;
  }

  std::string FormatState(const State& s) const {
    const uint64_t occupied = Occupied(s);
    std::string text;
    for (int r = 0; r < rows_; ++r) {
      if (r > 0) text += '/';
      for (int c = 0; c < cols_; ++c) text += (occupied >> (8 * r + c) & 1) ? '#' : '.';
    }
    text += s.vertical_to_move ? ":V" : ":H";
    return text;
  }

  absl::StatusOr<State> ParseState(absl::string_view text) const {
    auto error = [&](absl::string_view why) {
      return absl::InvalidArgumentError(
          absl::StrCat("domineering position '", text.substr(0, 80), "': ", why));
    };
    const size_t expected = static_cast<size_t>(rows_ * (cols_ + 1) - 1 + 2);
    if (text.size() != expected)
      return error(absl::StrCat("expected ", rows_, " rows of ", cols_,
                                " cells ('.' or '#') joined by '/', then :V or :H"));
    uint64_t occupied = 0;
    for (int r = 0; r < rows_; ++r) {
      for (int c = 0; c < cols_; ++c) {
        const char ch = text[static_cast<size_t>(r * (cols_ + 1) + c)];
        if (ch == '#') {
          occupied |= uint64_t{1} << (8 * r + c);
        } else if (ch != '.') {
          return error(absl::StrCat("bad character '", std::string(1, ch), "' in row ", r + 1,
                                    " (expected '.' or '#')"));
        }
      }
      const size_t end = static_cast<size_t>(r * (cols_ + 1) + cols_);
      if (r + 1 < rows_ && text[end] != '/')
        return error(absl::StrCat("row ", r + 1, " must have ", cols_, " cells, then '/'"));
    }
    const absl::string_view mover = text.substr(text.size() - 2);
    if (mover != ":V" && mover != ":H") return error("must end in :V or :H (the player to move)");
    const bool vertical = mover == ":V";
    const uint64_t board = occupied | outside_;
    return State{vertical ? board : Transpose(board), vertical};
  }

  std::string FormatMove(const State& s, Move m) const {
    int r = m / 8, c = m % 8;                  // top cell in the mover's view
    if (!s.vertical_to_move) std::swap(r, c);  // the real board: a horizontal domino
    const int r2 = s.vertical_to_move ? r + 1 : r, c2 = s.vertical_to_move ? c : c + 1;
    return absl::StrCat(CellName(r, c), CellName(r2, c2));
  }

  absl::StatusOr<Move> ParseMove(const State& s, absl::string_view text) const {
    auto error = [&](absl::string_view why) {
      return absl::InvalidArgumentError(
          absl::StrCat("domineering move '", text.substr(0, 40), "': ", why));
    };
    int r1, c1, r2, c2;
    size_t used1 = ParseCell(text, r1, c1);
    if (used1 == 0) return error("expected two cells like b2b3 (column letter, row number)");
    size_t used2 = ParseCell(text.substr(used1), r2, c2);
    if (used2 == 0 || used1 + used2 != text.size())
      return error("expected two cells like b2b3 (column letter, row number)");
    if (r1 >= rows_ || c1 >= cols_ || r2 >= rows_ || c2 >= cols_)
      return error("a cell is off the board");
    if (s.vertical_to_move) {
      if (c2 != c1 || r2 != r1 + 1)
        return error("Vertical plays two cells of one column, the upper first (like b2b3)");
    } else if (r2 != r1 || c2 != c1 + 1) {
      return error("Horizontal plays two cells of one row, the left first (like b2c2)");
    }
    const int bit = s.vertical_to_move ? 8 * r1 + c1 : 8 * c1 + r1;
    if ((MoverMoves(s.view) >> bit & 1) == 0) return error("a cell is occupied");
    return static_cast<Move>(bit);
  }

  // The 8x8 transpose: (r, c) -> (c, r) (domineering_bits.h).
  static uint64_t Transpose(uint64_t x) { return domineering::Transpose(x); }

 private:
  Domineering(int rows, int cols, bool vertical_first)
      : rows_(rows), cols_(cols), vertical_first_(vertical_first) {
    uint64_t area = 0;
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) area |= uint64_t{1} << (8 * r + c);
    outside_ = ~area;
  }

  // How a move at `m` changes the mover's real plus safe placements minus the
  // opponent's, on the free cells `free` of the mover's view. Only the lines
  // through the move and beside it change: the mover's column (real), the
  // columns beside it (safe: cells whose horizontal neighbours fill), the
  // opponent's two rows (real) and the rows above and below (safe).
  static int MoveCountChange(uint64_t free, Move m) {
    const uint64_t after = free & ~(uint64_t{0x101} << m);
    const int r = m / 8, c = m % 8;
    auto my_safe = [](uint64_t f) {
      const uint64_t theirs = f & (f >> 1) & domineering::kNotLastColumn;
      return f & ~(theirs | theirs << 1);
    };
    auto their_safe = [](uint64_t f) {
      const uint64_t mine = f & f >> 8;
      return f & ~(mine | mine << 8);
    };
    const uint64_t my_safe_before = my_safe(free), my_safe_after = my_safe(after);
    const uint64_t their_safe_before = their_safe(free), their_safe_after = their_safe(after);
    int change = domineering::ColumnLinePairs(after, c) - domineering::ColumnLinePairs(free, c);
    for (int cc = std::max(c - 1, 0); cc <= std::min(c + 1, 7); ++cc)
      change += domineering::ColumnLinePairs(my_safe_after, cc) -
                domineering::ColumnLinePairs(my_safe_before, cc);
    change -= domineering::RowLinePairs(after, r) + domineering::RowLinePairs(after, r + 1) -
              domineering::RowLinePairs(free, r) - domineering::RowLinePairs(free, r + 1);
    for (int rr = std::max(r - 1, 0); rr <= std::min(r + 2, 7); ++rr)
      change -= domineering::RowLinePairs(their_safe_after, rr) -
                domineering::RowLinePairs(their_safe_before, rr);
    return change;
  }

  // Obsequi's positional preference for a placement, in its four classes:
  // lines (columns of the view) at an even distance from the nearer side,
  // tops at an odd distance from the nearer end, come first.
  int PositionValue(const State& s, Move m) const {
    const int view_rows = s.vertical_to_move ? rows_ : cols_;
    const int view_cols = s.vertical_to_move ? cols_ : rows_;
    const int r = m / 8, c = m % 8;
    const int line = std::min(c + 1, view_cols - c);       // 1 at the sides
    const int along = std::min(r + 1, view_rows - 1 - r);  // 1 at the ends
    const bool even_line = line % 2 == 0, odd_along = along % 2 == 1;
    if (even_line) return odd_along ? 4 : 3;
    if (line >= 3) return odd_along ? 2 : 1;
    return 0;
  }

  // Vertical placements of the mover: a free cell with a free cell below.
  static uint64_t MoverMoves(uint64_t view) {
    const uint64_t free = ~view;
    return free & free >> 8;
  }

  static std::string CellName(int r, int c) {
    return absl::StrCat(std::string(1, static_cast<char>('a' + c)), r + 1);
  }
  // Reads one cell ("b3") from the front of `text`: returns the characters
  // used, 0 if none.
  static size_t ParseCell(absl::string_view text, int& r, int& c) {
    if (text.size() < 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
      return 0;
    c = text[0] - 'a';
    r = text[1] - '1';
    return 2;
  }

  int rows_ = 8, cols_ = 8;
  bool vertical_first_ = true;
  uint64_t outside_ = 0;  // frame cells outside the rows x cols area (Vertical's view)
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_DOMINEERING_DOMINEERING_H_
