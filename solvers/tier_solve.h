#ifndef GAMEBENCH_SOLVERS_TIER_SOLVE_H_
#define GAMEBENCH_SOLVERS_TIER_SOLVE_H_

// One tier of the backward pass (solvers/tier_backward_pass.h): every
// reachable position of this rank's share scans its moves. Children in
// child tiers are already solved (held in memory, solvers/tier_cache.h, or
// loaded from disk; with more ranks, fetched from their owners a batch at a
// time, solvers/tier_exchange.h). A position with no move inside its own
// tier is decided at once: a win in r+1 if some child is a loss in r (the
// least r), else a draw if some child is a draw, else a loss in 1 + the
// largest child remoteness. A move to an earlier tier, or to a tier
// ChildTiers does not list, is an error. The positions with moves inside
// the tier (loopy tiers: Dodgem) are settled by the fixpoint of
// solvers/tier_fixpoint.h; what stays undecided is a draw.

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/memory.h"
#include "core/move_list.h"
#include "core/zeroed_array.h"
#include "solvers/retrograde_table.h"
#include "solvers/tier_analysis_state.h"
#include "solvers/tier_cache.h"
#include "solvers/tier_exchange.h"
#include "solvers/tier_fixpoint.h"
#include "solvers/tiered_options.h"
#include "tbb/combinable.h"

namespace gamebench::tiered {

template <Tiered G, typename Comm>
class TierSolver {
 public:
  using State = typename G::State;

  TierSolver(AnalysisState<G, Comm>& run, TierCache& held) : run_(run), held_(held) {}

  // Solves this rank's share of `tier` into `entries`, writes it, and fills
  // summary's counts (all ranks together). Collective.
  absl::Status Solve(int tier, ZeroedArray<uint16_t>& entries, TierSummary& summary) {
    const TierPartition& part = run_.graph.partition(tier);
    if (auto st = HoldChildren(tier); !st.ok()) return st;
    // This rank's reachable positions.
    std::vector<char> reach_data;
    auto reach_header = run_.files.LoadReach(tier, part.size(), reach_data);
    if (!reach_header.ok()) run_.FailWith(reach_header.status());
    if (auto st = run_.errors.Check(run_.comm); !st.ok()) return st;
    const uint64_t* reach = reinterpret_cast<const uint64_t*>(reach_data.data());
    const uint64_t words = reach_data.size() / 8;

    Scan scan(part.LocalSize(run_.rank));
    scan.tier = tier;
    scan.reach = reach;
    entries = ZeroedArray<uint16_t>(scan.n);
    scan.entries = entries.data();
    run_.progress.Phase(absl::StrCat("tiers: solve tier ", tier, " of ", run_.num_tiers() - 1),
                        reach_header->positions);
    uint64_t batch = 0;
    const uint64_t batches = Batches(run_.comm, words, batch);
    for (uint64_t k = 0; k < batches; ++k) {
      const uint64_t begin = std::min(words, k * batch), end = std::min(words, begin + batch);
      if (run_.ranks > 1) FetchRemoteChildren(scan, begin, end);
      auto scan_range = [&](const WordRange& range, auto one) { ScanRange(scan, range, one); };
      run_.ForBatch(begin, end, scan_range);
    }
    scan.remote = RemoteValues();
    if (auto st = run_.errors.Check(run_.comm); !st.ok()) return st;
    std::vector<uint64_t> inside;
    scan.inside_moves.combine_each(
        [&](const std::vector<uint64_t>& v) { inside.insert(inside.end(), v.begin(), v.end()); });
    if (run_.comm.AllreduceMax(inside.empty() ? 0 : 1) != 0) {
      if (auto st = SolveLoops(tier, entries, scan.side, inside); !st.ok()) return st;
    }
    return Finish(tier, part, entries, summary);
  }

 private:
  // One tier's scan: what the threads share.
  struct Scan {
    explicit Scan(uint64_t share) : n(share), side(share) {}
    int tier = 0;
    const uint64_t* reach = nullptr;  // this rank's reachable positions
    uint64_t n;                       // this rank's share of the tier
    uint16_t* entries = nullptr;
    ZeroedArray<uint32_t> side;                           // touched only in loopy tiers
    tbb::combinable<std::vector<uint64_t>> inside_moves;  // (child, parent) pairs
    std::atomic<uint64_t> done{0};
    std::atomic<uint64_t> inside_count{0};
    RemoteValues remote;  // this batch's children other ranks own
  };

