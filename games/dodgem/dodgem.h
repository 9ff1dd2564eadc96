#ifndef GAMEBENCH_GAMES_DODGEM_DODGEM_H_
#define GAMEBENCH_GAMES_DODGEM_DODGEM_H_

// Why over 400 lines: one game is one class (core/game.h); Dodgem's dense
// index and its un-moves (Indexed, in the marked section) are half of it and
// share the board's representation with the moves.

// Dodgem (Colin Vout; Berlekamp, Conway and Guy, Winning Ways ch. 22).
//
// An n×n board (3 <= n <= 6). Blue starts with n-1 cars on the left edge, red
// with n-1 cars on the bottom edge; the bottom-left square is empty. Blue
// moves first. Blue moves one car one square right, up or down; red moves one
// car one square up, left or right. A car cannot enter an occupied square or
// leave the board sideways: blue leaves only right off the right edge, red
// only up off the top edge. Normal play: a player who takes its last car off
// wins at once (the game ends there, with the other player to move), and a
// player who has no legal move on its turn wins (whoever blocked it loses).
// `misere=true` swaps both: taking your last car off loses, and a blocked
// player loses. Spec: dodgem(n=3,misere=false).
//
// Squares are numbered row * n + col, row 0 at the bottom, col 0 at the left.
// State: a bit mask per colour (bit = square) and the player to move. Cars
// that left the board are the cars missing from the mask.
//
// Index (dense, exact): the position's block is (b, r) = the numbers of blue
// and red cars on the board; inside it the blue set is ranked among the n²
// squares and the red set among the n²-b squares blue leaves free, both in
// the combinatorial number system, and the turn is the low bit:
//   index = offset[b][r] + 2 * (rank(blue) * C(n²-b, r) + rank(red)) + turn.
// IndexSize: 2846 (3×3), 555986 (4×4), 240060402 (5×5), 188710690706 (6×6).
// Parents (un-moves): a car of the player who just moved steps back to an
// empty neighbour, or a car that left comes back onto its exit square.
// Loopy: positions repeat (kLoopy), so only retrograde analysis solves it.
// Tiers [Tiered]: the blocks (b, r) of the index, tier (n-1-b)*n + (n-1-r):
// a car leaving the board moves to a higher tier, every other move stays in
// its tier (and may loop there).
//
// Text form: the rows from top to bottom separated by '/', each n characters
// 'B' (blue), 'R' (red) or '.', then ':' and the player to move, 'b' or 'r'.
// One character per square, so no two cars can share one; ParseState also
// rejects more than n-1 cars of a colour, a player to move with no car on the
// board, and any other character. The 3×3 start is "B../B../.RR:b". Moves: the car's square (column
// letter from 'a', row number from 1 at the bottom) and the direction u, d, l or r: "a2r" moves the
// blue car on a2 right; "c3u" takes a red car off the top.
//
// Why one file of ~450 lines: one game's whole contract, and most of it is
// the dense index (ranking and unranking car sets) that retrograde analysis
// of the 5×5 and 6×6 boards needs; its parts are short and only used here.

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "core/game.h"

namespace gamebench {

namespace dodgem_internal {
// Binomial coefficients C(a, k) for a <= 36, k <= 6 (0 when k > a).
struct BinomialTable {
  std::array<std::array<uint64_t, 7>, 37> c{};
  constexpr BinomialTable() {
    for (int a = 0; a <= 36; ++a) {
      c[a][0] = 1;
      for (int k = 1; k <= 6; ++k) c[a][k] = a == 0 ? 0 : c[a - 1][k - 1] + c[a - 1][k];
    }
  }
};
inline constexpr BinomialTable kBinomial{};

// Every k-subset of the 36 squares (k <= 5) by colex rank: colex order is the
// order of the subsets' bit masks as integers, so Gosper's hack lists them in
// rank order. Colex ranks do not depend on the universe, so one table serves
// every board size (and the red sets, ranked among the free squares). 3.5 MB,
// built on first use; a 5×5 analysis touches its first 100 KB.
struct ComboTable {
  std::vector<uint64_t> sets[6];
  ComboTable() {
    for (int k = 1; k <= 5; ++k) {
      sets[k].reserve(kBinomial.c[36][k]);
      for (uint64_t x = (uint64_t{1} << k) - 1; x < (uint64_t{1} << 36);) {
        sets[k].push_back(x);
        const uint64_t low = x & (~x + 1), ripple = x + low;
        x = (((ripple ^ x) >> 2) / low) | ripple;
      }
    }
  }
};
inline bool HasPopcnt() {
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt") != 0;
  }();
  return has;
}

inline const ComboTable& Combos() {
  static const ComboTable table;
  return table;
}
}  // namespace dodgem_internal

