// Sim's tests: the rules, text, legality, symmetry and index against naive
// references, the published value of K6, and the measurement of K7/K8 (why
// ~500 lines: one game's full set of independent checks, each short).

#include "games/sim/sim.h"

#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "games/sim/sim_analysis.h"
#include "gtest/gtest.h"
#include "solvers/tt.h"
#include "tests/conformance.h"
#include "tests/solver_agreement.h"

namespace gamebench {
namespace {

using testing::ExpectSolversAgree;
using testing::MakeGame;

static_assert(Ordered<Sim> && Symmetric<Sim> && Indexed<Sim>);
static_assert(sizeof(Sim::State) <= 12 && std::is_trivially_copyable_v<Sim::State>);

// Edge (a, b) written out independently of the game's tables.
int EdgeIndexForTest(int a, int b) {
  if (a > b) std::swap(a, b);
  return b * (b - 1) / 2 + a;
}

Sim MakeSim(int n) { return MakeGame<Sim>(absl::StrCat("sim(n=", n, ")")); }

// A random position `plies` moves into a random game (stops early at the end).
Sim::State RandomPosition(const Sim& g, int plies, std::mt19937_64& rng) {
  Sim::State s = g.Start();
  for (int i = 0; i < plies && !g.Terminal(s); ++i) {
    MoveListOf<Sim> moves;
    g.GenerateMoves(s, moves);
    s = g.Play(s, moves[static_cast<int>(rng() % moves.size())]);
  }
  return s;
}

// The smallest code over all n! relabellings: the brute-force canonical form.
uint64_t BruteForceCode(const Sim& g, const Sim::State& s) {
  std::array<int, Sim::kMaxPoints> perm{};
  std::iota(perm.begin(), perm.begin() + g.n(), 0);
  uint64_t best = ~uint64_t{0};
  do {
    best = std::min(best, g.Code(g.Relabel(s, perm)));
  } while (std::next_permutation(perm.begin(), perm.begin() + g.n()));
  return best;
}

TEST(SimTest, ApiConformance) {
  for (int n = 3; n <= 8; ++n) {
    Sim g = MakeSim(n);
    testing::CheckSpecRoundTrip(g);
    testing::CheckRandomPlayouts(g, 20, g.num_edges(), /*seed=*/n);
  }
}

TEST(SimTest, SpecRange) {
  for (const char* spec : {"sim(n=2)", "sim(n=9)", "sim(n=x)", "sim(m=6)", "sim(n=6,n=7)"}) {
    auto parsed = ParseSpec(spec);
    if (!parsed.ok()) continue;
    EXPECT_FALSE(Sim::FromSpec(*parsed).ok()) << spec;
  }
  EXPECT_EQ(MakeSim(6).CanonicalSpec(), "sim(n=6)");
  EXPECT_EQ(MakeGame<Sim>("sim").n(), 6);
}

// The bit tables against a direct check with explicit points, on every n.
TEST(SimTest, TriangleTablesMatchDirectCheck) {
  std::mt19937_64 rng(19);
  for (int n = 3; n <= 8; ++n) {
    Sim g = MakeSim(n);
    auto has = [&](uint32_t mask, int a, int b) {
      return (mask >> EdgeIndexForTest(a, b) & 1) != 0;
    };
    for (int t = 0; t < 2000; ++t) {
      const uint32_t mask =
          static_cast<uint32_t>(rng()) & static_cast<uint32_t>(rng()) & g.all_edges();
      bool triangle = false;
      for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b)
          for (int c = b + 1; c < n; ++c)
            triangle |= has(mask, a, b) && has(mask, a, c) && has(mask, b, c);
      EXPECT_EQ(g.HasTriangle(mask), triangle);
      for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b) {
          bool closes = false;
          for (int c = 0; c < n; ++c)
            if (c != a && c != b) closes |= has(mask, a, c) && has(mask, b, c);
          EXPECT_EQ(g.Completes(mask, EdgeIndexForTest(a, b)), closes);
          const std::string name = {static_cast<char>('A' + a), static_cast<char>('A' + b)};
          EXPECT_EQ(Sim::EdgeName(EdgeIndexForTest(a, b)), name);
        }
    }
  }
}

