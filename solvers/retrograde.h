#ifndef GAMEBENCH_SOLVERS_RETROGRADE_H_
#define GAMEBENCH_SOLVERS_RETROGRADE_H_

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

#include <algorithm>
#include <atomic>
#include <bit>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/memory.h"
#include "core/parallel.h"
#include "core/progress.h"
#include "core/solve.h"
#include "solvers/retrograde_checkpoint.h"
#include "solvers/retrograde_table.h"
#include "solvers/search_common.h"
#include "tbb/blocked_range.h"
#include "tbb/combinable.h"
#include "tbb/task_arena.h"

namespace gamebench {

class RetrogradeSolver {
 public:
  static constexpr absl::string_view kName = "retrograde";
  static constexpr absl::string_view kDescription =
      "parallel retrograde analysis (oneTBB) of every reachable position; draws in loopy games";
  template <typename G>
  static constexpr bool kAppliesTo = [] {
    if constexpr (Indexed<G>) return !G::kScored;
    return false;
  }();

  // Bytes the analysis of `game` needs: the table and two bitmaps.
  template <Indexed G>
  static uint64_t MemoryNeeded(const G& game) {
    const uint64_t n = game.IndexSize();
    return n * sizeof(uint16_t) + 2 * ((n + 63) / 64) * sizeof(uint64_t);
  }

  // Refuses, with the estimate, an analysis that would not fit the budget.
  template <Indexed G>
  static absl::Status CheckMemory(const G& game, const SolveOptions& options) {
    const uint64_t budget = options.memory_bytes ? options.memory_bytes : DefaultMemoryBudget();
    const uint64_t need = MemoryNeeded(game);
    // Also refuses index spaces whose byte count would overflow.
    if (game.IndexSize() > (uint64_t{1} << 50) || need > budget)
      return absl::ResourceExhaustedError(absl::StrCat(
          "retrograde analysis of ", game.CanonicalSpec(), " needs about ", FormatBytes(need), " (",
          game.IndexSize(), " indexed positions x 2.25 bytes), over the memory budget of ",
          FormatBytes(budget), " (--memory)"));
    return absl::OkStatus();
  }

  // The root must be a position of the index space (a game may index only
  // the positions reachable from its start, e.g. nim's heaps up to their
  // starting sizes).
  template <Indexed G>
  static absl::Status CheckRoot(const G& game, const typename G::State& root) {
    const uint64_t i = game.Index(root);
    if (i >= game.IndexSize() || !(game.Unindex(i) == root))
      return absl::InvalidArgumentError(absl::StrCat(
          "position ", game.FormatState(root), " is outside the index space of ",
          game.CanonicalSpec(), " (retrograde analysis covers the positions its index covers)"));
    return absl::OkStatus();
  }

  // The tool calls this before Solve, so that a refusal is a one-line error.
  template <Game G>
  static absl::Status Precheck(const G& game, const typename G::State& root,
                               const SolveOptions& options) {
    if constexpr (Indexed<G>) {
      if (auto st = CheckMemory(game, options); !st.ok()) return st;
      return CheckRoot(game, root);
    }
    return absl::OkStatus();
  }

  // The whole table: every position reachable from `root`. With
  // kUseIncremental (the default) an IncrementallyIndexed game's child and
  // parent indices come from GenerateChildIndices / GenerateParentIndices;
  // false forces the generic path (Play + Index, GenerateParents + Index),
  // which tests compare against.
  // With `checkpoint` (and a path in it), the analysis saves its state at
  // level boundaries (retrograde_checkpoint.h), resumes from the file when it
  // exists, and leaves a checkpoint when the time limit stops it. The caller
  // removes the file once the result is safe.
  template <bool kUseIncremental = true, Indexed G>
  static absl::StatusOr<RetrogradeTable> Analyze(
      const G& game, const typename G::State& root, const SolveOptions& options,
      const RetroCheckpointOptions* checkpoint = nullptr) {
    static_assert(G::kMaxMoves <= retro::kLowMask, "child counts must fit in 14 bits");
    if (auto st = Precheck(game, root, options); !st.ok()) return st;
    Analysis<G, kUseIncremental && IncrementallyIndexed<G>> a(
        game, options, checkpoint && !checkpoint->path.empty() ? checkpoint : nullptr);
    return a.Run(root);
  }

