#ifndef GAMEBENCH_GAMES_TOPPLING_DOMINOES_TOPPLING_DOMINOES_H_
#define GAMEBENCH_GAMES_TOPPLING_DOMINOES_TOPPLING_DOMINOES_H_

// Toppling Dominoes (Winning Ways, ch. 7; Fink, Nowakowski, Siegel and
// Wolfe, "Toppling Conjectures", 2011) on a row of at most 64 dominoes:
// black (X), white (O) and grey (#, MCGS's spelling). A player topples one
// of the dominoes of his colour, or a grey one, to the left or the right:
// it falls with every domino on that side. What is left is the row on the
// other side. The player who cannot move loses.
// Spec: toppling_dominoes(n=10,first=black|white); the start is n
// dominoes XOXO... The row shrinks as it is played: a position is any row
// of 0 to n dominoes.
//
// Text form of a position: the dominoes left to right ('X', 'O', '#'), then
// ':' and the player to move, B or W ("XO#X:W"; ":B" is the empty row).
// Moves, as MCGS prints them: the 1-based domino and the side it falls to,
// "3L" or "1R".
//
// State: masks of black and white dominoes (a domino in neither is grey),
// the row's length, the mover. Key(s) mixes them: a hash, not exact.
// Partizan (core/partizan.h): Left is Black. A row does not split (every
// move removes one end), so it is not Decomposable.

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

class TopplingDominoes {
 public:
  static constexpr absl::string_view kName = "toppling_dominoes";
  static constexpr absl::string_view kDescription =
      "Toppling Dominoes on a row of up to 64, X, O or grey #, topple one of yours or a grey one "
      "left or right, no move loses; positions like XO#X:B, moves like 3L";
  static constexpr int kMaxDominoes = 64;
  static constexpr int kMaxMoves = 128;
  static constexpr bool kScored = false;

  struct State {
    uint64_t black = 0;
    uint64_t white = 0;
    uint8_t length = 0;
    bool black_to_move = true;
    bool operator==(const State&) const = default;
  };
  // The domino (bits 0-5) and the side: bit 6 set for right.
  using Move = uint8_t;

  static std::vector<ParamInfo> Params() {
    return {{"n", "10", "1..64 dominoes"}, {"first", "black", "black | white: who moves first"}};
  }

  static absl::StatusOr<TopplingDominoes> FromSpec(const Spec& spec) {
    ParamReader r(spec);
    auto n = r.Int("n", 10, 1, kMaxDominoes);
    if (!n.ok()) return n.status();
    std::string first = r.Text("first", "black");
    if (first != "black" && first != "white")
      return absl::InvalidArgumentError(absl::StrCat(
          "toppling_dominoes: parameter 'first' is '", first, "', expected black or white"));
    if (auto st = r.Finish(); !st.ok()) return st;
    return TopplingDominoes(static_cast<int>(*n), first == "black");
  }

  std::string CanonicalSpec() const {
    return absl::StrCat("toppling_dominoes(n=", n_, ",first=", black_first_ ? "black" : "white", ")");
  }

  int n() const { return n_; }
  Score MinScore() const { return kLossScore; }
  Score MaxScore() const { return kWinScore; }

  State Start() const {
    State s;
    for (int i = 0; i < n_; ++i) (i % 2 == 0 ? s.black : s.white) |= Bit(i);
    s.length = static_cast<uint8_t>(n_);
    s.black_to_move = black_first_;
    return s;
  }

  std::optional<Score> Terminal(const State& s) const {
    if (Toppleable(s) != 0) return std::nullopt;
    return kLossScore;
  }

  void GenerateMoves(const State& s, MoveListOf<TopplingDominoes>& moves) const {
    for (uint64_t d = Toppleable(s); d != 0; d &= d - 1) {
      const int i = __builtin_ctzll(d);
      moves.push_back(static_cast<Move>(i));       // left
      moves.push_back(static_cast<Move>(i | 64));  // right
    }
  }