class Dodgem {
 public:
  static constexpr absl::string_view kName = "dodgem";
  static constexpr absl::string_view kDescription =
      "Dodgem: race your cars across an n×n board; loopy, so draws come from retrograde analysis";
  static constexpr int kMinSize = 3;
  static constexpr int kMaxSize = 6;
  static constexpr int kMaxCars = kMaxSize - 1;
  static constexpr int kMaxSquares = kMaxSize * kMaxSize;
  // Three directions per car.
  static constexpr int kMaxMoves = 3 * kMaxCars;
  // Un-moves: three sources per car of the previous mover, plus a car coming
  // back onto any of the n exit squares.
  static constexpr int kMaxParents = 3 * kMaxCars + kMaxSize;
  static constexpr bool kScored = false;
  // Blue moves up and down, red left and right: positions repeat, so the
  // depth-first solvers do not apply (tool: "does not apply").
  static constexpr bool kLoopy = true;

  // No default member initializers: a MoveList<State> of parents would
  // zero its whole array on every call. Value-initialize: `State s{}`.
  struct State {
    uint64_t blue;  // bit per square
    uint64_t red;
    bool red_to_move;
    bool operator==(const State&) const = default;
  };
  // (square << 2) | direction.
  using Move = uint8_t;
  enum Direction : int { kUp = 0, kDown = 1, kLeft = 2, kRight = 3 };

  static std::vector<ParamInfo> Params() {
    return {{"n", "3", "board size, 3..6 (n-1 cars a side)"},
            {"misere", "false", "true: taking your last car off loses, and so does being blocked"}};
  }

  static absl::StatusOr<Dodgem> FromSpec(const Spec& spec) {
    ParamReader r(spec);
    auto n = r.Int("n", 3, kMinSize, kMaxSize);
    if (!n.ok()) return n.status();
    auto misere = r.Bool("misere", false);
    if (!misere.ok()) return misere.status();
    if (auto st = r.Finish(); !st.ok()) return st;
    return Dodgem(static_cast<int>(*n), *misere);
  }

  Dodgem(int n, bool misere) : n_(n), squares_(n * n), misere_(misere) {
    full_ = squares_ == 64 ? ~uint64_t{0} : (uint64_t{1} << squares_) - 1;
    for (int i = 0; i < n_; ++i) {
      left_col_ |= Bit(i * n_);
      right_col_ |= Bit(i * n_ + n_ - 1);
      top_row_ |= Bit((n_ - 1) * n_ + i);
    }
    step_ = {n_, -n_, -1, 1};
    exit_edge_ = {top_row_, 0, 0, right_col_};
    for (int i = 1; i < n_; ++i) {
      start_.blue |= Bit(i * n_);  // left edge, above the empty corner
      start_.red |= Bit(i);        // bottom edge, right of the corner
    }
    uint64_t offset = 0;
    for (int b = 0; b < n_; ++b)
      for (int r = 0; r < n_; ++r) {
        offset_[b][r] = offset;
        offset += 2 * Binomial(squares_, b) * Binomial(squares_ - b, r);
      }
    index_size_ = offset;
  }

  std::string CanonicalSpec() const {
    return absl::StrCat("dodgem(n=", n_, ",misere=", misere_ ? "true" : "false", ")");
  }
  int n() const { return n_; }
  bool misere() const { return misere_; }

  Score MinScore() const { return kLossScore; }
  Score MaxScore() const { return kWinScore; }
  State Start() const { return start_; }

  // The cars of the player to move, and of the other player.
  static uint64_t Mine(const State& s) { return s.red_to_move ? s.red : s.blue; }
  static uint64_t Theirs(const State& s) { return s.red_to_move ? s.blue : s.red; }

  std::optional<Score> Terminal(const State& s) const {
    // The other player took its last car off: it won (normal play).
    if (Theirs(s) == 0) return misere_ ? kWinScore : kLossScore;
    // The player to move is blocked: it wins (normal play).
    if (!HasMove(s)) return misere_ ? kLossScore : kWinScore;
    return std::nullopt;
  }

