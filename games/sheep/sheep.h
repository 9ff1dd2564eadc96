#ifndef GAMEBENCH_GAMES_SHEEP_SHEEP_H_
#define GAMEBENCH_GAMES_SHEEP_SHEEP_H_

// Sheep, as MCGS has it (ualberta-mueller-group/MCGS v1.7, src/sheep.cpp),
// on a rows x cols board of at most 64 cells read as a hex grid: each cell
// holds a herd, a number: h > 0 is a herd of h black sheep, h < 0 one of -h
// white sheep, 0 an empty cell. A move takes a herd of the mover's of two
// sheep or more, picks one of the six hex directions (up, up-right, right,
// down, down-left, left: (-1,0), (-1,1), (0,1), (1,0), (1,-1), (0,-1)) and
// sends t of its sheep (1 <= t < the herd) as far as they can go that way
// over empty cells (at least one step); the rest stay. A herd of one sheep
// never moves again and blocks the way. The player who cannot move loses.
// Spec: sheep(rows=3,cols=3,sheep=3,first=black|white); the start position
// has a herd of `sheep` black sheep in the top-left cell and one of white
// sheep in the bottom-right.
//
// Text form of a position: the herds row by row, numbers joined by ',',
// rows by '|', then ':' and the player to move: "0,3,0|0,0,-2:B". MCGS's
// form (numbers apart by spaces or ',', rows by '|', in parentheses in its
// files: "(0 3 0 | 0 0 -2)") is read too. Herds are at most 50 sheep
// (MCGS's bound), and a side's herds may split at most kMaxSplits times in
// all (the sum of h - 1 over its herds), so that kMaxMoves bounds the
// moves; moves only lower that sum.
//
// Moves, as MCGS prints them: the chess-like cells from and to (a1 the
// top-left) and the number of sheep sent: "b2-a2-1".
//
// State: one signed byte per cell (64 cells: MCGS's corpus has boards up to
// 8x7) and the mover, 65 bytes. Key(s) hashes them, a herd of one alike
// whoever owns it (it is a wall to both): not exact.
//
// Play keeps a herd it shuts in (two or more sheep, no empty neighbour) as a
// herd of one, its owner's: it never moves again and is a wall to both, so
// positions that differ only there share a table entry (set_normalize(false)
// gives the children as MCGS has them).
//
// Ordered: MoveOrder puts first the moves that shut in the opponent's herds
// and last those that shut in the mover's own (a herd with no empty
// neighbour never moves again, as cells never empty again).
//
// Tactical: a side can move exactly when an empty cell is next to one of
// its herds of two or more (its "room"), and a move fills only the cell it
// ends on, so wins at once and the moves that allow them are read from the
// rooms as bit masks (sheep3.test's ten hardest commands: 92.7M nodes to
// 43.1M, user CPU 19.95 s to 14.68 s under load).
//
// Partizan (core/partizan.h): Left is Black. Decomposable: a move stays on
// cells that are not herds of one (hex-connected), so the board falls into
// the hex-connected parts of such cells; a part needs a herd of two or more
// and an empty cell to have a move (else it is the game 0, left out), and
// every part is moved to the top-left corner with the rest of the board
// filled with herds of one black sheep (walls), so that equal parts are
// equal states (MCGS splits the same way).

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "core/game.h"
#include "core/partizan.h"

namespace gamebench {

class Sheep {
 public:
  static constexpr absl::string_view kName = "sheep";
  static constexpr absl::string_view kDescription =
      "Sheep on a hex grid of up to 64 cells, a herd sends some of its sheep as far as they go in "
      "one of six directions, no move loses; positions numbers joined by , and rows by | then :B "
      "or :W, moves like b2-a2-1";
  static constexpr int kMaxCells = 64;  // MCGS's corpus goes to 8x7
  static constexpr int kMaxCols = 26;
  static constexpr int kMaxHerd = 50;
  static constexpr int kMaxSplits = 100;  // a side: the sum of h - 1 over its herds
  static constexpr int kMaxMoves = 6 * kMaxSplits;
  static constexpr bool kScored = false;

