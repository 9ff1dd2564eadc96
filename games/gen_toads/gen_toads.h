#ifndef GAMEBENCH_GAMES_GEN_TOADS_GEN_TOADS_H_
#define GAMEBENCH_GAMES_GEN_TOADS_GEN_TOADS_H_

// Generalised Toads and Frogs, as MCGS has it (gen_toads.h), on a strip of
// n <= 64 cells: Black's toads (X) move right, White's frogs (O) left. A
// stone whose next cell is empty slides min_slide to max_slide cells over
// empty cells; a stone whose next cell holds a stone jumps over 1 to
// max_jump stones of the opponent (of either colour when friendly=1) onto
// the empty cell just beyond them. The player who cannot move loses.
// Toads and Frogs itself (Winning Ways, ch. 1) is 1,1,1,0.
// Spec: gen_toads(n=12,min_slide=1,max_slide=1,max_jump=1,friendly=0,
// first=black|white); the start: toads on every other cell of the left
// third, frogs likewise on the right third.
//
// (MCGS's generator, for min_slide >= 3, lands a slide on the first
// allowed distance whose cell is empty without checking the cells before
// it; here a slide passes over empty cells only, as MCGS's own description
// says. The two agree for min_slide <= 2, every rule of MCGS's corpus.)
//
// Text form of a position: MCGS's strip of 'X', 'O', '.', then ':' and the
// player to move, B or W. Moves, as MCGS prints them: the 1-based cells
// from and to, "3-5".
//
// State: masks of toads and frogs, the mover, and a mask of cells beyond the
// strip's end (a part of a strip moved to the left end keeps the variant's
// n; the rest is a wall, '#' in the text). Key(s) mixes them: a hash, not
// exact. Partizan (core/partizan.h): Left is Black.
//
// Decomposable: with J = max_jump, J+1 toads followed by J+1 frogs never
// move (each stone faces a stone, and a jump of at most J stones lands
// inside the block), and no stone gets past them (a toad reaching the
// block faces a toad, a frog a frog; every landing cell is in the block):
// the strip splits there, each side behaving as if the block were the end
// of the strip. With J = 0 no stone ever passes another, so a frog and the
// next stone, a toad, never meet again either: the strip also splits
// between them. Frogs at the left end and toads at the right end never
// move and act as the end of the strip: they are dropped. Parts are moved
// to the left end with a wall after them.

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

class GenToads {
 public:
  static constexpr absl::string_view kName = "gen_toads";
  static constexpr absl::string_view kDescription =
      "generalised Toads and Frogs (MCGS's) on up to 64 cells, X right and O left, slide or jump, "
      "no move loses; positions X/O/. then :B or :W, moves like 3-5";
  static constexpr int kMaxCells = 64;
  // Each stone: at most max_slide slides or one jump (at most 64 stones).
  static constexpr int kMaxMoves = 64 * 64;
  static constexpr bool kScored = false;

  struct State {
    uint64_t black = 0;
    uint64_t white = 0;
    uint64_t wall = 0;  // cells beyond the end of the strip
    bool black_to_move = true;
    bool operator==(const State&) const = default;
  };
  // The cell the stone moves from (bits 0-5) and to (bits 6-11).
  using Move = uint16_t;

  static std::vector<ParamInfo> Params() {
    return {{"n", "12", "1..64 cells"},
            {"min_slide", "1", "1..64"},
            {"max_slide", "1", "min_slide..64"},
            {"max_jump", "1", "0..64"},
            {"friendly", "0", "0 | 1: jumps over stones of both colours"},
            {"first", "black", "black | white: who moves first"}};
  }

