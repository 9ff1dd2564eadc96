#ifndef GAMEBENCH_GAMES_ENDS_ENDS_H_
#define GAMEBENCH_GAMES_ENDS_ENDS_H_

// Ends: a row of integers; the players alternately take the number at either
// end of what is left. When the row is empty the game's value is the mover's
// total minus the opponent's. This is a many-outcome ("Max and Min") game of
// the Shen seed text: its two cats eating sausages from a row are this game,
// with the value the difference between what the cats ate.
// Spec: ends(values=3;9;1;2): 1 to 24 values, each in [-1000, 1000], so every
// score fits the transposition table's int16.
//
// State: the remaining segment [left, right) of the row and the running
// difference (the mover's total so far minus the opponent's), so that the
// value of the empty row is just that difference. The state is its own exact
// key. The running difference makes positions path-dependent: the same
// segment reached by different takes is a different state.
//
// Text form of a position: the taken numbers outside brackets, the remaining
// ones inside, then ':' and the running difference, e.g. the start
// "[3;9;1;2]:0", and after L "3[9;1;2]:-3" (the mover has 0, the opponent 3).
// Moves: "L" takes the left end, "R" the right end. With one number left the
// two are different moves to the same position (so a row of n numbers has a
// game tree of exactly 2^n leaves).

#include <array>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "core/game.h"

namespace gamebench {

class Ends {
 public:
  static constexpr absl::string_view kName = "ends";
  static constexpr absl::string_view kDescription =
      "take a number from either end of a row; value: mover's total minus the opponent's";
  static constexpr int kMaxValues = 24;
  static constexpr int kMaxAbsValue = 1000;  // 24 * 1000 < 32000: scores fit int16
  static constexpr int kMaxMoves = 2;
  static constexpr bool kScored = true;

  struct State {
    uint8_t left = 0;   // the first remaining number
    uint8_t right = 0;  // one past the last remaining number
    int16_t diff = 0;   // the mover's total so far minus the opponent's
    bool operator==(const State&) const = default;
  };
  enum Move : uint8_t { kLeft = 0, kRight = 1 };

  static std::vector<ParamInfo> Params() {
    return {{"values", "3;9;1;2", "1 to 24 integers, each in [-1000, 1000], separated by ';'"}};
  }

  static absl::StatusOr<Ends> FromSpec(const Spec& spec) {
    ParamReader r(spec);
    auto values = r.IntList("values", {3, 9, 1, 2}, -kMaxAbsValue, kMaxAbsValue, 1, kMaxValues);
    if (!values.ok()) return values.status();
    if (auto st = r.Finish(); !st.ok()) return st;
    return Ends(std::vector<int>(values->begin(), values->end()));
  }

  explicit Ends(const std::vector<int>& values) : n_(static_cast<int>(values.size())) {
    for (int i = 0; i < n_; ++i) {
      values_[i] = static_cast<int16_t>(values[i]);
      total_abs_ += std::abs(values[i]);
    }
  }

  std::string CanonicalSpec() const { return absl::StrCat("ends(values=", Join(0, n_), ")"); }
  int size() const { return n_; }
  int value(int i) const { return values_[i]; }

  Score MinScore() const { return -total_abs_; }
  Score MaxScore() const { return total_abs_; }
  State Start() const { return State{0, static_cast<uint8_t>(n_), 0}; }

  std::optional<Score> Terminal(const State& s) const {
    if (s.left == s.right) return s.diff;
    return std::nullopt;
  }

  void GenerateMoves(const State&, MoveListOf<Ends>& moves) const {
    moves.push_back(kLeft);
    moves.push_back(kRight);
  }

  State Play(const State& s, Move m) const {
    // The mover gains the number; the opponent becomes the mover.
    if (m == kLeft)
      return State{static_cast<uint8_t>(s.left + 1), s.right,
                   static_cast<int16_t>(-(s.diff + values_[s.left]))};
    return State{s.left, static_cast<uint8_t>(s.right - 1),
                 static_cast<int16_t>(-(s.diff + values_[s.right - 1]))};
  }

  // Exact: the three fields side by side.
  uint64_t Key(const State& s) const {
    return s.left | uint64_t{s.right} << 8 | uint64_t{static_cast<uint16_t>(s.diff)} << 16;
  }

  // The larger number first.
  int MoveOrder(const State& s, Move m) const {
    return m == kLeft ? values_[s.left] : values_[s.right - 1];
  }

  std::string FormatState(const State& s) const {
    return absl::StrCat(Join(0, s.left), "[", Join(s.left, s.right), "]", Join(s.right, n_), ":",
                        s.diff);
  }

  // Accepts a text whose numbers are this game's row, in order, and whose
  // difference is at most the sum of the taken numbers' sizes.
  absl::StatusOr<State> ParseState(absl::string_view text) const {
    auto error = [&](absl::string_view why) {
      return absl::InvalidArgumentError(absl::StrCat("ends position '", text, "': ", why));
    };
    const size_t open = text.find('['), close = text.find(']'), colon = text.rfind(':');
    if (open == absl::string_view::npos || close == absl::string_view::npos ||
        colon == absl::string_view::npos || !(open < close && close < colon))
      return error("expected TAKEN[REMAINING]TAKEN:DIFF, e.g. 3[9;1]2:1");
    std::vector<int> row;
    int left = 0, right = 0;
    for (int part = 0; part < 3; ++part) {
      absl::string_view items = part == 0   ? text.substr(0, open)
                                : part == 1 ? text.substr(open + 1, close - open - 1)
                                            : text.substr(close + 1, colon - close - 1);
      if (part == 1) left = static_cast<int>(row.size());
      if (part == 2) right = static_cast<int>(row.size());
      if (items.empty()) continue;
      for (absl::string_view item : absl::StrSplit(items, ';')) {
        auto v = ParseInt(item, -kMaxAbsValue, kMaxAbsValue, "ends position: number");
        if (!v.ok()) return v.status();
        row.push_back(static_cast<int>(*v));
      }
    }
    if (static_cast<int>(row.size()) != n_)
      return error(absl::StrCat("has ", row.size(), " numbers; the row has ", n_));
    for (int i = 0; i < n_; ++i)
      if (row[i] != values_[i])
        return error(absl::StrCat("number ", i + 1, " is ", row[i], "; the row has ", values_[i]));
    int taken_abs = 0;
    for (int i = 0; i < n_; ++i)
      if (i < left || i >= right) taken_abs += std::abs(values_[i]);
    auto diff = ParseInt(text.substr(colon + 1), -taken_abs, taken_abs,
                         "ends position: difference (at most the taken numbers' sum)");
    if (!diff.ok()) return diff.status();
    return State{static_cast<uint8_t>(left), static_cast<uint8_t>(right),
                 static_cast<int16_t>(*diff)};
  }

  std::string FormatMove(const State&, Move m) const { return m == kLeft ? "L" : "R"; }

  absl::StatusOr<Move> ParseMove(const State& s, absl::string_view text) const {
    if (text != "L" && text != "R")
      return absl::InvalidArgumentError(absl::StrCat("ends move '", text, "': expected L or R"));
    if (Terminal(s))
      return absl::InvalidArgumentError(absl::StrCat("ends move '", text, "': the row is empty"));
    return text == "L" ? kLeft : kRight;
  }

 private:
  std::string Join(int from, int to) const {
    std::vector<int> v(values_.begin() + from, values_.begin() + to);
    return absl::StrJoin(v, ";");
  }

  int n_;
  Score total_abs_ = 0;
  std::array<int16_t, kMaxValues> values_{};
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_ENDS_ENDS_H_
