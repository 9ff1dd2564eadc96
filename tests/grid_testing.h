#ifndef GAMEBENCH_TESTS_GRID_TESTING_H_
#define GAMEBENCH_TESTS_GRID_TESTING_H_

// The plain references that the grid games' tests share (games/*/ *_test.cc):
// a position as rows of characters read from the game's own text, MCGS's
// cell names, random boards, and a memoised win search over a naive move
// generator. They share no code with the games' masks, which they check.

#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "gtest/gtest.h"

namespace gamebench::testing {

using Grid = std::vector<std::string>;

// The rows of a position text "row|row|...:B", the mover cut off.
inline Grid RowsOf(const std::string& text) {
  Grid grid(1);
  for (char c : text.substr(0, text.size() - 2)) {
    if (c == '|') grid.emplace_back();
    else grid.back() += c;
  }
  return grid;
}
template <typename G>
Grid GridOf(const G& g, const typename G::State& s) {
  return RowsOf(g.FormatState(s));
}

// MCGS's name of cell (r, c): 1-based on a single row, else "b1".
inline std::string NaiveCell(const Grid& grid, int r, int c) {
  if (grid.size() == 1) return absl::StrCat(c + 1);
  return absl::StrCat(std::string(1, static_cast<char>('a' + c)), r + 1);
}

// A random position of a rows x cols game: each cell a character of `cells`
// drawn in turn (repeat one to make it likelier), then the mover.
template <typename G>
typename G::State RandomGridState(const G& g, absl::string_view cells, std::mt19937_64& rng) {
  std::string text;
  for (int r = 0; r < g.rows(); ++r) {
    if (r) text += '|';
    for (int c = 0; c < g.cols(); ++c) text += cells[rng() % cells.size()];
  }
  text += rng() % 2 ? ":B" : ":W";
  auto s = g.ParseState(text);
  EXPECT_TRUE(s.ok()) << s.status();
  return *s;
}

// The other colour of a stone game's 'X' / 'O'.
inline char OtherStone(char me) { return me == 'X' ? 'O' : 'X'; }
inline bool OtherStone(bool black) { return !black; }

// Whether `me` to move in p wins (normal play): moves_of(p, me) maps each
// move's text to the position it leads to.
template <typename Pos, typename Side, typename MovesOf>
bool NaiveWins(const Pos& p, Side me, std::map<std::pair<Pos, Side>, bool>& memo,
               MovesOf&& moves_of) {
  auto key = std::make_pair(p, me);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  bool win = false;
  for (const auto& [text, next] : moves_of(p, me))
    if (!NaiveWins(next, OtherStone(me), memo, moves_of)) {
      win = true;
      break;
    }
  memo[key] = win;
  return win;
}

}  // namespace gamebench::testing

#endif  // GAMEBENCH_TESTS_GRID_TESTING_H_
