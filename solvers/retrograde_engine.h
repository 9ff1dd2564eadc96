#ifndef GAMEBENCH_SOLVERS_RETROGRADE_ENGINE_H_
#define GAMEBENCH_SOLVERS_RETROGRADE_ENGINE_H_

// The parallel engine of retrograde analysis (solvers/retrograde.h is the
// solver's front end, retrograde_verify.h re-checks a finished table).
//
// Parallel retrograde analysis (oneTBB) over a game's dense index.
//
// 1. Forward: the positions reachable from the root, level by level (a
//    bitmap of the current and of the next frontier). Each reached position's
//    entry becomes its terminal value, or "undecided" with the number of its
//    distinct children.
// 2. Backward, level k = 0, 1, ...: the positions decided with remoteness k
//    push to their parents (GenerateParents, un-moves): a loss makes every
//    undecided parent a win in k+1; a win decrements the parent's count of
//    undecided children, and the parent whose count reaches 0 is a loss in
//    k+1 (all its children are wins, the slowest in k). Going level by level
//    gives the fastest win and the slowest loss.
// 3. Whatever stays undecided is a draw: neither player can force an end.
//
// Parents are updated with compare-and-swap on the 16-bit entries, and the
// outcome of each level does not depend on the order of the updates, so a
// run on any number of threads gives the same table as a serial run.
//
// Memory: 2 bytes per indexed position (retrograde_table.h) plus two bitmaps
// of 1 bit per indexed position. No move graph and no separate counters.
//
// Why one file of ~500 lines: the two passes share one class's state (the
// table, the frontier bitmaps, the deadline, the checkpoint clock) and its
// batch and level loops; split, each half would be unreadable without the
// other. The front end, the table, the checkpoints and the verification are
// files of their own.

#include <algorithm>
#include <atomic>
#include <bit>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/move_list.h"
#include "core/parallel.h"
#include "core/progress.h"
#include "core/solve.h"
#include "core/zeroed_array.h"
#include "solvers/retrograde_checkpoint.h"
#include "solvers/retrograde_table.h"
#include "tbb/blocked_range.h"
#include "tbb/combinable.h"
#include "tbb/task_arena.h"

namespace gamebench {

// One analysis: the table, the two frontier bitmaps, the thread arena.
// kIncremental: child and parent indices from GenerateChildIndices /
// GenerateParentIndices (IncrementallyIndexed games) instead of Play +
// Index and GenerateParents + Index.
template <Indexed G, bool kIncremental = IncrementallyIndexed<G>>
class RetrogradeAnalysis {
 public:
  using State = typename G::State;

  RetrogradeAnalysis(const G& game, const SolveOptions& options,
                     const RetroCheckpointOptions* checkpoint)
      : game_(game),
        checkpoint_(checkpoint),
        checkpoint_clock_(checkpoint ? checkpoint->interval_seconds : 0),
        threads_(options.threads > 0 ? options.threads : tbb::this_task_arena::max_concurrency()),
        arena_(threads_),
        deadline_(options.time_limit_seconds),
        progress_(options.progress) {}

  absl::StatusOr<RetrogradeTable> Run(const State& root) {
    Stopwatch watch;
    const uint64_t n = game_.IndexSize();
    const uint64_t words = (n + 63) / 64;
    table_.game = game_.CanonicalSpec();
    table_.threads = threads_;
    table_.entries = ZeroedArray<uint16_t>(n);
    cur_ = ZeroedArray<uint64_t>(words);
    next_ = ZeroedArray<uint64_t>(words);
    entries_ = table_.entries.data();
    table_.root_index = game_.Index(root);
    if (checkpoint_ && RetroCheckpointExists(checkpoint_->path)) {
      absl::StatusOr<RetroCheckpointHeader> h =
          LoadRetroCheckpoint(checkpoint_->path, CheckpointHeader(RetroPhase::kForward, 0, false),
                              entries_, cur_.data(), next_.data());
      if (!h.ok()) return h.status();
      resumed_ = *h;
      table_.resumed_from = DescribeCheckpoint(*h);
      std::fprintf(stderr, "analyze: resuming %s from checkpoint '%s' at %s\n", table_.game.c_str(),
                   checkpoint_->path.c_str(), table_.resumed_from.c_str());
    }
    absl::Status status;
    if (!resumed_ || resumed_->phase == RetroPhase::kForward)
      arena_.execute([&] { status = Forward(); });
    // A forward phase stopped inside a level goes no further; one that
    // finished goes on (the backward loop stops at once if the time is up,
    // leaving a backward checkpoint).
    if (status.ok() && !stopped_mid_level_) arena_.execute([&] { status = Backward(); });
    if (!status.ok()) return status;
    progress_.Finish();
    table_.complete = !deadline_.stopped();
    // Step 3: undecided positions are draws (their low bits already hold
    // the count of undecided children; a draw's remoteness is 0).
    arena_.execute([&] { Finish(); });
    table_.seconds = watch.Seconds();
    // The bitmaps go now; the caller keeps only the table.
    cur_ = ZeroedArray<uint64_t>();
    next_ = ZeroedArray<uint64_t>();
    return std::move(table_);
  }

