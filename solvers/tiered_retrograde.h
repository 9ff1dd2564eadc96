#ifndef GAMEBENCH_SOLVERS_TIERED_RETROGRADE_H_
#define GAMEBENCH_SOLVERS_TIERED_RETROGRADE_H_

// Why over 400 lines: one class, the analysis's state (its tiers in memory,
// the communicator, resuming after the finished tiers) with the three passes
// below that share it; the tier files and the loopy fixpoint are apart
// (tier_files.h, tier_fixpoint.h).
//
// Tiered retrograde analysis: the strong solution of a Tiered game (core/game.h)
// one tier at a time, holding in memory only the tier being solved and the
// tiers its moves reach, and writing each finished tier to disk (tier_files.h).
// The model is GamesCrafters' GamesmanOne tier solver; the per-position values
// are those of the dense solver (retrograde_engine.h): the retro:: entries,
// with the fastest win and the slowest loss, draws where neither side can
// force an end. Tests compare the two position by position.
//
// 1. Forward, tiers in increasing order from the start's tier: the reachable
//    positions, as one bitmap per tier. Inside a tier the reachable set is
//    closed under the moves that stay in it (rounds until nothing new); moves
//    to child tiers mark those tiers' bitmaps. Each finished bitmap goes to
//    disk; only the current tier's and its pending child tiers' stay.
// 2. Backward, tiers in decreasing order: every reachable position scans its
//    moves. Children in child tiers are already solved (loaded from disk when
//    not still in memory); a position with no move inside its own tier is
//    decided at once: a win in r+1 if some child is a loss in r (the least r),
//    else a draw if some child is a draw, else a loss in 1 + the largest
//    child remoteness. A move to an earlier tier, or to a tier ChildTiers does
//    not list, is an error.
// 3. Loopy tiers (moves inside the tier, Dodgem; tier_fixpoint.h): the positions with such
//    moves are settled by a level-by-level fixpoint over the tier's own
//    moves, with the children outside the tier entering at the level of their
//    remoteness (a bucket per level), so that remoteness comes out exactly as
//    in the dense solver. Why not the dense engine itself: it needs one index
//    over the whole game and un-moves, and its levels start from terminal
//    positions only; here a tier's levels start from solved children of every
//    remoteness at once.
//
// Distribution (tier_comm.h, tier_partition.h): each tier's index range is
// split over the ranks (by index range, or by hash of 64-index blocks), and
// each rank holds only its share of every tier: of the reach bitmaps in the
// forward pass, of the values of the tier being solved and of its child
// tiers in the backward pass. What a rank needs from another's share goes in
// batches of positions (so that the buffers stay bounded), with collectives:
// forward, the marks of positions another rank owns (one MPI_Alltoallv per
// batch); backward, the children another rank owns (a first scan of the batch
// collects them, sorted and deduplicated per owner, one MPI_Alltoallv of
// indices, the owners answer with one MPI_Alltoallv of values, the second
// scan looks them up). With one rank none of this runs: the scan reads its
// child tiers directly. Loopy tiers (only Dodgem's) stay shared out too: each
// in-tier move goes to its child's owner (in batches), and the fixpoint runs
// level by level on every rank at once, what a level settles for a parent
// another rank owns sent to it in one MPI_Alltoallv at the end of the level
// (SolveLoops, tier_fixpoint.h). Each rank writes its own shard of
// every tier. A rerun with the same directory resumes: a finished forward
// pass is not repeated, and tiers whose value shards all exist are loaded,
// not solved. A tier's checksum is the hash of its whole table in index
// order, the same for any number of ranks and either partition.

#include <algorithm>
#include <atomic>
#include <bit>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/checksummed_file.h"
#include "core/game.h"
#include "core/memory.h"
#include "core/move_list.h"
#include "core/parallel.h"
#include "core/progress.h"
#include "core/solve.h"
#include "core/zeroed_array.h"
#include "solvers/retrograde_table.h"
#include "solvers/tier_comm.h"
#include "solvers/tier_files.h"
#include "solvers/tier_fixpoint.h"
#include "solvers/tier_partition.h"
#include "tbb/blocked_range.h"
#include "tbb/combinable.h"
#include "tbb/task_arena.h"

