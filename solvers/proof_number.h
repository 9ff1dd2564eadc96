#ifndef GAMEBENCH_SOLVERS_PROOF_NUMBER_H_
#define GAMEBENCH_SOLVERS_PROOF_NUMBER_H_

// Pieces shared by the proof-number solvers (pns, dfpn).
//
// Questions, not values. Proof-number search answers yes/no questions; here
// every question is "is the value of this position, for the player to move,
// at least t?" (a threshold t). In negamax form the question at a child is
// "at least 1 - t?": a position is >= t iff some child is < 1 - t... i.e. not
// >= 1 - t. With t = 1 that is "can the mover win?", with t = 0 "can the mover
// avoid losing?". The value of a position follows from a few questions
// (DecideByProofs): for win/loss/draw games at most the two above, for scored
// games a binary search over [MinScore, MaxScore]. So both solvers give the
// exact value the other solvers give, on every game they apply to.
//
// Bounds, not only answers. Besides its proof and disproof numbers for the
// question asked, every node keeps bounds lower <= value <= upper, computed
// from its children's bounds (value = max over children of -value(child)),
// and terminal positions give exact bounds. A proof of ">= t" often proves
// more: in a game without draws the proof that the mover cannot win (t = 1)
// proves every node on it exactly won or lost, so the root's upper bound drops
// to -1 (a loss) and no second question is asked. Bounds are stored with the
// proof numbers and answer later questions at other thresholds, including the
// best-move questions.
//
// Proof and disproof numbers (Allis 1994) for the question ">= t" at a node:
// pn is the least number of leaves that must be proved to show "yes", dn to
// show "no". In negamax form pn(n) = min over children of dn(c) and dn(n) =
// sum over children of pn(c), both for the children's question ">= 1 - t".
// kInfinity marks an answered question (pn = 0, dn = kInfinity: yes).

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>

#include "core/game.h"
#include "core/json.h"
#include "core/memory.h"
#include "core/score.h"
#include "core/solve.h"
#include "solvers/search_common.h"
#include "solvers/transposition_table.h"

namespace gamebench {

using ProofNumber = uint32_t;
inline constexpr ProofNumber kInfinity = 0xFFFFFFFFu;

// a + b, kInfinity if either is, never more than kInfinity - 1 otherwise.
inline ProofNumber AddProofNumbers(ProofNumber a, ProofNumber b) {
  if (a == kInfinity || b == kInfinity) return kInfinity;
  const uint64_t sum = uint64_t{a} + b;
  return sum >= kInfinity ? kInfinity - 1 : static_cast<ProofNumber>(sum);
}

// What a node knows: bounds on its value, and the proof and disproof numbers
// of one question (`threshold`).
struct ProofState {
  ProofNumber pn = 1, dn = 1;
  Score lower = 0, upper = 0;
  // Sets pn and dn from the bounds when they answer the question ">= t".
  bool AnsweredBy(Score t) {
    if (lower >= t) {
      pn = 0;
      dn = kInfinity;
      return true;
    }
    if (upper < t) {
      pn = kInfinity;
      dn = 0;
      return true;
    }
    return false;
  }
};

// Tightens the bounds of a non-terminal position s by the game's tactics
// (Tactical; a no-op for other games), so that a proof-number search settles
// at a leaf what alpha-beta settles there through ApplyTactics: an immediate
// win is exact, and ValueBounds holds whenever WinNow is nullopt and the
// mover has a non-losing move (core/game.h).
template <Game G>
void ApplyTacticalBounds(const G& game, const typename G::State& s, ProofState& ps) {
  if constexpr (Tactical<G>) {
    if (auto w = game.WinNow(s)) {
      ps.lower = ps.upper = *w;
      return;
    }
    MoveListOf<G> non_losing;
    game.GenerateNonLosingMoves(s, non_losing);
    if (non_losing.empty()) return;
    const auto [lower, upper] = game.ValueBounds(s);
    ps.lower = std::max(ps.lower, lower);
    ps.upper = std::min(ps.upper, upper);
  }
}

// The table's size: tt_bytes (--tt-size), but never more than the memory
// budget (--memory) allows.
inline uint64_t ProofTableBytes(const SolveOptions& options) {
  const uint64_t budget = options.memory_bytes ? options.memory_bytes : DefaultMemoryBudget();
  return std::min(options.tt_bytes, budget);
}

// A fixed-size table of bounds and proof numbers, built like
// solvers/transposition_table.h (and with its helpers): memory fixed at
// construction, two-entry buckets, the first entry kept for the larger
// subtree, the second always replaced. A full table evicts (a search then may repeat work, never
// goes wrong: entries are only hints and proven bounds). Each entry stores the full 64-bit key, so
// a hit is exact whenever the game's Key() is.
class ProofTable {
 public:
  struct Entry {
    uint64_t key;
    ProofNumber pn, dn;  // for the question ">= threshold"
    int16_t lower, upper;
    int16_t threshold;
    uint8_t work;  // 1 + log2(nodes of the subtree); 0 marks an empty slot
    uint8_t unused;
  };
  static_assert(sizeof(Entry) == 24);
  static constexpr int kWays = 2;

