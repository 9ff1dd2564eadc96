#ifndef GAMEBENCH_GAMES_TICTACTOE_TICTACTOE_H_
#define GAMEBENCH_GAMES_TICTACTOE_TICTACTOE_H_

// Tic-tac-toe on 3x3, X moves first; three in a row wins, a full board
// without a line is a draw. Spec: tictactoe (no parameters).
//
// Cells are numbered row by row, and named by column letter and row digit:
//
//     a1 b1 c1        0 1 2
//     a2 b2 c2        3 4 5
//     a3 b3 c3        6 7 8
//
// Text form of a position: the 9 cells in that order, 'X', 'O' or '.', e.g.
// "X...O...." (X in a1, O in b2); the player to move follows from the counts.
// A move is the name of the cell it marks, e.g. "b2".
//
// State: two 9-bit masks, the marks of the player to move and of the player
// who just moved (as in Pons' connect4: a move is `{other, mover | bit}`, and
// the game is over when `other` holds a line).
//
// Tiers [Tiered]: tier t = the t marks on the board; every move goes to t+1.
// Index within tier t: the colex rank of the occupied cells times
// C(t, floor(t/2)), plus the colex rank of which occupied cells are O's. Whose turn it is follows from
// the parity of the number of marks, so the 18 bits are an exact key.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "core/combinatorics.h"
#include "core/game.h"

namespace gamebench {

class TicTacToe {
 public:
  static constexpr absl::string_view kName = "tictactoe";
  static constexpr absl::string_view kDescription =
      "tic-tac-toe on 3x3, X first; moves are cells a1..c3, positions 9 chars of X/O/.";
  static constexpr int kCells = 9;
  static constexpr uint16_t kFull = 0x1FF;
  static constexpr int kMaxMoves = kCells;
  static constexpr int kMaxParents = 5;  // the last mover has at most 5 marks to take back
  static constexpr bool kScored = false;

  struct State {
    uint16_t mover = 0;  // marks of the player to move
    uint16_t other = 0;  // marks of the player who just moved
    bool operator==(const State&) const = default;
  };
  using Move = uint8_t;  // cell index 0..8

  static std::vector<ParamInfo> Params() { return {}; }

  static absl::StatusOr<TicTacToe> FromSpec(const Spec& spec) {
    ParamReader r(spec);
    if (auto st = r.Finish(); !st.ok()) return st;
    return TicTacToe();
  }
  std::string CanonicalSpec() const { return "tictactoe"; }

  Score MinScore() const { return kLossScore; }
  Score MaxScore() const { return kWinScore; }
  State Start() const { return State{}; }

  std::optional<Score> Terminal(const State& s) const {
    if (kHasLine[s.other]) return kLossScore;  // the previous player completed a line
    if ((s.mover | s.other) == kFull) return kDrawScore;
    return std::nullopt;
  }

  void GenerateMoves(const State& s, MoveListOf<TicTacToe>& moves) const {
    for (unsigned empty = kFull & ~(s.mover | s.other); empty != 0; empty &= empty - 1)
      moves.push_back(static_cast<Move>(__builtin_ctz(empty)));
  }

  State Play(const State& s, Move m) const {
    return State{s.other, static_cast<uint16_t>(s.mover | (1u << m))};
  }

  // Exact: the two masks side by side.
  uint64_t Key(const State& s) const { return s.mover | (uint64_t{s.other} << 9); }

  // Immediate wins first, then blocks of the opponent's immediate win, then
  // centre, corners, edges.
  int MoveOrder(const State& s, Move m) const {
    const unsigned bit = 1u << m;
    if (kHasLine[s.mover | bit]) return 100;
    if (kHasLine[s.other | bit]) return 50;
    return kCellWeight[m];
  }

  // X's and O's marks.
  static bool XToMove(const State& s) { return __builtin_popcount(s.mover | s.other) % 2 == 0; }
  static uint16_t XMarks(const State& s) { return XToMove(s) ? s.mover : s.other; }
  static uint16_t OMarks(const State& s) { return XToMove(s) ? s.other : s.mover; }
  // The state with these marks; the counts decide who moves (X when equal).
  static State FromMarks(uint16_t x, uint16_t o) {
    return __builtin_popcount(x) == __builtin_popcount(o) ? State{x, o} : State{o, x};
  }