  // Toppled left, domino i takes [0, i] and leaves (i, length); toppled
  // right, [i, length) and leaves [0, i). Both are moves of every domino,
  // as in MCGS (a lone domino's two leave the same empty row).
  State Play(const State& s, Move m) const {
    const int i = m & 63;
    State t;
    t.black_to_move = !s.black_to_move;
    if (m & 64) {
      const uint64_t keep = Bit(i) - 1;
      t.black = s.black & keep;
      t.white = s.white & keep;
      t.length = static_cast<uint8_t>(i);
    } else {
      t.black = i == 63 ? 0 : s.black >> (i + 1);
      t.white = i == 63 ? 0 : s.white >> (i + 1);
      t.length = static_cast<uint8_t>(s.length - i - 1);
    }
    return t;
  }

  uint64_t Key(const State& s) const {
    return stone_board::MixStones(s.black, s.white) ^
           (uint64_t{s.length} << 1 | (s.black_to_move ? 0 : 1)) * 0xd6e8feb86659fd93ULL;
  }

  // [Partizan] Left is Black.
  int Mover(const State& s) const { return s.black_to_move ? kLeft : kRight; }
  State WithMover(const State& s, int player) const {
    State t = s;
    t.black_to_move = player == kLeft;
    return t;
  }

  std::string FormatState(const State& s) const {
    std::string text;
    for (int i = 0; i < s.length; ++i) text += (s.black & Bit(i)) ? 'X' : (s.white & Bit(i)) ? 'O' : '#';
    text += s.black_to_move ? ":B" : ":W";
    return text;
  }

  // MCGS's row text alone (no mover), as in its test files.
  absl::StatusOr<State> ParseBoard(absl::string_view text, bool black_to_move) const {
    auto error = [&](absl::string_view why) {
      return absl::InvalidArgumentError(
          absl::StrCat("toppling_dominoes position '", text.substr(0, 80), "': ", why));
    };
    if (text.size() > static_cast<size_t>(n_))
      return error(absl::StrCat("more than ", n_, " dominoes"));
    State s;
    s.black_to_move = black_to_move;
    s.length = static_cast<uint8_t>(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
      const char ch = text[i];
      if (ch == 'X') s.black |= Bit(static_cast<int>(i));
      else if (ch == 'O') s.white |= Bit(static_cast<int>(i));
      else if (ch != '#')
        return error(absl::StrCat("bad character '", std::string(1, ch), "' at domino ", i + 1,
                                  " (expected 'X', 'O' or '#')"));
    }
    return s;
  }

  absl::StatusOr<State> ParseState(absl::string_view text) const {
    if (text.size() < 2 || (text.substr(text.size() - 2) != ":B" && text.substr(text.size() - 2) != ":W"))
      return absl::InvalidArgumentError(absl::StrCat("toppling_dominoes position '", text.substr(0, 80),
                                                     "': must end in :B or :W (the player to move)"));
    return ParseBoard(text.substr(0, text.size() - 2), text.back() == 'B');
  }

  std::string FormatMove(const State&, Move m) const {
    return absl::StrCat((m & 63) + 1, (m & 64) ? "R" : "L");
  }

  absl::StatusOr<Move> ParseMove(const State& s, absl::string_view text) const {
    MoveListOf<TopplingDominoes> moves;
    if (!Terminal(s)) GenerateMoves(s, moves);
    for (Move m : moves)
      if (FormatMove(s, m) == text) return m;
    return absl::InvalidArgumentError(absl::StrCat(
        "toppling_dominoes move '", text.substr(0, 40),
        "': not a legal move (expected a 1-based domino of the mover's or grey, then L or R)"));
  }

 private:
  TopplingDominoes(int n, bool black_first) : n_(n), black_first_(black_first) {}

  static uint64_t Bit(int i) { return uint64_t{1} << i; }
  // The dominoes the mover may topple: his own and the grey ones.
  static uint64_t Toppleable(const State& s) {
    const uint64_t row = s.length == 64 ? ~uint64_t{0} : Bit(s.length) - 1;
    return row & ~(s.black_to_move ? s.white : s.black);
  }

  int n_ = 10;
  bool black_first_ = true;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_TOPPLING_DOMINOES_TOPPLING_DOMINOES_H_