  // Whole-board set operations: a car can move right when the square to its
  // right is empty (or it is on the right edge and leaves), up when the
  // square above is empty, and so on. No division by n in the hot path.
  void GenerateMoves(const State& s, MoveListOf<Dodgem>& moves) const {
    const uint64_t empty = full_ & ~(s.blue | s.red);
    auto add_all = [&moves](uint64_t cars, int dir) {
      for (; cars; cars &= cars - 1) moves.push_back(MakeMove(std::countr_zero(cars), dir));
    };
    if (!s.red_to_move) {
      const uint64_t b = s.blue;
      add_all((b & right_col_) | (b & ~right_col_ & (empty >> 1)), kRight);
      add_all(b & (empty >> n_), kUp);
      add_all(b & (empty << n_), kDown);
    } else {
      const uint64_t r = s.red;
      add_all((r & top_row_) | (r & (empty >> n_)), kUp);
      add_all(r & ~left_col_ & (empty << 1), kLeft);
      add_all(r & ~right_col_ & (empty >> 1), kRight);
    }
  }

  State Play(const State& s, Move m) const {
    const int sq = m >> 2, dir = m & 3;
    const uint64_t from = Bit(sq);
    // Off the board from the exit edge; otherwise one square in `dir`.
    const uint64_t to = (exit_edge_[dir] & from) ? 0 : Bit(sq + step_[dir]);
    State t = s;
    uint64_t& cars = s.red_to_move ? t.red : t.blue;
    cars = (cars & ~from) | to;
    t.red_to_move = !s.red_to_move;
    return t;
  }

  uint64_t Key(const State& s) const { return Index(s); }  // exact

  // --- Indexed ---------------------------------------------------------------

  uint64_t IndexSize() const { return index_size_; }

  uint64_t Index(const State& s) const {
    // The red term counts blue cars below each red car: one instruction
    // with POPCNT, which the default x86-64 target may not assume, so the
    // CPU is asked once and the POPCNT build of the same code is used.
    return dodgem_internal::HasPopcnt() ? IndexPopcnt(s) : IndexImpl<false>(s);
  }

  State Unindex(uint64_t index) const {
    int b = 0, r = 0;
    // The block: the last (b, r) whose offset is <= index.
    while (b + 1 < n_ && offset_[b + 1][0] <= index) ++b;
    while (r + 1 < n_ && offset_[b][r + 1] <= index) ++r;
    uint64_t rest = index - offset_[b][r];
    State s{};
    s.red_to_move = rest & 1;
    rest >>= 1;
    const uint64_t red_count = Binomial(squares_ - b, r);
    const auto& combos = dodgem_internal::Combos();
    s.blue = b ? combos.sets[b][rest / red_count] : 0;
    const uint64_t free_set = r ? combos.sets[r][rest % red_count] : 0;
    // Red positions among the free squares, back to squares: step over each
    // blue car at or below, in ascending order (branch-free).
    int blue_squares[kMaxCars];
    int num_blue = 0;
    for (uint64_t cars = s.blue; cars; cars &= cars - 1)
      blue_squares[num_blue++] = std::countr_zero(cars);
    for (uint64_t rest_set = free_set; rest_set; rest_set &= rest_set - 1) {
      int sq = std::countr_zero(rest_set);
      for (int j = 0; j < num_blue; ++j) sq += blue_squares[j] <= sq;
      s.red |= Bit(sq);
    }
    return s;
  }

