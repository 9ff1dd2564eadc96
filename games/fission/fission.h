#ifndef GAMEBENCH_GAMES_FISSION_FISSION_H_
#define GAMEBENCH_GAMES_FISSION_FISSION_H_

// Fission on a rows x cols board of at most 64 cells (at most 26 columns):
// neutral stones (X) and walls (#). A move takes a stone away and puts two
// on its neighbours on either side, which must be on the board and empty:
// Black (Left) splits a stone vertically (onto the cells above and below),
// White (Right) horizontally (onto the cells left and right). The player who
// cannot move loses. The rules and the text forms are MCGS's
// (ualberta-mueller-group/MCGS v1.7, src/fission.cpp).
// Spec: fission(rows=5,cols=5,first=black|white); the start position is an
// empty board with one stone in the middle cell (row rows/2, column cols/2,
// from 0).
//
// Text form of a position, MCGS's: the rows top to bottom, each `cols`
// characters '.', 'X' or '#', joined by '|', then ':' and the player to
// move, B or W ("...|.X.|.#.:W"). Any pattern is a position.
//
// Moves, as MCGS prints them: the stone's chess-like cell, column letter and
// row number with a1 the top-left, then _V (Black) or _H (White): "b2_V".
//
// State: a mask of stones and a mask of walls (cell r * cols + c) and the
// mover. Key(s) mixes them into 64 bits: a hash, not exact.
//
// Partizan (core/partizan.h): Left is Black. Decomposable: a move changes
// three cells in a line, all off the walls, so the board falls into the
// parts of orthogonally connected cells that are not walls; a part with no
// move for either player never changes (the game 0) and is left out, and
// every part is moved to the top-left corner with the rest of the board
// walled, so that equal parts are equal states.

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

class Fission {
 public:
  static constexpr absl::string_view kName = "fission";
  static constexpr absl::string_view kDescription =
      "Fission on up to 64 cells, a stone splits onto the two empty cells beside it, vertically "
      "for Black and horizontally for White, no move loses; positions rows of ./X/# joined by | "
      "then :B or :W, moves like b2_V";
  static constexpr int kMaxCells = 64;
  static constexpr int kMaxCols = 26;
  static constexpr int kMaxMoves = 64;  // one per stone
  static constexpr bool kScored = false;

  struct State {
    uint64_t stones = 0;
    uint64_t walls = 0;
    bool black_to_move = true;
    bool operator==(const State&) const = default;
  };
  using Move = uint8_t;  // the stone's cell

  static std::vector<ParamInfo> Params() {
    return {{"rows", "5", "1..64 (rows x cols at most 64)"},
            {"cols", "5", "1..26"},
            {"first", "black", "black | white: who moves first"}};
  }

  static absl::StatusOr<Fission> FromSpec(const Spec& spec) {
    auto grid = stone_board::ReadGridSpec(spec, "fission", 5, 5, kMaxCells, kMaxCols);
    if (!grid.ok()) return grid.status();
    if (grid->cols > kMaxCols)
      return absl::OutOfRangeError(
          absl::StrCat("fission: cols is ", grid->cols, ", at most ", kMaxCols, " (letters)"));
    return Fission(grid->rows, grid->cols, grid->black_first);
  }

  std::string CanonicalSpec() const {
    return absl::StrCat("fission(rows=", rows_, ",cols=", cols_,
                        ",first=", black_first_ ? "black" : "white", ")");
  }

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  Score MinScore() const { return kLossScore; }
  Score MaxScore() const { return kWinScore; }

  State Start() const { return State{Bit((rows_ / 2) * cols_ + cols_ / 2), 0, black_first_}; }

  std::optional<Score> Terminal(const State& s) const {
    if (Sources(s, s.black_to_move) != 0) return std::nullopt;
    return kLossScore;
  }

  void GenerateMoves(const State& s, MoveListOf<Fission>& moves) const {
    for (uint64_t m = Sources(s, s.black_to_move); m != 0; m &= m - 1)
      moves.push_back(static_cast<Move>(__builtin_ctzll(m)));
  }

  State Play(const State& s, Move m) const {
    State t = s;
    const int step = s.black_to_move ? cols_ : 1;
    t.stones ^= Bit(m) | Bit(m - step) | Bit(m + step);
    t.black_to_move = !s.black_to_move;
    return t;
  }