  struct State {
    std::array<int8_t, kMaxCells> herd{};
    bool black_to_move = true;
    bool operator==(const State&) const = default;
  };
  // The herd's cell (bits 0-5), the direction (6-8) and the sheep sent (9-14).
  using Move = uint16_t;

  static std::vector<ParamInfo> Params() {
    return {{"rows", "3", "1..64 (rows x cols at most 64)"},
            {"cols", "3", "1..26"},
            {"sheep", "3", "1..50: the start's herds"},
            {"first", "black", "black | white: who moves first"}};
  }

  static absl::StatusOr<Sheep> FromSpec(const Spec& spec) {
    ParamReader r(spec);
    auto rows = r.Int("rows", 3, 1, kMaxCells);
    if (!rows.ok()) return rows.status();
    auto cols = r.Int("cols", 3, 1, kMaxCols);
    if (!cols.ok()) return cols.status();
    auto sheep = r.Int("sheep", 3, 1, kMaxHerd);
    if (!sheep.ok()) return sheep.status();
    std::string first = r.Text("first", "black");
    if (first != "black" && first != "white")
      return absl::InvalidArgumentError(
          absl::StrCat("sheep: parameter 'first' is '", first, "', expected black or white"));
    if (auto st = r.Finish(); !st.ok()) return st;
    if (*rows * *cols > kMaxCells)
      return absl::OutOfRangeError(absl::StrCat("sheep: rows x cols is ", *rows * *cols, ", at most ", kMaxCells));
    return Sheep(static_cast<int>(*rows), static_cast<int>(*cols), static_cast<int>(*sheep), first == "black");
  }

  std::string CanonicalSpec() const {
    return absl::StrCat("sheep(rows=", rows_, ",cols=", cols_, ",sheep=", sheep_,
                        ",first=", black_first_ ? "black" : "white", ")");
  }

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  Score MinScore() const { return kLossScore; }
  Score MaxScore() const { return kWinScore; }

  State Start() const {
    State s;
    s.herd[0] = static_cast<int8_t>(sheep_);
    if (cells_ > 1) s.herd[cells_ - 1] = static_cast<int8_t>(-sheep_);
    s.black_to_move = black_first_;
    return s;
  }

  std::optional<Score> Terminal(const State& s) const {
    const Cells c = Scan(s);
    if (Room(c.big[s.black_to_move ? 0 : 1], c.empty)) return std::nullopt;
    return kLossScore;
  }

  void GenerateMoves(const State& s, MoveListOf<Sheep>& moves) const {
    const int sign = s.black_to_move ? 1 : -1;
    for (int cell = 0; cell < cells_; ++cell) {
      const int size = s.herd[cell] * sign;
      if (size < 2) continue;
      for (int d = 0; d < 6; ++d) {
        if (next_[cell][d] < 0 || s.herd[next_[cell][d]] != 0) continue;
        for (int t = 1; t < size; ++t) moves.push_back(static_cast<Move>(cell | d << 6 | t << 9));
      }
    }
  }

  State Play(const State& s, Move m) const {
    const int from = m & 63, t = m >> 9, sign = s.black_to_move ? 1 : -1;
    State u = s;
    u.herd[from] = static_cast<int8_t>(s.herd[from] - sign * t);
    const int to = Destination(s, from, (m >> 6) & 7);
    u.herd[to] = static_cast<int8_t>(sign * t);
    u.black_to_move = !s.black_to_move;
    if (normalize_) {
      // Only `to` filled: it and its neighbours may be shut in now.
      ShutIn(u, to);
      for (int d = 0; d < 6; ++d)
        if (next_[to][d] >= 0) ShutIn(u, next_[to][d]);
    }
    return u;
  }