  // Every position with a move to s: the previous mover (the player not to
  // move in s) un-moves one of its cars, or brings back a car that left.
  void GenerateParents(const State& s, MoveList<State, kMaxParents>& parents) const {
    // The player to move in s has no cars: not a legal position. A parent
    // needs the player to move in s to still have cars, or it would have
    // been over already.
    if (Mine(s) == 0) return;
    const bool prev_red = !s.red_to_move;
    const uint64_t prev = prev_red ? s.red : s.blue;
    const uint64_t empty = full_ & ~(s.blue | s.red);
    auto add = [&](uint64_t new_prev) {
      State p = s;
      (prev_red ? p.red : p.blue) = new_prev;
      p.red_to_move = prev_red;
      parents.push_back(p);
    };
    // Each car of the previous mover came from an empty neighbour: from
    // below (both colours move up), from above or the left (blue), from the
    // right or the left (red).
    auto add_from = [&](uint64_t cars, int step) {
      for (; cars; cars &= cars - 1) {
        const int sq = std::countr_zero(cars);
        add(prev ^ Bit(sq) ^ Bit(sq + step));
      }
    };
    add_from(prev & (empty << n_), -n_);
    if (!prev_red) {
      add_from(prev & (empty >> n_), n_);
      add_from(prev & ~left_col_ & (empty << 1), -1);
    } else {
      add_from(prev & ~right_col_ & (empty >> 1), 1);
      add_from(prev & ~left_col_ & (empty << 1), -1);
    }
    // A car that left the board comes back onto its exit square.
    if (CountCars(prev) < n_ - 1) {
      for (uint64_t exits = (prev_red ? top_row_ : right_col_) & empty; exits; exits &= exits - 1)
        add(prev | (exits & -exits));
    }
  }

  // --- Tiered ----------------------------------------------------------------

  int NumTiers() const { return n_ * n_; }
  int TierOf(const State& s) const {
    return (n_ - 1 - CountCars(s.blue)) * n_ + (n_ - 1 - CountCars(s.red));
  }
  void ChildTiers(int t, std::vector<int>& out) const {
    const int b = n_ - 1 - t / n_, r = n_ - 1 - t % n_;
    if (b > 0) out.push_back(t + n_);  // a blue car leaves
    if (r > 0) out.push_back(t + 1);   // a red car leaves
  }
  uint64_t TierSize(int t) const {
    const int b = n_ - 1 - t / n_, r = n_ - 1 - t % n_;
    return 2 * Binomial(squares_, b) * Binomial(squares_ - b, r);
  }
  uint64_t TierIndex(const State& s) const {
    return Index(s) - offset_[CountCars(s.blue)][CountCars(s.red)];
  }
  State TierUnindex(int t, uint64_t i) const {
    return Unindex(offset_[n_ - 1 - t / n_][n_ - 1 - t % n_] + i);
  }

  // --- Text ------------------------------------------------------------------

  std::string FormatState(const State& s) const {
    std::string out;
    for (int row = n_ - 1; row >= 0; --row) {
      for (int col = 0; col < n_; ++col) {
        const uint64_t bit = Bit(row * n_ + col);
        out += (s.blue & bit) ? 'B' : (s.red & bit) ? 'R' : '.';
      }
      if (row > 0) out += '/';
    }
    out += s.red_to_move ? ":r" : ":b";
    return out;
  }

  absl::StatusOr<State> ParseState(absl::string_view text) const {
    auto error = [&](absl::string_view why) {
      return absl::InvalidArgumentError(absl::StrCat("dodgem position '", text, "': ", why));
    };
    const size_t board_len = static_cast<size_t>(n_ * (n_ + 1) - 1);
    if (text.size() != board_len + 2 || text[board_len] != ':')
      return error(absl::StrCat("expected ", n_, " rows of ", n_,
                                " squares separated by '/', then ':b' or ':r'"));
    State s{};
    for (int row = n_ - 1, i = 0; row >= 0; --row) {
      for (int col = 0; col < n_; ++col, ++i) {
        const char c = text[i];
        if (c == 'B') {
          s.blue |= Bit(row * n_ + col);
        } else if (c == 'R') {
          s.red |= Bit(row * n_ + col);
        } else if (c != '.') {
          return error(
              absl::StrCat("bad square character '", std::string(1, c), "' (expected B, R or .)"));
        }
      }
      if (row > 0 && text[i++] != '/')
        return error(absl::StrCat("expected '/' after row ", n_ - row, " of ", n_));
    }
    const char turn = text[board_len + 1];
    if (turn != 'b' && turn != 'r') return error("the player to move must be 'b' or 'r'");
    s.red_to_move = turn == 'r';
    if (CountCars(s.blue) > n_ - 1) return error(absl::StrCat("more than ", n_ - 1, " blue cars"));
    if (CountCars(s.red) > n_ - 1) return error(absl::StrCat("more than ", n_ - 1, " red cars"));
    // The game ends the moment a player's last car leaves, with the other
    // player to move: the player to move always has a car on the board.
    if (Mine(s) == 0)
      return error(
          absl::StrCat(s.red_to_move ? "red" : "blue", " is to move but has no car on the board"));
    return s;
  }