  static absl::StatusOr<GenToads> FromSpec(const Spec& spec) {
    ParamReader r(spec);
    auto n = r.Int("n", 12, 1, kMaxCells);
    if (!n.ok()) return n.status();
    auto min_slide = r.Int("min_slide", 1, 1, kMaxCells);
    if (!min_slide.ok()) return min_slide.status();
    auto max_slide = r.Int("max_slide", 1, 1, kMaxCells);
    if (!max_slide.ok()) return max_slide.status();
    auto max_jump = r.Int("max_jump", 1, 0, kMaxCells);
    if (!max_jump.ok()) return max_jump.status();
    auto friendly = r.Int("friendly", 0, 0, 1);
    if (!friendly.ok()) return friendly.status();
    std::string first = r.Text("first", "black");
    if (first != "black" && first != "white")
      return absl::InvalidArgumentError(
          absl::StrCat("gen_toads: parameter 'first' is '", first, "', expected black or white"));
    if (auto st = r.Finish(); !st.ok()) return st;
    if (*max_slide < *min_slide)
      return absl::OutOfRangeError(absl::StrCat("gen_toads: max_slide ", *max_slide,
                                                " is below min_slide ", *min_slide));
    GenToads g;
    g.n_ = static_cast<int>(*n);
    g.min_slide_ = static_cast<int>(*min_slide);
    g.max_slide_ = static_cast<int>(*max_slide);
    g.max_jump_ = static_cast<int>(*max_jump);
    g.friendly_ = *friendly == 1;
    g.black_first_ = first == "black";
    return g;
  }

  std::string CanonicalSpec() const {
    return absl::StrCat("gen_toads(n=", n_, ",min_slide=", min_slide_, ",max_slide=", max_slide_,
                        ",max_jump=", max_jump_, ",friendly=", friendly_ ? 1 : 0,
                        ",first=", black_first_ ? "black" : "white", ")");
  }