  template <Indexed G>
  static SolveReport Solve(const G& game, const typename G::State& root,
                           const SolveOptions& options) {
    SolveReport report = StartReport(game, root, kName);
    Stopwatch watch;
    absl::StatusOr<RetrogradeTable> table = Analyze(game, root, options);
    report.seconds = watch.Seconds();
    if (!table.ok()) {
      report.complete = false;
      report.note = std::string(table.status().message());
      return report;
    }
    report.nodes = table->positions;
    report.complete = table->complete;
    if (table->complete) {
      const uint16_t e = table->entries[table->root_index];
      report.value = ValueOf(e);
      if (report.value != kDrawScore) report.remoteness = retro::LowOf(e);
      if (options.best_moves) report.best_moves = BestMoves(game, *table, root);
    }
    report.stats.Set("positions", table->positions);
    report.stats.Set("wins", table->wins);
    report.stats.Set("losses", table->losses);
    report.stats.Set("draws", table->draws);
    report.stats.Set("index_size", table->index_size());
    report.stats.Set("threads", table->threads);
    report.stats.Set("forward_levels", table->forward_levels);
    report.stats.Set("backward_levels", table->levels);
    report.stats.Set("forward_seconds", table->forward_seconds);
    report.stats.Set("backward_seconds", table->backward_seconds);
    return report;
  }

  static Score ValueOf(uint16_t e) {
    switch (retro::TagOf(e)) {
      case retro::kWin:
        return kWinScore;
      case retro::kLoss:
        return kLossScore;
      default:
        return kDrawScore;
    }
  }

  // Every move of `s` that achieves its value (as the search solvers list
  // them): to a loss from a win, any move from a loss, to a draw from a draw.
  template <Indexed G>
  static std::vector<std::string> BestMoves(const G& game, const RetrogradeTable& table,
                                            const typename G::State& s) {
    std::vector<std::string> out;
    if (game.Terminal(s)) return out;
    const Score value = ValueOf(table.entries[game.Index(s)]);
    MoveListOf<G> moves;
    game.GenerateMoves(s, moves);
    for (auto m : moves)
      if (-ValueOf(table.entries[game.Index(game.Play(s, m))]) == value)
        out.push_back(game.FormatMove(s, m));
    return out;
  }

  // Re-checks every reached entry against its children: terminal values, a
  // win has a move to a loss one ply nearer the end (the nearest), a loss
  // only moves to wins (the slowest one ply nearer), a draw has no move to a
  // loss and some move to a draw; children of reached positions are reached;
  // the root is reached; the counts match. The first bad entry (lowest
  // index) is named.
  template <Indexed G>
  static absl::Status Verify(const G& game, const RetrogradeTable& table, int threads = 0) {
    if (table.index_size() != game.IndexSize())
      return absl::InvalidArgumentError(absl::StrCat("table has ", table.index_size(), " entries, ",
                                                     game.CanonicalSpec(), " indexes ",
                                                     game.IndexSize()));
    if (retro::TagOf(table.entries[table.root_index]) == retro::kUnreached)
      return absl::InvalidArgumentError("the root position is not in the table");
    std::atomic<uint64_t> first_bad{~uint64_t{0}};
    struct Counts {
      uint64_t positions = 0, wins = 0, losses = 0, draws = 0;
    };
    tbb::combinable<Counts> counts;
    const uint64_t n = table.index_size();
    tbb::task_arena arena(threads > 0 ? threads : tbb::task_arena::automatic);
    arena.execute([&] {
      ParallelFor(tbb::blocked_range<uint64_t>(0, n, 1 << 14),
                  [&](const tbb::blocked_range<uint64_t>& range) {
                    Counts& c = counts.local();
                    for (uint64_t i = range.begin(); i != range.end(); ++i) {
                      const uint16_t e = table.entries[i];
                      if (retro::TagOf(e) == retro::kUnreached) continue;
                      ++c.positions;
                      const retro::Tag tag = retro::TagOf(e);
                      c.wins += tag == retro::kWin;
                      c.losses += tag == retro::kLoss;
                      c.draws += tag == retro::kDraw;
                      if (!CheckEntry(game, table, i)) {
                        uint64_t cur = first_bad.load();
                        while (i < cur && !first_bad.compare_exchange_weak(cur, i)) {
                        }
                      }
                    }
                  });
    });
    if (first_bad.load() != ~uint64_t{0}) {
      const uint64_t i = first_bad.load();
      const uint16_t e = table.entries[i];
      return absl::InvalidArgumentError(
          absl::StrCat("inconsistent entry at index ", i, " (position ",
                       game.FormatState(game.Unindex(i)), "): ", ScoreText(ValueOf(e), false),
                       " with remoteness ", retro::LowOf(e), " does not follow from its moves"));
    }
    Counts total;
    counts.combine_each([&](const Counts& c) {
      total.positions += c.positions;
      total.wins += c.wins;
      total.losses += c.losses;
      total.draws += c.draws;
    });
    if (total.positions != table.positions || total.wins != table.wins ||
        total.losses != table.losses || total.draws != table.draws)
      return absl::InvalidArgumentError(absl::StrCat(
          "counts do not match the entries: header says ", table.positions, " positions (",
          table.wins, " wins, ", table.losses, " losses, ", table.draws, " draws), entries have ",
          total.positions, " (", total.wins, ", ", total.losses, ", ", total.draws, ")"));
    return absl::OkStatus();
  }