// K3, K4 and K5 can be coloured without a monochromatic triangle, and with
// correct play they are; K6 is a second-player win (Mead, Rosa and Huang).
TEST(SimTest, ValuesK3ToK6AgreeAcrossSolvers) {
  const Score expected[] = {kDrawScore, kDrawScore, kDrawScore, kLossScore};
  for (int n = 3; n <= 6; ++n) {
    Sim g = MakeSim(n);
    SolveReport r = ExpectSolversAgree(g, g.Start(), /*with_minimax=*/n <= 5);
    EXPECT_EQ(r.value, expected[n - 3]) << "K" << n;
  }
}

// The exhaustive memoised analysis (no pruning) agrees with the searches,
// and its tree size is the node count of plain minimax.
TEST(SimTest, ExhaustiveAnalysisAgrees) {
  const Score expected[] = {kDrawScore, kDrawScore, kDrawScore, kLossScore};
  for (int n = 3; n <= 6; ++n) {
    Sim g = MakeSim(n);
    SimAnalysis a(g);
    SimAnalysis::Result r = a.Exhaust(g.Start());
    EXPECT_EQ(r.value, expected[n - 3]) << "K" << n;
    if (n <= 5) {
      SolveReport mm = MinimaxSolver::Solve(g, g.Start(), testing::TestOptions());
      EXPECT_EQ(static_cast<uint64_t>(r.tree_nodes), mm.nodes) << "K" << n;
    }
  }
  Sim g = MakeSim(6);
  SimAnalysis a(g);
  std::mt19937_64 rng(17);
  for (int t = 0; t < 20; ++t) {
    Sim::State s = RandomPosition(g, 5 + t % 5, rng);
    SimAnalysis::Result r = a.Exhaust(s);
    SolveReport mm = MinimaxSolver::Solve(g, s, testing::TestOptions());
    EXPECT_EQ(r.value, mm.value) << g.FormatState(s);
    if (r.value != kDrawScore) {
      EXPECT_EQ(r.remoteness, mm.remoteness.value_or(-1)) << g.FormatState(s);
    }
    EXPECT_EQ(static_cast<uint64_t>(r.tree_nodes), mm.nodes) << g.FormatState(s);
  }
  EXPECT_EQ(SimAnalysis(g).ClassesPerPly(2, 1000), (std::vector<uint64_t>{1, 1, 2}));
}

// Minimax (full tree, with remoteness) on positions a few moves into K6.
TEST(SimTest, MidgameK6AgreesWithMinimax) {
  Sim g = MakeSim(6);
  std::mt19937_64 rng(6);
  for (int t = 0; t < 12; ++t) {
    Sim::State s = RandomPosition(g, 6 + t % 4, rng);
    ExpectSolversAgree(g, s, /*with_minimax=*/true);
  }
}

TEST(SimTest, SeedPosition) {
  Sim g = MakeSim(6);
  auto s = g.ParseState("red:AB,AE,AF,BD,CD,CE,CF blue:AC,AD,BC,BE,BF,DE,DF");
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_TRUE(Sim::RedToMove(*s));
  EXPECT_FALSE(g.Terminal(*s));
  MoveListOf<Sim> moves;
  g.GenerateMoves(*s, moves);
  ASSERT_EQ(moves.size(), 1);
  EXPECT_EQ(g.FormatMove(*s, moves[0]), "EF");
  Sim::State after = g.Play(*s, moves[0]);
  EXPECT_EQ(g.Terminal(after), kWinScore);  // red closed CEF: blue wins
  SolveReport r = ExpectSolversAgree(g, *s, /*with_minimax=*/true);
  EXPECT_EQ(r.value, kLossScore);
  EXPECT_EQ(r.best_moves, std::vector<std::string>{"EF"});
}