  int n() const { return n_; }
  Score MinScore() const { return kLossScore; }
  Score MaxScore() const { return kWinScore; }

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
    MoveListOf<GenToads> moves;
    GenerateMoves(s, moves);
    if (!moves.empty()) return std::nullopt;
    return kLossScore;
  }

  // Stones left to right; a stone's slides shortest first, or its jump.
  void GenerateMoves(const State& s, MoveListOf<GenToads>& moves) const {
    const uint64_t mine = s.black_to_move ? s.black : s.white;
    const uint64_t theirs = s.black_to_move ? s.white : s.black;
    const int dir = s.black_to_move ? 1 : -1;
    auto occupied = [&](int i) { return ((s.black | s.white) >> i & 1) != 0; };
    const int length = Length(s);
    auto on_board = [&](int i) { return i >= 0 && i < length; };
    for (uint64_t m = mine; m != 0; m &= m - 1) {
      const int from = __builtin_ctzll(m);
      if (!on_board(from + dir)) continue;
      if (!occupied(from + dir)) {
        for (int k = 1; k <= max_slide_; ++k) {
          const int to = from + dir * k;
          if (!on_board(to) || occupied(to)) break;
          if (k >= min_slide_) moves.push_back(MakeMove(from, to));
        }
        continue;
      }
      for (int k = 1; k <= max_jump_; ++k) {  // k stones jumped
        const int over = from + dir * k;
        if (!on_board(over)) break;
        if (!occupied(over)) break;
        if (!friendly_ && (theirs >> over & 1) == 0) break;
        const int to = over + dir;
        if (!on_board(to)) break;
        if (!occupied(to)) {
          moves.push_back(MakeMove(from, to));
          break;
        }
      }
    }
  }

  State Play(const State& s, Move m) const {
    State t = s;
    uint64_t& mine = s.black_to_move ? t.black : t.white;
    mine = (mine & ~Bit(m & 63)) | Bit(m >> 6);
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

  // [Decomposable] The splits above; a part in which no stone can move for
  // either player is left out.
  void Components(const State& s, std::vector<State>& parts) const {
    const size_t first = parts.size();
    const int end = Length(s);
    const int j = max_jump_;
    auto black = [&](int i) { return (s.black >> i & 1) != 0; };
    auto white = [&](int i) { return (s.white >> i & 1) != 0; };
    auto emit = [&](int begin, int stop) {  // the cells [begin, stop)
      while (begin < stop && white(begin)) ++begin;    // frogs at the left end
      while (stop > begin && black(stop - 1)) --stop;  // toads at the right end
      if (stop <= begin) return;
      const uint64_t range = Range(begin, stop);
      State p{(s.black & range) >> begin, (s.white & range) >> begin,
              Range(0, n_) & ~Range(0, stop - begin), s.black_to_move};
      if (!Terminal(WithMover(p, kLeft)) || !Terminal(WithMover(p, kRight))) parts.push_back(p);
    };
    // A frozen block at i: toads on [i, i+j], frogs on [i+j+1, i+2j+1].
    auto frozen = [&](int i) {
      if (i + 2 * j + 1 >= end) return false;
      const uint64_t toads = Range(i, i + j + 1), frogs = Range(i + j + 1, i + 2 * j + 2);
      return (s.black & toads) == toads && (s.white & frogs) == frogs;
    };
    const uint64_t stones = s.black | s.white;
    int begin = 0;
    for (int i = 0; i < end;) {
      if (frozen(i)) {
        emit(begin, i);
        begin = i = i + 2 * j + 2;
        continue;
      }
      if (j == 0 && white(i)) {
        const uint64_t after = stones & ~Range(0, i + 1);
        const int next = after == 0 ? end : __builtin_ctzll(after);
        if (next < end && black(next)) {  // O ... X
          emit(begin, i + 1);
          begin = i = next;
          continue;
        }
      }
      ++i;
    }
    emit(begin, end);
    if (parts.size() == first) parts.push_back(State{0, 0, 0, s.black_to_move});
  }

  std::string FormatState(const State& s) const {
    std::string text;
    for (int i = 0; i < n_; ++i)
      text += (s.black & Bit(i)) ? 'X' : (s.white & Bit(i)) ? 'O' : (s.wall & Bit(i)) ? '#' : '.';
    text += s.black_to_move ? ":B" : ":W";
    return text;
  }

  // MCGS's strip text alone (no mover, no rule prefix).
  absl::StatusOr<State> ParseBoard(absl::string_view text, bool black_to_move) const {
    auto error = [&](absl::string_view why) {
      return absl::InvalidArgumentError(
          absl::StrCat("gen_toads position '", text.substr(0, 80), "': ", why));
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
      return absl::InvalidArgumentError(absl::StrCat("gen_toads position '", text.substr(0, 80),
                                                     "': must end in :B or :W (the player to move)"));
    return ParseBoard(text.substr(0, text.size() - 2), text.back() == 'B');
  }

  std::string FormatMove(const State&, Move m) const {
    return absl::StrCat((m & 63) + 1, "-", (m >> 6) + 1);
  }

  absl::StatusOr<Move> ParseMove(const State& s, absl::string_view text) const {
    MoveListOf<GenToads> moves;
    GenerateMoves(s, moves);
    for (Move m : moves)
      if (FormatMove(s, m) == text) return m;
    return absl::InvalidArgumentError(absl::StrCat(
        "gen_toads move '", text.substr(0, 40), "': not a legal move (expected 1-based cells from-to like 3-5)"));
  }

 private:
  static uint64_t Bit(int i) { return uint64_t{1} << i; }
  // The cells [begin, end).
  static uint64_t Range(int begin, int end) {
    const uint64_t below_end = end >= 64 ? ~uint64_t{0} : Bit(end) - 1;
    return below_end & ~(Bit(begin) - 1);
  }
  int Length(const State& s) const { return s.wall == 0 ? n_ : __builtin_ctzll(s.wall); }
  static Move MakeMove(int from, int to) { return static_cast<Move>(from | to << 6); }

  int n_ = 12, min_slide_ = 1, max_slide_ = 1, max_jump_ = 1;
  bool friendly_ = false, black_first_ = true;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_GEN_TOADS_GEN_TOADS_H_
