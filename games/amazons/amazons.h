#ifndef GAMEBENCH_GAMES_AMAZONS_AMAZONS_H_
#define GAMEBENCH_GAMES_AMAZONS_AMAZONS_H_

// The Game of the Amazons (Walter Zamkauskas, 1988) on a board of at most
// 8 x 8 cells: Black's amazons (X), White's (O), and blocked cells (#: walls
// and arrows). A move takes one of the mover's amazons like a chess queen
// (any number of empty cells in one of the 8 directions) and then shoots an
// arrow from where it landed, again like a queen over empty cells (the cell
// it left is empty now); the arrow's cell is blocked for good. The player
// who cannot move loses. The text forms are MCGS's (ualberta-mueller-group/
// MCGS v1.7, src/amazons.cpp).
// Spec: amazons(rows=4,cols=4,first=black|white); the start position has a
// Black amazon in the top-left corner and a White one in the bottom-right.
//
// Text form of a position, MCGS's: the rows top to bottom, each `cols`
// characters '.', 'X', 'O' or '#', joined by '|', then ':' and the player to
// move, B or W (".X.|O#.|...:B"). At most kMaxAmazons amazons a side (so
// that kMaxMoves bounds the moves); any other pattern is a position.
//
// Moves, as MCGS prints them: chess-like cells (column letter, row number,
// a1 the top-left) from, to and the arrow: "b1-a1-a2".
//
// State: masks of Black's and White's amazons and of the blocked cells
// (cell r * cols + c) and the mover. Key(s) mixes them into 64 bits: a
// hash, not exact.
//
// Partizan (core/partizan.h): Left is Black. Decomposable: an amazon and its
// arrow move along lines of unblocked cells, so the board falls into the
// parts of unblocked cells connected in the 8 directions; a part needs an
// amazon and an empty cell to have a move (else it is the game 0, left out),
// and every part is moved to the top-left corner with the rest of the board
// blocked, so that equal parts are equal states (MCGS splits the same way).

#include <algorithm>
#include <array>
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

class Amazons {
 public:
  static constexpr absl::string_view kName = "amazons";
  static constexpr absl::string_view kDescription =
      "The Game of the Amazons on up to 8 x 8, an amazon moves like a queen and shoots an arrow "
      "like a queen, no move loses; positions rows of ./X/O/# joined by | then :B or :W, moves "
      "like b1-a1-a2";
  static constexpr int kMaxSide = 8;
  static constexpr int kMaxAmazons = 4;  // a side
  // A queen on an 8 x 8 board reaches at most 27 cells, and so does its
  // arrow from where it lands.
  static constexpr int kMaxMoves = kMaxAmazons * 27 * 27;
  static constexpr bool kScored = false;

  struct State {
    uint64_t black = 0;
    uint64_t white = 0;
    uint64_t blocked = 0;
    bool black_to_move = true;
    bool operator==(const State&) const = default;
  };
  // Cells from (bits 0-5), to (6-11) and the arrow (12-17).
  using Move = uint32_t;

  static std::vector<ParamInfo> Params() {
    return {{"rows", "4", "1..8"}, {"cols", "4", "1..8"}, {"first", "black", "black | white: who moves first"}};
  }

  static absl::StatusOr<Amazons> FromSpec(const Spec& spec) {
    auto grid = stone_board::ReadGridSpec(spec, "amazons", 4, 4, 64, 26);
    if (!grid.ok()) return grid.status();
    if (grid->rows > kMaxSide || grid->cols > kMaxSide)
      return absl::OutOfRangeError(absl::StrCat("amazons: the board is ", grid->rows, "x",
                                                grid->cols, ", at most ", kMaxSide, "x", kMaxSide));
    return Amazons(grid->rows, grid->cols, grid->black_first);
  }

  std::string CanonicalSpec() const {
    return absl::StrCat("amazons(rows=", rows_, ",cols=", cols_,
                        ",first=", black_first_ ? "black" : "white", ")");
  }

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  Score MinScore() const { return kLossScore; }
  Score MaxScore() const { return kWinScore; }

  State Start() const {
    State s;
    s.black = Bit(0);
    if (rows_ * cols_ > 1) s.white = Bit(rows_ * cols_ - 1);
    s.black_to_move = black_first_;
    return s;
  }

  std::optional<Score> Terminal(const State& s) const {
    if (HasMove(s, s.black_to_move)) return std::nullopt;
    return kLossScore;
  }

  void GenerateMoves(const State& s, MoveListOf<Amazons>& moves) const {
    const uint64_t empty = Empty(s);
    for (uint64_t q = s.black_to_move ? s.black : s.white; q != 0; q &= q - 1) {
      const int from = __builtin_ctzll(q);
      for (int d = 0; d < 8; ++d)
        for (int to = next_[from][d]; to >= 0 && (empty & Bit(to)); to = next_[to][d]) {
          const uint64_t after = (empty | Bit(from)) & ~Bit(to);
          for (int e = 0; e < 8; ++e)
            for (int a = next_[to][e]; a >= 0 && (after & Bit(a)); a = next_[a][e])
              moves.push_back(static_cast<Move>(from | to << 6 | a << 12));
        }
    }
  }

