#ifndef GAMEBENCH_GAMES_GRID_BOARD_H_
#define GAMEBENCH_GAMES_GRID_BOARD_H_

// What Clobber and Cannibal Clobber share, written once (their rules differ
// only in which stones a stone may take, and in what a part of one colour
// is worth): a rows x cols board of at most 64 cells, 1 x n included, two
// stone masks and the mover; the spec rows=..,cols=..,first=black|white
// with the full checkerboard as the start, X at the top-left; MCGS's text
// of positions ("XO.|OXO:B") and of moves ("a1-b1", "3-4" on 1 x n); the
// key; Left is Black. A move is the mover's stone's cell (bits 0-5) and a
// direction (bits 6-7: 0 right, 1 left, 2 down, 3 up); it removes the stone
// it lands on. The game (CRTP) adds kName, kDescription, kMaxMoves, the
// stones a stone may take (Targets) and which parts count (Components):
// its own rules.

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
#include "games/ortho_grid.h"
#include "games/stone_board.h"

namespace gamebench {

template <typename Derived>
class StoneGridGame {
 public:
  static constexpr int kMaxCells = 64;
  static constexpr int kMaxGridCols = 26;
  static constexpr bool kScored = false;

  struct State {
    uint64_t black = 0;
    uint64_t white = 0;
    bool black_to_move = true;
    bool operator==(const State&) const = default;
  };
  using Move = uint8_t;

  static std::vector<ParamInfo> Params() {
    return {{"rows", "3", "1..64 (rows x cols at most 64; cols at most 26 when rows > 1)"},
            {"cols", "4", "1..64"},
            {"first", "black", "black | white: who moves first"}};
  }

  static absl::StatusOr<Derived> FromSpec(const Spec& spec) {
    auto grid = stone_board::ReadGridSpec(spec, Derived::kName, 3, 4, kMaxCells, kMaxGridCols);
    if (!grid.ok()) return grid.status();
    return Derived(OrthoGrid(grid->rows, grid->cols), grid->black_first);
  }

  std::string CanonicalSpec() const {
    return absl::StrCat(Derived::kName, "(rows=", rows(), ",cols=", cols(),
                        ",first=", black_first_ ? "black" : "white", ")");
  }

  int rows() const { return grid_.rows(); }
  int cols() const { return grid_.cols(); }
  Score MinScore() const { return kLossScore; }
  Score MaxScore() const { return kWinScore; }

  State Start() const {
    State s;
    for (int r = 0; r < rows(); ++r)
      for (int c = 0; c < cols(); ++c)
        ((r + c) % 2 == 0 ? s.black : s.white) |= OrthoGrid::Bit(r * cols() + c);
    s.black_to_move = black_first_;
    return s;
  }

  // The mover is stuck when no stone of his has a target next to it.
  std::optional<Score> Terminal(const State& s) const {
    const uint64_t mine = s.black_to_move ? s.black : s.white;
    const uint64_t targets = static_cast<const Derived&>(*this).Targets(s);
    for (int d = 0; d < 4; ++d)
      if (Sources(mine, targets, d) != 0) return std::nullopt;
    return kLossScore;
  }

  // A template: MoveListOf<Derived> needs the game's kMaxMoves, unknown here.
  template <typename Moves>
  void GenerateMoves(const State& s, Moves& moves) const {
    const uint64_t mine = s.black_to_move ? s.black : s.white;
    const uint64_t targets = static_cast<const Derived&>(*this).Targets(s);
    for (int d = 0; d < 4; ++d)
      for (uint64_t m = Sources(mine, targets, d); m != 0; m &= m - 1)
        moves.push_back(static_cast<Move>(__builtin_ctzll(m) | d << 6));
  }

  // The mover's stone goes to the target cell, whose stone (of either
  // colour) is removed.
  State Play(const State& s, Move m) const {
    const int from = m & 63, to = grid_.Target(from, m >> 6);
    State t = s;
    uint64_t& mine = s.black_to_move ? t.black : t.white;
    uint64_t& theirs = s.black_to_move ? t.white : t.black;
    mine = (mine & ~OrthoGrid::Bit(from)) | OrthoGrid::Bit(to);
    theirs &= ~OrthoGrid::Bit(to);
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

  std::string FormatState(const State& s) const {
    return stone_board::FormatStones(rows(), cols(), s.black, s.white, s.black_to_move);
  }

  // MCGS's board text alone (no mover), as in its test files.
  absl::StatusOr<State> ParseBoard(absl::string_view text, bool black_to_move) const {
    State s;
    s.black_to_move = black_to_move;
    if (auto st = stone_board::ParseStones(text, rows(), cols(), Derived::kName, s.black, s.white);
        !st.ok())
      return st;
    return s;
  }

  absl::StatusOr<State> ParseState(absl::string_view text) const {
    auto board = grid_text::SplitMover(text, Derived::kName);
    if (!board.ok()) return board.status();
    return ParseBoard(board->first, board->second);
  }

  std::string FormatMove(const State&, Move m) const {
    const int from = m & 63, to = grid_.Target(from, m >> 6);
    return absl::StrCat(grid_.CellName(from), "-", grid_.CellName(to));
  }

  absl::StatusOr<Move> ParseMove(const State& s, absl::string_view text) const {
    const Derived& game = static_cast<const Derived&>(*this);
    MoveListOf<Derived> moves;
    if (!game.Terminal(s)) game.GenerateMoves(s, moves);
    for (Move m : moves)
      if (FormatMove(s, m) == text) return m;
    return absl::InvalidArgumentError(absl::StrCat(
        Derived::kName, " move '", text.substr(0, 40), "': not a legal move (expected ",
        rows() == 1 ? "cells from-to like 3-4" : "cells from-to like a1-b1", ")"));
  }

 protected:
  StoneGridGame(OrthoGrid grid, bool black_first) : grid_(grid), black_first_(black_first) {}

  // [Decomposable] The orthogonally connected groups of stones for which
  // counts(group) holds, each moved to the top-left corner (the empty board
  // when none counts).
  template <typename Counts>
  void SplitGroups(const State& s, std::vector<State>& parts, Counts&& counts) const {
    const uint64_t stones = s.black | s.white;
    const size_t first = parts.size();
    grid::ConnectedParts(stones, [&](uint64_t x) { return grid_.Grow(x) & stones; },
                         [&](uint64_t group) {
                           if (!counts(group)) return;
                           const int shift = grid::CornerShift(group, grid_.cols());
                           parts.push_back(State{(s.black & group) >> shift,
                                                 (s.white & group) >> shift, s.black_to_move});
                         });
    if (parts.size() == first) parts.push_back(State{0, 0, s.black_to_move});
  }

  // The mover's stones with a stone of `targets` in direction d.
  uint64_t Sources(uint64_t mine, uint64_t targets, int d) const {
    return grid_.Step(targets, d ^ 1) & mine;
  }

  OrthoGrid grid_;
  bool black_first_ = true;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_GRID_BOARD_H_
