#ifndef GAMEBENCH_GAMES_CANNIBAL_CLOBBER_CANNIBAL_CLOBBER_H_
#define GAMEBENCH_GAMES_CANNIBAL_CLOBBER_CANNIBAL_CLOBBER_H_

// Cannibal Clobber on a rows x cols board of at most 64 cells, 1 x n
// included: Clobber (games/clobber) where a stone may also clobber a stone
// of its own colour. Black (X) and White (O) stones; a move takes one of the
// mover's stones onto an orthogonally adjacent stone of either colour, which
// is removed. The player who cannot move loses. The rules and the text forms
// are MCGS's (ualberta-mueller-group/MCGS v1.7, src/cannibal_clobber.cpp).
// Spec: cannibal_clobber(rows=3,cols=4,first=black|white); the start
// position is the full board in a checkerboard, X at the top-left.
//
// Text form of a position, MCGS's: the rows top to bottom, each `cols`
// characters 'X', 'O' or '.', joined by '|', then ':' and the player to
// move, B or W ("XO.|OXO:B"). Any pattern is a position.
//
// Moves: on a 1 x n board the 1-based cells from and to ("3-4"); on a grid
// chess-like cells, column letter and row number with a1 the top-left
// ("a1-b1"), as MCGS prints them. Grids of more than one row have at most
// 26 columns, so that a column is a letter.
//
// State: two 64-bit masks, cell r * cols + c, and the mover. Key(s) mixes
// them into 64 bits: a hash, not exact.
//
// Partizan (core/partizan.h): Left is Black (MCGS's BLACK, 'X').
// Decomposable: the stones fall into groups connected orthogonally; a move
// stays inside its group, and a lone stone has no move (the game 0, left
// out). Unlike Clobber a group of one colour is not 0 (its owner eats his
// own stones), so it is kept. Every group is moved to the top-left corner,
// so that equal groups are equal states.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "core/game.h"
#include "core/partizan.h"
#include "games/stone_board.h"

namespace gamebench {

class CannibalClobber {
 public:
  static constexpr absl::string_view kName = "cannibal_clobber";
  static constexpr absl::string_view kDescription =
      "Cannibal Clobber on up to 64 cells (1 x n too), a stone clobbers an adjacent stone of either "
      "colour, no move loses; positions rows of X/O/. joined by | then :B or :W, moves like a1-b1";
  static constexpr int kMaxCells = 64;
  static constexpr int kMaxGridCols = 26;
  // Two moves (one each way) per pair of adjacent cells: at most
  // 2 * (2*64 - 8 - 8) = 224 (8x8).
  static constexpr int kMaxMoves = 224;
  static constexpr bool kScored = false;

  struct State {
    uint64_t black = 0;
    uint64_t white = 0;
    bool black_to_move = true;
    bool operator==(const State&) const = default;
  };
  // The mover's stone's cell (bits 0-5) and the direction (bits 6-7):
  // 0 right, 1 left, 2 down, 3 up.
  using Move = uint8_t;

  static std::vector<ParamInfo> Params() {
    return {{"rows", "3", "1..64 (rows x cols at most 64; cols at most 26 when rows > 1)"},
            {"cols", "4", "1..64"},
            {"first", "black", "black | white: who moves first"}};
  }

  static absl::StatusOr<CannibalClobber> FromSpec(const Spec& spec) {
    auto grid = stone_board::ReadGridSpec(spec, "cannibal_clobber", 3, 4, kMaxCells, kMaxGridCols);
    if (!grid.ok()) return grid.status();
    return CannibalClobber(grid->rows, grid->cols, grid->black_first);
  }

  std::string CanonicalSpec() const {
    return absl::StrCat("cannibal_clobber(rows=", rows_, ",cols=", cols_,
                        ",first=", black_first_ ? "black" : "white", ")");
  }

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  Score MinScore() const { return kLossScore; }
  Score MaxScore() const { return kWinScore; }

