#ifndef GAMEBENCH_GAMES_ELEPHANTS_ELEPHANTS_H_
#define GAMEBENCH_GAMES_ELEPHANTS_ELEPHANTS_H_

// Elephants and Rhinos (Albert, Nowakowski and Wolfe, Lessons in Play, 2007)
// on a strip of n <= 64 cells: Black's elephants (X) step one cell right,
// White's rhinos (O) one cell left, onto an empty cell; nothing is ever
// captured. The player who cannot move loses.
// Spec: elephants(n=12,first=black|white); the start is MCGS's kind of
// strip: elephants in the left third, rhinos in the right third.
//
// Text form of a position, MCGS's: n characters 'X', 'O' or '.', then ':'
// and the player to move, B or W ("X..O.X:W"). Moves, as MCGS prints them:
// the 1-based cells from and to, "1-2" (an elephant) or "4-3" (a rhino).
//
// State: masks of elephants and rhinos, cell i for the i-th from the left,
// the mover, and a mask of cells beyond the strip's end (a part of a strip
// moved to the left end keeps the variant's n; the rest is a wall). Key(s)
// mixes them: a hash, not exact.
//
// Partizan (core/partizan.h): Left is Black (elephants). Decomposable with
// MCGS's two splits: between an X and an O right beside it (neither ever
// moves again), and across "O...X" (the rhino moves away left, the
// elephant away right, and no stone can pass either: the cells between are
// never reached). Parts are moved to the left end.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "core/game.h"
#include "core/partizan.h"
#include "games/stone_board.h"

namespace gamebench {

class Elephants {
 public:
  static constexpr absl::string_view kName = "elephants";
  static constexpr absl::string_view kDescription =
      "Elephants and Rhinos on a strip of up to 64 cells, X steps right and O steps left onto an "
      "empty cell, no move loses; positions X/O/. then :B or :W, moves like 1-2";
  static constexpr int kMaxCells = 64;
  static constexpr int kMaxMoves = 64;
  static constexpr bool kScored = false;

  struct State {
    uint64_t black = 0;
    uint64_t white = 0;
    uint64_t wall = 0;  // cells beyond the end of the strip
    bool black_to_move = true;
    bool operator==(const State&) const = default;
  };
  using Move = uint8_t;  // the cell the stone moves from

  static std::vector<ParamInfo> Params() {
    return {{"n", "12", "1..64 cells"}, {"first", "black", "black | white: who moves first"}};
  }

  static absl::StatusOr<Elephants> FromSpec(const Spec& spec) {
    ParamReader r(spec);
    auto n = r.Int("n", 12, 1, kMaxCells);
    if (!n.ok()) return n.status();
    std::string first = r.Text("first", "black");
    if (first != "black" && first != "white")
      return absl::InvalidArgumentError(
          absl::StrCat("elephants: parameter 'first' is '", first, "', expected black or white"));
    if (auto st = r.Finish(); !st.ok()) return st;
    return Elephants(static_cast<int>(*n), first == "black");
  }

  std::string CanonicalSpec() const {
    return absl::StrCat("elephants(n=", n_, ",first=", black_first_ ? "black" : "white", ")");
  }

  int n() const { return n_; }
  Score MinScore() const { return kLossScore; }
  Score MaxScore() const { return kWinScore; }

  // Elephants on every other cell of the left third, rhinos likewise on the
  // right third.
  State Start() const {
    State s;
    s.black_to_move = black_first_;
    for (int i = 0; i < n_ / 3; i += 2) {
      s.black |= Bit(i);
      s.white |= Bit(n_ - 1 - i);
    }
    return s;
  }

  std::optional<Score> Terminal(const State& s) const {
    if (Sources(s) != 0) return std::nullopt;
    return kLossScore;
  }

  void GenerateMoves(const State& s, MoveListOf<Elephants>& moves) const {
    for (uint64_t m = Sources(s); m != 0; m &= m - 1) moves.push_back(static_cast<Move>(__builtin_ctzll(m)));
  }

  State Play(const State& s, Move m) const {
    State t = s;
    if (s.black_to_move) t.black = (t.black & ~Bit(m)) | Bit(m + 1);
    else t.white = (t.white & ~Bit(m)) | Bit(m - 1);
    t.black_to_move = !s.black_to_move;
    return t;
  }

  uint64_t Key(const State& s) const {
    return stone_board::StonesAndCellsKey(s.black, s.white, s.wall, s.black_to_move);
  }

  // [Partizan] Left is Black.
  int Mover(const State& s) const { return s.black_to_move ? kLeft : kRight; }
  State WithMover(const State& s, int player) const {
    State t = s;
    t.black_to_move = player == kLeft;
    return t;
  }

