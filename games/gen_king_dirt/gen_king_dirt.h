#ifndef GAMEBENCH_GAMES_GEN_KING_DIRT_GEN_KING_DIRT_H_
#define GAMEBENCH_GAMES_GEN_KING_DIRT_GEN_KING_DIRT_H_

// Generalised King/Dirt on a rows x cols board of at most 64 cells (at most
// 26 columns), as MCGS has it (ualberta-mueller-group/MCGS v1.7,
// src/gen_king_dirt.cpp; its CGSuite model utils/CGSuite/GenKingDirt.cgs):
// Black's kings (X), White's (O), dirt (#). A move either places one of the
// mover's stones still in hand on any empty cell, or steps one of his kings
// to an adjacent empty cell (8 directions), leaving dirt on the cell it
// left. Each player starts with a number of stones in hand; when
// `must_place` is set, a player who can place may not step. The player who
// cannot move loses. Stones in hand are capped at the number of empty
// cells, and `must_place` is cleared when neither player has any (MCGS's
// normalisation: it changes no game, and equal games get equal states).
// Spec: gen_king_dirt(rows=3,cols=3,black=1,white=1,must_place=0,first=
// black|white); the start position is the empty board.
//
// Text form of a position, MCGS's: "B,W,M:" (stones in hand, must_place 0
// or 1), the rows top to bottom, each `cols` characters '.', 'X', 'O' or
// '#', joined by '|', then ':' and the player to move, B or W
// ("1,1,0:.X.|...|.O.:B").
//
// Moves, as MCGS prints them (chess-like cells, a1 the top-left): a
// placement "b2_X" (or "_O" for White), a step "b1-a2".
//
// State: masks of the kings and the dirt, the stones in hand, must_place and
// the mover. Key(s) mixes them into 64 bits: a hash, not exact.
//
// Partizan (core/partizan.h): Left is Black. Decomposable once neither
// player has a stone in hand (a placement may go anywhere, so before that
// the board is one game): a step stays inside the parts of cells that are
// not dirt, connected in the 8 directions; a part needs a king and an empty
// cell to have a move (else it is the game 0, left out), and every part is
// moved to the top-left corner with the rest of the board dirt, so that
// equal parts are equal states (MCGS splits the same way).

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "core/game.h"
#include "core/partizan.h"
#include "games/connected_parts.h"
#include "games/stone_board.h"

namespace gamebench {

class GenKingDirt {
 public:
  static constexpr absl::string_view kName = "gen_king_dirt";
  static constexpr absl::string_view kDescription =
      "Generalised King/Dirt on up to 64 cells, place a stone in hand or step a king to an "
      "adjacent empty cell leaving dirt, no move loses; positions B,W,M: then rows of ./X/O/# "
      "joined by | then :B or :W, moves like b2_X or b1-a2";
  static constexpr int kMaxCells = 64;
  static constexpr int kMaxCols = 26;
  // A placement per empty cell, a step per king and direction.
  static constexpr int kMaxMoves = 64 + 8 * 64;
  static constexpr bool kScored = false;

  struct State {
    uint64_t black = 0;
    uint64_t white = 0;
    uint64_t dirt = 0;
    uint8_t black_in_hand = 0;
    uint8_t white_in_hand = 0;
    bool must_place = false;
    bool black_to_move = true;
    bool operator==(const State&) const = default;
  };
  // A step: the king's cell (bits 0-5) and the direction (bits 6-8); a
  // placement: the cell and bit 9.
  using Move = uint16_t;

  static std::vector<ParamInfo> Params() {
    return {{"rows", "3", "1..64 (rows x cols at most 64)"},
            {"cols", "3", "1..26"},
            {"black", "1", "0..64: Black's stones in hand at the start"},
            {"white", "1", "0..64: White's stones in hand at the start"},
            {"must_place", "0", "0 | 1: a player who can place may not step"},
            {"first", "black", "black | white: who moves first"}};
  }