  uint64_t Key(const State& s) const {
    return stone_board::StonesAndCellsKey(s.stones, 0, s.walls, s.black_to_move);
  }

  // [Partizan] Left is Black.
  int Mover(const State& s) const { return s.black_to_move ? kLeft : kRight; }
  State WithMover(const State& s, int player) const {
    State t = s;
    t.black_to_move = player == kLeft;
    return t;
  }

  // [Decomposable] The orthogonally connected parts of the cells off the
  // walls that have a move for either player, each moved to the top-left
  // corner, the rest of the board walled.
  void Components(const State& s, std::vector<State>& parts) const {
    const uint64_t open = area_ & ~s.walls;
    const size_t first = parts.size();
    grid::ConnectedParts(open, [&](uint64_t x) { return Grow(x) & open; }, [&](uint64_t region) {
      if ((s.stones & region) == 0) return;
      const int shift = grid::CornerShift(region, cols_);
      const State part{(s.stones & region) >> shift, area_ & ~(region >> shift), s.black_to_move};
      if (Sources(part, true) != 0 || Sources(part, false) != 0) parts.push_back(part);
    });
    if (parts.size() == first) parts.push_back(State{0, area_, s.black_to_move});
  }

  std::string FormatState(const State& s) const {
    return grid_text::Format(rows_, cols_, s.black_to_move, [&](uint64_t b) {
      return (s.stones & b) ? 'X' : (s.walls & b) ? '#' : '.';
    });
  }

  // MCGS's board text alone (no mover), as in its test files.
  absl::StatusOr<State> ParseBoard(absl::string_view text, bool black_to_move) const {
    State s;
    s.black_to_move = black_to_move;
    auto read = [&](uint64_t b, char ch) {
      if (ch == 'X') s.stones |= b;
      else if (ch == '#') s.walls |= b;
      else if (ch != '.') return false;
      return true;
    };
    if (auto st = grid_text::ParseRows(text, rows_, cols_, "fission", "'.', 'X' or '#'", read);
        !st.ok())
      return st;
    return s;
  }

  absl::StatusOr<State> ParseState(absl::string_view text) const {
    auto board = grid_text::SplitMover(text, "fission");
    if (!board.ok()) return board.status();
    return ParseBoard(board->first, board->second);
  }

  std::string FormatMove(const State& s, Move m) const {
    return absl::StrCat(std::string(1, static_cast<char>('a' + m % cols_)), m / cols_ + 1,
                        s.black_to_move ? "_V" : "_H");
  }

  absl::StatusOr<Move> ParseMove(const State& s, absl::string_view text) const {
    MoveListOf<Fission> moves;
    if (!Terminal(s)) GenerateMoves(s, moves);
    for (Move m : moves)
      if (FormatMove(s, m) == text) return m;
    return absl::InvalidArgumentError(absl::StrCat(
        "fission move '", text.substr(0, 40), "': not a legal move (expected a stone's cell and ",
        s.black_to_move ? "_V, like b2_V)" : "_H, like b2_H)"));
  }

 private:
  Fission(int rows, int cols, bool black_first) : rows_(rows), cols_(cols), black_first_(black_first) {
    area_ = rows * cols == 64 ? ~uint64_t{0} : (uint64_t{1} << (rows * cols)) - 1;
    uint64_t first_col = 0;
    for (int r = 0; r < rows; ++r) first_col |= Bit(r * cols);
    not_first_col_ = area_ & ~first_col;
    not_last_col_ = area_ & ~(first_col << (cols - 1));
  }

  static uint64_t Bit(int cell) { return uint64_t{1} << cell; }

  // The stones that the player (black: vertically) can split.
  uint64_t Sources(const State& s, bool black) const {
    const uint64_t empty = area_ & ~s.stones & ~s.walls;
    if (black) return s.stones & ((empty << cols_) & area_) & (empty >> cols_);
    return s.stones & ((empty & not_last_col_) << 1) & ((empty & not_first_col_) >> 1);
  }

  uint64_t Grow(uint64_t x) const {
    return x | ((x & not_last_col_) << 1) | ((x & not_first_col_) >> 1) | ((x << cols_) & area_) |
           (x >> cols_);
  }

  int rows_ = 5, cols_ = 5;
  bool black_first_ = true;
  uint64_t area_ = 0, not_first_col_ = 0, not_last_col_ = 0;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_FISSION_FISSION_H_