  State Start() const {
    State s;
    for (int r = 0; r < rows_; ++r)
      for (int c = 0; c < cols_; ++c) ((r + c) % 2 == 0 ? s.black : s.white) |= Bit(r * cols_ + c);
    s.black_to_move = black_first_;
    return s;
  }

  std::optional<Score> Terminal(const State& s) const {
    const uint64_t mine = s.black_to_move ? s.black : s.white;
    const uint64_t stones = s.black | s.white;
    for (int d = 0; d < 4; ++d)
      if (Sources(mine, stones, d) != 0) return std::nullopt;
    return kLossScore;
  }

  void GenerateMoves(const State& s, MoveListOf<CannibalClobber>& moves) const {
    const uint64_t mine = s.black_to_move ? s.black : s.white;
    const uint64_t stones = s.black | s.white;
    for (int d = 0; d < 4; ++d)
      for (uint64_t m = Sources(mine, stones, d); m != 0; m &= m - 1)
        moves.push_back(static_cast<Move>(__builtin_ctzll(m) | d << 6));
  }

  State Play(const State& s, Move m) const {
    const int from = m & 63, to = Target(from, m >> 6);
    State t = s;
    uint64_t& mine = s.black_to_move ? t.black : t.white;
    uint64_t& theirs = s.black_to_move ? t.white : t.black;
    theirs &= ~Bit(to);  // the eaten stone, of either colour
    mine = (mine & ~Bit(from)) | Bit(to);
    t.black_to_move = !s.black_to_move;
    return t;
  }

  uint64_t Key(const State& s) const {
    return stone_board::StonesKey(s.black, s.white, s.black_to_move);
  }

  // [Partizan] Left is Black.
  int Mover(const State& s) const { return s.black_to_move ? kLeft : kRight; }
  State WithMover(const State& s, int player) const {
    State t = s;
    t.black_to_move = player == kLeft;
    return t;
  }

  // [Decomposable] Orthogonally connected groups of two stones or more, each
  // moved to the top-left corner.
  void Components(const State& s, std::vector<State>& parts) const {
    uint64_t left = s.black | s.white;
    const size_t first = parts.size();
    while (left != 0) {
      uint64_t group = left & -left;
      for (uint64_t grown = Grow(group) & left; grown != group; grown = Grow(group) & left)
        group = grown;
      left &= ~group;
      if ((group & (group - 1)) == 0) continue;  // a lone stone: no move
      int top = 64, leftmost = cols_;
      for (uint64_t g = group; g != 0; g &= g - 1) {
        const int cell = __builtin_ctzll(g);
        top = std::min(top, cell / cols_);
        leftmost = std::min(leftmost, cell % cols_);
      }
      const int shift = top * cols_ + leftmost;
      parts.push_back(State{(s.black & group) >> shift, (s.white & group) >> shift, s.black_to_move});
    }
    if (parts.size() == first) parts.push_back(State{0, 0, s.black_to_move});
  }

  std::string FormatState(const State& s) const {
    std::string text;
    for (int r = 0; r < rows_; ++r) {
      if (r > 0) text += '|';
      for (int c = 0; c < cols_; ++c) {
        const uint64_t b = Bit(r * cols_ + c);
        text += (s.black & b) ? 'X' : (s.white & b) ? 'O' : '.';
      }
    }
    text += s.black_to_move ? ":B" : ":W";
    return text;
  }