 private:
  using Range = tbb::blocked_range<uint64_t>;
  static constexpr uint64_t kGrain = 256;  // bitmap words per task

  std::atomic_ref<uint16_t> EntryRef(uint64_t i) { return std::atomic_ref<uint16_t>(entries_[i]); }
  static void SetBit(ZeroedArray<uint64_t>& bits, uint64_t i) {
    std::atomic_ref<uint64_t>(bits[i >> 6])
        .fetch_or(uint64_t{1} << (i & 63), std::memory_order_relaxed);
  }

  // A batch of frontier positions and their edges (child or parent
  // indices). Work goes in two passes per batch: first every edge's index
  // is computed and its entry prefetched, then the entries are updated, so
  // that the cache misses of a whole batch overlap instead of queueing
  // behind each atomic update.
  struct Batch {
    static constexpr int kMaxItems = 64;
    static constexpr int kMaxEdges = std::max(G::kMaxMoves, G::kMaxParents);
    static constexpr int kEdgeCap = std::max(2048, 2 * kMaxEdges);
    int items = 0;
    int edges = 0;
    uint64_t index[kMaxItems];
    uint16_t entry[kMaxItems];  // what the item's own entry becomes or is
    int end[kMaxItems];         // its edges are edge[end[item-1] .. end[item])
    uint64_t edge[kEdgeCap];
    bool Full() const { return items == kMaxItems || edges + kMaxEdges > kEdgeCap; }
    void Clear() { items = edges = 0; }
  };

  void Prefetch(uint64_t i) { __builtin_prefetch(entries_ + i, 1, 1); }

  // For every set bit of cur_, in parallel (clearing cur_ as it goes):
  // collect(index, batch) adds the item and its edges, flush(batch)
  // applies a full batch. Counts progress; stops at the deadline.
  template <typename Collect, typename Flush>
  void ForEachInFrontier(Collect&& collect, Flush&& flush) {
    const uint64_t words = cur_.size();
    ParallelFor(Range(0, words, kGrain), [&](const Range& range) {
      if (deadline_.stopped()) return;
      Batch batch;
      uint64_t local = 0;
      for (uint64_t w = range.begin(); w != range.end(); ++w) {
        uint64_t bits = cur_[w];
        if (bits == 0) continue;
        cur_[w] = 0;
        for (; bits; bits &= bits - 1, ++local) {
          collect(w * 64 + std::countr_zero(bits), batch);
          if (batch.Full()) {
            flush(batch);
            batch.Clear();
          }
        }
      }
      if (batch.items) flush(batch);
      const uint64_t done = done_.fetch_add(local, std::memory_order_relaxed) + local;
      if (deadline_.Poll()) return;
      if (progress_.enabled() && progress_mutex_.try_lock()) {
        progress_.Update(done);
        progress_mutex_.unlock();
      }
    });
  }