  static absl::StatusOr<GenKingDirt> FromSpec(const Spec& spec) {
    ParamReader r(spec);
    auto rows = r.Int("rows", 3, 1, kMaxCells);
    if (!rows.ok()) return rows.status();
    auto cols = r.Int("cols", 3, 1, kMaxCols);
    if (!cols.ok()) return cols.status();
    auto black = r.Int("black", 1, 0, kMaxCells);
    if (!black.ok()) return black.status();
    auto white = r.Int("white", 1, 0, kMaxCells);
    if (!white.ok()) return white.status();
    auto must = r.Int("must_place", 0, 0, 1);
    if (!must.ok()) return must.status();
    std::string first = r.Text("first", "black");
    if (first != "black" && first != "white")
      return absl::InvalidArgumentError(
          absl::StrCat("gen_king_dirt: parameter 'first' is '", first, "', expected black or white"));
    if (auto st = r.Finish(); !st.ok()) return st;
    if (*rows * *cols > kMaxCells)
      return absl::OutOfRangeError(
          absl::StrCat("gen_king_dirt: rows x cols is ", *rows * *cols, ", at most ", kMaxCells));
    return GenKingDirt(static_cast<int>(*rows), static_cast<int>(*cols), static_cast<int>(*black),
                       static_cast<int>(*white), *must == 1, first == "black");
  }

  std::string CanonicalSpec() const {
    return absl::StrCat("gen_king_dirt(rows=", rows_, ",cols=", cols_, ",black=", black_,
                        ",white=", white_, ",must_place=", must_place_ ? 1 : 0,
                        ",first=", black_first_ ? "black" : "white", ")");
  }

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  Score MinScore() const { return kLossScore; }
  Score MaxScore() const { return kWinScore; }

  State Start() const {
    State s;
    s.black_in_hand = static_cast<uint8_t>(black_);
    s.white_in_hand = static_cast<uint8_t>(white_);
    s.must_place = must_place_;
    s.black_to_move = black_first_;
    Normalise(s);
    return s;
  }

  std::optional<Score> Terminal(const State& s) const {
    const uint64_t empty = Empty(s);
    if (empty == 0) return kLossScore;
    if (InHand(s, s.black_to_move) > 0) return std::nullopt;
    for (uint64_t k = s.black_to_move ? s.black : s.white; k != 0; k &= k - 1)
      if (Neighbours(__builtin_ctzll(k)) & empty) return std::nullopt;
    return kLossScore;
  }

  void GenerateMoves(const State& s, MoveListOf<GenKingDirt>& moves) const {
    const uint64_t empty = Empty(s);
    const bool can_place = InHand(s, s.black_to_move) > 0 && empty != 0;
    if (can_place)
      for (uint64_t e = empty; e != 0; e &= e - 1) moves.push_back(static_cast<Move>(__builtin_ctzll(e) | kPlace));
    if (can_place && s.must_place) return;
    for (uint64_t k = s.black_to_move ? s.black : s.white; k != 0; k &= k - 1) {
      const int from = __builtin_ctzll(k);
      for (int d = 0; d < 8; ++d)
        if (next_[from][d] >= 0 && (empty & Bit(next_[from][d])))
          moves.push_back(static_cast<Move>(from | d << 6));
    }
  }

  State Play(const State& s, Move m) const {
    State t = s;
    uint64_t& mine = s.black_to_move ? t.black : t.white;
    if (m & kPlace) {
      mine |= Bit(m & 63);
      --(s.black_to_move ? t.black_in_hand : t.white_in_hand);
    } else {
      const int from = m & 63;
      mine = (mine & ~Bit(from)) | Bit(next_[from][(m >> 6) & 7]);
      t.dirt |= Bit(from);
    }
    Normalise(t);
    t.black_to_move = !s.black_to_move;
    return t;
  }

  uint64_t Key(const State& s) const {
    const uint64_t extra = uint64_t{s.black_in_hand} << 1 | uint64_t{s.white_in_hand} << 9 |
                           uint64_t{s.must_place} << 17;
    return stone_board::StonesAndCellsKey(s.black, s.white, s.dirt, s.black_to_move) ^
           stone_board::MixStones(extra, 0x51ed27);
  }

  // [Partizan] Left is Black.
  int Mover(const State& s) const { return s.black_to_move ? kLeft : kRight; }
  State WithMover(const State& s, int player) const {
    State t = s;
    t.black_to_move = player == kLeft;
    return t;
  }