  std::string FormatState(const State& s) const {
    const uint16_t x = XMarks(s), o = OMarks(s);
    std::string text(kCells, '.');
    for (int i = 0; i < kCells; ++i) {
      if (x >> i & 1) text[i] = 'X';
      if (o >> i & 1) text[i] = 'O';
    }
    return text;
  }

  // Accepts exactly the positions reachable from the empty board: X has as
  // many marks as O or one more, at most one player has a line, and a player
  // with a line made the last move.
  absl::StatusOr<State> ParseState(absl::string_view text) const {
    auto error = [&](absl::string_view why) {
      return absl::InvalidArgumentError(absl::StrCat("tictactoe position '", text, "': ", why));
    };
    if (text.size() != kCells) return error("expected 9 cells of X, O or '.', row by row");
    uint16_t x = 0, o = 0;
    for (int i = 0; i < kCells; ++i) {
      switch (text[i]) {
        case 'X':
          x |= 1u << i;
          break;
        case 'O':
          o |= 1u << i;
          break;
        case '.':
          break;
        default:
          return error(
              absl::StrCat("bad character '", text.substr(i, 1), "' (expected X, O or .)"));
      }
    }
    const int nx = __builtin_popcount(x), no = __builtin_popcount(o);
    if (nx != no && nx != no + 1) return error("X must have as many marks as O or one more");
    if (kHasLine[x] && kHasLine[o]) return error("both players have three in a row");
    if (kHasLine[x] && nx == no) return error("O moved after X had already won");
    if (kHasLine[o] && nx == no + 1) return error("X moved after O had already won");
    return FromMarks(x, o);
  }

  std::string FormatMove(const State&, Move m) const {
    return {static_cast<char>('a' + m % 3), static_cast<char>('1' + m / 3)};
  }

  absl::StatusOr<Move> ParseMove(const State& s, absl::string_view text) const {
    if (text.size() != 2 || text[0] < 'a' || text[0] > 'c' || text[1] < '1' || text[1] > '3')
      return absl::InvalidArgumentError(
          absl::StrCat("tictactoe move '", text, "': expected a cell a1..c3"));
    const Move m = static_cast<Move>((text[1] - '1') * 3 + (text[0] - 'a'));
    if (Terminal(s))
      return absl::InvalidArgumentError(
          absl::StrCat("tictactoe move '", text, "': the game is over"));
    if (((s.mover | s.other) >> m & 1) != 0)
      return absl::InvalidArgumentError(absl::StrCat("tictactoe move '", text, "': cell is taken"));
    return m;
  }

  // [Symmetric] The 8 symmetries of the square. The canonical form is the
  // image with the smallest key.
  int NumSymmetries() const { return 8; }
  State ApplySymmetry(const State& s, int i) const {
    return State{kSymmetryMask[i][s.mover], kSymmetryMask[i][s.other]};
  }
  State Canonical(const State& s) const {
    State best = s;
    uint64_t best_key = Key(s);
    for (int i = 1; i < 8; ++i) {
      State t = ApplySymmetry(s, i);
      if (Key(t) < best_key) {
        best = t;
        best_key = Key(t);
      }
    }
    return best;
  }

  // [Indexed] The base-3 code of the board, cell i the i-th digit: 0 empty,
  // 1 X, 2 O. Every index is a board; only the legal ones (those ParseState
  // accepts) are images of positions.
  uint64_t IndexSize() const { return 19683; }  // 3^9
  uint64_t Index(const State& s) const {
    return kTernary[XMarks(s)] + 2 * uint64_t{kTernary[OMarks(s)]};
  }
  State Unindex(uint64_t index) const {
    uint16_t x = 0, o = 0;
    for (int i = 0; i < kCells; ++i, index /= 3) {
      if (index % 3 == 1) x |= 1u << i;
      if (index % 3 == 2) o |= 1u << i;
    }
    return FromMarks(x, o);
  }
  // Un-moves: the player who just moved takes back one mark. A parent must be
  // a legal non-terminal position, so the player taking back may not still
  // have a line (it would have won earlier), and the other player none either.
  void GenerateParents(const State& s, MoveList<State, kMaxParents>& parents) const {
    if (kHasLine[s.mover]) return;
    for (unsigned marks = s.other; marks != 0; marks &= marks - 1) {
      const uint16_t back = static_cast<uint16_t>(s.other & ~(marks & -marks));
      if (!kHasLine[back]) parents.push_back(State{back, s.mover});
    }
  }