 private:
  template <Indexed G>
  static bool CheckEntry(const G& game, const RetrogradeTable& table, uint64_t i) {
    const uint16_t e = table.entries[i];
    const retro::Tag tag = retro::TagOf(e);
    const int rem = retro::LowOf(e);
    const typename G::State s = game.Unindex(i);
    if (game.Index(s) != i) return false;
    if (auto t = game.Terminal(s)) {
      if (*t == kDrawScore) return tag == retro::kDraw && rem == 0;
      return tag == (*t > 0 ? retro::kWin : retro::kLoss) && rem == 0;
    }
    MoveListOf<G> moves;
    game.GenerateMoves(s, moves);
    bool any_loss = false, any_draw = false, all_wins = true;
    int min_loss = retro::kMaxRemoteness + 1, max_win = -1;
    for (auto m : moves) {
      const uint16_t c = table.entries[game.Index(game.Play(s, m))];
      switch (retro::TagOf(c)) {
        case retro::kUnreached:
          return false;
        case retro::kLoss:
          any_loss = true;
          all_wins = false;
          min_loss = std::min(min_loss, retro::LowOf(c));
          break;
        case retro::kWin:
          max_win = std::max(max_win, retro::LowOf(c));
          break;
        case retro::kDraw:
          any_draw = true;
          all_wins = false;
          break;
      }
    }
    switch (tag) {
      case retro::kWin:
        return any_loss && rem == min_loss + 1;
      case retro::kLoss:
        return all_wins && rem == max_win + 1;
      case retro::kDraw:
        return !any_loss && any_draw && rem == 0;
      default:
        return false;
    }
  }

  // One analysis: the table, the two frontier bitmaps, the thread arena.
  // kIncremental: child and parent indices from GenerateChildIndices /
  // GenerateParentIndices (IncrementallyIndexed games) instead of Play +
  // Index and GenerateParents + Index.
  template <Indexed G, bool kIncremental = IncrementallyIndexed<G>>
  class Analysis {
   public:
    using State = typename G::State;

    Analysis(const G& game, const SolveOptions& options, const RetroCheckpointOptions* checkpoint)
        : game_(game),
          options_(options),
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
        std::fprintf(stderr, "analyze: resuming %s from checkpoint '%s' at %s\n",
                     table_.game.c_str(), checkpoint_->path.c_str(), table_.resumed_from.c_str());
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

    std::atomic_ref<uint16_t> EntryRef(uint64_t i) {
      return std::atomic_ref<uint16_t>(entries_[i]);
    }
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
      for (bool pending = true; pending;) {
        frontier = carried;
        carried = 0;
        ForEachInFrontier(collect, flush);
        if (deadline_.stopped()) {
          stopped_mid_level_ = true;
          table_.stopped_at = DescribeCheckpoint(
              CheckpointHeader(RetroPhase::kForward, table_.forward_levels, true));
          if (auto st = SaveCheckpoint(RetroPhase::kForward, table_.forward_levels, true); !st.ok())
            return st;
          break;
        }
        cur_.Swap(next_);
        ++table_.forward_levels;
        pending = frontier.load() > 0;
        if (pending)
          if (auto st = MaybeCheckpoint(RetroPhase::kForward, table_.forward_levels); !st.ok())
            return st;
      }
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
      while (pending) {
        if (level + 1 > retro::kMaxRemoteness) {
          overflow = true;
          break;
        }
        frontier = carried;
        carried = 0;
        as_win = retro::Entry(retro::kWin, level + 1);
        as_loss = retro::Entry(retro::kLoss, level + 1);
        ForEachInFrontier(collect, flush);
        if (deadline_.stopped()) {
          stopped_mid_level_ = true;
          table_.stopped_at =
              DescribeCheckpoint(CheckpointHeader(RetroPhase::kBackward, level, true));
          if (auto st = SaveCheckpoint(RetroPhase::kBackward, level, true); !st.ok()) return st;
          break;
        }
        cur_.Swap(next_);
        ++level;
        pending = frontier.load() > 0;
        if (pending)
          if (auto st = MaybeCheckpoint(RetroPhase::kBackward, level); !st.ok()) return st;
      }
      table_.levels = level;
      table_.backward_seconds = watch.Seconds();
      if (overflow)
        return absl::OutOfRangeError(absl::StrCat("remoteness above ", retro::kMaxRemoteness,
                                                  ": the table cannot store it"));
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
    const SolveOptions& options_;
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
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_RETROGRADE_H_
