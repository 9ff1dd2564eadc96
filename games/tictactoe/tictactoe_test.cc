#include "games/tictactoe/tictactoe.h"

#include <algorithm>
#include <deque>
#include <set>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/conformance.h"
#include "tests/solver_agreement.h"

namespace gamebench {
namespace {

using State = TicTacToe::State;
using testing::ExpectSolversAgree;
using testing::MakeGame;

// Every position reachable from the empty board, found by breadth-first
// search through the game's own moves (terminal positions included).
std::vector<State> Reachable(const TicTacToe& g) {
  std::set<uint64_t> seen{g.Key(g.Start())};
  std::vector<State> order{g.Start()};
  for (size_t i = 0; i < order.size(); ++i) {
    const State s = order[i];
    if (g.Terminal(s)) continue;
    MoveListOf<TicTacToe> moves;
    g.GenerateMoves(s, moves);
    for (auto m : moves) {
      State c = g.Play(s, m);
      if (seen.insert(g.Key(c)).second) order.push_back(c);
    }
  }
  return order;
}

// The game tree: 549,946 nodes and 255,168 complete games, of which X wins
// 131,184, O wins 77,904 and 46,080 are drawn (published counts).
struct TreeCounts {
  uint64_t nodes = 0, x_wins = 0, o_wins = 0, draws = 0;
};
void CountTree(const TicTacToe& g, const State& s, TreeCounts& c) {
  ++c.nodes;
  if (auto t = g.Terminal(s)) {
    if (*t == kDrawScore) {
      ++c.draws;
    } else {
      // The loser is the player to move; X moves when the counts are equal.
      (TicTacToe::XToMove(s) ? c.o_wins : c.x_wins) += 1;
    }
    return;
  }
  MoveListOf<TicTacToe> moves;
  g.GenerateMoves(s, moves);
  for (auto m : moves) CountTree(g, g.Play(s, m), c);
}

TEST(TicTacToeTest, GameTreeCounts) {
  TicTacToe g;
  TreeCounts c;
  CountTree(g, g.Start(), c);
  EXPECT_EQ(c.nodes, 549946u);
  EXPECT_EQ(c.x_wins + c.o_wins + c.draws, 255168u);
  EXPECT_EQ(c.x_wins, 131184u);
  EXPECT_EQ(c.o_wins, 77904u);
  EXPECT_EQ(c.draws, 46080u);
  // Minimax visits exactly the whole tree.
  EXPECT_EQ(MinimaxSolver::Solve(g, g.Start(), testing::TestOptions()).nodes, c.nodes);
}

// An independent reading of a board text: who has three in a row.
bool HasLine(const std::string& board, char who) {
  static const int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                   {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
  for (const auto& l : kLines)
    if (board[l[0]] == who && board[l[1]] == who && board[l[2]] == who) return true;
  return false;
}

TEST(TicTacToeTest, ApiConformance) {
  TicTacToe g = MakeGame<TicTacToe>("tictactoe");
  testing::CheckSpecRoundTrip(g);
  testing::CheckRandomPlayouts(g, 200, 9);
  for (const State& s : Reachable(g)) {
    testing::CheckState(g, s);
    // Every one of the 8 symmetries, not only the sampled ones.
    for (int i = 0; i < g.NumSymmetries(); ++i)
      EXPECT_EQ(g.Canonical(g.ApplySymmetry(s, i)), g.Canonical(s)) << g.FormatState(s);
  }
}

TEST(TicTacToeTest, ReachablePositions) {
  TicTacToe g;
  std::vector<State> all = Reachable(g);
  EXPECT_EQ(all.size(), 5478u);
  std::set<uint64_t> classes;
  for (const State& s : all) classes.insert(g.Key(g.Canonical(s)));
  EXPECT_EQ(classes.size(), 765u);
}

TEST(TicTacToeTest, TerminalMatchesAnIndependentLineCheck) {
  TicTacToe g;
  for (const State& s : Reachable(g)) {
    const std::string b = g.FormatState(s);
    const char mover =
        std::count(b.begin(), b.end(), 'X') == std::count(b.begin(), b.end(), 'O') ? 'X' : 'O';
    const char last = mover == 'X' ? 'O' : 'X';
    std::optional<Score> want;
    if (HasLine(b, last)) {
      want = kLossScore;
    } else if (b.find('.') == std::string::npos) {
      want = kDrawScore;
    }
    EXPECT_EQ(g.Terminal(s), want) << b;
    EXPECT_FALSE(HasLine(b, mover)) << b;
  }
}

// The legal positions (those ParseState accepts) are exactly the reachable
// ones; Index is a bijection from them into [0, 3^9) and Unindex inverts it.
TEST(TicTacToeTest, IndexCoversExactlyTheReachablePositions) {
  TicTacToe g;
  std::set<uint64_t> reachable;
  for (const State& s : Reachable(g)) {
    const uint64_t i = g.Index(s);
    ASSERT_LT(i, g.IndexSize());
    EXPECT_EQ(g.Unindex(i), s) << g.FormatState(s);
    EXPECT_TRUE(reachable.insert(i).second) << "index collision at " << g.FormatState(s);
  }
  std::set<uint64_t> legal;
  for (uint64_t i = 0; i < g.IndexSize(); ++i) {
    const State s = g.Unindex(i);
    if (g.ParseState(g.FormatState(s)).ok()) legal.insert(i);
  }
  EXPECT_EQ(legal, reachable);
}

// GenerateParents is the exact inverse of GenerateMoves on every reachable
// position.
TEST(TicTacToeTest, ParentsInvertMoves) {
  TicTacToe g;
  std::vector<State> all = Reachable(g);
  std::set<uint64_t> keys;
  for (const State& s : all) keys.insert(g.Key(s));
  uint64_t edges = 0, parent_edges = 0;
  for (const State& s : all) {
    // Children: s is among each child's parents.
    if (!g.Terminal(s)) {
      MoveListOf<TicTacToe> moves;
      g.GenerateMoves(s, moves);
      for (auto m : moves) {
        const State c = g.Play(s, m);
        MoveList<State, TicTacToe::kMaxParents> parents;
        g.GenerateParents(c, parents);
        EXPECT_EQ(std::count(parents.begin(), parents.end(), s), 1)
            << g.FormatState(s) << " -> " << g.FormatState(c);
        ++edges;
      }
    }
    // Parents: each is a reachable non-terminal position with a move to s.
    MoveList<State, TicTacToe::kMaxParents> parents;
    g.GenerateParents(s, parents);
    EXPECT_EQ(parents.empty(), s == g.Start()) << g.FormatState(s);
    for (const State& p : parents) {
      ++parent_edges;
      EXPECT_TRUE(keys.count(g.Key(p))) << "unreachable parent " << g.FormatState(p);
      ASSERT_FALSE(g.Terminal(p)) << "terminal parent " << g.FormatState(p);
      MoveListOf<TicTacToe> moves;
      g.GenerateMoves(p, moves);
      int to_s = 0;
      for (auto m : moves) to_s += g.Play(p, m) == s;
      EXPECT_EQ(to_s, 1) << g.FormatState(p) << " -> " << g.FormatState(s);
    }
  }
  EXPECT_EQ(edges, parent_edges);
}

TEST(TicTacToeTest, IsADrawAndEveryOpeningDraws) {
  TicTacToe g;
  SolveReport r = ExpectSolversAgree(g, g.Start(), /*with_minimax=*/true);
  EXPECT_EQ(r.value, kDrawScore);
  EXPECT_EQ(r.best_moves.size(), 9u);
}

// Solvers agree on every position up to symmetry, and symmetric positions
// have the same value.
TEST(TicTacToeTest, SolversAgreeOnEverySymmetryClass) {
  TicTacToe g;
  std::set<uint64_t> done;
  for (const State& s : Reachable(g)) {
    const State c = g.Canonical(s);
    if (!done.insert(g.Key(c)).second) continue;
    SolveReport r = ExpectSolversAgree(g, c, /*with_minimax=*/true);
    for (int i = 1; i < g.NumSymmetries(); ++i)
      EXPECT_EQ(AlphaBetaSolver::Value(g, g.ApplySymmetry(c, i)).first, r.value)
          << g.FormatState(c) << " under symmetry " << i;
  }
  EXPECT_EQ(done.size(), 765u);
}

// Minimax's remoteness (fastest win, slowest loss) against a direct
// recursion written here, on every reachable non-drawn position.
struct ValueAndRemoteness {
  Score value;
  int remoteness;
};
ValueAndRemoteness Direct(const TicTacToe& g, const State& s) {
  if (auto t = g.Terminal(s)) return {*t, 0};
  MoveListOf<TicTacToe> moves;
  g.GenerateMoves(s, moves);
  ValueAndRemoteness best{-2, 0};
  for (auto m : moves) {
    ValueAndRemoteness c = Direct(g, g.Play(s, m));
    ValueAndRemoteness r{-c.value, c.remoteness + 1};
    const bool better = r.value != best.value ? r.value > best.value
                        : r.value > 0         ? r.remoteness < best.remoteness
                        : r.value < 0         ? r.remoteness > best.remoteness
                                              : false;
    if (better) best = r;
  }
  return best;
}

TEST(TicTacToeTest, MinimaxRemoteness) {
  TicTacToe g;
  int decided = 0;
  for (const State& s : Reachable(g)) {
    const ValueAndRemoteness want = Direct(g, s);
    SolveReport r = MinimaxSolver::Solve(g, s, testing::TestOptions());
    EXPECT_EQ(r.value, want.value) << g.FormatState(s);
    if (want.value == kDrawScore) {
      EXPECT_FALSE(r.remoteness.has_value()) << g.FormatState(s);
    } else {
      ++decided;
      EXPECT_EQ(r.remoteness, want.remoteness) << g.FormatState(s);
    }
  }
  EXPECT_GT(decided, 1000);
}

TEST(TicTacToeTest, KnownPositions) {
  TicTacToe g;
  struct Case {
    const char* board;
    Score value;
    std::vector<std::string> best;
  };
  const Case cases[] = {
      // X to move completes the top row; nothing else wins.
      {"XX.OO....", kWinScore, {"c1"}},
      // O to move must block c1; the game is then drawn.
      {"XX..O....", kDrawScore, {"c1"}},
      // X to move must block O's diagonal at a3, which forks a2 and b3.
      {"X.O.O...X", kWinScore, {"a3"}},
      // O to move against X's fork (threats at b2 and c2): every move loses.
      {"XOX...O.X", kLossScore, {"a2", "b2", "b3", "c2"}},
  };
  for (const Case& c : cases) {
    auto s = g.ParseState(c.board);
    ASSERT_TRUE(s.ok()) << s.status();
    SolveReport r = ExpectSolversAgree(g, *s, /*with_minimax=*/true);
    EXPECT_EQ(r.value, c.value) << c.board;
    std::vector<std::string> best = r.best_moves;
    std::sort(best.begin(), best.end());
    EXPECT_EQ(best, c.best) << c.board;
  }
}

TEST(TicTacToeTest, RejectsBadInput) {
  TicTacToe g;
  for (const char* pos : {
           "",            // empty
           "........",    // 8 cells
           "..........",  // 10 cells
           "X.O.....x",   // lower case
           "X.O.....-",   // bad character
           "XX.......",   // X two ahead
           "O........",   // O first
           "XXXOOO...",   // both players have a line
           "XXXOO.O..",   // O moved after X won
           "OOOXX.X.X",   // X moved after O won
       })
    EXPECT_FALSE(g.ParseState(pos).ok()) << pos;
  for (const char* pos : {".........", "XXXOO....", "XOXXOOOXX", "OOOXX.X.."})
    EXPECT_TRUE(g.ParseState(pos).ok()) << pos;
  const State s = *g.ParseState("X...O....");
  for (const char* mv : {"", "a", "a0", "a4", "d1", "A1", "b2 ", "a1", "b2"})
    EXPECT_FALSE(g.ParseMove(s, mv).ok()) << mv;
  EXPECT_TRUE(g.ParseMove(s, "c3").ok());
  EXPECT_FALSE(g.ParseMove(*g.ParseState("XXXOO...."), "c3").ok());  // game over
  for (const char* spec : {"tictactoe(n=4)", "tictactoe(tictactoe)"}) {
    auto parsed = ParseSpec(spec);
    ASSERT_TRUE(parsed.ok()) << spec;
    EXPECT_FALSE(TicTacToe::FromSpec(*parsed).ok()) << spec;
  }
}

}  // namespace
}  // namespace gamebench