  // Runs levels until one adds nothing to the frontier or the time is up,
  // with the deadline and checkpoint handling both passes share: a level the
  // deadline stopped is saved as a mid-level checkpoint (and ends the run), a
  // finished level swaps the frontiers and saves when due. start_level(level)
  // prepares a level, or returns false to end before it. `carried`
  // positions are already in next_ (from a checkpoint taken inside a level).
  template <typename StartLevel, typename Collect, typename Flush>
  absl::Status RunLevels(RetroPhase phase, int& level, bool pending, uint64_t carried,
                         std::atomic<uint64_t>& frontier, StartLevel&& start_level,
                         Collect&& collect, Flush&& flush) {
    while (pending) {
      if (!start_level(level)) break;
      frontier = carried;
      carried = 0;
      ForEachInFrontier(collect, flush);
      if (deadline_.stopped()) {
        stopped_mid_level_ = true;
        table_.stopped_at = DescribeCheckpoint(CheckpointHeader(phase, level, true));
        return SaveCheckpoint(phase, level, true);
      }
      cur_.Swap(next_);
      ++level;
      pending = frontier.load() > 0;
      if (pending)
        if (auto st = MaybeCheckpoint(phase, level); !st.ok()) return st;
    }
    return absl::OkStatus();
  }

  // Step 1: every position reachable from the root gets its terminal
  // value, or "undecided" with its count of distinct children.
  absl::Status Forward() {
    Stopwatch watch;
    progress_.Phase("retrograde: enumerate");
    done_ = 0;
    // Positions added to next_ by the level in progress (a checkpoint
    // taken inside a level carries some over).
    uint64_t carried = 0;
    if (resumed_) {
      done_ = resumed_->done;
      table_.forward_levels = static_cast<int>(resumed_->level);
      if (resumed_->mid_level) carried = PopCount(next_);
    } else {
      SetBit(cur_, table_.root_index);
      entries_[table_.root_index] = retro::Entry(retro::kUndecided, 0);
    }
    std::atomic<uint64_t> frontier{0};
    auto collect = [&](uint64_t i, Batch& b) {
      const State s = game_.Unindex(i);
      b.index[b.items] = i;
      if (auto t = game_.Terminal(s)) {
        b.entry[b.items] = retro::Entry(*t > 0   ? retro::kWin
                                        : *t < 0 ? retro::kLoss
                                                 : retro::kDraw,
                                        0);
        b.end[b.items++] = b.edges;
        return;
      }
      uint64_t* children = b.edge + b.edges;
      int num = 0;
      if constexpr (kIncremental) {
        MoveList<uint64_t, G::kMaxMoves> list;
        game_.GenerateChildIndices(s, i, list);
        for (uint64_t c : list) children[num++] = c;
      } else {
        MoveListOf<G> moves;
        game_.GenerateMoves(s, moves);
        for (auto m : moves) children[num++] = game_.Index(game_.Play(s, m));
      }
      // Two moves may reach the same position: count it once, as its
      // parents list this position once. (Quadratic, but the lists are
      // short and in most games free of repeats, so the branch predicts.)
      // Long lists (nim's) are sorted instead.
      bool sorted = false;
      if constexpr (kIncremental) sorted = G::kDistinctChildren;  // nothing to remove
      if constexpr (G::kMaxMoves > 32) {
        if (!sorted && num > 16) {
          std::sort(children, children + num);
          num = static_cast<int>(std::unique(children, children + num) - children);
          sorted = true;
        }
      }
      if (!sorted) {
        int distinct = 0;
        for (int c = 0; c < num; ++c) {
          bool repeat = false;
          for (int d = 0; d < distinct; ++d) repeat |= children[d] == children[c];
          if (!repeat) children[distinct++] = children[c];
        }
        num = distinct;
      }
      for (int c = 0; c < num; ++c) Prefetch(children[c]);
      b.edges += num;
      b.entry[b.items] = retro::Entry(retro::kUndecided, num);
      b.end[b.items++] = b.edges;
    };
    auto flush = [&](Batch& b) {
      uint64_t added = 0;
      for (int k = 0, e = 0; k < b.items; ++k) {
        for (; e < b.end[k]; ++e) {
          std::atomic_ref<uint16_t> ref = EntryRef(b.edge[e]);
          uint16_t expected = 0;
          if (ref.load(std::memory_order_relaxed) == 0 &&
              ref.compare_exchange_strong(expected, retro::Entry(retro::kUndecided, 0),
                                          std::memory_order_relaxed)) {
            SetBit(next_, b.edge[e]);
            ++added;
          }
        }
        EntryRef(b.index[k]).store(b.entry[k], std::memory_order_relaxed);
      }
      if (added) frontier.fetch_add(added, std::memory_order_relaxed);
    };
    auto any_level = [](int) { return true; };
    if (auto st = RunLevels(RetroPhase::kForward, table_.forward_levels, /*pending=*/true, carried,
                            frontier, any_level, collect, flush);
        !st.ok())
      return st;
    table_.positions = done_.load();
    table_.forward_seconds = watch.Seconds();
    return absl::OkStatus();
  }