  // This rank's shares of the child tiers' values: in memory, or from disk.
  absl::Status HoldChildren(int tier) {
    child_.assign(run_.num_tiers(), nullptr);
    for (int c = tier + 1; c < run_.num_tiers(); ++c) {
      if (!run_.graph.IsChild(tier, c) || run_.reachable[c] == 0) continue;
      if (!held_.Find(c)) {
        ZeroedArray<uint16_t> loaded;
        auto h = run_.files.LoadValues(c, run_.graph.partition(c), loaded);
        if (!h.ok()) run_.FailWith(h.status());
        if (auto st = run_.errors.Check(run_.comm); !st.ok()) return st;
        held_.Keep(c, std::move(loaded));
      }
      child_[c] = held_.Find(c)->data();
    }
    return absl::OkStatus();
  }

  // First scan of a batch with more ranks: the children other ranks own,
  // asked of their owners in one exchange.
  void FetchRemoteChildren(Scan& scan, uint64_t begin, uint64_t end) {
    const TierPartition& part = run_.graph.partition(scan.tier);
    ParallelFor(WordRange(begin, end, 64), [&](const WordRange& range) {
      MoveListOf<G> moves;
      for (uint64_t w = range.begin(); w != range.end(); ++w) {
        for (uint64_t b = scan.reach[w]; b; b &= b - 1) {
          const uint64_t index = part.Global(run_.rank, w * 64 + std::countr_zero(b));
          run_.ForEachChild(scan.tier, index, moves, [&](const State&, const State& c, int to) {
            if (to == scan.tier || !run_.graph.IsChild(scan.tier, to)) return;  // the scan says
            const uint64_t child_index = run_.game.TierIndex(c);
            const int owner = run_.graph.partition(to).Owner(child_index);
            if (owner != run_.rank) run_.outboxes.To(owner).push_back(Key(to, child_index));
          });
        }
      }
    });
    auto held = [&](int tier, uint64_t index) -> const uint16_t* {
      const ZeroedArray<uint16_t>* values = tier < run_.num_tiers() ? held_.Find(tier) : nullptr;
      const TierPartition* part_of = values ? &run_.graph.partition(tier) : nullptr;
      if (!values || part_of->Owner(index) != run_.rank) return nullptr;
      return &(*values)[part_of->Local(index)];
    };
    FetchRemoteValues(run_.comm, run_.outboxes, held, run_.errors, scan.remote);
  }

  // The value of position `index` of child tier `tier`.
  template <typename One>
  uint16_t ChildValue(const Scan& scan, int tier, uint64_t index, One) const {
    if constexpr (One::value) return child_[tier][index];
    const TierPartition& part = run_.graph.partition(tier);
    const int owner = part.Owner(index);
    return owner == run_.rank ? child_[tier][part.Local(index)]
                              : scan.remote.Find(owner, Key(tier, index));
  }

  template <typename One>
  void ScanRange(Scan& scan, const WordRange& range, One one) {
    const int tier = scan.tier;
    const TierPartition& part = run_.graph.partition(tier);
    uint16_t* e = scan.entries;
    MoveListOf<G> moves;
    uint64_t inside[G::kMaxMoves];
    uint64_t scanned = 0, pushed = 0;  // positions scanned, in-tier moves stored
    for (uint64_t w = range.begin(); w != range.end(); ++w) {
      for (uint64_t b = scan.reach[w]; b; b &= b - 1, ++scanned) {
        const uint64_t j = w * 64 + std::countr_zero(b);
        const uint64_t index = run_.GlobalIndex(part, j, one);
        const State s = run_.game.TierUnindex(tier, index);
        if (auto term = run_.game.Terminal(s)) {
          e[j] = retro::Entry(*term > 0 ? retro::kWin : *term < 0 ? retro::kLoss : retro::kDraw, 0);
          continue;
        }
        moves.clear();
        run_.game.GenerateMoves(s, moves);
        int num_inside = 0;
        retro::ChildFold fold;
        for (auto m : moves) {
          const State c = run_.game.Play(s, m);
          const int to = run_.game.TierOf(c);
          if (to == tier) {
            const uint64_t child_index = run_.game.TierIndex(c);
            bool repeat = false;
            for (int q = 0; q < num_inside; ++q) repeat |= inside[q] == child_index;
            if (!repeat) inside[num_inside++] = child_index;
            continue;
          }
          if (!run_.graph.IsChild(tier, to)) {
            run_.errors.Fail(MoveOutOfOrder(run_.game, s, tier, to));
            continue;
          }
          const uint16_t v = ChildValue(scan, to, run_.game.TierIndex(c), one);
          if (!fold.Add(v))
            run_.errors.Fail(absl::StrCat("tier ", to, " has no value for ",
                                          run_.game.FormatState(c), ", a child of the reachable ",
                                          run_.game.FormatState(s)));
        }
        if (num_inside == 0) {
          e[j] = fold.entry();
          continue;
        }
        e[j] = retro::Entry(retro::kUndecided, num_inside);
        scan.side[j] = tier_fixpoint::Side(fold.any_loss ? fold.min_loss + 1 : 0, fold.max_win + 1,
                                           fold.any_draw);
        if (run_.errors.over_budget()) continue;
        std::vector<uint64_t>& out = scan.inside_moves.local();
        for (int q = 0; q < num_inside; ++q) {
          out.push_back(inside[q]);
          out.push_back(index);
        }
        pushed += num_inside;
      }
    }
    if (pushed) ChargeInsideMoves(tier, scan.n, scan.inside_count.fetch_add(pushed) + pushed);
    run_.ReportProgress(scan.done.fetch_add(scanned) + scanned);
  }