  // Whether Play keeps a herd that it shuts in as a herd of one (on by
  // default; tests turn it off to compare against the game as MCGS plays it).
  void set_normalize(bool on) { normalize_ = on; }

  // [ChildOrdered] MoveOrder itself: being ChildOrdered makes tt play and key
  // every child before ordering and probe their entries at every node
  // (enhanced transposition cutoffs): on six hard corpus positions 41% fewer
  // nodes and 12% less CPU.
  int ChildOrder(const State& s, Move m, const State& /*child*/) const { return MoveOrder(s, m); }

  // [Ordered] Moves that shut in the opponent's herds (a herd of h >= 2 with
  // no empty neighbour never moves again: h - 1 moves lost) first, moves
  // that shut in the mover's own last.
  int MoveOrder(const State& s, Move m) const {
    const int from = m & 63, t = m >> 9, sign = s.black_to_move ? 1 : -1;
    const int to = Destination(s, from, (m >> 6) & 7);
    const int rest = s.herd[from] * sign - t;
    int score = 0;
    // The herds next to `to` lose that empty neighbour.
    for (int d = 0; d < 6; ++d) {
      const int n = next_[to][d];
      if (n < 0 || n == from) continue;
      const int h = s.herd[n];
      if (h >= -1 && h <= 1) continue;
      const int own = h * sign > 0 ? 1 : -1;
      score += own * (HasEmptyNeighbour(s, n, to) ? -1 : -16 * (std::abs(h) - 1));
    }
    // The herd left behind and the one sent: shut in, their moves are lost.
    if (rest >= 2 && !HasEmptyNeighbour(s, from, to)) score -= 16 * (rest - 1);
    if (t >= 2 && !HasEmptyNeighbour(s, to, -1)) score -= 16 * (t - 1);
    return score;
  }

  // [Tactical] A side has a move exactly when one of its herds of two or more
  // has an empty neighbour (it can send one sheep there), and a move fills
  // one empty cell, its destination, and empties none. So the mover wins at
  // once when the empty cells next to the opponent's herds of two or more
  // ("the opponent's room") are none (s is not over: the mover has a move)
  // or one cell that a move of the mover's ends on.
  std::optional<Score> WinNow(const State& s) const {
    const Cells c = Scan(s);
    const uint64_t room = Room(c.big[s.black_to_move ? 1 : 0], c.empty);
    if (room == 0) return kWinScore;
    if ((room & (room - 1)) == 0 && Lands(s, s.black_to_move ? 1 : -1, std::countr_zero(room))) return kWinScore;
    return std::nullopt;
  }

  // [Tactical] The moves after which the opponent cannot win at once: those
  // that leave the mover's own room two cells or more, or one cell that no
  // move of the opponent's ends on. (With the mover's room empty after the
  // move, the opponent wins with any move, and it has one, since WinNow(s)
  // found no move that leaves it none.)
  void GenerateNonLosingMoves(const State& s, MoveListOf<Sheep>& moves) const {
    const int sign = s.black_to_move ? 1 : -1;
    const Cells c = Scan(s);
    const uint64_t mine = c.big[s.black_to_move ? 0 : 1];
    for (uint64_t left = mine; left; left &= left - 1) {
      const int from = std::countr_zero(left);
      const int size = s.herd[from] * sign;
      const uint64_t others = Around(mine & ~(uint64_t{1} << from));  // the mover's other herds of 2+
      for (int d = 0; d < 6; ++d) {
        if (next_[from][d] < 0 || s.herd[next_[from][d]] != 0) continue;
        const int to = Destination(s, from, d);
        const uint64_t after = c.empty & ~(uint64_t{1} << to);
        for (int t = 1; t < size; ++t) {
          const uint64_t room = after & (others | (size - t >= 2 ? around_[from] : 0) | (t >= 2 ? around_[to] : 0));
          const Move m = static_cast<Move>(from | d << 6 | t << 9);
          if (room == 0) continue;
          if ((room & (room - 1)) == 0 && Lands(Play(s, m), -sign, std::countr_zero(room))) continue;
          moves.push_back(m);
        }
      }
    }
  }

