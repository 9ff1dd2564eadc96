#ifndef GAMEBENCH_GAMES_CONNECT4_BOARD_TEXT_H_
#define GAMEBENCH_GAMES_CONNECT4_BOARD_TEXT_H_

// Connect Four's board text form ("......./.../...x..." rows top first), read
// into the two players' stones with every check a position must pass; the
// game (connect4.h) makes its State from them. Apart from the class so that
// the rules stay one screen of members.

#include <string>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "games/connect4/bitboard.h"

namespace gamebench::connect4 {

// A 0-based column as text: 1..9, then a..p.
inline char ColumnChar(int c) { return c < 9 ? static_cast<char>('1' + c) : static_cast<char>('a' + c - 9); }

// The stones of x and of o on a w x h board. Accepts boards with stones
// stacked from the bottom, x having as many stones as o or one more, and at
// most one player with a four, who made the last move: one of its top
// stones completes every four it has. (Such a board need not be reachable
// by play; its value is still well defined.)
template <typename Bits>
absl::StatusOr<std::pair<Bits, Bits>> ParseBoardStones(absl::string_view text, int w, int h) {
  auto error = [&](absl::string_view why) {
    return absl::InvalidArgumentError(absl::StrCat("connect4 position '", text, "': ", why));
  };
  auto bit = [h](int c, int r) { return Bits{1} << (c * (h + 1) + r); };
  const Bits column0 = (Bits{1} << h) - 1;
  const std::string want = absl::StrCat("expected ", h, " rows of ", w,
                                        " cells '.', 'x' or 'o', top row first, separated by '/'");
  if (text.size() != static_cast<size_t>(h * (w + 1) - 1)) return error(want);
  Bits x = 0, o = 0;
  for (int r = h - 1, i = 0; r >= 0; --r) {
    for (int c = 0; c < w; ++c, ++i) {
      switch (text[i]) {
        case 'x': x |= bit(c, r); break;
        case 'o': o |= bit(c, r); break;
        case '.': break;
        default: return error(want);
      }
    }
    if (r > 0 && text[i++] != '/') return error(want);
  }
  const Bits mask = x | o;
  for (int c = 0; c < w; ++c) {
    const Bits col = (mask >> (c * (h + 1))) & column0;
    if (col & (col + 1))
      return error(absl::StrCat("column ", std::string(1, ColumnChar(c)),
                                " has a floating stone (an empty cell below a stone)"));
  }
  const int nx = PopCount(x), no = PopCount(o);
  if (nx != no && nx != no + 1) return error("x must have as many stones as o or one more");
  const bool x_four = HasFour(x, h), o_four = HasFour(o, h);
  if (x_four && o_four) return error("both players have four in a row");
  if (x_four && nx == no) return error("o moved after x had already won");
  if (o_four && nx == no + 1) return error("x moved after o had already won");
  if (x_four || o_four) {
    const Bits winner = x_four ? x : o;
    bool last_stone_found = false;
    for (int c = 0; c < w && !last_stone_found; ++c) {
      const Bits column = column0 << (c * (h + 1));
      const Bits top = ((mask & column) + bit(c, 0)) >> 1 & column & mask;
      if ((top & winner) && !HasFour(winner & ~top, h)) last_stone_found = true;
    }
    if (!last_stone_found)
      return error("the winner's fours cannot all have been completed by its last stone");
  }
  return std::pair<Bits, Bits>{x, o};
}

}  // namespace gamebench::connect4

#endif  // GAMEBENCH_GAMES_CONNECT4_BOARD_TEXT_H_
