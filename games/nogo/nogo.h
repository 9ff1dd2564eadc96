#ifndef GAMEBENCH_GAMES_NOGO_NOGO_H_
#define GAMEBENCH_GAMES_NOGO_NOGO_H_

// NoGo (the "anti-Go" of the 2011 Combinatorial Games Workshop in Banff) on
// a rows x cols board of at most 64 cells, 1 x n included (MCGS's
// nogo_1xn). Black (X) and White (O) place a stone on an empty cell; a move
// is legal only if afterwards every block (orthogonally connected stones of
// one colour) has a liberty (an empty neighbour): no capture, no suicide.
// Cells marked '#' are off the board (MCGS's border). The player who cannot
// move loses.
// Spec: nogo(rows=3,cols=3,first=black|white); the start is the empty board.
//
// Text form of a position, MCGS's: the rows top to bottom, each `cols`
// characters 'X', 'O', '.' or '#', joined by '|', then ':' and the player to
// move, B or W (".X.|...|#..:W"). ParseState refuses a position in which a
// block has no liberty. Moves, as MCGS prints them: the cell and the colour,
// "3_X" (1-based) on a 1 x n board, "b1_X" (column letter, row number, a1
// the top-left) on a grid (at most 26 columns).
//
// State: masks of black and white stones, cell r * cols + c, and the mover
// (the '#' cells are the variant's, fixed by the position's text: a state
// keeps them in `blocked`). Key(s) mixes them: a hash, not exact.
//
// Partizan (core/partizan.h): Left is Black. Decomposable: a board is the
// sum of its regions (empty cells linked by adjacency and by shared blocks,
// with those blocks; Components gives the argument), each moved to the
// top-left corner. On 1 x n rows that is MCGS's "XO split" (after Henry's
// paper): a row splits where a stone touches a stone of the other colour,
// since neither ever gives the other a liberty, and at blocked cells.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "core/game.h"
#include "core/partizan.h"
#include "games/connected_parts.h"
#include "games/grid_text.h"
#include "games/stone_board.h"

namespace gamebench {

class NoGo {
 public:
  static constexpr absl::string_view kName = "nogo";
  static constexpr absl::string_view kDescription =
      "NoGo on up to 64 cells (1 x n too), place a stone, every block keeps a liberty, no move "
      "loses; positions rows of X/O/./# joined by | then :B or :W, moves like b1_X (3_X on 1 x n)";
  static constexpr int kMaxCells = 64;
  static constexpr int kMaxGridCols = 26;
  static constexpr int kMaxMoves = 64;
  static constexpr bool kScored = false;

  struct State {
    uint64_t black = 0;
    uint64_t white = 0;
    uint64_t blocked = 0;
    bool black_to_move = true;
    bool operator==(const State&) const = default;
  };
  using Move = uint8_t;  // the cell

  static std::vector<ParamInfo> Params() {
    return {{"rows", "3", "1..64 (rows x cols at most 64; cols at most 26 when rows > 1)"},
            {"cols", "3", "1..64"},
            {"first", "black", "black | white: who moves first"}};
  }

  static absl::StatusOr<NoGo> FromSpec(const Spec& spec) {
    auto grid = stone_board::ReadGridSpec(spec, "nogo", 3, 3, kMaxCells, kMaxGridCols);
    if (!grid.ok()) return grid.status();
    return NoGo(grid->rows, grid->cols, grid->black_first);
  }

  std::string CanonicalSpec() const {
    return absl::StrCat("nogo(rows=", rows_, ",cols=", cols_,
                        ",first=", black_first_ ? "black" : "white", ")");
  }

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  Score MinScore() const { return kLossScore; }
  Score MaxScore() const { return kWinScore; }

  State Start() const { return State{0, 0, 0, black_first_}; }

  std::optional<Score> Terminal(const State& s) const {
    const uint64_t empty = Empty(s);
    for (uint64_t e = empty; e != 0; e &= e - 1)
      if (Legal(s, __builtin_ctzll(e))) return std::nullopt;
    return kLossScore;
  }

  void GenerateMoves(const State& s, MoveListOf<NoGo>& moves) const {
    for (uint64_t e = Empty(s); e != 0; e &= e - 1) {
      const int p = __builtin_ctzll(e);
      if (Legal(s, p)) moves.push_back(static_cast<Move>(p));
    }
  }

  State Play(const State& s, Move m) const {
    State t = s;
    (s.black_to_move ? t.black : t.white) |= Bit(m);
    t.black_to_move = !s.black_to_move;
    return t;
  }

  uint64_t Key(const State& s) const {
    return stone_board::StonesAndCellsKey(s.black, s.white, s.blocked, s.black_to_move);
  }

  // [Partizan] Left is Black.
  int Mover(const State& s) const { return s.black_to_move ? kLeft : kRight; }
  State WithMover(const State& s, int player) const {
    State t = s;
    t.black_to_move = player == kLeft;
    return t;
  }