  // [Decomposable] With no stones in hand: the parts of cells off the dirt
  // connected in 8 directions with a king and an empty cell, each moved to
  // the top-left corner, the rest of the board dirt.
  void Components(const State& s, std::vector<State>& parts) const {
    if (s.black_in_hand > 0 || s.white_in_hand > 0) {
      parts.push_back(s);
      return;
    }
    const uint64_t open = area_ & ~s.dirt;
    const uint64_t kings = s.black | s.white;
    const size_t first = parts.size();
    grid::ConnectedParts(open, [&](uint64_t x) { return Grow(x) & open; }, [&](uint64_t region) {
      if ((kings & region) == 0 || (region & ~kings) == 0) return;
      const int shift = grid::CornerShift(region, cols_);
      State part;
      part.black = (s.black & region) >> shift;
      part.white = (s.white & region) >> shift;
      part.dirt = area_ & ~(region >> shift);
      part.black_to_move = s.black_to_move;
      parts.push_back(part);
    });
    if (parts.size() == first) {
      State zero;
      zero.dirt = area_;
      zero.black_to_move = s.black_to_move;
      parts.push_back(zero);
    }
  }

  std::string FormatState(const State& s) const {
    return absl::StrCat(FormatBoard(s), s.black_to_move ? ":B" : ":W");
  }

  // MCGS's text alone (no mover): "B,W,M:" and the board.
  std::string FormatBoard(const State& s) const {
    std::string text = absl::StrCat(s.black_in_hand, ",", s.white_in_hand, ",", s.must_place ? 1 : 0, ":");
    for (int r = 0; r < rows_; ++r) {
      if (r > 0) text += '|';
      for (int c = 0; c < cols_; ++c) {
        const uint64_t b = Bit(r * cols_ + c);
        text += (s.black & b) ? 'X' : (s.white & b) ? 'O' : (s.dirt & b) ? '#' : '.';
      }
    }
    return text;
  }

  absl::StatusOr<State> ParseBoard(absl::string_view text, bool black_to_move) const {
    auto error = [&](absl::string_view why) {
      return absl::InvalidArgumentError(
          absl::StrCat("gen_king_dirt position '", text.substr(0, 80), "': ", why));
    };
    const size_t colon = text.find(':');
    if (colon == absl::string_view::npos) return error("expected B,W,M: then the board");
    std::vector<absl::string_view> params = absl::StrSplit(text.substr(0, colon), ',');
    int values[3] = {0, 0, 0};
    if (params.size() != 3) return error("expected three parameters B,W,M before ':'");
    for (int i = 0; i < 3; ++i)
      if (params[i].empty() || params[i].size() > 2 || !absl::SimpleAtoi(params[i], &values[i]) ||
          values[i] < 0 || values[i] > (i == 2 ? 1 : kMaxCells))
        return error(absl::StrCat("parameter ", i + 1, " must be ", i == 2 ? "0 or 1" : "0..64"));
    const absl::string_view board = text.substr(colon + 1);
    if (board.size() != static_cast<size_t>(rows_ * (cols_ + 1) - 1))
      return error(absl::StrCat("expected ", rows_, " rows of ", cols_,
                                " cells ('.', 'X', 'O' or '#') joined by '|'"));
    State s;
    s.black_to_move = black_to_move;
    s.black_in_hand = static_cast<uint8_t>(values[0]);
    s.white_in_hand = static_cast<uint8_t>(values[1]);
    s.must_place = values[2] == 1;
    for (int r = 0; r < rows_; ++r) {
      for (int c = 0; c < cols_; ++c) {
        const char ch = board[static_cast<size_t>(r * (cols_ + 1) + c)];
        const uint64_t b = Bit(r * cols_ + c);
        if (ch == 'X') s.black |= b;
        else if (ch == 'O') s.white |= b;
        else if (ch == '#') s.dirt |= b;
        else if (ch != '.')
          return error(absl::StrCat("bad character '", std::string(1, ch), "' in row ", r + 1,
                                    " (expected '.', 'X', 'O' or '#')"));
      }
      if (r + 1 < rows_ && board[static_cast<size_t>(r * (cols_ + 1) + cols_)] != '|')
        return error(absl::StrCat("row ", r + 1, " must have ", cols_, " cells, then '|'"));
    }
    Normalise(s);
    return s;
  }

