#ifndef GAMEBENCH_GAMES_GRID_TEXT_H_
#define GAMEBENCH_GAMES_GRID_TEXT_H_

// The text form that MCGS's grid games share (Clobber, Cannibal Clobber,
// Amazons, NoGo, Fission): the rows top to bottom, each `cols` characters,
// joined by '|', then ':' and the player to move, B or W ("XO.|OXO:B").
// Cell r * cols + c is bit r * cols + c. Each game says which characters a
// cell may hold; the framing and its error messages live here once.

#include <cstdint>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

namespace gamebench::grid_text {

// The board, cell_char(bit) for each cell, then ":B" or ":W".
template <typename CellChar>
std::string Format(int rows, int cols, bool black_to_move, CellChar&& cell_char) {
  std::string text;
  for (int r = 0; r < rows; ++r) {
    if (r > 0) text += '|';
    for (int c = 0; c < cols; ++c) text += cell_char(uint64_t{1} << (r * cols + c));
  }
  text += black_to_move ? ":B" : ":W";
  return text;
}

// The error for a position text the game refuses (the text cut at 80).
inline absl::Status PositionError(absl::string_view game, absl::string_view text,
                                  absl::string_view why) {
  return absl::InvalidArgumentError(
      absl::StrCat(game, " position '", text.substr(0, 80), "': ", why));
}

// Reads the board text alone (no mover): read(bit, ch) stores a cell and
// returns false for a character the game does not take. `cells` names the
// characters for the messages ("'X', 'O' or '.'").
template <typename Read>
absl::Status ParseRows(absl::string_view text, int rows, int cols, absl::string_view game,
                       absl::string_view cells, Read&& read) {
  auto error = [&](absl::string_view why) { return PositionError(game, text, why); };
  if (text.size() != static_cast<size_t>(rows * (cols + 1) - 1))
    return error(absl::StrCat("expected ", rows, " rows of ", cols, " cells (", cells,
                              ") joined by '|'"));
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const char ch = text[static_cast<size_t>(r * (cols + 1) + c)];
      if (!read(uint64_t{1} << (r * cols + c), ch))
        return error(absl::StrCat("bad character '", std::string(1, ch), "' in row ", r + 1,
                                  " (expected ", cells, ")"));
    }
    if (r + 1 < rows && text[static_cast<size_t>(r * (cols + 1) + cols)] != '|')
      return error(absl::StrCat("row ", r + 1, " must have ", cols, " cells, then '|'"));
  }
  return absl::OkStatus();
}

// The cells of a board of black stones 'X', white stones 'O', blocked cells
// '#' and empty cells '.' (Amazons, NoGo), one bit per cell.
struct StoneCells {
  uint64_t black = 0, white = 0, blocked = 0;
};

// The character of cell `b` in that alphabet.
inline char StoneCellChar(uint64_t b, const StoneCells& cells) {
  return (cells.black & b) ? 'X' : (cells.white & b) ? 'O' : (cells.blocked & b) ? '#' : '.';
}

// Reads the board text alone (no mover) in that alphabet.
inline absl::StatusOr<StoneCells> ParseStoneCells(absl::string_view text, int rows, int cols,
                                                  absl::string_view game) {
  StoneCells cells;
  auto read = [&](uint64_t b, char ch) {
    if (ch == 'X') cells.black |= b;
    else if (ch == 'O') cells.white |= b;
    else if (ch == '#') cells.blocked |= b;
    else if (ch != '.') return false;
    return true;
  };
  if (auto st = ParseRows(text, rows, cols, game, "'.', 'X', 'O' or '#'", read); !st.ok())
    return st;
  return cells;
}

// Splits "board:B" into the board and whether Black moves.
inline absl::StatusOr<std::pair<absl::string_view, bool>> SplitMover(absl::string_view text,
                                                                     absl::string_view game) {
  if (text.size() < 2 || (text.substr(text.size() - 2) != ":B" && text.substr(text.size() - 2) != ":W"))
    return PositionError(game, text, "must end in :B or :W (the player to move)");
  return std::pair<absl::string_view, bool>{text.substr(0, text.size() - 2), text.back() == 'B'};
}

}  // namespace gamebench::grid_text

#endif  // GAMEBENCH_GAMES_GRID_TEXT_H_