  // [Tactical] No bounds beyond the game's own (a win or a loss).
  std::pair<Score, Score> ValueBounds(const State&) const { return {kLossScore, kWinScore}; }

  // Eight cells a word (the board's; cells past it are 0), a herd of one -1 read
  // as 1 (it is a wall whoever owns it: both owners hash alike).
  uint64_t Key(const State& s) const {
    constexpr uint64_t kLow7 = 0x7f7f7f7f7f7f7f7fULL;
    uint64_t h = s.black_to_move ? 0x9e3779b97f4a7c15ULL : 0x632be59bd9b4e019ULL;
    for (int w = 0; w < (cells_ + 7) / 8; ++w) {
      uint64_t x;
      std::memcpy(&x, s.herd.data() + 8 * w, 8);
      const uint64_t y = ~x;  // a zero byte where x's is 0xff (-1)
      const uint64_t minus_one = ~(((y & kLow7) + kLow7) | y | kLow7) >> 7;  // 0x01 there
      x ^= minus_one * 0xfe;
      h = ((h << 23 | h >> 41) ^ x) * 0xbf58476d1ce4e5b9ULL;
      h ^= h >> 29;
    }
    h = (h ^ (h >> 31)) * 0x94d049bb133111ebULL;
    return h ^ (h >> 32);
  }

  // [Partizan] Left is Black.
  int Mover(const State& s) const { return s.black_to_move ? kLeft : kRight; }
  State WithMover(const State& s, int player) const {
    State t = s;
    t.black_to_move = player == kLeft;
    return t;
  }

  // [Decomposable] The hex-connected parts of the cells that are not herds
  // of one, with a herd of two or more and an empty cell, each moved to the
  // top-left corner, the rest filled with herds of one.
  void Components(const State& s, std::vector<State>& parts) const {
    std::array<bool, kMaxCells> seen{};
    const size_t first = parts.size();
    for (int start = 0; start < cells_; ++start) {
      if (seen[start] || std::abs(s.herd[start]) == 1) continue;
      std::vector<int> region{start};
      seen[start] = true;
      bool has_herd = false, has_empty = false;
      int top = rows_, leftmost = cols_;
      for (size_t i = 0; i < region.size(); ++i) {
        const int cell = region[i];
        (s.herd[cell] == 0 ? has_empty : has_herd) = true;
        top = std::min(top, cell / cols_);
        leftmost = std::min(leftmost, cell % cols_);
        for (int d = 0; d < 6; ++d) {
          const int n = next_[cell][d];
          if (n >= 0 && !seen[n] && std::abs(s.herd[n]) != 1) {
            seen[n] = true;
            region.push_back(n);
          }
        }
      }
      if (!has_herd || !has_empty) continue;
      State part = Walled(s.black_to_move);
      const int shift = top * cols_ + leftmost;
      for (int cell : region) part.herd[cell - shift] = s.herd[cell];
      parts.push_back(part);
    }
    if (parts.size() == first) parts.push_back(Walled(s.black_to_move));
  }

  std::string FormatState(const State& s) const {
    std::string text;
    for (int cell = 0; cell < cells_; ++cell) {
      if (cell > 0) text += cell % cols_ == 0 ? "|" : ",";
      absl::StrAppend(&text, s.herd[cell]);
    }
    text += s.black_to_move ? ":B" : ":W";
    return text;
  }