  // MCGS's board text alone (no mover), as in its test files.
  absl::StatusOr<State> ParseBoard(absl::string_view text, bool black_to_move) const {
    auto error = [&](absl::string_view why) {
      return absl::InvalidArgumentError(
          absl::StrCat("cannibal_clobber position '", text.substr(0, 80), "': ", why));
    };
    if (text.size() != static_cast<size_t>(rows_ * (cols_ + 1) - 1))
      return error(absl::StrCat("expected ", rows_, " rows of ", cols_,
                                " cells ('X', 'O' or '.') joined by '|'"));
    State s;
    s.black_to_move = black_to_move;
    for (int r = 0; r < rows_; ++r) {
      for (int c = 0; c < cols_; ++c) {
        const char ch = text[static_cast<size_t>(r * (cols_ + 1) + c)];
        const uint64_t b = Bit(r * cols_ + c);
        if (ch == 'X') s.black |= b;
        else if (ch == 'O') s.white |= b;
        else if (ch != '.')
          return error(absl::StrCat("bad character '", std::string(1, ch), "' in row ", r + 1,
                                    " (expected 'X', 'O' or '.')"));
      }
      if (r + 1 < rows_ && text[static_cast<size_t>(r * (cols_ + 1) + cols_)] != '|')
        return error(absl::StrCat("row ", r + 1, " must have ", cols_, " cells, then '|'"));
    }
    return s;
  }

  absl::StatusOr<State> ParseState(absl::string_view text) const {
    if (text.size() < 2 || (text.substr(text.size() - 2) != ":B" && text.substr(text.size() - 2) != ":W"))
      return absl::InvalidArgumentError(absl::StrCat("cannibal_clobber position '", text.substr(0, 80),
                                                     "': must end in :B or :W (the player to move)"));
    return ParseBoard(text.substr(0, text.size() - 2), text.back() == 'B');
  }

  std::string FormatMove(const State&, Move m) const {
    const int from = m & 63, to = Target(from, m >> 6);
    return absl::StrCat(CellName(from), "-", CellName(to));
  }

  absl::StatusOr<Move> ParseMove(const State& s, absl::string_view text) const {
    MoveListOf<CannibalClobber> moves;
    if (!Terminal(s)) GenerateMoves(s, moves);
    for (Move m : moves)
      if (FormatMove(s, m) == text) return m;
    return absl::InvalidArgumentError(absl::StrCat(
        "cannibal_clobber move '", text.substr(0, 40), "': not a legal move (expected ",
        rows_ == 1 ? "cells from-to like 3-4" : "cells from-to like a1-b1", ")"));
  }

 private:
  CannibalClobber(int rows, int cols, bool black_first) : rows_(rows), cols_(cols), black_first_(black_first) {
    area_ = rows * cols == 64 ? ~uint64_t{0} : (uint64_t{1} << (rows * cols)) - 1;
    uint64_t first_col = 0;
    for (int r = 0; r < rows; ++r) first_col |= Bit(r * cols);
    not_first_col_ = area_ & ~first_col;
    not_last_col_ = area_ & ~(first_col << (cols - 1));
  }

  static uint64_t Bit(int cell) { return uint64_t{1} << cell; }

  // The cells one step in direction d from the cells of x (0 right, 1 left,
  // 2 down, 3 up), within the board.
  uint64_t Step(uint64_t x, int d) const {
    switch (d) {
      case 0: return (x & not_last_col_) << 1;
      case 1: return (x & not_first_col_) >> 1;
      case 2: return rows_ == 1 ? 0 : (x << cols_) & area_;
      default: return rows_ == 1 ? 0 : x >> cols_;
    }
  }
  // The mover's stones with a stone (of `targets`) in direction d.
  uint64_t Sources(uint64_t mine, uint64_t targets, int d) const {
    return Step(targets, d ^ 1) & mine;
  }
  int Target(int from, int d) const {
    switch (d) {
      case 0: return from + 1;
      case 1: return from - 1;
      case 2: return from + cols_;
      default: return from - cols_;
    }
  }
  uint64_t Grow(uint64_t x) const {
    return x | Step(x, 0) | Step(x, 1) | Step(x, 2) | Step(x, 3);
  }

  std::string CellName(int cell) const {
    if (rows_ == 1) return absl::StrCat(cell + 1);
    return absl::StrCat(std::string(1, static_cast<char>('a' + cell % cols_)), cell / cols_ + 1);
  }

  int rows_ = 3, cols_ = 4;
  bool black_first_ = true;
  uint64_t area_ = 0, not_first_col_ = 0, not_last_col_ = 0;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_CANNIBAL_CLOBBER_CANNIBAL_CLOBBER_H_