namespace gamebench {

struct TieredOptions {
  std::string dir;  // where the tier files go (created if missing)
  int threads = 0;  // per rank; 0: all cores
  bool progress = false;
  uint64_t memory_bytes = 0;  // 0: the default budget
  TierPartitionKind partition = TierPartitionKind::kRange;  // with more than one rank
  // Test hook (GAMEBENCH_TIER_KILL_AFTER=K in the tool): SIGKILL right after
  // the K-th tier this run solved is on disk. 0: never.
  int kill_after_tiers = 0;
};

struct TierSummary {
  int tier = 0;
  uint64_t size = 0;  // the tier's index size
  uint64_t positions = 0, wins = 0, losses = 0, draws = 0;
  uint64_t checksum = 0;  // TableHash of the whole tier's entries
  bool resumed = false;   // loaded from a previous run's files
};

struct TieredResult {
  std::string game;
  std::vector<TierSummary> tiers;  // every tier with reachable positions, in increasing order
  uint16_t root_entry = 0;
  uint64_t positions = 0, wins = 0, losses = 0, draws = 0;
  uint64_t checksum = 0;  // TableHash of the tiers' (tier, checksum) pairs
  int ranks = 1, threads = 1;
  TierPartitionKind partition = TierPartitionKind::kRange;
  uint64_t traffic_bytes = 0;  // sent between ranks, all ranks together
  bool forward_resumed = false;
  int tiers_resumed = 0;
  double seconds = 0, forward_seconds = 0, backward_seconds = 0;
};

namespace tiered {

// Positions (in bitmap words) per exchange batch with more than one rank:
// 2^18 positions, so that a batch's buffers stay near 8 bytes x moves x 2^18
// (14 MiB for Connect Four 7x6) and the collectives stay few.
inline constexpr uint64_t kBatchWords = uint64_t{1} << 12;

// Bytes one of `ranks` ranks needs at its peak: its share of the largest
// tier's entries and bitmap with its shares of that tier's child tiers'
// entries, and with more than one rank the exchange buffers of a batch. A
// loopy tier's fixpoint comes on top, for the rank's share only: 4 bytes a
// position of side data and 16 an in-tier move (32 while the moves go to
// their children's owners); only Dodgem has loopy tiers. How many moves stay
// inside a tier is known only during its scan, so the scan itself checks
// them against what the budget leaves (SolveTier's InsideBudget).
template <Tiered G>
uint64_t MemoryNeeded(const G& game, int ranks = 1) {
  uint64_t peak = 0;
  std::vector<int> children;
  auto add = [](uint64_t a, uint64_t b) { return a > ~uint64_t{0} - b ? ~uint64_t{0} : a + b; };
  auto times = [](uint64_t a, uint64_t k) { return a > ~uint64_t{0} / k ? ~uint64_t{0} : a * k; };
  const uint64_t r = static_cast<uint64_t>(ranks);
  auto share = [&](uint64_t size) { return (size + r - 1) / r + 64; };
  for (int t = 0; t < game.NumTiers(); ++t) {
    children.clear();
    game.ChildTiers(t, children);
    const uint64_t size = share(game.TierSize(t));
    uint64_t need = add(times(size, 2), size / 8 + 8);
    for (int c : children) need = add(need, times(share(game.TierSize(c)), 2));
    peak = std::max(peak, need);
  }
  if (ranks > 1) peak = add(peak, kBatchWords * 64 * G::kMaxMoves * 8 * 3);
  return peak;
}

// A child index sent to its owner: the tier in the top 8 bits.
inline constexpr int kTierShift = 56;
inline constexpr uint64_t kIndexMask = (uint64_t{1} << kTierShift) - 1;
inline uint64_t Key(int tier, uint64_t index) {
  return static_cast<uint64_t>(tier) << kTierShift | index;
}

inline uint64_t HashEntries(const uint16_t* e, uint64_t n) {
  TableHash h;
  h.Update(e, n * sizeof(uint16_t));
  return h.Final();
}
inline uint64_t HashEntries(const ZeroedArray<uint16_t>& e) { return HashEntries(e.data(), e.size()); }

}  // namespace tiered

template <Tiered G, typename Comm = SerialComm>
class TieredRetrograde {
 public:
  using State = typename G::State;

  TieredRetrograde(const G& game, const TieredOptions& options, Comm& comm)
      : game_(game),
        options_(options),
        comm_(comm),
        threads_(options.threads > 0 ? options.threads : tbb::this_task_arena::max_concurrency()),
        arena_(threads_),
        progress_(options.progress && comm.rank() == 0),
        tiers_(game.NumTiers()),
        R_(comm.size()),
        me_(comm.rank()) {}

  // Refuses, with the estimate, an analysis whose largest tier would not fit
  // in one rank's memory.
  static absl::Status CheckMemory(const G& game, uint64_t budget_bytes, int ranks = 1) {
    const uint64_t budget = budget_bytes ? budget_bytes : DefaultMemoryBudget();
    const uint64_t need = tiered::MemoryNeeded(game, ranks);
    if (need > budget)
      return absl::ResourceExhaustedError(absl::StrCat(
          "tiered retrograde analysis of ", game.CanonicalSpec(), " needs about ",
          need == ~uint64_t{0} ? std::string("more than 16 EiB") : FormatBytes(need),
          ranks > 1 ? absl::StrCat(" per rank (of ", ranks, ")") : std::string(),
          " for its largest tier and that tier's child tiers (2 bytes per indexed position), "
          "over the memory budget of ",
          FormatBytes(budget), " (--memory)"));
    return absl::OkStatus();
  }