  std::string FormatMove(const State&, Move m) const {
    const int sq = m >> 2;
    static constexpr char kDirText[] = {'u', 'd', 'l', 'r'};
    return absl::StrCat(std::string(1, static_cast<char>('a' + sq % n_)), sq / n_ + 1,
                        std::string(1, kDirText[m & 3]));
  }

  absl::StatusOr<Move> ParseMove(const State& s, absl::string_view text) const {
    auto error = [&](absl::string_view why) {
      return absl::InvalidArgumentError(absl::StrCat("dodgem move '", text, "': ", why));
    };
    if (text.size() != 3) return error("expected a square and a direction, e.g. a2r");
    const int col = text[0] - 'a', row = text[1] - '1';
    if (col < 0 || col >= n_ || row < 0 || row >= n_)
      return error(absl::StrCat("no such square on a ", n_, "x", n_, " board"));
    int dir;
    switch (text[2]) {
      case 'u':
        dir = kUp;
        break;
      case 'd':
        dir = kDown;
        break;
      case 'l':
        dir = kLeft;
        break;
      case 'r':
        dir = kRight;
        break;
      default:
        return error("the direction must be u, d, l or r");
    }
    const Move m = MakeMove(row * n_ + col, dir);
    if (!Terminal(s)) {
      MoveListOf<Dodgem> moves;
      GenerateMoves(s, moves);
      for (Move legal : moves)
        if (legal == m) return m;
    }
    return error("not a legal move in this position");
  }

 private:
  static constexpr uint64_t Bit(int sq) { return uint64_t{1} << sq; }
  // Without -mpopcnt std::popcount is a library call; this is branch-free
  // and inlined.
  static int PopCount(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return static_cast<int>((x * 0x0101010101010101ull) >> 56);
  }
  static int CountCars(uint64_t cars) { return PopCount(cars); }
  static constexpr Move MakeMove(int sq, int dir) { return static_cast<Move>(sq << 2 | dir); }

  static uint64_t Binomial(int a, int k) { return dodgem_internal::kBinomial.c[a][k]; }

  // Colex ranks: the i-th blue car (in square order) adds C(square, i); the
  // i-th red car adds C(its position among the squares blue leaves free, i),
  // that position being its square minus the blue cars below it.
  template <bool kHardwarePopcount>
  [[gnu::always_inline]] inline uint64_t IndexImpl(const State& s) const {
    uint64_t blue_rank = 0, red_rank = 0;
    int b = 0, r = 0;
    for (uint64_t cars = s.blue; cars; cars &= cars - 1)
      blue_rank += Binomial(std::countr_zero(cars), ++b);
    for (uint64_t cars = s.red; cars; cars &= cars - 1) {
      const int sq = std::countr_zero(cars);
      const uint64_t below = s.blue & (Bit(sq) - 1);
      const int blue_below = kHardwarePopcount ? __builtin_popcountll(below) : PopCount(below);
      red_rank += Binomial(sq - blue_below, ++r);
    }
    return offset_[b][r] + 2 * (blue_rank * Binomial(squares_ - b, r) + red_rank) +
           (s.red_to_move ? 1 : 0);
  }
  [[gnu::target("popcnt")]] uint64_t IndexPopcnt(const State& s) const {
    return IndexImpl<true>(s);
  }

  bool HasMove(const State& s) const {
    const uint64_t empty = full_ & ~(s.blue | s.red);
    if (!s.red_to_move) {
      const uint64_t b = s.blue;
      return (b & right_col_) || (((b & ~right_col_) << 1) & empty) || ((b << n_) & empty) ||
             ((b >> n_) & empty);
    }
    const uint64_t r = s.red;
    return (r & top_row_) || ((r << n_) & empty) || (((r & ~left_col_) >> 1) & empty) ||
           (((r & ~right_col_) << 1) & empty);
  }

  int n_;
  int squares_;
  bool misere_;
  uint64_t full_ = 0, left_col_ = 0, right_col_ = 0, top_row_ = 0;
  std::array<int, 4> step_{};            // square offset of a move, by direction
  std::array<uint64_t, 4> exit_edge_{};  // where a move in that direction leaves
  State start_{};
  std::array<std::array<uint64_t, kMaxSize>, kMaxSize> offset_{};
  uint64_t index_size_ = 0;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_DODGEM_DODGEM_H_