  // Step 2: level by level from the terminal positions.
  absl::Status Backward() {
    Stopwatch watch;
    // Level 0: the terminal positions (the only decided entries so far).
    const uint64_t n = game_.IndexSize();
    std::atomic<uint64_t> frontier{0};
    const bool resumed = resumed_ && resumed_->phase == RetroPhase::kBackward;
    // (Skipped on resuming a backward checkpoint: its cur_ is the frontier.)
    ParallelFor(Range(0, resumed ? 0 : cur_.size(), kGrain), [&](const Range& range) {
      uint64_t local = 0;
      for (uint64_t w = range.begin(); w != range.end(); ++w) {
        uint64_t bits = 0;
        for (uint64_t i = w * 64; i < std::min(n, w * 64 + 64); ++i) {
          const retro::Tag tag = retro::TagOf(entries_[i]);
          if (tag == retro::kWin || tag == retro::kLoss) bits |= uint64_t{1} << (i & 63);
        }
        cur_[w] = bits;
        local += std::popcount(bits);
      }
      frontier.fetch_add(local, std::memory_order_relaxed);
    });
    progress_.Phase("retrograde: solve", table_.positions);
    done_ = 0;
    bool overflow = false;
    int level = 0;
    uint64_t carried = 0;  // as in Forward
    bool pending = frontier.load() > 0;
    if (resumed) {
      level = static_cast<int>(resumed_->level);
      table_.positions = resumed_->positions;
      table_.forward_levels = static_cast<int>(resumed_->forward_levels);
      if (resumed_->mid_level) carried = PopCount(next_);
      pending = true;
    } else if (pending) {
      if (auto st = MaybeCheckpoint(RetroPhase::kBackward, 0); !st.ok()) return st;
    }
    uint16_t as_win = 0, as_loss = 0;
    auto collect = [&](uint64_t i, Batch& b) {
      b.index[b.items] = i;
      b.entry[b.items] = entries_[i];  // decided in an earlier level: stable
      if constexpr (kIncremental) {
        MoveList<uint64_t, G::kMaxParents> parents;
        game_.GenerateParentIndices(game_.Unindex(i), i, parents);
        for (uint64_t pi : parents) {
          Prefetch(pi);
          b.edge[b.edges++] = pi;
        }
      } else {
        MoveList<State, G::kMaxParents> parents;
        game_.GenerateParents(game_.Unindex(i), parents);
        for (const State& p : parents) {
          const uint64_t pi = game_.Index(p);
          Prefetch(pi);
          b.edge[b.edges++] = pi;
        }
      }
      b.end[b.items++] = b.edges;
    };
    auto flush = [&](Batch& b) {
      uint64_t added = 0;
      for (int k = 0, e = 0; k < b.items; ++k) {
        const bool is_loss = retro::TagOf(b.entry[k]) == retro::kLoss;
        for (; e < b.end[k]; ++e) {
          std::atomic_ref<uint16_t> ref = EntryRef(b.edge[e]);
          uint16_t v = ref.load(std::memory_order_relaxed);
          // A loss child makes the parent a win; the last win child makes
          // it a loss. (An undecided entry always counts at least one
          // undecided child; unreached and decided entries stay.)
          while (retro::TagOf(v) == retro::kUndecided && retro::LowOf(v) > 0) {
            const uint16_t desired = is_loss ? as_win : (retro::LowOf(v) == 1 ? as_loss : v - 1);
            if (ref.compare_exchange_weak(v, desired, std::memory_order_relaxed)) {
              if (retro::TagOf(desired) != retro::kUndecided) {
                SetBit(next_, b.edge[e]);
                ++added;
              }
              break;
            }
          }
        }
      }
      if (added) frontier.fetch_add(added, std::memory_order_relaxed);
    };
    auto start_level = [&](int level) {
      if (level + 1 > retro::kMaxRemoteness) {
        overflow = true;
        return false;
      }
      as_win = retro::Entry(retro::kWin, level + 1);
      as_loss = retro::Entry(retro::kLoss, level + 1);
      return true;
    };
    if (auto st = RunLevels(RetroPhase::kBackward, level, pending, carried, frontier, start_level,
                            collect, flush);
        !st.ok())
      return st;
    table_.levels = level;
    table_.backward_seconds = watch.Seconds();
    if (overflow)
      return absl::OutOfRangeError(
          absl::StrCat("remoteness above ", retro::kMaxRemoteness, ": the table cannot store it"));
    return absl::OkStatus();
  }