  // ParseState(FormatState(s)) == s for normalised states; a text that is
  // not normalised (more stones in hand than empty cells) is normalised.
  absl::StatusOr<State> ParseState(absl::string_view text) const {
    if (text.size() < 2 || (text.substr(text.size() - 2) != ":B" && text.substr(text.size() - 2) != ":W"))
      return absl::InvalidArgumentError(absl::StrCat("gen_king_dirt position '", text.substr(0, 80),
                                                     "': must end in :B or :W (the player to move)"));
    return ParseBoard(text.substr(0, text.size() - 2), text.back() == 'B');
  }

  std::string FormatMove(const State& s, Move m) const {
    if (m & kPlace) return absl::StrCat(CellName(m & 63), s.black_to_move ? "_X" : "_O");
    const int from = m & 63;
    return absl::StrCat(CellName(from), "-", CellName(next_[from][(m >> 6) & 7]));
  }

  absl::StatusOr<Move> ParseMove(const State& s, absl::string_view text) const {
    MoveListOf<GenKingDirt> moves;
    if (!Terminal(s)) GenerateMoves(s, moves);
    for (Move m : moves)
      if (FormatMove(s, m) == text) return m;
    return absl::InvalidArgumentError(absl::StrCat(
        "gen_king_dirt move '", text.substr(0, 40), "': not a legal move (expected a placement like b2_",
        s.black_to_move ? "X" : "O", " or a step like b1-a2)"));
  }

 private:
  static constexpr Move kPlace = 1 << 9;

  GenKingDirt(int rows, int cols, int black, int white, bool must_place, bool black_first)
      : rows_(rows), cols_(cols), black_(black), white_(white), must_place_(must_place),
        black_first_(black_first) {
    area_ = rows * cols == 64 ? ~uint64_t{0} : (uint64_t{1} << (rows * cols)) - 1;
    static constexpr int kDr[8] = {-1, -1, -1, 0, 0, 1, 1, 1}, kDc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
    for (int cell = 0; cell < rows * cols; ++cell) {
      for (int d = 0; d < 8; ++d) {
        const int r = cell / cols + kDr[d], c = cell % cols + kDc[d];
        next_[cell][d] = static_cast<int8_t>(r >= 0 && r < rows && c >= 0 && c < cols ? r * cols + c : -1);
        if (next_[cell][d] >= 0) neighbours_[cell] |= Bit(next_[cell][d]);
      }
    }
  }

  static uint64_t Bit(int cell) { return uint64_t{1} << cell; }
  uint64_t Empty(const State& s) const { return area_ & ~(s.black | s.white | s.dirt); }
  uint64_t Neighbours(int cell) const { return neighbours_[cell]; }
  static int InHand(const State& s, bool black) { return black ? s.black_in_hand : s.white_in_hand; }

  void Normalise(State& s) const {
    const int empty = __builtin_popcountll(Empty(s));
    s.black_in_hand = static_cast<uint8_t>(std::min<int>(s.black_in_hand, empty));
    s.white_in_hand = static_cast<uint8_t>(std::min<int>(s.white_in_hand, empty));
    if (s.black_in_hand == 0 && s.white_in_hand == 0) s.must_place = false;
  }

  uint64_t Grow(uint64_t x) const {
    uint64_t grown = x;
    for (uint64_t y = x; y != 0; y &= y - 1) grown |= neighbours_[__builtin_ctzll(y)];
    return grown;
  }

  std::string CellName(int cell) const {
    return absl::StrCat(std::string(1, static_cast<char>('a' + cell % cols_)), cell / cols_ + 1);
  }

  int rows_ = 3, cols_ = 3, black_ = 1, white_ = 1;
  bool must_place_ = false, black_first_ = true;
  uint64_t area_ = 0;
  std::array<std::array<int8_t, 8>, 64> next_{};  // the neighbour in each direction, or -1
  std::array<uint64_t, 64> neighbours_{};
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_GEN_KING_DIRT_GEN_KING_DIRT_H_
