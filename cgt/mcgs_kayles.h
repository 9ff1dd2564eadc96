#ifndef GAMEBENCH_CGT_MCGS_KAYLES_H_
#define GAMEBENCH_CGT_MCGS_KAYLES_H_

// The moves of MCGS's [kayles] (kayles.cpp): a row of n pins; a move knocks
// down one pin or two adjacent pins, leaving two rows, the smaller x and
// the larger y (x <= y, x + take + y = n; x = 0 leaves one row). MCGS
// names it "take-x-y": a row of 6 has 1-0-5, 1-1-4, 1-2-3, 2-0-4, 2-1-3
// and 2-2-2. The game is impartial: both players have the same moves.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "cgt/arena.h"
#include "cgt/mcgs_basic_games.h"

namespace gamebench::cgt {

struct KaylesMove {
  int take;  // 1 or 2 pins
  int64_t smaller, larger;
  std::string Text() const;  // "1-1-4"
};

// Every move of a row of n pins, take 1 before take 2, x increasing.
std::vector<KaylesMove> KaylesMoves(int64_t n);

// BasicGame::options of a row of n pins: every move, for either player
// (the game is its own closure), with the nimber of the two rows' nim
// values' xor; `nim(k)` is the nim value of a row of k < n pins.
std::function<std::vector<BasicGame::Option>(GameArena&, bool, bool)> KaylesOptions(
    int64_t n, std::function<int(int64_t)> nim);

}  // namespace gamebench::cgt

#endif  // GAMEBENCH_CGT_MCGS_KAYLES_H_
