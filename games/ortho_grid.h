#ifndef GAMEBENCH_GAMES_ORTHO_GRID_H_
#define GAMEBENCH_GAMES_ORTHO_GRID_H_

// The geometry of a rows x cols board of at most 64 cells with orthogonal
// steps, 1 x n included, shared by Clobber and Cannibal Clobber (whose
// rules differ only in which stones a stone may take): cell r * cols + c
// is one bit; directions are 0 right, 1 left, 2 down, 3 up.

#include <cstdint>
#include <string>

#include "absl/strings/str_cat.h"

namespace gamebench {

class OrthoGrid {
 public:
  OrthoGrid(int rows, int cols) : rows_(rows), cols_(cols) {
    area_ = rows * cols == 64 ? ~uint64_t{0} : (uint64_t{1} << (rows * cols)) - 1;
    uint64_t first_col = 0;
    for (int r = 0; r < rows; ++r) first_col |= Bit(r * cols);
    not_first_col_ = area_ & ~first_col;
    not_last_col_ = area_ & ~(first_col << (cols - 1));
  }

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  static uint64_t Bit(int cell) { return uint64_t{1} << cell; }

  // The cells one step in direction d from the cells of x, within the
  // board (a single row has no up or down: a shift by 64 is undefined).
  uint64_t Step(uint64_t x, int d) const {
    switch (d) {
      case 0: return (x & not_last_col_) << 1;
      case 1: return (x & not_first_col_) >> 1;
      case 2: return rows_ == 1 ? 0 : (x << cols_) & area_;
      default: return rows_ == 1 ? 0 : x >> cols_;
    }
  }
  int Target(int from, int d) const {
    switch (d) {
      case 0: return from + 1;
      case 1: return from - 1;
      case 2: return from + cols_;
      default: return from - cols_;
    }
  }
  // x and its orthogonal neighbours.
  uint64_t Grow(uint64_t x) const {
    return x | Step(x, 0) | Step(x, 1) | Step(x, 2) | Step(x, 3);
  }

  // MCGS's cell names: 1-based on 1 x n ("3"), else column letter and row
  // number with a1 the top-left ("b1").
  std::string CellName(int cell) const {
    if (rows_ == 1) return absl::StrCat(cell + 1);
    return absl::StrCat(std::string(1, static_cast<char>('a' + cell % cols_)), cell / cols_ + 1);
  }

 private:
  int rows_ = 3, cols_ = 4;
  uint64_t area_ = 0, not_first_col_ = 0, not_last_col_ = 0;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_ORTHO_GRID_H_