  absl::StatusOr<TieredResult> Run() {
    Stopwatch watch;
    result_.game = game_.CanonicalSpec();
    result_.ranks = R_;
    result_.threads = threads_;
    result_.partition = options_.partition;
    if (auto st = comm_.Agree(absl::StrCat(result_.game, " dir=", options_.dir, " partition=",
                                           TierPartitionName(options_.partition)));
        !st.ok())
      return st;
    if (auto st = CheckMemory(game_, options_.memory_bytes, R_); !st.ok()) return st;
    {
      const uint64_t budget =
          options_.memory_bytes ? options_.memory_bytes : DefaultMemoryBudget();
      const uint64_t need = tiered::MemoryNeeded(game_, R_);
      inside_budget_ = budget > need ? budget - need : 0;
    }
    if (R_ > 1) {
      for (int t = 0; t < tiers_; ++t)
        if (tiers_ > 255 || game_.TierSize(t) > tiered::kIndexMask)
          return absl::InvalidArgumentError(absl::StrCat(
              game_.CanonicalSpec(), ": tier ", t, " is too large to exchange between ranks"));
    }
    std::error_code ec;
    std::filesystem::create_directories(options_.dir, ec);
    if (!std::filesystem::is_directory(options_.dir))
      Fail(absl::StrCat("tier directory '", options_.dir, "': cannot create it"));
    if (auto st = TakeError(); !st.ok()) return st;
    // Shards of a run with another number of ranks would mix with ours.
    for (const auto& entry : std::filesystem::directory_iterator(options_.dir, ec)) {
      const std::string name = entry.path().filename().string();
      const size_t of = name.find("-of-");
      if (name.rfind("forward.", 0) == 0 && name.find(".tmp.") == std::string::npos &&
          of != std::string::npos && name.substr(of + 4) != std::to_string(R_))
        Fail(absl::StrCat("tier directory '", options_.dir, "' holds the files of a run with ",
                          name.substr(of + 4), " ranks, not ", R_,
                          ": rerun with that many ranks, or use a new directory"));
    }
    // (Collective: a rank whose view of the directory differs must not leave
    // the others waiting.)
    if (auto st = TakeError(); !st.ok()) return st;
    min_parent_.assign(tiers_, tiers_);
    is_child_.assign(tiers_, std::vector<char>(tiers_, 0));
    for (int t = 0; t < tiers_; ++t) {
      parts_.emplace_back(options_.partition, game_.TierSize(t), R_);
      std::vector<int> children;
      game_.ChildTiers(t, children);
      for (int c : children) {
        if (c <= t || c >= tiers_)
          return absl::InternalError(absl::StrCat(game_.CanonicalSpec(), ": ChildTiers(", t,
                                                  ") lists tier ", c, ", not a later tier"));
        is_child_[t][c] = 1;
        min_parent_[c] = std::min(min_parent_[c], t);
      }
    }
    start_tier_ = game_.TierOf(game_.Start());
    outbox_ = std::make_unique<tbb::combinable<std::vector<std::vector<uint64_t>>>>(
        [this] { return std::vector<std::vector<uint64_t>>(R_); });
    absl::Status status;
    arena_.execute([&] { status = Forward(); });
    if (!status.ok()) return status;
    arena_.execute([&] { status = Backward(); });
    if (!status.ok()) return status;
    progress_.Finish();
    TableHash all;
    for (const TierSummary& s : result_.tiers) {
      result_.positions += s.positions;
      result_.wins += s.wins;
      result_.losses += s.losses;
      result_.draws += s.draws;
      const uint64_t pair[2] = {static_cast<uint64_t>(s.tier), s.checksum};
      all.Update(pair, sizeof(pair));
    }
    result_.checksum = all.Final();
    result_.traffic_bytes = comm_.AllreduceSum(comm_.bytes_sent());
    result_.seconds = watch.Seconds();
    return std::move(result_);
  }

 private:
  using Range = tbb::blocked_range<uint64_t>;

  static void SetBit(uint64_t* bits, uint64_t i) {
    std::atomic_ref<uint64_t>(bits[i >> 6])
        .fetch_or(uint64_t{1} << (i & 63), std::memory_order_relaxed);
  }
  // Returns whether the bit was clear.
  static bool TestAndSetBit(uint64_t* bits, uint64_t i) {
    const uint64_t bit = uint64_t{1} << (i & 63);
    return !(std::atomic_ref<uint64_t>(bits[i >> 6]).fetch_or(bit, std::memory_order_relaxed) &
             bit);
  }

  // A loopy tier's fixpoint holds its side data (4 bytes a position of the
  // share) and its in-tier moves: 16 bytes each, counted 4 times (vectors
  // grow by doubling, and the per-thread lists are copied into one) and 2
  // more with other ranks (the moves travel to their children's owners). Past
  // what the budget leaves beside the tiers, the run stops with what it has
  // finished on disk, instead of exceeding --memory.
  void InsideBudget(int t, uint64_t share, uint64_t moves) {
    const uint64_t bytes = 4 * share + moves * 16 * (R_ > 1 ? 6 : 4);
    if (bytes <= inside_budget_ || over_budget_.exchange(true)) return;
    Fail(absl::StrCat("tier ", t, " of ", game_.CanonicalSpec(), " has moves inside it (",
                      moves, " so far) whose fixpoint needs more than the ",
                      FormatBytes(inside_budget_),
                      " the memory budget leaves beside the tiers (--memory); the finished "
                      "tiers are on disk: rerun with a larger --memory to resume"));
  }

  // The first error a parallel loop met (the rest are dropped).
  void Fail(std::string message) {
    std::lock_guard<std::mutex> lock(error_mutex_);
    if (error_.empty()) error_ = std::move(message);
  }
  absl::Status TakeError() {
    // Every rank must stop together: one rank's error stops all.
    const uint64_t any = comm_.AllreduceMax(error_.empty() ? 0 : 1);
    if (!any) return absl::OkStatus();
    if (error_.empty()) error_ = "another rank failed (see its message)";
    if (over_budget_) return absl::ResourceExhaustedError(error_);
    return absl::FailedPreconditionError(error_);
  }
  std::string MoveError(const State& s, int from, int to) const {
    return absl::StrCat(game_.CanonicalSpec(), ": the move from ", game_.FormatState(s), " (tier ",
                        from, ") goes to tier ", to,
                        to < from ? ", an earlier tier" : ", which ChildTiers does not list",
                        ": the game's tiers are not ordered");
  }

  void ReportProgress(uint64_t done) {
    if (progress_.enabled() && progress_mutex_.try_lock()) {
      progress_.Update(done);
      progress_mutex_.unlock();
    }
  }

  // fn(s, c, tier of c) for every move s -> c of position i of tier t, unless
  // s is terminal.
  template <typename Fn>
  void ForEachChild(int t, uint64_t i, MoveListOf<G>& moves, Fn&& fn) const {
    const State s = game_.TierUnindex(t, i);
    if (game_.Terminal(s)) return;
    moves.clear();
    game_.GenerateMoves(s, moves);
    for (auto m : moves) {
      const State c = game_.Play(s, m);
      fn(s, c, game_.TierOf(c));
    }
  }