TEST(SimTest, TextRoundTrips) {
  Sim g = MakeSim(6);
  EXPECT_EQ(g.FormatState(g.Start()), "red:- blue:-");
  auto s = g.ParseState("red:BA,EA blue:CA");  // either letter order, any edge order
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(g.FormatState(*s), "red:AB,AE blue:AC");
  EXPECT_FALSE(Sim::RedToMove(*s));
  auto empty = g.ParseState("red: blue:");
  ASSERT_TRUE(empty.ok()) << empty.status();
  EXPECT_TRUE(*empty == g.Start());
  std::mt19937_64 rng(3);
  for (int n = 3; n <= 8; ++n) {
    Sim k = MakeSim(n);
    for (int t = 0; t < 50; ++t) {
      Sim::State p = RandomPosition(k, static_cast<int>(rng() % (k.num_edges() + 1)), rng);
      auto back = k.ParseState(k.FormatState(p));
      ASSERT_TRUE(back.ok()) << back.status();
      EXPECT_TRUE(*back == p) << k.FormatState(p);
      if (k.Terminal(p)) continue;
      MoveListOf<Sim> moves;
      k.GenerateMoves(p, moves);
      for (auto m : moves) {
        auto pm = k.ParseMove(p, k.FormatMove(p, m));
        ASSERT_TRUE(pm.ok()) << pm.status();
        EXPECT_EQ(*pm, m);
      }
    }
  }
}

TEST(SimTest, RejectsBadPositions) {
  Sim g = MakeSim(6);
  const char* bad[] = {
      "",                                           // malformed
      "red:AB",                                     // no blue part
      "blue:AB red:-",                              // wrong order
      "red:AB blue:AB",                             // coloured twice
      "red:AB,BA blue:CD",                          // coloured twice, same colour
      "red:AG blue:-",                              // unknown point on K6
      "red:Ab blue:-",                              // unknown point
      "red:AA blue:-",                              // loop
      "red:ABC blue:-",                             // malformed edge
      "red:AB, blue:-",                             // empty edge name
      "red:- blue:AB",                              // blue ahead of red
      "red:AB,AC,AD blue:BC",                       // red two ahead
      "red:AB,AC,BC blue:DE,DF,EF",                 // red to move already has a triangle
      "red:AB,AC,BC,DE,DF,EF blue:AD,AE,AF,BD,BE",  // red's triangles share no edge
      "red:AB blue:- extra",                        // trailing text
  };
  for (const char* pos : bad) {
    auto s = g.ParseState(pos);
    EXPECT_FALSE(s.ok()) << "accepted: '" << pos << "'";
    if (!s.ok()) {
      EXPECT_EQ(std::string(s.status().message()).find('\n'), std::string::npos);
    }
  }
  // A finished game is a legal position: the last mover (red) closed ABC.
  auto over = g.ParseState("red:AB,AC,BC blue:DE,DF");
  ASSERT_TRUE(over.ok()) << over.status();
  EXPECT_EQ(g.Terminal(*over), kWinScore);
  for (const char* mv : {"", "A", "AG", "AA", "ABC", "ab"})
    EXPECT_FALSE(g.ParseMove(g.Start(), mv).ok()) << mv;
  auto one = g.ParseState("red:AB blue:-");
  ASSERT_TRUE(one.ok());
  EXPECT_FALSE(g.ParseMove(*one, "AB").ok());   // already coloured
  EXPECT_FALSE(g.ParseMove(*over, "EF").ok());  // the game is over
}