  // [Decomposable] MCGS's splits (above); a part in which no stone can move
  // for either player is left out.
  void Components(const State& s, std::vector<State>& parts) const {
    const size_t first = parts.size();
    const int end = Length(s);
    auto emit = [&](int begin, int stop) {  // the cells [begin, stop)
      if (stop <= begin) return;
      const uint64_t range = Range(begin, stop);
      State p{(s.black & range) >> begin, (s.white & range) >> begin, area_ & ~Range(0, stop - begin),
              s.black_to_move};
      if (Moves(p, true) != 0 || Moves(p, false) != 0) parts.push_back(p);
    };
    int begin = 0, last_white = -1;
    for (int i = 0; i < end; ++i) {
      if (s.black & Bit(i)) {
        if (last_white >= begin) {  // O...X (or OX): the part ends at the O
          emit(begin, last_white + 1);
          begin = i;
        }
      } else if (s.white & Bit(i)) {
        if (i > begin && (s.black & Bit(i - 1))) {  // XO
          emit(begin, i);
          begin = i;
        }
        last_white = i;
      }
    }
    emit(begin, end);
    if (parts.size() == first) parts.push_back(State{0, 0, area_, s.black_to_move});
  }

  std::string FormatState(const State& s) const {
    std::string text;
    for (int i = 0; i < n_; ++i)
      text += (s.black & Bit(i)) ? 'X' : (s.white & Bit(i)) ? 'O' : (s.wall & Bit(i)) ? '#' : '.';
    text += s.black_to_move ? ":B" : ":W";
    return text;
  }

  // MCGS's strip text alone (no mover), as in its test files; '#' (a wall,
  // the cells beyond a part's end) is accepted at the end only.
  absl::StatusOr<State> ParseBoard(absl::string_view text, bool black_to_move) const {
    auto error = [&](absl::string_view why) {
      return absl::InvalidArgumentError(
          absl::StrCat("elephants position '", text.substr(0, 80), "': ", why));
    };
    if (text.size() != static_cast<size_t>(n_))
      return error(absl::StrCat("expected ", n_, " cells ('X', 'O' or '.')"));
    State s;
    s.black_to_move = black_to_move;
    for (int i = 0; i < n_; ++i) {
      const char ch = text[static_cast<size_t>(i)];
      if (ch == 'X') s.black |= Bit(i);
      else if (ch == 'O') s.white |= Bit(i);
      else if (ch == '#') s.wall |= Bit(i);
      else if (ch != '.')
        return error(absl::StrCat("bad character '", std::string(1, ch), "' at cell ", i + 1,
                                  " (expected 'X', 'O' or '.')"));
      if (ch != '#' && (s.wall & (Bit(i) - 1)) != 0) return error("'#' (a wall) only at the end");
    }
    return s;
  }

  absl::StatusOr<State> ParseState(absl::string_view text) const {
    if (text.size() < 2 || (text.substr(text.size() - 2) != ":B" && text.substr(text.size() - 2) != ":W"))
      return absl::InvalidArgumentError(absl::StrCat("elephants position '", text.substr(0, 80),
                                                     "': must end in :B or :W (the player to move)"));
    return ParseBoard(text.substr(0, text.size() - 2), text.back() == 'B');
  }

  std::string FormatMove(const State& s, Move m) const {
    return absl::StrCat(m + 1, "-", s.black_to_move ? m + 2 : m);
  }

  absl::StatusOr<Move> ParseMove(const State& s, absl::string_view text) const {
    MoveListOf<Elephants> moves;
    if (!Terminal(s)) GenerateMoves(s, moves);
    for (Move m : moves)
      if (FormatMove(s, m) == text) return m;
    return absl::InvalidArgumentError(absl::StrCat(
        "elephants move '", text.substr(0, 40),
        "': not a legal move (expected 1-based cells from-to, like 1-2 for X or 4-3 for O)"));
  }

 private:
  Elephants(int n, bool black_first) : n_(n), black_first_(black_first) { area_ = Range(0, n); }

  static uint64_t Bit(int cell) { return uint64_t{1} << cell; }
  static uint64_t Range(int begin, int end) {
    const uint64_t upto = end == 64 ? ~uint64_t{0} : Bit(end) - 1;
    return upto & ~(Bit(begin) - 1);
  }
  int Length(const State& s) const { return s.wall == 0 ? n_ : __builtin_ctzll(s.wall); }
  uint64_t Empty(const State& s) const { return area_ & ~(s.black | s.white | s.wall); }
  // The stones of a player that can step (elephants right, rhinos left).
  uint64_t Moves(const State& s, bool black) const {
    return black ? s.black & (Empty(s) >> 1) : s.white & (Empty(s) << 1);
  }
  uint64_t Sources(const State& s) const { return Moves(s, s.black_to_move); }

  int n_ = 12;
  bool black_first_ = true;
  uint64_t area_ = 0;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_ELEPHANTS_ELEPHANTS_H_