  // The tier index of this rank's local index j.
  template <typename One>
  uint64_t GlobalOf(const TierPartition& part, uint64_t j, One) const {
    if constexpr (One::value) return j;
    return part.Global(me_, j);
  }
  // Runs scan(range, one) over the local words [b0, b1) in parallel, `one`
  // std::true_type when this is the only rank.
  template <typename Scan>
  void ForBatch(uint64_t b0, uint64_t b1, Scan& scan) {
    if (R_ == 1) {
      ParallelFor(Range(b0, b1, 64), [&](const Range& r) { scan(r, std::true_type{}); });
    } else {
      ParallelFor(Range(b0, b1, 64), [&](const Range& r) { scan(r, std::false_type{}); });
    }
  }

  // The batches of a scan over `words` local bitmap words: one with one rank
  // (nothing to exchange), else kBatchWords each, as many on every rank.
  uint64_t Batches(uint64_t words, uint64_t& batch_words) {
    if (R_ == 1) {
      batch_words = std::max<uint64_t>(words, 1);
      return 1;
    }
    batch_words = tiered::kBatchWords;
    return comm_.AllreduceMax((words + batch_words - 1) / batch_words);
  }

  // The threads' outboxes, per destination rank, merged (and emptied).
  std::vector<std::vector<uint64_t>> TakeOutbox(bool sort_unique) {
    std::vector<std::vector<uint64_t>> out(R_);
    outbox_->combine_each([&](std::vector<std::vector<uint64_t>>& v) {
      for (int r = 0; r < R_; ++r) {
        out[r].insert(out[r].end(), v[r].begin(), v[r].end());
        v[r].clear();
      }
    });
    if (sort_unique)
      for (auto& v : out) {
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end()), v.end());
      }
    return out;
  }

  // ---- 1. Forward -----------------------------------------------------------

  absl::Status Forward() {
    Stopwatch watch;
    counts_.assign(tiers_, 0);
    const std::string forward_path =
        TierFilePath(options_.dir, TierFileKind::kForward, 0, me_, R_);
    // Resumed only when every rank's forward file exists (a kill between two
    // ranks' writes leaves some: then all redo the pass, none waits alone).
    const bool have = std::filesystem::exists(forward_path);
    if (comm_.AllreduceSum(have ? 1 : 0) == static_cast<uint64_t>(R_)) {
      TierShardHeader expected = Header(TierFileKind::kForward, 0, tiers_);
      expected.tier_size = static_cast<uint64_t>(tiers_);
      std::vector<char> data;
      auto h = LoadTierShard(forward_path, expected, data);
      if (!h.ok()) Fail(std::string(h.status().message()));
      if (auto st = TakeError(); !st.ok()) return st;
      std::memcpy(counts_.data(), data.data(), data.size());
      result_.forward_resumed = true;
      result_.forward_seconds = watch.Seconds();
      return TakeError();
    }
    // This rank's share of the reach bitmap of each tier a finished tier's
    // moves lead to.
    std::vector<ZeroedArray<uint64_t>> pending(tiers_);
    std::vector<char> active(tiers_, 0);
    auto activate = [&](int t) {
      if (active[t]) return;
      active[t] = 1;
      pending[t] = ZeroedArray<uint64_t>(parts_[t].LocalWords(me_));
    };
    const State start = game_.Start();
    activate(start_tier_);
    const uint64_t i0 = game_.TierIndex(start);
    if (parts_[start_tier_].Owner(i0) == me_)
      SetBit(pending[start_tier_].data(), parts_[start_tier_].Local(i0));
    for (int t = start_tier_; t < tiers_; ++t) {
      if (!active[t]) continue;
      for (int c = t + 1; c < tiers_; ++c)
        if (is_child_[t][c]) activate(c);
      const TierPartition& part = parts_[t];
      const uint64_t words = part.LocalWords(me_);
      uint64_t* bits = pending[t].data();
      ZeroedArray<uint64_t> seen(words);
      progress_.Phase(absl::StrCat("tiers: reach tier ", t, " of ", tiers_ - 1));
      std::atomic<uint64_t> done{0};
      // Marks a position of tier ct (ct == t: this tier) given by index.
      auto mark = [&](int ct, uint64_t ci, auto one) {
        if constexpr (decltype(one)::value) {  // (the partition is the identity)
          SetBit(pending[ct].data(), ci);
          return;
        }
        const TierPartition& p = parts_[ct];
        const int owner = p.Owner(ci);
        if (owner == me_) {
          SetBit(pending[ct].data(), p.Local(ci));
        } else {
          outbox_->local()[owner].push_back(tiered::Key(ct, ci));
        }
      };
      // Rounds until no rank finds a new position in this tier.
      for (;;) {
        uint64_t batch = 0;
        const uint64_t batches = Batches(words, batch);
        for (uint64_t k = 0; k < batches; ++k) {
          const uint64_t b0 = std::min(words, k * batch), b1 = std::min(words, b0 + batch);
          // (One rank: a loop with no owner tests in it; `one` says which.)
          auto scan = [&](const Range& range, auto one) {
            uint64_t local = 0;
            MoveListOf<G> moves;
            for (uint64_t w = range.begin(); w != range.end(); ++w) {
              const uint64_t todo =
                  std::atomic_ref<uint64_t>(bits[w]).load(std::memory_order_relaxed) & ~seen[w];
              if (!todo) continue;
              seen[w] |= todo;
              for (uint64_t b = todo; b; b &= b - 1, ++local) {
                const uint64_t i = GlobalOf(part, w * 64 + std::countr_zero(b), one);
                ForEachChild(t, i, moves, [&](const State& s, const State& c, int ct) {
                  if (ct != t && (ct < 0 || ct >= tiers_ || !is_child_[t][ct])) {
                    Fail(MoveError(s, t, ct));
                    return;
                  }
                  mark(ct, game_.TierIndex(c), one);
                });
              }
            }
            ReportProgress(done.fetch_add(local) + local);
          };
          ForBatch(b0, b1, scan);
          if (R_ > 1) {
            std::vector<uint64_t> from;
            for (uint64_t key : comm_.Alltoallv(TakeOutbox(false), from)) {
              const int ct = static_cast<int>(key >> tiered::kTierShift);
              const uint64_t ci = key & tiered::kIndexMask;
              if (ct < t || ct >= tiers_ || !active[ct] || parts_[ct].Owner(ci) != me_) {
                Fail(absl::StrCat("tier ", t, ": another rank sent a mark for tier ", ct,
                                  " index ", ci, ", which this rank does not own"));
                continue;
              }
              SetBit(pending[ct].data(), parts_[ct].Local(ci));
            }
          }
        }
        if (auto st = TakeError(); !st.ok()) return st;
        // New positions of this rank's share (found here or by another rank).
        uint64_t mine_new = 0;
        for (uint64_t w = 0; w < words; ++w) mine_new += std::popcount(bits[w] & ~seen[w]);
        if (comm_.AllreduceSum(mine_new) == 0) break;
      }
      uint64_t mine = 0;
      for (uint64_t w = 0; w < words; ++w) mine += std::popcount(bits[w]);
      counts_[t] = comm_.AllreduceSum(mine);
      TierShardHeader h = ShareHeader(TierFileKind::kReach, t);
      h.positions = mine;
      if (auto st = SaveTierShard(TierFilePath(options_.dir, TierFileKind::kReach, t, me_, R_), h,
                                  bits, words * 8);
          !st.ok())
        Fail(std::string(st.message()));
      if (auto st = TakeError(); !st.ok()) return st;
      pending[t] = ZeroedArray<uint64_t>();
    }
    TierShardHeader h = Header(TierFileKind::kForward, 0, static_cast<uint64_t>(tiers_));
    if (auto st = SaveTierShard(forward_path, h, counts_.data(), counts_.size() * 8); !st.ok())
      Fail(std::string(st.message()));
    result_.forward_seconds = watch.Seconds();
    return TakeError();
  }

  TierShardHeader Header(TierFileKind kind, int tier, uint64_t size) const {
    TierShardHeader h;
    h.game = result_.game;
    h.kind = kind;
    h.partition = options_.partition;
    h.tier = static_cast<uint64_t>(tier);
    h.tier_size = size;
    h.rank = static_cast<uint64_t>(me_);
    h.ranks = static_cast<uint64_t>(R_);
    return h;
  }
  // The header of this rank's share of tier t.
  TierShardHeader ShareHeader(TierFileKind kind, int t) const {
    TierShardHeader h = Header(kind, t, game_.TierSize(t));
    h.begin = parts_[t].Begin(me_);
    h.end = h.begin + parts_[t].LocalSize(me_);
    return h;
  }

  // This rank's share of tier t's values, from its shard on disk.
  absl::StatusOr<TierShardHeader> LoadShare(int t, ZeroedArray<uint16_t>& entries) {
    std::vector<char> data;
    auto h = LoadTierShard(TierFilePath(options_.dir, TierFileKind::kValues, t, me_, R_),
                           Header(TierFileKind::kValues, t, game_.TierSize(t)), data);
    if (!h.ok()) return h.status();
    entries = ZeroedArray<uint16_t>(parts_[t].LocalSize(me_));
    if (data.size() != entries.size() * 2)
      return absl::InvalidArgumentError(absl::StrCat("tier file of tier ", t, " rank ", me_,
                                                     ": its share has the wrong size"));
    if (!data.empty()) std::memcpy(entries.data(), data.data(), data.size());
    return h;
  }

  // The checksum of tier t's whole table in index order (collective): the
  // ranks' shares hashed in turn (range), or gathered to rank 0 in bounded
  // chunks of blocks (hash).
  uint64_t TierChecksum(int t, const ZeroedArray<uint16_t>& e) {
    const TierPartition& part = parts_[t];
    const uint64_t size = part.size();
    if (R_ == 1) return tiered::HashEntries(e.data(), size);
    TableHash h;
    if (part.kind() == TierPartitionKind::kRange) {
      for (int r = 0; r < R_; ++r) {
        if (r == me_) h.Update(e.data(), e.size() * sizeof(uint16_t));
        comm_.Bcast(&h, 1, r);
      }
      return h.Final();
    }
    const uint64_t groups = (size + 63) / 64 / R_ + 1;
    const uint64_t mine_words = part.LocalWords(me_);
    std::vector<uint16_t> chunk;
    for (uint64_t g0 = 0; g0 < groups; g0 += tiered::kBatchWords) {
      const uint64_t g1 = std::min(groups, g0 + tiered::kBatchWords);
      std::vector<std::vector<uint16_t>> out(R_);
      if (g0 < mine_words)
        out[0].assign(e.data() + g0 * 64, e.data() + std::min(mine_words, g1) * 64);
      std::vector<uint64_t> from;
      std::vector<uint16_t> in = comm_.Alltoallv(out, from);
      if (me_ != 0) continue;
      const uint64_t base = g0 * R_ * 64, end = std::min(size, g1 * R_ * 64);
      if (end <= base) continue;
      chunk.assign(end - base, 0);
      uint64_t at = 0;
      for (int r = 0; r < R_; ++r)
        for (uint64_t j = 0; j < from[r]; ++j, ++at) {
          const uint64_t i = part.Global(r, g0 * 64 + j);
          if (i < end) chunk[i - base] = in[at];
        }
      h.Update(chunk.data(), chunk.size() * sizeof(uint16_t));
    }
    comm_.Bcast(&h, 1, 0);
    return h.Final();
  }

  // ---- 2. Backward ----------------------------------------------------------

  absl::Status Backward() {
    Stopwatch watch;
    for (int t = tiers_ - 1; t >= start_tier_; --t) {
      if (counts_[t] == 0) continue;
      const uint64_t size = game_.TierSize(t);
      TierSummary summary;
      summary.tier = t;
      summary.size = size;
      ZeroedArray<uint16_t> entries;  // this rank's share
      // A tier a previous run finished (all its shards on disk) is loaded.
      bool finished = true;
      for (int r = 0; r < R_ && finished; ++r)
        finished =
            std::filesystem::exists(TierFilePath(options_.dir, TierFileKind::kValues, t, r, R_));
      if (comm_.AllreduceSum(finished ? 1 : 0) != static_cast<uint64_t>(R_)) finished = false;
      if (finished) {
        auto h = LoadShare(t, entries);
        if (!h.ok()) Fail(std::string(h.status().message()));
        if (auto st = TakeError(); !st.ok()) return st;
        summary.positions = comm_.AllreduceSum(h->positions);
        summary.wins = comm_.AllreduceSum(h->wins);
        summary.losses = comm_.AllreduceSum(h->losses);
        summary.draws = comm_.AllreduceSum(h->draws);
        summary.resumed = true;
        ++result_.tiers_resumed;
      } else {
        if (auto st = SolveTier(t, size, entries, summary); !st.ok()) return st;
        ++solved_;
      }
      if (summary.positions != counts_[t])
        return absl::InternalError(absl::StrCat("tier ", t, ": ", summary.positions,
                                                " positions solved, ", counts_[t], " reached"));
      summary.checksum = TierChecksum(t, entries);
      if (t == start_tier_) {
        const uint64_t i0 = game_.TierIndex(game_.Start());
        const TierPartition& part = parts_[t];
        result_.root_entry = static_cast<uint16_t>(
            comm_.AllreduceMax(part.Owner(i0) == me_ ? entries[part.Local(i0)] : 0));
      }
      result_.tiers.push_back(summary);
      cache_.emplace_back(t, std::move(entries));
      // Tiers no tier below t reaches are not needed any more.
      std::erase_if(cache_, [&](const auto& c) { return min_parent_[c.first] >= t; });
      if (!summary.resumed && options_.kill_after_tiers > 0 && solved_ == options_.kill_after_tiers)
        std::raise(SIGKILL);  // test hook: a crash right after this tier is on disk
    }
    std::reverse(result_.tiers.begin(), result_.tiers.end());
    result_.backward_seconds = watch.Seconds();
    return absl::OkStatus();
  }

  const ZeroedArray<uint16_t>* Cached(int t) const {
    for (const auto& c : cache_)
      if (c.first == t) return &c.second;
    return nullptr;
  }

  // The values of the children other ranks own that one batch's positions
  // reach: per owner, the sorted keys asked and the answers in that order.
  struct Fetched {
    std::vector<std::vector<uint64_t>> keys;
    std::vector<uint16_t> values;
    std::vector<uint64_t> offset;  // of each owner's answers in `values`
    uint16_t Find(int owner, uint64_t key) const {
      const auto& k = keys[owner];
      auto it = std::lower_bound(k.begin(), k.end(), key);
      if (it == k.end() || *it != key) return 0;
      return values[offset[owner] + static_cast<uint64_t>(it - k.begin())];
    }
  };

  // Asks the owners for the batch's remote children (in the outboxes) and
  // answers the other ranks' requests from this rank's shares.
  void Fetch(Fetched& f) {
    f.keys = TakeOutbox(true);
    std::vector<uint64_t> from;
    const std::vector<uint64_t> asked = comm_.Alltoallv(f.keys, from);
    std::vector<std::vector<uint16_t>> answers(R_);
    uint64_t at = 0;
    for (int r = 0; r < R_; ++r) {
      answers[r].resize(from[r]);
      for (uint64_t j = 0; j < from[r]; ++j, ++at) {
        const int ct = static_cast<int>(asked[at] >> tiered::kTierShift);
        const uint64_t ci = asked[at] & tiered::kIndexMask;
        const ZeroedArray<uint16_t>* c = ct < tiers_ ? Cached(ct) : nullptr;
        if (!c || parts_[ct].Owner(ci) != me_) {
          Fail(absl::StrCat("rank ", r, " asked for tier ", ct, " index ", ci,
                            ", which this rank does not hold"));
          continue;
        }
        answers[r][j] = (*c)[parts_[ct].Local(ci)];
      }
    }
    f.values = comm_.Alltoallv(answers, from);
    f.offset.assign(R_, 0);
    for (int r = 1; r < R_; ++r) f.offset[r] = f.offset[r - 1] + from[r - 1];
  }

  absl::Status SolveTier(int t, uint64_t size, ZeroedArray<uint16_t>& entries,
                         TierSummary& summary) {
    const TierPartition& part = parts_[t];
    // This rank's shares of the child tiers' values: in memory, or from disk.
    std::vector<const uint16_t*> child(tiers_, nullptr);
    for (int c = t + 1; c < tiers_; ++c) {
      if (!is_child_[t][c] || counts_[c] == 0) continue;
      if (!Cached(c)) {
        ZeroedArray<uint16_t> loaded;
        auto h = LoadShare(c, loaded);
        if (!h.ok()) Fail(std::string(h.status().message()));
        if (auto st = TakeError(); !st.ok()) return st;
        cache_.emplace_back(c, std::move(loaded));
      }
      child[c] = Cached(c)->data();
    }
    // This rank's reachable positions.
    std::vector<char> reach_data;
    auto rh = LoadTierShard(TierFilePath(options_.dir, TierFileKind::kReach, t, me_, R_),
                            Header(TierFileKind::kReach, t, size), reach_data);
    if (!rh.ok()) Fail(std::string(rh.status().message()));
    if (auto st = TakeError(); !st.ok()) return st;
    const uint64_t* reach = reinterpret_cast<const uint64_t*>(reach_data.data());
    const uint64_t words = reach_data.size() / 8;

    const uint64_t n = part.LocalSize(me_);
    entries = ZeroedArray<uint16_t>(n);
    ZeroedArray<uint32_t> side(n);  // touched only in loopy tiers
    uint16_t* e = entries.data();
    tbb::combinable<std::vector<uint64_t>> edges;  // (child, parent) pairs inside the tier
    progress_.Phase(absl::StrCat("tiers: solve tier ", t, " of ", tiers_ - 1), rh->positions);
    std::atomic<uint64_t> done{0};
    std::atomic<uint64_t> inside_moves{0};
    Fetched fetched;
    // The value of child ci in child tier ct.
    auto value_of = [&](int ct, uint64_t ci, auto one) -> uint16_t {
      if constexpr (decltype(one)::value) return child[ct][ci];
      const TierPartition& p = parts_[ct];
      const int owner = p.Owner(ci);
      return owner == me_ ? child[ct][p.Local(ci)] : fetched.Find(owner, tiered::Key(ct, ci));
    };
    uint64_t batch = 0;
    const uint64_t batches = Batches(words, batch);
    for (uint64_t k = 0; k < batches; ++k) {
      const uint64_t b0 = std::min(words, k * batch), b1 = std::min(words, b0 + batch);
      if (R_ > 1) {
        // First scan: the children other ranks own.
        ParallelFor(Range(b0, b1, 64), [&](const Range& range) {
          MoveListOf<G> moves;
          auto& out = outbox_->local();
          for (uint64_t w = range.begin(); w != range.end(); ++w) {
            for (uint64_t b = reach[w]; b; b &= b - 1) {
              const uint64_t i = part.Global(me_, w * 64 + std::countr_zero(b));
              ForEachChild(t, i, moves, [&](const State&, const State& c, int ct) {
                if (ct <= t || ct >= tiers_ || !is_child_[t][ct]) return;  // second scan says
                const uint64_t ci = game_.TierIndex(c);
                const int owner = parts_[ct].Owner(ci);
                if (owner != me_) out[owner].push_back(tiered::Key(ct, ci));
              });
            }
          }
        });
        Fetch(fetched);
      }
      auto scan = [&](const Range& range, auto one) {
        MoveListOf<G> moves;
        uint64_t inside[G::kMaxMoves];
        uint64_t local = 0, pushed = 0;  // positions scanned, in-tier moves stored
        for (uint64_t w = range.begin(); w != range.end(); ++w) {
          for (uint64_t b = reach[w]; b; b &= b - 1, ++local) {
            const uint64_t j = w * 64 + std::countr_zero(b);
            const uint64_t i = GlobalOf(part, j, one);
            const State s = game_.TierUnindex(t, i);
            if (auto term = game_.Terminal(s)) {
              e[j] = retro::Entry(*term > 0   ? retro::kWin
                                  : *term < 0 ? retro::kLoss
                                              : retro::kDraw,
                                  0);
              continue;
            }
            moves.clear();
            game_.GenerateMoves(s, moves);
            int num_inside = 0;
            retro::ChildFold fold;
            for (auto m : moves) {
              const State c = game_.Play(s, m);
              const int ct = game_.TierOf(c);
              if (ct == t) {
                const uint64_t ci = game_.TierIndex(c);
                bool repeat = false;
                for (int q = 0; q < num_inside; ++q) repeat |= inside[q] == ci;
                if (!repeat) inside[num_inside++] = ci;
                continue;
              }
              if (ct < 0 || ct >= tiers_ || !is_child_[t][ct]) {
                Fail(MoveError(s, t, ct));
                continue;
              }
              const uint16_t v = value_of(ct, game_.TierIndex(c), one);
              if (!fold.Add(v))
                Fail(absl::StrCat("tier ", ct, " has no value for ", game_.FormatState(c),
                                  ", a child of the reachable ", game_.FormatState(s)));
            }
            if (num_inside == 0) {
              e[j] = fold.entry();
              continue;
            }
            e[j] = retro::Entry(retro::kUndecided, num_inside);
            side[j] = tier_fixpoint::Side(fold.any_loss ? fold.min_loss + 1 : 0, fold.max_win + 1,
                                          fold.any_draw);
            if (over_budget_.load(std::memory_order_relaxed)) continue;
            std::vector<uint64_t>& out = edges.local();
            for (int q = 0; q < num_inside; ++q) {
              out.push_back(inside[q]);
              out.push_back(i);
            }
            pushed += num_inside;
          }
        }
        if (pushed) InsideBudget(t, n, inside_moves.fetch_add(pushed) + pushed);
        ReportProgress(done.fetch_add(local) + local);
      };
      ForBatch(b0, b1, scan);
    }
    fetched = Fetched();
    if (auto st = TakeError(); !st.ok()) return st;
    std::vector<uint64_t> mine;
    edges.combine_each(
        [&](const std::vector<uint64_t>& v) { mine.insert(mine.end(), v.begin(), v.end()); });
    if (comm_.AllreduceMax(mine.empty() ? 0 : 1) != 0) {
      if (auto st = SolveLoops(t, entries, side, mine); !st.ok()) return st;
    }
    // What stays undecided is a draw; count this rank's share.
    uint64_t counts[4] = {0, 0, 0, 0};  // positions, wins, losses, draws
    for (uint64_t j = 0; j < n; ++j) {
      if (e[j] == 0) continue;
      if (retro::TagOf(e[j]) == retro::kDraw) e[j] = retro::Entry(retro::kDraw, 0);
      ++counts[0];
      counts[1] += retro::TagOf(e[j]) == retro::kWin;
      counts[2] += retro::TagOf(e[j]) == retro::kLoss;
      counts[3] += retro::TagOf(e[j]) == retro::kDraw;
    }
    TierShardHeader h = ShareHeader(TierFileKind::kValues, t);
    h.positions = counts[0];
    h.wins = counts[1];
    h.losses = counts[2];
    h.draws = counts[3];
    if (auto st = SaveTierShard(TierFilePath(options_.dir, TierFileKind::kValues, t, me_, R_), h,
                                e, n * 2);
        !st.ok())
      Fail(std::string(st.message()));
    if (auto st = TakeError(); !st.ok()) return st;
    summary.positions = comm_.AllreduceSum(counts[0]);
    summary.wins = comm_.AllreduceSum(counts[1]);
    summary.losses = comm_.AllreduceSum(counts[2]);
    summary.draws = comm_.AllreduceSum(counts[3]);
    return absl::OkStatus();
  }

  // A loopy tier: with one rank the fixpoint runs on the shares as they are.
  // With more, each rank keeps its share: every in-tier move (child, parent)
  // goes to the child's owner (in batches), which then holds the parents of
  // its own positions; the fixpoint runs level by level on every rank at
  // once, the events for parents another rank owns exchanged at the end of
  // each level (LoopPeers).
  absl::Status SolveLoops(int t, ZeroedArray<uint16_t>& entries, ZeroedArray<uint32_t>& side,
                          std::vector<uint64_t>& mine) {
    const TierPartition& part = parts_[t];
    if (R_ == 1) return TierFixpoint(part.size(), entries.data(), side, mine);
    std::vector<std::pair<uint64_t, uint64_t>> pairs;  // (local child, parent)
    const uint64_t batch = tiered::kBatchWords * 64 * G::kMaxMoves;  // moves per exchange
    const uint64_t batches = comm_.AllreduceMax((mine.size() / 2 + batch - 1) / batch);
    std::vector<std::vector<uint64_t>> out(R_);
    std::vector<uint64_t> from;
    for (uint64_t k = 0; k < batches; ++k) {
      // From the end of `mine`, which shrinks as it goes.
      const uint64_t take = std::min<uint64_t>(mine.size(), 2 * batch);
      for (uint64_t q = mine.size() - take; q < mine.size(); q += 2) {
        auto& o = out[part.Owner(mine[q])];
        o.push_back(mine[q]);
        o.push_back(mine[q + 1]);
      }
      mine.resize(mine.size() - take);
      if (mine.capacity() > 2 * mine.size()) mine.shrink_to_fit();
      const std::vector<uint64_t> in = comm_.Alltoallv(out, from);
      for (auto& o : out) o = std::vector<uint64_t>();
      for (uint64_t q = 0; q + 1 < in.size(); q += 2) {
        if (in[q] >= part.size() || part.Owner(in[q]) != me_) {
          Fail(absl::StrCat("tier ", t, ": another rank sent a move to index ", in[q],
                            ", which this rank does not own"));
          continue;
        }
        pairs.emplace_back(part.Local(in[q]), in[q + 1]);
      }
    }
    mine = std::vector<uint64_t>();
    if (auto st = TakeError(); !st.ok()) return st;
    std::sort(pairs.begin(), pairs.end());
    LoopPeers peers{*this, part, std::vector<std::vector<uint64_t>>(R_)};
    const absl::Status st = TierFixpoint(part.LocalSize(me_), entries.data(), side, pairs, peers);
    if (auto err = TakeError(); !err.ok()) return err;
    return st;
  }

  // The fixpoint's other ranks (tier_fixpoint.h): a child settled here tells
  // a parent another rank owns at the end of the level, in one exchange.
  struct LoopPeers {
    static constexpr bool kAlone = false;
    TieredRetrograde& self;
    const TierPartition& part;
    std::vector<std::vector<uint64_t>> out;  // per owner: parent | kLossEvent
    bool Route(uint64_t p, bool loss, uint64_t& j) {
      const int owner = part.Owner(p);
      if (owner == self.me_) {
        j = part.Local(p);
        return true;
      }
      out[owner].push_back(p | (loss ? tier_fixpoint::kLossEvent : 0));
      return false;
    }
    std::vector<uint64_t> Deliver() {
      std::vector<uint64_t> from;
      std::vector<uint64_t> in = self.comm_.Alltoallv(out, from);
      for (auto& o : out) o.clear();
      uint64_t kept = 0;
      for (const uint64_t ev : in) {
        const uint64_t p = ev & ~tier_fixpoint::kLossEvent;
        if (p >= part.size() || part.Owner(p) != self.me_) {
          self.Fail(absl::StrCat("another rank sent an event for index ", p,
                                 ", which this rank does not own"));
          continue;
        }
        in[kept++] = part.Local(p) | (ev & tier_fixpoint::kLossEvent);
      }
      in.resize(kept);
      return in;
    }
    uint64_t AllreduceMax(uint64_t v) { return self.comm_.AllreduceMax(v); }
  };

  const G& game_;
  TieredOptions options_;
  Comm& comm_;
  int threads_;
  tbb::task_arena arena_;
  Progress progress_;
  std::mutex progress_mutex_, error_mutex_;
  std::string error_;
  uint64_t inside_budget_ = 0;          // bytes the budget leaves for a loopy tier
  std::atomic<bool> over_budget_{false};  // InsideBudget stopped the run
  int tiers_;
  int R_, me_;  // ranks, and this one
  int start_tier_ = 0;
  int solved_ = 0;
  std::vector<TierPartition> parts_;  // per tier
  std::vector<int> min_parent_;
  std::vector<std::vector<char>> is_child_;
  std::vector<uint64_t> counts_;                              // reachable positions per tier
  std::vector<std::pair<int, ZeroedArray<uint16_t>>> cache_;  // this rank's shares still needed
  // Per thread, per destination rank: keys for other ranks (one batch).
  std::unique_ptr<tbb::combinable<std::vector<std::vector<uint64_t>>>> outbox_;
  TieredResult result_;
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_TIERED_RETROGRADE_H_
