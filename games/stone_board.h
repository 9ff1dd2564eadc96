#ifndef GAMEBENCH_GAMES_STONE_BOARD_H_
#define GAMEBENCH_GAMES_STONE_BOARD_H_

// What the two-colour stone games of MCGS's corpus share (Clobber, NoGo,
// Elephants and Rhinos, generalised Toads and Frogs, Toppling Dominoes):
// the transposition key of a black and a white stone word, and the grid
// spec `rows=..,cols=..,first=black|white` of the games played on grids,
// and the text of a grid of two colours.
// Each game keeps its own rules; only these identical pieces live here.

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "core/spec.h"
#include "games/grid_text.h"

namespace gamebench::stone_board {

// A 64-bit mix of the two stone words (a splitmix-style finaliser); the game
// folds in whose turn it is and anything else its state holds.
inline uint64_t MixStones(uint64_t black, uint64_t white) {
  uint64_t h = black * 0x9e3779b97f4a7c15ULL;
  h ^= (white + 0x632be59bd9b4e019ULL) * 0xbf58476d1ce4e5b9ULL;
  h ^= h >> 31;
  h *= 0x94d049bb133111ebULL;
  h ^= h >> 29;
  return h;
}

// The key of a state of two stone words and the mover.
inline uint64_t StonesKey(uint64_t black, uint64_t white, bool black_to_move) {
  return MixStones(black, white) ^ (black_to_move ? 0 : 0xd6e8feb86659fd93ULL);
}

// The key of a state of two stone words, a third word of cells (walls,
// blocked cells) and the mover.
inline uint64_t StonesAndCellsKey(uint64_t black, uint64_t white, uint64_t cells,
                                  bool black_to_move) {
  uint64_t h = black * 0x9e3779b97f4a7c15ULL;
  h ^= (white + 0x632be59bd9b4e019ULL) * 0xbf58476d1ce4e5b9ULL;
  h ^= (cells + 0x2545f4914f6cdd1dULL) * 0x94d049bb133111ebULL;
  h ^= h >> 31;
  h *= 0xd6e8feb86659fd93ULL;
  h ^= h >> 29;
  return h ^ (black_to_move ? 0 : 0x8cb92ba72f3d8dd7ULL);
}

// A grid game's spec: rows x cols of at most max_cells cells (one bit each),
// at most max_grid_cols columns when there is more than one row (columns are
// letters in the position text), and who moves first.
struct GridSpec {
  int rows = 0, cols = 0;
  bool black_first = true;
};
inline absl::StatusOr<GridSpec> ReadGridSpec(const Spec& spec, absl::string_view game,
                                             int default_rows, int default_cols, int max_cells,
                                             int max_grid_cols) {
  ParamReader r(spec);
  auto rows = r.Int("rows", default_rows, 1, max_cells);
  if (!rows.ok()) return rows.status();
  auto cols = r.Int("cols", default_cols, 1, max_cells);
  if (!cols.ok()) return cols.status();
  std::string first = r.Text("first", "black");
  if (first != "black" && first != "white")
    return absl::InvalidArgumentError(
        absl::StrCat(game, ": parameter 'first' is '", first, "', expected black or white"));
  if (auto st = r.Finish(); !st.ok()) return st;
  if (*rows * *cols > max_cells)
    return absl::OutOfRangeError(
        absl::StrCat(game, ": rows x cols is ", *rows * *cols, ", at most ", max_cells));
  if (*rows > 1 && *cols > max_grid_cols)
    return absl::OutOfRangeError(absl::StrCat(game, ": a grid of more than one row has at most ",
                                              max_grid_cols, " columns (letters)"));
  return GridSpec{static_cast<int>(*rows), static_cast<int>(*cols), first == "black"};
}

// The text of a grid of black ('X') and white ('O') stones (Clobber,
// Cannibal Clobber): grid_text's framing, cells 'X', 'O' or '.'.
inline std::string FormatStones(int rows, int cols, uint64_t black, uint64_t white,
                                bool black_to_move) {
  return grid_text::Format(rows, cols, black_to_move, [&](uint64_t b) {
    return (black & b) ? 'X' : (white & b) ? 'O' : '.';
  });
}
inline absl::Status ParseStones(absl::string_view text, int rows, int cols, absl::string_view game,
                                uint64_t& black, uint64_t& white) {
  return grid_text::ParseRows(text, rows, cols, game, "'X', 'O' or '.'", [&](uint64_t b, char ch) {
    if (ch == 'X') black |= b;
    else if (ch == 'O') white |= b;
    else if (ch != '.') return false;
    return true;
  });
}

}  // namespace gamebench::stone_board

#endif  // GAMEBENCH_GAMES_STONE_BOARD_H_