// Canonical(s) is invariant under every relabelling (n <= 6) or random ones
// (n = 7, 8), idempotent, and isomorphic to s.
TEST(SimTest, CanonicalInvariantUnderRelabelling) {
  std::mt19937_64 rng(7);
  for (int n = 3; n <= 8; ++n) {
    Sim g = MakeSim(n);
    const int64_t syms = g.NumSymmetries();
    for (int t = 0; t < (n <= 6 ? 40 : 200); ++t) {
      Sim::State s = RandomPosition(g, static_cast<int>(rng() % (g.num_edges() + 1)), rng);
      Sim::State c = g.Canonical(s);
      EXPECT_TRUE(g.Canonical(c) == c);
      EXPECT_EQ(c.lost, s.lost);
      EXPECT_EQ(__builtin_popcount(c.red), __builtin_popcount(s.red));
      if (n <= 6) {
        EXPECT_EQ(BruteForceCode(g, c), BruteForceCode(g, s));
        for (int64_t i = 0; i < syms; ++i)
          ASSERT_TRUE(g.Canonical(g.ApplySymmetry(s, i)) == c)
              << "K" << n << " " << g.FormatState(s) << " symmetry " << i;
      } else {
        if (t < 4) {
          EXPECT_EQ(BruteForceCode(g, c), BruteForceCode(g, s));  // isomorphic
        }
        for (int k = 0; k < 20; ++k) {
          int64_t i = static_cast<int64_t>(rng() % static_cast<uint64_t>(syms));
          ASSERT_TRUE(g.Canonical(g.ApplySymmetry(s, i)) == c)
              << "K" << n << " " << g.FormatState(s) << " symmetry " << i;
        }
      }
    }
  }
}

// Two positions get the same canonical form exactly when they are
// isomorphic (the brute-force minimum over all n! relabellings agrees).
TEST(SimTest, CanonicalDistinguishesNonIsomorphic) {
  std::mt19937_64 rng(11);
  for (int n = 4; n <= 6; ++n) {
    Sim g = MakeSim(n);
    std::map<uint64_t, uint64_t> canon_to_brute, brute_to_canon;
    for (int t = 0; t < 300; ++t) {
      // Many positions with few or equal-degree edges: the hard cases.
      Sim::State s = RandomPosition(g, static_cast<int>(rng() % (g.num_edges() / 2 + 3)), rng);
      uint64_t canon = g.Key(g.Canonical(s)), brute = BruteForceCode(g, s);
      auto [a, inserted_a] = canon_to_brute.emplace(canon, brute);
      EXPECT_EQ(a->second, brute) << "merged non-isomorphic positions: " << g.FormatState(s);
      auto [b, inserted_b] = brute_to_canon.emplace(brute, canon);
      EXPECT_EQ(b->second, canon) << "split isomorphic positions: " << g.FormatState(s);
    }
    EXPECT_GT(canon_to_brute.size(), 10u);
  }
}

// Exhaustively on K6: the canonical forms of every reachable position, level
// by level, are pairwise non-isomorphic (so Canonical never splits a class)
// and the per-ply counts match ClassesPerPly.
TEST(SimTest, CanonicalFormsOfAllK6PositionsArePairwiseNonIsomorphic) {
  Sim g = MakeSim(6);
  std::vector<uint64_t> counts = {1};
  std::vector<Sim::State> level = {g.Canonical(g.Start())};
  while (!level.empty()) {
    std::set<uint64_t> keys, brute;
    std::vector<Sim::State> next;
    for (const auto& s : level) {
      if (g.Terminal(s)) continue;
      MoveListOf<Sim> moves;
      g.GenerateMoves(s, moves);
      for (auto m : moves) {
        Sim::State c = g.Canonical(g.Play(s, m));
        if (keys.insert(g.Key(c)).second) {
          next.push_back(c);
          brute.insert(BruteForceCode(g, c));
        }
      }
    }
    EXPECT_EQ(brute.size(), keys.size()) << "ply " << counts.size();
    if (!next.empty()) counts.push_back(next.size());
    level = std::move(next);
  }
  std::vector<uint64_t> expected = SimAnalysis(g).ClassesPerPly(g.num_edges(), 1 << 20);
  while (!expected.empty() && expected.back() == 0) expected.pop_back();
  EXPECT_EQ(counts, expected);
}