  State Play(const State& s, Move m) const {
    const int from = m & 63, to = (m >> 6) & 63, arrow = (m >> 12) & 63;
    State t = s;
    uint64_t& mine = s.black_to_move ? t.black : t.white;
    mine = (mine & ~Bit(from)) | Bit(to);
    t.blocked |= Bit(arrow);
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

  // [Decomposable] The parts of unblocked cells connected in 8 directions
  // with an amazon and an empty cell, each moved to the top-left corner,
  // the rest of the board blocked.
  void Components(const State& s, std::vector<State>& parts) const {
    const uint64_t open = area_ & ~s.blocked;
    const uint64_t amazons = s.black | s.white;
    const size_t first = parts.size();
    grid::ConnectedParts(open, [&](uint64_t x) { return Grow(x) & open; }, [&](uint64_t region) {
      if ((amazons & region) == 0 || (region & ~amazons) == 0) return;
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
    auto cells = grid_text::ParseStoneCells(text, rows_, cols_, "amazons");
    if (!cells.ok()) return cells.status();
    State s;
    s.black = cells->black;
    s.white = cells->white;
    s.blocked = cells->blocked;
    s.black_to_move = black_to_move;
    if (__builtin_popcountll(s.black) > kMaxAmazons || __builtin_popcountll(s.white) > kMaxAmazons)
      return grid_text::PositionError("amazons", text,
                                      absl::StrCat("at most ", kMaxAmazons, " amazons a side"));
    return s;
  }

  absl::StatusOr<State> ParseState(absl::string_view text) const {
    auto board = grid_text::SplitMover(text, "amazons");
    if (!board.ok()) return board.status();
    return ParseBoard(board->first, board->second);
  }

  std::string FormatMove(const State&, Move m) const {
    return absl::StrCat(CellName(m & 63), "-", CellName((m >> 6) & 63), "-", CellName((m >> 12) & 63));
  }

  absl::StatusOr<Move> ParseMove(const State& s, absl::string_view text) const {
    MoveListOf<Amazons> moves;
    if (!Terminal(s)) GenerateMoves(s, moves);
    for (Move m : moves)
      if (FormatMove(s, m) == text) return m;
    return absl::InvalidArgumentError(absl::StrCat(
        "amazons move '", text.substr(0, 40), "': not a legal move (expected from-to-arrow like b1-a1-a2)"));
  }

 private:
  Amazons(int rows, int cols, bool black_first) : rows_(rows), cols_(cols), black_first_(black_first) {
    area_ = rows * cols == 64 ? ~uint64_t{0} : (uint64_t{1} << (rows * cols)) - 1;
    static constexpr int kDr[8] = {-1, -1, -1, 0, 0, 1, 1, 1}, kDc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
    for (int cell = 0; cell < rows * cols; ++cell)
      for (int d = 0; d < 8; ++d) {
        const int r = cell / cols + kDr[d], c = cell % cols + kDc[d];
        next_[cell][d] = static_cast<int8_t>(r >= 0 && r < rows && c >= 0 && c < cols ? r * cols + c : -1);
      }
  }

  static uint64_t Bit(int cell) { return uint64_t{1} << cell; }
  uint64_t Empty(const State& s) const { return area_ & ~(s.black | s.white | s.blocked); }

  // Whether the player has a move: an amazon with an empty neighbour can go
  // there and shoot back at the cell it left.
  bool HasMove(const State& s, bool black) const {
    const uint64_t empty = Empty(s);
    for (uint64_t q = black ? s.black : s.white; q != 0; q &= q - 1) {
      const int from = __builtin_ctzll(q);
      for (int d = 0; d < 8; ++d)
        if (next_[from][d] >= 0 && (empty & Bit(next_[from][d]))) return true;
    }
    return false;
  }

  uint64_t Grow(uint64_t x) const {
    uint64_t grown = x;
    for (uint64_t y = x; y != 0; y &= y - 1) {
      const int cell = __builtin_ctzll(y);
      for (int d = 0; d < 8; ++d)
        if (next_[cell][d] >= 0) grown |= Bit(next_[cell][d]);
    }
    return grown;
  }

  std::string CellName(int cell) const {
    return absl::StrCat(std::string(1, static_cast<char>('a' + cell % cols_)), cell / cols_ + 1);
  }

  int rows_ = 4, cols_ = 4;
  bool black_first_ = true;
  uint64_t area_ = 0;
  std::array<std::array<int8_t, 8>, 64> next_{};  // the neighbour in each direction, or -1
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_AMAZONS_AMAZONS_H_