  // [Tiered] See the top of the file.
  int NumTiers() const { return kCells + 1; }
  int TierOf(const State& s) const { return __builtin_popcount(s.mover | s.other); }
  void ChildTiers(int t, std::vector<int>& out) const {
    if (t < kCells) out.push_back(t + 1);
  }
  uint64_t TierSize(int t) const { return SplitSetCount(kCells, t); }
  uint64_t TierIndex(const State& s) const { return SplitSetRank(s.mover | s.other, OMarks(s)); }
  State TierUnindex(int t, uint64_t i) const {
    const SplitSet b = SplitSetUnrank(i, t, kCells);
    return FromMarks(static_cast<uint16_t>(b.occupied ^ b.second), static_cast<uint16_t>(b.second));
  }

 private:
  static constexpr std::array<uint16_t, 8> kLines = {0007, 0070, 0700, 0111,
                                                     0222, 0444, 0421, 0124};
  static constexpr std::array<bool, 512> kHasLine = [] {
    std::array<bool, 512> t{};
    for (int m = 0; m < 512; ++m)
      for (uint16_t line : kLines) t[m] = t[m] || (m & line) == line;
    return t;
  }();
  static constexpr std::array<int, kCells> kCellWeight = {2, 1, 2, 1, 3, 1, 2, 1, 2};
  // kSymmetryMask[i][mask]: the mask under symmetry i (0 is the identity).
  static constexpr std::array<std::array<uint16_t, 512>, 8> kSymmetryMask = [] {
    // Where cell (r, c) goes, as a function of r and c.
    constexpr int kMap[8][2][3] = {
        // new row = a*r + b*c + k, new col likewise: {{a, b, k}, {a, b, k}}
        {{1, 0, 0}, {0, 1, 0}},    // identity
        {{0, 1, 0}, {-1, 0, 2}},   // rotate 90
        {{-1, 0, 2}, {0, -1, 2}},  // rotate 180
        {{0, -1, 2}, {1, 0, 0}},   // rotate 270
        {{1, 0, 0}, {0, -1, 2}},   // mirror left-right
        {{-1, 0, 2}, {0, 1, 0}},   // mirror top-bottom
        {{0, 1, 0}, {1, 0, 0}},    // transpose
        {{0, -1, 2}, {-1, 0, 2}},  // anti-transpose
    };
    std::array<std::array<uint16_t, 512>, 8> t{};
    for (int i = 0; i < 8; ++i)
      for (int m = 0; m < 512; ++m)
        for (int cell = 0; cell < kCells; ++cell) {
          if ((m >> cell & 1) == 0) continue;
          const int r = cell / 3, c = cell % 3;
          const int nr = kMap[i][0][0] * r + kMap[i][0][1] * c + kMap[i][0][2];
          const int nc = kMap[i][1][0] * r + kMap[i][1][1] * c + kMap[i][1][2];
          t[i][m] = static_cast<uint16_t>(t[i][m] | 1u << (3 * nr + nc));
        }
    return t;
  }();
  // kTernary[mask]: the sum of 3^i over the cells i in mask.
  static constexpr std::array<uint16_t, 512> kTernary = [] {
    std::array<uint16_t, 512> t{};
    for (int m = 0; m < 512; ++m)
      for (int i = 0, p = 1; i < kCells; ++i, p *= 3)
        if (m >> i & 1) t[m] = static_cast<uint16_t>(t[m] + p);
    return t;
  }();
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_TICTACTOE_TICTACTOE_H_