// Highly symmetric positions (regular colourings) where refinement splits
// nothing: the search must still be invariant.
TEST(SimTest, CanonicalOnSymmetricPositions) {
  Sim g = MakeSim(8);
  for (const char* pos :
       {"red:AB,CD,EF,GH blue:AC,BD,EG,FH",
        "red:AB,BC,CD,DE,EF,FG,GH,AH blue:AC,BD,CE,DF,EG,FH,AG,BH",
        "red:AB,BC,CD,AD,EF,FG,GH,EH blue:AE,BF,CG,DH,AC,BD,EG,FH", "red:- blue:-"}) {
    auto s = g.ParseState(pos);
    ASSERT_TRUE(s.ok()) << pos << ": " << s.status();
    Sim::State c = g.Canonical(*s);
    std::mt19937_64 rng(5);
    for (int k = 0; k < 200; ++k) {
      int64_t i = static_cast<int64_t>(rng() % static_cast<uint64_t>(g.NumSymmetries()));
      ASSERT_TRUE(g.Canonical(g.ApplySymmetry(*s, i)) == c) << pos;
    }
  }
}

// GenerateParents is the exact inverse of GenerateMoves.
TEST(SimTest, ParentsInvertMoves) {
  std::mt19937_64 rng(13);
  for (int n = 4; n <= 8; ++n) {
    Sim g = MakeSim(n);
    for (int t = 0; t < 100; ++t) {
      Sim::State s = RandomPosition(g, static_cast<int>(rng() % (g.num_edges() + 1)), rng);
      ASSERT_EQ(g.Index(g.Unindex(g.Index(s))), g.Index(s));
      ASSERT_TRUE(g.Unindex(g.Index(s)) == s);
      // Every child lists s among its parents.
      if (!g.Terminal(s)) {
        MoveListOf<Sim> moves;
        g.GenerateMoves(s, moves);
        for (auto m : moves) {
          Sim::State child = g.Play(s, m);
          MoveList<Sim::State, Sim::kMaxParents> parents;
          g.GenerateParents(child, parents);
          EXPECT_EQ(std::count(parents.begin(), parents.end(), s), 1) << g.FormatState(child);
        }
      }
      // Every parent lists s among its children.
      MoveList<Sim::State, Sim::kMaxParents> parents;
      g.GenerateParents(s, parents);
      for (const auto& p : parents) {
        ASSERT_FALSE(g.Terminal(p));
        MoveListOf<Sim> moves;
        g.GenerateMoves(p, moves);
        int found = 0;
        for (auto m : moves) found += g.Play(p, m) == s ? 1 : 0;
        EXPECT_EQ(found, 1) << g.FormatState(p) << " -> " << g.FormatState(s);
      }
    }
  }
}

// On K4 and K5 the legal indices are exactly the positions reachable from
// the start, and parents/moves agree on the whole graph.
TEST(SimTest, IndexCoversExactlyTheReachablePositions) {
  for (int n = 4; n <= 5; ++n) {
    Sim g = MakeSim(n);
    std::set<uint64_t> reachable;
    std::vector<Sim::State> stack = {g.Start()};
    reachable.insert(g.Index(g.Start()));
    while (!stack.empty()) {
      Sim::State s = stack.back();
      stack.pop_back();
      if (g.Terminal(s)) continue;
      MoveListOf<Sim> moves;
      g.GenerateMoves(s, moves);
      for (auto m : moves) {
        Sim::State c = g.Play(s, m);
        if (reachable.insert(g.Index(c)).second) stack.push_back(c);
      }
    }
    uint64_t legal = 0, parent_links = 0, child_links = 0;
    for (uint64_t i = 0; i < g.IndexSize(); ++i) {
      Sim::State s = g.Unindex(i);
      if (g.Index(s) != i) {
        EXPECT_EQ(reachable.count(i), 0u) << "reachable but rejected: " << i;
        continue;
      }
      ++legal;
      EXPECT_EQ(reachable.count(i), 1u) << "legal but unreachable: " << g.FormatState(s);
      MoveList<Sim::State, Sim::kMaxParents> parents;
      g.GenerateParents(s, parents);
      parent_links += parents.size();
      if (!g.Terminal(s)) {
        MoveListOf<Sim> moves;
        g.GenerateMoves(s, moves);
        child_links += moves.size();
      }
    }
    EXPECT_EQ(legal, reachable.size());
    EXPECT_EQ(parent_links, child_links);
    EXPECT_EQ(g.Index(Sim::kInvalid), g.IndexSize());
  }
}

