#ifndef GAMEBENCH_GAMES_CONNECTED_PARTS_H_
#define GAMEBENCH_GAMES_CONNECTED_PARTS_H_

// The split of a grid game's board into connected parts (its [Decomposable]
// Components), the same loop in every grid game: only the adjacency differs,
// so the game passes it in. Cells are bits r * cols + c of a 64-bit word.

#include <algorithm>
#include <cstdint>

namespace gamebench::grid {

// Calls part(region) for each connected part holding a cell of `seeds`:
// region grows from the lowest seed left by grow(region), which returns the
// region and what it reaches (the game masks it), until it stops growing.
// Seeds a region takes are not seeds again.
template <typename Grow, typename Part>
void ConnectedParts(uint64_t seeds, Grow&& grow, Part&& part) {
  while (seeds != 0) {
    uint64_t region = seeds & -seeds;
    for (uint64_t grown = grow(region); grown != region; grown = grow(region)) region = grown;
    seeds &= ~region;
    part(region);
  }
}

// The right shift that moves a non-empty region to the top-left corner of a
// board `cols` wide: its top row and leftmost column become 0, so that equal
// parts found anywhere are equal states.
inline int CornerShift(uint64_t region, int cols) {
  int top = 64, leftmost = cols;
  for (uint64_t g = region; g != 0; g &= g - 1) {
    const int cell = __builtin_ctzll(g);
    top = std::min(top, cell / cols);
    leftmost = std::min(leftmost, cell % cols);
  }
  return top * cols + leftmost;
}

}  // namespace gamebench::grid

#endif  // GAMEBENCH_GAMES_CONNECTED_PARTS_H_