  // [Decomposable] The board is the sum of its regions. A region is a
  // class of empty cells under the relation "adjacent, or liberties of one
  // block", together with the blocks whose liberties they are (every block
  // of a legal position has a liberty, and all of a block's liberties are
  // in one region, so every stone is in exactly one region). It is the
  // connected set of the graph whose edges join an empty cell to any
  // neighbour and a stone to a neighbour of its colour or an empty one.
  // Why the regions are independent: a move at an empty cell p is legal
  // when the block it makes (p and the mover's blocks beside p) has a
  // liberty and every opponent block beside p keeps one. All those blocks
  // have p as a liberty, so they are p's region's, and so are all their
  // liberties: legality reads only p's region. The move changes only that
  // region (p filled, the blocks beside p merged, their liberties all in
  // the region already), so no relation between two regions' cells ever
  // appears: regions only split further as the game goes on. A region of
  // one empty cell is 0 (a stone there makes a block whose liberties would
  // be other empty cells of the region, and there are none), so it is left
  // out. Each region is kept on a board of the same size, the other cells
  // blocked, moved to the top-left corner (equal regions are equal
  // states). On 1 x n rows this is MCGS's XO split (a row is cut where a
  // stone touches one of the other colour, and at '#').
  void Components(const State& s, std::vector<State>& parts) const {
    const size_t first = parts.size();
    const uint64_t empty = Empty(s);
    const uint64_t black_or_empty = s.black | empty, white_or_empty = s.white | empty;
    const uint64_t any = empty | s.black | s.white;
    auto grow = [&](uint64_t region) {
      return region | (Neighbours(region & empty) & any) |
             (Neighbours(region & s.black) & black_or_empty) |
             (Neighbours(region & s.white) & white_or_empty);
    };
    grid::ConnectedParts(empty, grow, [&](uint64_t region) {
      if (__builtin_popcountll(region & empty) < 2) return;
      const int shift = grid::CornerShift(region, cols_);
      parts.push_back(State{(s.black & region) >> shift, (s.white & region) >> shift,
                            area_ & ~(region >> shift), s.black_to_move});
    });
    if (parts.size() == first) parts.push_back(State{0, 0, area_, s.black_to_move});
  }

  std::string FormatState(const State& s) const {
    return grid_text::Format(rows_, cols_, s.black_to_move, [&](uint64_t b) {
      return grid_text::StoneCellChar(b, {s.black, s.white, s.blocked});
    });
  }

  // MCGS's board text alone (no mover), as in its test files.
  absl::StatusOr<State> ParseBoard(absl::string_view text, bool black_to_move) const {
    auto cells = grid_text::ParseStoneCells(text, rows_, cols_, "nogo");
    if (!cells.ok()) return cells.status();
    State s;
    s.black = cells->black;
    s.white = cells->white;
    s.blocked = cells->blocked;
    s.black_to_move = black_to_move;
    for (uint64_t stones = s.black | s.white; stones != 0;) {
      const uint64_t own = (s.black & stones & -stones) ? s.black : s.white;
      const uint64_t block = Block(stones & -stones, own);
      if ((Neighbours(block) & Empty(s)) == 0)
        return grid_text::PositionError("nogo", text, "a block has no liberty");
      stones &= ~block;
    }
    return s;
  }

  absl::StatusOr<State> ParseState(absl::string_view text) const {
    auto board = grid_text::SplitMover(text, "nogo");
    if (!board.ok()) return board.status();
    return ParseBoard(board->first, board->second);
  }

  std::string FormatMove(const State& s, Move m) const {
    const char colour = s.black_to_move ? 'X' : 'O';
    if (rows_ == 1) return absl::StrCat(m + 1, "_", std::string(1, colour));
    return absl::StrCat(std::string(1, static_cast<char>('a' + m % cols_)), m / cols_ + 1, "_",
                        std::string(1, colour));
  }

  absl::StatusOr<Move> ParseMove(const State& s, absl::string_view text) const {
    MoveListOf<NoGo> moves;
    if (!Terminal(s)) GenerateMoves(s, moves);
    for (Move m : moves)
      if (FormatMove(s, m) == text) return m;
    return absl::InvalidArgumentError(absl::StrCat(
        "nogo move '", text.substr(0, 40), "': not a legal move (expected ",
        rows_ == 1 ? "a cell and the mover's colour like 3_X" : "a cell and the mover's colour like b1_X",
        ")"));
  }

 private:
  NoGo(int rows, int cols, bool black_first) : rows_(rows), cols_(cols), black_first_(black_first) {
    area_ = rows * cols == 64 ? ~uint64_t{0} : (uint64_t{1} << (rows * cols)) - 1;
    uint64_t first_col = 0;
    for (int r = 0; r < rows; ++r) first_col |= Bit(r * cols);
    not_first_col_ = area_ & ~first_col;
    not_last_col_ = area_ & ~(first_col << (cols - 1));
  }

  static uint64_t Bit(int cell) { return uint64_t{1} << cell; }
  uint64_t Empty(const State& s) const { return area_ & ~(s.black | s.white | s.blocked); }
  uint64_t Neighbours(uint64_t x) const {
    uint64_t n = (x & not_last_col_) << 1 | (x & not_first_col_) >> 1;
    if (rows_ > 1) n |= (x << cols_ & area_) | x >> cols_;
    return n;
  }
  // The block of `seed` within the stones `own`.
  uint64_t Block(uint64_t seed, uint64_t own) const {
    uint64_t block = seed;
    for (uint64_t grown = (block | Neighbours(block)) & own; grown != block;
         grown = (block | Neighbours(block)) & own)
      block = grown;
    return block;
  }
  // Placing the mover's stone at p leaves every block a liberty: its own new
  // block, and each block of the opponent beside p.
  bool Legal(const State& s, int p) const {
    const uint64_t mine = (s.black_to_move ? s.black : s.white) | Bit(p);
    const uint64_t theirs = s.black_to_move ? s.white : s.black;
    const uint64_t empty = Empty(s) & ~Bit(p);
    if ((Neighbours(Block(Bit(p), mine)) & empty) == 0) return false;
    for (uint64_t n = Neighbours(Bit(p)) & theirs; n != 0;) {
      const uint64_t block = Block(n & -n, theirs);
      if ((Neighbours(block) & empty) == 0) return false;
      n &= ~block;
    }
    return true;
  }

  int rows_ = 3, cols_ = 3;
  bool black_first_ = true;
  uint64_t area_ = 0, not_first_col_ = 0, not_last_col_ = 0;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_NOGO_NOGO_H_