TEST(SimTest, IndexSizes) {
  EXPECT_EQ(MakeSim(5).IndexSize(), 59049u);
  EXPECT_EQ(MakeSim(6).IndexSize(), 14348907u);
  EXPECT_EQ(MakeSim(8).IndexSize(), 22876792454961ull);  // 3^28
}

// The heuristic puts moves that close an own triangle last.
TEST(SimTest, MoveOrderPutsSuicideLast) {
  Sim g = MakeSim(6);
  auto s = g.ParseState("red:AB,AC blue:DE,DF");
  ASSERT_TRUE(s.ok());
  auto bc = g.ParseMove(*s, "BC");
  ASSERT_TRUE(bc.ok());
  MoveListOf<Sim> moves;
  g.GenerateMoves(*s, moves);
  for (auto m : moves) {
    if (m == *bc) continue;
    EXPECT_GT(g.MoveOrder(*s, m), g.MoveOrder(*s, *bc)) << g.FormatMove(*s, m);
  }
}

// K7 is a second-player win (Melnikov): small enough to solve here by tt
// with symmetry (a few thousand canonical positions).
TEST(SimTest, K7IsASecondPlayerWin) {
  Sim g = MakeSim(7);
  SolveOptions o = testing::TestOptions();
  o.best_moves = false;
  SolveReport r = TtSolver::Solve(g, g.Start(), o);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.value, kLossScore);
}

// Measurements for results/sim.md, too long for the suite: run with
//   build/sim_test --gtest_also_run_disabled_tests --gtest_filter='*DISABLED_Measure*'
// The exhaustive analysis of K7 and K8 (every class, no pruning) and the
// classes per ply.
std::string Decimal(SimAnalysis::Count x) {
  std::string s;
  do {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(x % 10)));
    x /= 10;
  } while (x != 0);
  return s;
}

TEST(SimTest, DISABLED_MeasureExhaustive) {
  for (int n = 6; n <= 8; ++n) {
    Sim g = MakeSim(n);
    Stopwatch watch;
    SimAnalysis a(g);
    std::vector<uint64_t> per_ply = a.ClassesPerPly(g.num_edges(), 400000000);
    double ply_seconds = watch.Seconds();
    uint64_t total = 0;
    for (uint64_t c : per_ply) total += c;
    std::printf("K%d classes per ply (terminal included, %.1f s): %s  total %lu\n", n, ply_seconds,
                absl::StrJoin(per_ply, " ").c_str(), static_cast<unsigned long>(total));
    std::fflush(stdout);
    Stopwatch exhaust_watch;
    SimAnalysis::Result r = a.Exhaust(g.Start());
    std::printf(
        "K%d exhaustive: value %s, remoteness %d, non-terminal classes %lu, game tree %s "
        "nodes, %.1f s\n",
        n, ScoreText(r.value, false).c_str(), r.remoteness, static_cast<unsigned long>(a.classes()),
        Decimal(r.tree_nodes).c_str(), exhaust_watch.Seconds());
    std::fflush(stdout);
  }
}

}  // namespace
}  // namespace gamebench