  // Past what the budget leaves beside the tiers, the run stops with what it
  // has finished on disk, instead of exceeding --memory.
  void ChargeInsideMoves(int tier, uint64_t share, uint64_t moves) {
    if (run_.fixpoint_budget.Fits(share, moves)) return;
    run_.errors.FailOverBudget(absl::StrCat(
        "tier ", tier, " of ", run_.game.CanonicalSpec(), " has moves inside it (", moves,
        " so far) whose fixpoint needs more than the ", FormatBytes(run_.fixpoint_budget.left()),
        " the memory budget leaves beside the tiers (--memory); the finished "
        "tiers are on disk: rerun with a larger --memory to resume"));
  }

  // A loopy tier: with one rank the fixpoint runs on the shares as they are.
  // With more, each rank keeps its share: every in-tier move (child, parent)
  // goes to the child's owner, which then holds the parents of its own
  // positions; the fixpoint runs level by level on every rank at once, the
  // events for parents another rank owns exchanged at the end of each level.
  absl::Status SolveLoops(int tier, ZeroedArray<uint16_t>& entries, ZeroedArray<uint32_t>& side,
                          std::vector<uint64_t>& inside) {
    const TierPartition& part = run_.graph.partition(tier);
    if (run_.ranks == 1) return TierFixpoint(part.size(), entries.data(), side, inside);
    const uint64_t batch = kBatchWords * 64 * G::kMaxMoves;  // moves per exchange
    std::vector<std::pair<uint64_t, uint64_t>> pairs =
        MovesToChildOwners(run_.comm, tier, part, batch, inside, run_.errors);
    if (auto st = run_.errors.Check(run_.comm); !st.ok()) return st;
    std::sort(pairs.begin(), pairs.end());
    FixpointPeers<Comm> peers(run_.comm, part, run_.errors);
    const absl::Status st =
        TierFixpoint(part.LocalSize(run_.rank), entries.data(), side, pairs, peers);
    if (auto err = run_.errors.Check(run_.comm); !err.ok()) return err;
    return st;
  }

  // What stays undecided is a draw; this rank's share is counted and
  // written, and the counts summed over the ranks.
  absl::Status Finish(int tier, const TierPartition& part, ZeroedArray<uint16_t>& entries,
                      TierSummary& summary) {
    uint16_t* e = entries.data();
    const uint64_t n = entries.size();
    uint64_t counts[4] = {0, 0, 0, 0};  // positions, wins, losses, draws
    for (uint64_t j = 0; j < n; ++j) {
      if (e[j] == 0) continue;
      if (retro::TagOf(e[j]) == retro::kDraw) e[j] = retro::Entry(retro::kDraw, 0);
      ++counts[0];
      counts[1] += retro::TagOf(e[j]) == retro::kWin;
      counts[2] += retro::TagOf(e[j]) == retro::kLoss;
      counts[3] += retro::TagOf(e[j]) == retro::kDraw;
    }
    if (auto st = run_.files.SaveValues(tier, part, e, n, counts); !st.ok()) run_.FailWith(st);
    if (auto st = run_.errors.Check(run_.comm); !st.ok()) return st;
    summary.positions = run_.comm.AllreduceSum(counts[0]);
    summary.wins = run_.comm.AllreduceSum(counts[1]);
    summary.losses = run_.comm.AllreduceSum(counts[2]);
    summary.draws = run_.comm.AllreduceSum(counts[3]);
    return absl::OkStatus();
  }

  AnalysisState<G, Comm>& run_;
  TierCache& held_;
  std::vector<const uint16_t*> child_;  // this rank's shares of the tier's child tiers
};

}  // namespace gamebench::tiered

#endif  // GAMEBENCH_SOLVERS_TIER_SOLVE_H_
