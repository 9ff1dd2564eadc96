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

  // [Tactical] A static proof of the outcome by counting moves: the safe,
  // protective and vulnerable moves of Bullock's Obsequi (2002, after the
  // safe moves of Breuker, Uiterwijk and van den Herik 2000), counted by a
  // small game whose proof is here. In the mover's view the mover P places
  // vertical dominoes, the opponent O horizontal ones. For a player X (the
  // other one Y), in X's orientation (X vertical; GuaranteedMoves):
  //   reach(X): the free cells some placement of X covers now. Cells only
  //     ever fill, so every later move of X covers two cells of reach(X).
  //   safe: disjoint placements of X on cells outside reach(Y): Y never
  //     touches them, X can play them all, one a turn, whenever it likes.
  //   protective blocks: disjoint free 2x2 blocks with the two cells left
  //     (or right) of the block occupied or off the board (a wall). X
  //     playing the block's column away from the wall leaves the column
  //     next to the wall with both horizontal neighbours filled: a new safe
  //     placement. So a block is worth two moves to X if X plays there
  //     before Y touches it. No cell of a block has a horizontal neighbour
  //     in another block, so one move of Y spoils at most one block.
  //   vulnerable: disjoint placements of X on the remaining free cells (a
  //     greedy packing). One move of Y covers two horizontally adjacent
  //     cells, so it spoils at most two structures, and two only when they
  //     have horizontally adjacent cells: a vulnerable placement with a
  //     cell beside a cell of another block or placement is "linked".
  // Then X makes at least safe + G moves, G the value of a counting game on
  // (blocks p, linked a, unlinked b) where X takes a block (+2) or a
  // placement (+1) and Y spoils two linked, or one unlinked, or one block
  // and one linked, or nothing (GuaranteedTable; X to move or Y to move).
  // P moves first. P wins iff O runs out of moves first. Let M be P's count
  // (P to move) and U the cells in reach(P) or reach(O).
  //   (1a) P wins if M > runs(O), where runs(O) bounds O's moves: every
  //     move of O lies in one run of free cells along O's direction,
  //     disjoint from O's other moves (sum of floor(length / 2)).
  //   (1c) P wins if 4M > |U|. If P lost, after x moves each, x >= M; the
  //     2x cells of O are in reach(O) minus P's cells, and P's cells miss
  //     reach(O) in at most |reach(P) - reach(O)| cells, so 4x <= |U|.
  //   (1b) a second strategy: P plays first only k = ceil(both / 3) of the
  //     disjoint placements on cells both players reach (a greedy packing,
  //     destroyed at most two per O move), then its safe ones; they cover
  //     2k cells of reach(O), so O makes at most (|reach(O)| - 2k) / 2
  //     moves: P wins if 2 safe + 4k >= |reach(O)| + 2.
  // Symmetrically with M' O's count (O to move second, P spoiling first):
  //   (2a) P loses if M' >= runs(P);
  //   (2c) P loses if 4M' + 2 > |U|: if P won, P made x moves and O x - 1
  //     >= M', and the same count gives 4x <= |U| + 2;
  //   (2b) P loses if 2 safe(O) + 4k' >= |reach(P)|, k' = floor(both(O) / 3).
  // Otherwise the bounds are the trivial [loss, win].
  std::pair<Score, Score> ValueBounds(const State& s) const {
    const uint64_t free = ~s.view;  // frame cells are set: never free
    const uint64_t mine = free & free >> 8;                        // P's placements (top cell)
    const uint64_t theirs = free & (free >> 1) & kNotLastColumn;   // O's (left cell)
    const uint64_t my_reach = mine | mine << 8;
    const uint64_t their_reach = theirs | theirs << 1;
    const uint64_t both = my_reach & their_reach;
    const int usable = Popcount(my_reach | their_reach);
    const uint64_t free_t = Transpose(free);
    const Guarantee mine_count = GuaranteedMoves(free);
    const Guarantee their_count = GuaranteedMoves(free_t);
    const int k = (ColumnPairs(both) + 2) / 3, their_k = ColumnPairs(Transpose(both)) / 3;
    if (mine_count.moving_first > ColumnPairs(free_t) || 4 * mine_count.moving_first > usable ||
        2 * mine_count.safe + 4 * k >= Popcount(their_reach) + 2)
      return {kWinScore, kWinScore};
    if (their_count.moving_second >= ColumnPairs(free) ||
        4 * their_count.moving_second + 2 > usable ||
        2 * their_count.safe + 4 * their_k >= Popcount(my_reach))
      return {kLossScore, kLossScore};
    return {kLossScore, kWinScore};
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
    if (i & 1) inside = FlipColumns(inside, view_cols);
    if (i & 2) inside = FlipRows(inside, view_rows);
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

  // The 8x8 transpose: (r, c) -> (c, r) (three delta swaps).
  static uint64_t Transpose(uint64_t x) {
    uint64_t t;
    t = 0x0F0F0F0F00000000ull & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = 0x3333000033330000ull & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = 0x5500550055005500ull & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    return x;
  }

 private:
  Domineering(int rows, int cols, bool vertical_first)
      : rows_(rows), cols_(cols), vertical_first_(vertical_first) {
    uint64_t area = 0;
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) area |= uint64_t{1} << (8 * r + c);
    outside_ = ~area;
  }

  static constexpr uint64_t kNotLastColumn = 0x7F7F7F7F7F7F7F7Full;

  // Without -mpopcnt, __builtin_popcountll is a library call: a few
  // bit steps are faster in the static proof's hot loop.
  static int Popcount(uint64_t x) {
#ifdef __POPCNT__
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return static_cast<int>((x * 0x0101010101010101ull) >> 56);
#endif
  }
  static constexpr uint64_t kFirstColumn = 0x0101010101010101ull;
  static constexpr uint64_t kNotFirstColumn = ~kFirstColumn;

  // Moves a player X is sure to make, X placing vertical dominoes on the
  // free cells `free` (see ValueBounds): safe + G(blocks, linked, unlinked).
  struct Guarantee {
    int safe;
    int moving_first;   // X to move
    int moving_second;  // Y to move
  };
  static Guarantee GuaranteedMoves(uint64_t free) {
    const uint64_t theirs = free & (free >> 1) & kNotLastColumn;  // Y's placements (left cell)
    const uint64_t their_reach = theirs | theirs << 1;
    const uint64_t safe_tops = ColumnPairTops(free & ~their_reach);
    const uint64_t safe_cells = safe_tops | safe_tops << 8;
    // Protective blocks (top-left cell): a free 2x2 block with a wall, both
    // cells of the column on its left or on its right occupied (or off the
    // 8x8 frame; frame cells outside the board are set).
    const uint64_t occupied = ~free;
    const uint64_t occupied_pair = occupied & occupied >> 8;  // a cell and the one below
    const uint64_t left_wall = occupied_pair << 1 | kFirstColumn;
    const uint64_t right_wall = (occupied_pair >> 2 & 0x3F3F3F3F3F3F3F3Full) | 0x4040404040404040ull;
    uint64_t candidates = free & free >> 1 & free >> 8 & free >> 9 & kNotLastColumn &
                          (left_wall | right_wall);
    uint64_t blocks = 0;
    int num_blocks = 0;
    for (; candidates != 0; candidates &= candidates - 1) {
      const uint64_t cells = uint64_t{0x303} << __builtin_ctzll(candidates);
      const uint64_t zone = cells | (cells << 1 & kNotFirstColumn) | (cells >> 1 & kNotLastColumn);
      if ((zone & blocks) == 0) {
        blocks |= cells;
        ++num_blocks;
      }
    }
    // Vulnerable placements, linked when a cell has a horizontal neighbour
    // in another structure (then one move of Y can spoil both).
    const uint64_t tops = ColumnPairTops(free & ~safe_cells & ~blocks);
    const uint64_t cells = tops | tops << 8;
    const uint64_t packed = cells | blocks;
    const uint64_t linked_cells =
        cells & ((packed << 1 & kNotFirstColumn) | (packed >> 1 & kNotLastColumn));
    const int linked = Popcount(tops & (linked_cells | linked_cells >> 8));
    const int unlinked = Popcount(tops) - linked;
    const int safe = Popcount(safe_tops);
    const auto& table = GuaranteedTable();
    return {safe, safe + table.Get(true, num_blocks, linked, unlinked),
            safe + table.Get(false, num_blocks, linked, unlinked)};
  }

  // The counting game of ValueBounds, solved once for every (blocks <= 16,
  // linked + unlinked <= 32): X takes a block (+2, it is gone) or a
  // placement (+1); Y spoils two linked placements, or one unlinked, or one
  // block and one linked placement, or fewer, or plays elsewhere.
  struct CountingGame {
    static constexpr int kBlocks = 17, kPlacements = 33;
    std::array<int8_t, 2 * kBlocks * kPlacements * kPlacements> value{};
    int Get(bool x_to_move, int p, int a, int b) const {
      return value[((x_to_move * kBlocks + p) * kPlacements + a) * kPlacements + b];
    }
    int8_t& At(bool x_to_move, int p, int a, int b) {
      return value[((x_to_move * kBlocks + p) * kPlacements + a) * kPlacements + b];
    }
    CountingGame() {
      // By total size, so that every smaller game is known; at one state X's
      // value comes first (Y may pass, which leads to it).
      for (int total = 0; total <= kBlocks - 1 + kPlacements - 1; ++total)
        for (int p = 0; p < kBlocks && p <= total; ++p)
          for (int a = 0; a < kPlacements && p + a <= total; ++a) {
            const int b = total - p - a;
            if (b >= kPlacements || a + b >= kPlacements) continue;
            int x = 0;
            if (p > 0) x = std::max(x, 2 + Get(false, p - 1, a, b));
            if (a > 0) x = std::max(x, 1 + Get(false, p, a - 1, b));
            if (b > 0) x = std::max(x, 1 + Get(false, p, a, b - 1));
            At(true, p, a, b) = static_cast<int8_t>(x);
            int y = x;  // Y plays elsewhere
            if (a > 0) y = std::min(y, Get(true, p, a - 1, b));
            if (a > 1) y = std::min(y, Get(true, p, a - 2, b));
            if (b > 0) y = std::min(y, Get(true, p, a, b - 1));
            if (p > 0) y = std::min(y, Get(true, p - 1, a, b));
            if (p > 0 && a > 0) y = std::min(y, Get(true, p - 1, a - 1, b));
            At(false, p, a, b) = static_cast<int8_t>(y);
          }
    }
  };
  static const CountingGame& GuaranteedTable() {
    static const CountingGame table;
    return table;
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
      const uint64_t theirs = f & (f >> 1) & kNotLastColumn;
      return f & ~(theirs | theirs << 1);
    };
    auto their_safe = [](uint64_t f) {
      const uint64_t mine = f & f >> 8;
      return f & ~(mine | mine << 8);
    };
    const uint64_t my_safe_before = my_safe(free), my_safe_after = my_safe(after);
    const uint64_t their_safe_before = their_safe(free), their_safe_after = their_safe(after);
    int change = ColumnLinePairs(after, c) - ColumnLinePairs(free, c);
    for (int cc = std::max(c - 1, 0); cc <= std::min(c + 1, 7); ++cc)
      change += ColumnLinePairs(my_safe_after, cc) - ColumnLinePairs(my_safe_before, cc);
    change -= RowLinePairs(after, r) + RowLinePairs(after, r + 1) - RowLinePairs(free, r) -
              RowLinePairs(free, r + 1);
    for (int rr = std::max(r - 1, 0); rr <= std::min(r + 2, 7); ++rr)
      change -= RowLinePairs(their_safe_after, rr) - RowLinePairs(their_safe_before, rr);
    return change;
  }

  // Most disjoint pairs of adjacent cells of x on one line: floor(length / 2)
  // summed over the runs (a table over the 8 cells; a line reversed has the
  // same runs).
  static int LinePairs(unsigned line) {
    static constexpr auto kTable = [] {
      std::array<int8_t, 256> t{};
      for (int x = 0; x < 256; ++x) {
        int pairs = 0, run = 0;
        for (int i = 0; i <= 8; ++i) {
          if (i < 8 && (x >> i & 1)) {
            ++run;
          } else {
            pairs += run / 2;
            run = 0;
          }
        }
        t[static_cast<size_t>(x)] = static_cast<int8_t>(pairs);
      }
      return t;
    }();
    return kTable[line];
  }
  static int RowLinePairs(uint64_t x, int r) { return LinePairs((x >> (8 * r)) & 0xFF); }
  static int ColumnLinePairs(uint64_t x, int c) {
    // The column's bits gathered into one byte (row i to bit i).
    return LinePairs(static_cast<unsigned>(((x >> c) & kFirstColumn) * 0x0102040810204080ull >> 56));
  }

  // Obsequi's positional preference for a placement, in its four classes:
  // lines (columns of the view) at an even distance from the nearer side,
  // tops at an odd distance from the nearer end, come first.
  int PositionValue(const State& s, Move m) const {
    const int view_rows = s.vertical_to_move ? rows_ : cols_;
    const int view_cols = s.vertical_to_move ? cols_ : rows_;
    const int r = m / 8, c = m % 8;
    const int line = std::min(c + 1, view_cols - c);  // 1 at the sides
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

  // The most disjoint vertical pairs of cells of x: floor(length / 2) summed
  // over the runs of x down each column (a greedy pairing from the top, all
  // eight columns at once).
  static int ColumnPairs(uint64_t x) { return Popcount(ColumnPairTops(x)); }
  // The upper cells of those pairs.
  static uint64_t ColumnPairTops(uint64_t x) {
    uint64_t tops = 0;
    uint64_t open = 0;  // columns whose cell in the previous row is in x and unpaired
    for (int r = 0; r < 8; ++r) {
      const uint64_t row = (x >> (8 * r)) & 0xFF;
      const uint64_t paired = open & row;
      if (r > 0) tops |= paired << (8 * (r - 1));
      open = row & ~paired;
    }
    return tops;
  }

  // Mirrors columns 0..n-1 of each row (bits outside them must be clear).
  static uint64_t FlipColumns(uint64_t x, int n) {
    // Reverse the bits of every byte, then shift the row back to column 0.
    x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
    x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
    const uint64_t low = 0x0101010101010101ull * ((1u << n) - 1);
    return (x >> (8 - n)) & low;
  }
  // Mirrors rows 0..n-1 (bits outside them must be clear).
  static uint64_t FlipRows(uint64_t x, int n) { return __builtin_bswap64(x) >> (8 * (8 - n)); }

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