  uint64_t PopCount(const ZeroedArray<uint64_t>& bits) const {
    uint64_t c = 0;
    for (uint64_t w = 0; w < bits.size(); ++w) c += std::popcount(bits[w]);
    return c;
  }

  RetroCheckpointHeader CheckpointHeader(RetroPhase phase, uint64_t level, bool mid) const {
    RetroCheckpointHeader h;
    h.game = table_.game;
    h.index_size = game_.IndexSize();
    h.root_index = table_.root_index;
    h.phase = phase;
    h.mid_level = mid;
    h.level = level;
    h.done = phase == RetroPhase::kForward ? done_.load() : 0;
    h.positions = table_.positions;
    h.forward_levels = static_cast<uint64_t>(table_.forward_levels);
    return h;
  }

  // At a level boundary (every frontier task done): saves when due.
  absl::Status MaybeCheckpoint(RetroPhase phase, uint64_t level) {
    if (!checkpoint_ || !checkpoint_clock_.Due()) return absl::OkStatus();
    return SaveCheckpoint(phase, level, false);
  }

  absl::Status SaveCheckpoint(RetroPhase phase, uint64_t level, bool mid) {
    if (!checkpoint_) return absl::OkStatus();
    const RetroCheckpointHeader h = CheckpointHeader(phase, level, mid);
    if (auto st = SaveRetroCheckpoint(checkpoint_->path, h, entries_, cur_.data(), next_.data());
        !st.ok())
      return st;
    checkpoint_clock_.Saved();
    table_.checkpoint_at = DescribeCheckpoint(h);
    ++table_.checkpoints;
    if (checkpoint_->kill_after > 0 && table_.checkpoints == checkpoint_->kill_after)
      std::raise(SIGKILL);  // test hook: a crash right after this checkpoint
    return absl::OkStatus();
  }

  void Finish() {
    struct Counts {
      uint64_t wins = 0, losses = 0, draws = 0;
    };
    tbb::combinable<Counts> counts;
    ParallelFor(Range(0, game_.IndexSize(), 1 << 16), [&](const Range& range) {
      Counts& c = counts.local();
      for (uint64_t i = range.begin(); i != range.end(); ++i) {
        const uint16_t e = entries_[i];
        if (e == 0) continue;
        switch (retro::TagOf(e)) {
          case retro::kWin:
            ++c.wins;
            break;
          case retro::kLoss:
            ++c.losses;
            break;
          default:
            ++c.draws;
            if (e != retro::Entry(retro::kDraw, 0)) entries_[i] = retro::Entry(retro::kDraw, 0);
        }
      }
    });
    counts.combine_each([&](const Counts& c) {
      table_.wins += c.wins;
      table_.losses += c.losses;
      table_.draws += c.draws;
    });
  }

  const G& game_;
  const RetroCheckpointOptions* checkpoint_;  // null: no checkpoints
  CheckpointClock checkpoint_clock_;
  std::optional<RetroCheckpointHeader> resumed_;  // the checkpoint this run resumed from
  bool stopped_mid_level_ = false;                // the time limit stopped a level
  int threads_;
  tbb::task_arena arena_;
  Deadline deadline_;
  Progress progress_;
  std::mutex progress_mutex_;
  std::atomic<uint64_t> done_{0};
  RetrogradeTable table_;
  uint16_t* entries_ = nullptr;
  ZeroedArray<uint64_t> cur_, next_;
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_RETROGRADE_ENGINE_H_