  explicit ProofTable(uint64_t bytes)
      : num_buckets_(std::max<uint64_t>(1, bytes / (kWays * sizeof(Entry)))),
        entries_(new Entry[num_buckets_ * kWays]) {
    std::memset(entries_.get(), 0, num_buckets_ * kWays * sizeof(Entry));
  }

  uint64_t capacity() const { return num_buckets_ * kWays; }
  uint64_t bytes() const { return capacity() * sizeof(Entry); }

  // Fills `out` with what the table knows of `key` for the question ">= t":
  // its bounds (tightening out's), and its proof numbers if they are for t.
  // False when the table holds nothing for the key.
  bool Lookup(uint64_t key, Score t, ProofState& out) {
    ++probes_;
    const Entry* b = Bucket(key);
    for (int i = 0; i < kWays; ++i) {
      if (b[i].work != 0 && b[i].key == key) {
        ++hits_;
        out.lower = std::max<Score>(out.lower, b[i].lower);
        out.upper = std::min<Score>(out.upper, b[i].upper);
        if (!out.AnsweredBy(t) && b[i].threshold == t) {
          out.pn = b[i].pn;
          out.dn = b[i].dn;
        }
        return true;
      }
    }
    return false;
  }

  void Store(uint64_t key, Score t, const ProofState& s, uint64_t subtree_nodes) {
    ++stores_;
    Entry e{key,
            s.pn,
            s.dn,
            static_cast<int16_t>(s.lower),
            static_cast<int16_t>(s.upper),
            static_cast<int16_t>(t),
            WorkOfNodes(subtree_nodes),
            0};
    StoreInBucket(Bucket(key), e, overwrites_);
  }

  uint64_t CountUsed() const {
    uint64_t n = 0;
    for (uint64_t i = 0; i < capacity(); ++i) n += entries_[i].work != 0;
    return n;
  }

  Json Stats() const {
    return TableStats(bytes(), capacity(), CountUsed(), probes_, hits_, stores_, overwrites_);
  }

 private:
  Entry* Bucket(uint64_t key) { return &entries_[BucketIndexOf(key, num_buckets_) * kWays]; }

  uint64_t num_buckets_;
  std::unique_ptr<Entry[]> entries_;
  uint64_t probes_ = 0, hits_ = 0, stores_ = 0, overwrites_ = 0;
};

// The answer to one question at the root of a proof search.
struct ProofResult {
  bool stopped = false;  // the time limit ended it: nothing is answered
  ProofState state;      // bounds; pn, dn at the end (one is 0 when answered)
};

// The value of `root`, then (optionally) every move that achieves it, by
// questions to `search`, which provides
//   ProofResult Prove(const State& s, Score t)   // answers ">= t" at s
// Fills value, best_moves, complete and the root's last proof numbers.
template <Game G, typename Search>
void DecideByProofs(const G& game, const typename G::State& root, const SolveOptions& options,
                    Search& search, SolveReport& report) {
  // Step 1: the value, by questions at thresholds between the known bounds.
  // The first threshold is the top of the range (for win/loss games: "can the
  // mover win?"), then the middle of what is left.
  Score lower = game.MinScore(), upper = game.MaxScore();
  int questions = 0;
  ProofState last;
  bool stopped = false;
  while (lower < upper) {
    const Score t = lower + (upper - lower) / 2 + 1;
    ProofResult r = search.Prove(root, t);
    ++questions;
    last = r.state;
    if (r.stopped) {
      stopped = true;
      break;
    }
    lower = std::max(lower, r.state.lower);
    upper = std::min(upper, r.state.upper);
  }
  report.value = lower;
  // Step 2: every move whose child's value is at most -value (it cannot be
  // less): the question "child >= 1 - value?" must be answered no.
  if (!stopped && options.best_moves && !game.Terminal(root)) {
    MoveListOf<G> moves;
    game.GenerateMoves(root, moves);
    for (auto m : moves) {
      const Score t = 1 - report.value;
      bool best = true;
      if (t <= game.MaxScore()) {
        ProofResult r = search.Prove(game.Play(root, m), t);
        if (r.stopped) {
          stopped = true;
          break;
        }
        best = r.state.upper < t;
      }
      if (best) report.best_moves.push_back(game.FormatMove(root, m));
    }
  }
  report.complete = !stopped;
  report.stats.Set("questions", questions);
  report.stats.Set("root_proof_number", static_cast<uint64_t>(last.pn));
  report.stats.Set("root_disproof_number", static_cast<uint64_t>(last.dn));
  report.stats.Set("root_lower", lower);
  report.stats.Set("root_upper", upper);
}

// The fields every proof-number solver fills at the end: nodes, seconds, the
// table's counters, then the questions' figures DecideByProofs left in
// report.stats, positions generated, and the options used.
template <typename Search>
void FinishProofReport(Search& search, const ProofTable& table, const SolveOptions& options,
                       SolveReport& report) {
  report.nodes = search.monitor.nodes();
  report.seconds = search.monitor.seconds();
  search.monitor.Finish();
  Json stats = table.Stats();
  for (const auto& [k, v] : report.stats.as_object()) stats.Set(k, v);
  stats.Set("children_generated", search.generated);
  stats.Set("symmetry", search.use_symmetry);
  stats.Set("move_ordering", options.move_ordering);
  report.stats = std::move(stats);
}

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_PROOF_NUMBER_H_