  // MCGS's board text alone (no mover): numbers apart by spaces or one ','
  // (optional), rows joined by '|', in parentheses or not.
  absl::StatusOr<State> ParseBoard(absl::string_view text, bool black_to_move) const {
    auto error = [&](absl::string_view why) {
      return absl::InvalidArgumentError(absl::StrCat("sheep position '", text.substr(0, 80), "': ", why));
    };
    absl::string_view body = absl::StripAsciiWhitespace(text);
    if (body.size() >= 2 && body.front() == '(' && body.back() == ')') body = body.substr(1, body.size() - 2);
    std::vector<absl::string_view> rows = absl::StrSplit(body, '|');
    if (static_cast<int>(rows.size()) != rows_) return error(absl::StrCat("expected ", rows_, " rows joined by '|'"));
    State s;
    s.black_to_move = black_to_move;
    int splits[2] = {0, 0};
    for (int r = 0; r < rows_; ++r) {
      std::vector<absl::string_view> numbers =
          absl::StrSplit(rows[r], absl::ByAnyChar(" ,\t"), absl::SkipWhitespace());
      if (static_cast<int>(numbers.size()) != cols_)
        return error(absl::StrCat("row ", r + 1, " must have ", cols_, " numbers"));
      for (int c = 0; c < cols_; ++c) {
        int v = 0;
        if (!absl::SimpleAtoi(numbers[c], &v) || v < -kMaxHerd || v > kMaxHerd)
          return error(absl::StrCat("bad herd '", numbers[c], "' in row ", r + 1, " (a number, at most ",
                                    kMaxHerd, " sheep)"));
        s.herd[r * cols_ + c] = static_cast<int8_t>(v);
        if (v != 0) splits[v > 0 ? 0 : 1] += std::abs(v) - 1;
      }
    }
    if (splits[0] > kMaxSplits || splits[1] > kMaxSplits)
      return error(absl::StrCat("a side's herds of h sheep have at most ", kMaxSplits, " sheep over one each"));
    return s;
  }

  absl::StatusOr<State> ParseState(absl::string_view text) const {
    if (text.size() < 2 || (text.substr(text.size() - 2) != ":B" && text.substr(text.size() - 2) != ":W"))
      return absl::InvalidArgumentError(absl::StrCat("sheep position '", text.substr(0, 80),
                                                     "': must end in :B or :W (the player to move)"));
    return ParseBoard(text.substr(0, text.size() - 2), text.back() == 'B');
  }

  std::string FormatMove(const State& s, Move m) const {
    const int from = m & 63;
    return absl::StrCat(CellName(from), "-", CellName(Destination(s, from, (m >> 6) & 7)), "-", m >> 9);
  }

  absl::StatusOr<Move> ParseMove(const State& s, absl::string_view text) const {
    MoveListOf<Sheep> moves;
    if (!Terminal(s)) GenerateMoves(s, moves);
    for (Move m : moves)
      if (FormatMove(s, m) == text) return m;
    return absl::InvalidArgumentError(absl::StrCat(
        "sheep move '", text.substr(0, 40), "': not a legal move (expected from-to-sheep like b2-a2-1)"));
  }

 private:
  Sheep(int rows, int cols, int sheep, bool black_first)
      : rows_(rows), cols_(cols), cells_(rows * cols), sheep_(sheep), black_first_(black_first) {
    static constexpr int kDr[6] = {-1, -1, 0, 1, 1, 0}, kDc[6] = {0, 1, 1, 0, -1, -1};
    for (int cell = 0; cell < cells_; ++cell)
      for (int d = 0; d < 6; ++d) {
        const int r = cell / cols + kDr[d], c = cell % cols + kDc[d];
        next_[cell][d] = static_cast<int8_t>(r >= 0 && r < rows && c >= 0 && c < cols ? r * cols + c : -1);
        if (next_[cell][d] >= 0) around_[cell] |= uint64_t{1} << next_[cell][d];
      }
    board_ = cells_ == 64 ? ~uint64_t{0} : (uint64_t{1} << cells_) - 1;
  }

  // The last empty cell from `from` in direction d.
  int Destination(const State& s, int from, int d) const {
    int to = from;
    while (next_[to][d] >= 0 && s.herd[next_[to][d]] == 0) to = next_[to][d];
    return to;
  }

  // Where the empty cells and each side's herds of two or more are, a bit
  // a cell, read eight cells a word (a byte's high bit marks a match,
  // gathered into one bit a cell by a multiply).
  struct Cells {
    uint64_t empty = 0;
    uint64_t big[2] = {0, 0};  // Black's herds of 2+, White's
  };
  Cells Scan(const State& s) const {
    constexpr uint64_t kLow7 = 0x7f7f7f7f7f7f7f7fULL, kOnes = 0x0101010101010101ULL;
    auto zero = [](uint64_t x) { return ~(((x & kLow7) + kLow7) | x | kLow7); };  // 0x80 where a byte is 0
    auto gather = [](uint64_t high) { return ((high >> 7) * 0x0102040810204080ULL) >> 56; };
    Cells c;
    for (int w = 0; w < (cells_ + 7) / 8; ++w) {
      uint64_t x;
      std::memcpy(&x, s.herd.data() + 8 * w, 8);
      const uint64_t z = zero(x), small = z | zero(x ^ kOnes) | zero(~x);  // 0, 1 or -1
      c.empty |= gather(z) << 8 * w;
      c.big[0] |= gather(~small & ~x & ~kLow7) << 8 * w;
      c.big[1] |= gather(~small & x & ~kLow7) << 8 * w;
    }
    c.empty &= board_;
    return c;
  }

  // The cells next to those of `cells`.
  uint64_t Around(uint64_t cells) const {
    uint64_t around = 0;
    for (; cells; cells &= cells - 1) around |= around_[std::countr_zero(cells)];
    return around;
  }

  // A side's room: the empty cells next to its herds of two or more (`big`).
  // The side has a move exactly when it is not 0.
  uint64_t Room(uint64_t big, uint64_t empty) const { return Around(big) & empty; }

  // Whether a move of the side `sign` ends on the empty cell `to`: a ray
  // that stops there (the next cell that way is off the board or a herd)
  // traced back over empty cells to a herd of two or more of that side.
  bool Lands(const State& s, int sign, int to) const {
    for (int d = 0; d < 6; ++d) {
      if (next_[to][d] >= 0 && s.herd[next_[to][d]] == 0) continue;
      int from = next_[to][(d + 3) % 6];
      while (from >= 0 && s.herd[from] == 0) from = next_[from][(d + 3) % 6];
      if (from >= 0 && s.herd[from] * sign >= 2) return true;
    }
    return false;
  }

  // Whether `cell` has an empty neighbour other than `except`.
  bool HasEmptyNeighbour(const State& s, int cell, int except) const {
    for (int d = 0; d < 6; ++d) {
      const int n = next_[cell][d];
      if (n >= 0 && n != except && s.herd[n] == 0) return true;
    }
    return false;
  }

  // A herd of two or more with no empty neighbour never moves again (cells
  // never empty) and is a wall to both: it becomes a herd of one, its
  // owner's, so that positions that differ only there share an entry.
  void ShutIn(State& s, int cell) const {
    const int h = s.herd[cell];
    if ((h >= -1 && h <= 1) || HasEmptyNeighbour(s, cell, -1)) return;
    s.herd[cell] = static_cast<int8_t>(h > 0 ? 1 : -1);
  }

  State Walled(bool black_to_move) const {
    State s;
    for (int cell = 0; cell < cells_; ++cell) s.herd[cell] = 1;
    s.black_to_move = black_to_move;
    return s;
  }

  std::string CellName(int cell) const {
    return absl::StrCat(std::string(1, static_cast<char>('a' + cell % cols_)), cell / cols_ + 1);
  }

  int rows_ = 3, cols_ = 3, cells_ = 9, sheep_ = 3;
  bool black_first_ = true;
  bool normalize_ = true;
  std::array<std::array<int8_t, 6>, kMaxCells> next_{};  // the hex neighbour, or -1
  std::array<uint64_t, kMaxCells> around_{};              // the hex neighbours, a bit each
  uint64_t board_ = 0;                                    // the board's cells, a bit each
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_SHEEP_SHEEP_H_
