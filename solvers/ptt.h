#ifndef GAMEBENCH_SOLVERS_PTT_H_
#define GAMEBENCH_SOLVERS_PTT_H_

// Parallel alpha-beta with one shared transposition table (`ptt`): the search
// of `tt` (same tactics, move ordering, table hint, symmetry, bounds, root
// null-window bisection and best-move tests) run by N threads on oneTBB over
// a lock-free table (solvers/shared_transposition_table.h).
//
// Every thread searches the same root window; the first to finish gives the
// result and the others stop. Threads help each other only through the
// table. Two ways of keeping them off each other's subtrees
// (docs/parallel-search.md has the measurements):
//   kLazySmp  helper threads search a different move first near the root
//             (Lazy SMP's diversity without depth differences: these searches
//             run to the end of the game).
//   kAbdada   "simplified ABDADA" (Weill 1996; Kerrigan's variant): a thread
//             marks the positions it is searching in a small shared table;
//             another thread reaching one of them as a non-first move defers
//             it, searches its other moves, and comes back to the deferred
//             ones last, usually to find them in the table.
// Either way each thread runs a complete, correct alpha-beta whose only
// inputs from other threads are true bounds from the table, so the value is
// exactly tt's; node counts differ from run to run.
//
// A separate solver rather than `tt --threads N`: tt stays the deterministic
// single-threaded reference (its node counts are pinned in tests/
// signature.txt, its table is reused across positions by the batch command),
// and the comparison tables show the parallel search as a row of its own.
// The node is tt's (TableAlphaBeta, solvers/table_alphabeta.h, with the
// scheme's hooks), and so is the root loop (RootValueByNullWindows and
// AddBestMoves in search_common.h).

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "core/game.h"
#include "core/memory.h"
#include "core/parallel.h"
#include "core/progress.h"
#include "core/solve.h"
#include "solvers/search_common.h"
#include "solvers/shared_transposition_table.h"
#include "solvers/table_alphabeta.h"
#include "solvers/tt.h"
#include "tbb/task_arena.h"

namespace gamebench {

enum class ParallelScheme { kLazySmp, kAbdada };

// Positions some thread is searching now (ABDADA): one key per slot, by hash.
// A collision only makes a thread defer, or not defer, a move it need not.
class BusyPositions {
 public:
  bool Contains(uint64_t key) const {
    return key != 0 && slots_[Slot(key)].load(std::memory_order_relaxed) == key;
  }
  void Mark(uint64_t key) { slots_[Slot(key)].store(key, std::memory_order_relaxed); }
  void Unmark(uint64_t key) {
    uint64_t expected = key;
    slots_[Slot(key)].compare_exchange_strong(expected, 0, std::memory_order_relaxed);
  }

 private:
  static constexpr int kBits = 15;  // 256 KiB: stays in L2
  static size_t Slot(uint64_t key) { return BucketIndexOf(key, uint64_t{1} << kBits); }
  std::array<std::atomic<uint64_t>, size_t{1} << kBits> slots_{};
};

template <ParallelScheme kScheme>
class BasicParallelTtSolver {
 public:
  static constexpr absl::string_view kName = "ptt";
  static constexpr absl::string_view kDescription =
      "tt on N threads (--threads, 0: all cores) over one lock-free shared table; same value as tt";
  template <typename G>
  // The shared table's entries check a 64-bit key (key XOR data): wider
  // keys would need a wider check word, not done.
  static constexpr bool kAppliesTo = TtSolver::kAppliesTo<G> && KeyedBy64Bits<G>;

  // Near the root only: deeper, subtrees are too small for marking or
  // perturbing to pay for the work it costs at every node.
  static constexpr int kAbdadaPlies = 12;
  static constexpr int kLazyPlies = 4;

  template <Game G>
  static SolveReport Solve(const G& game, const typename G::State& root,
                           const SolveOptions& options) {
    const int threads =
        options.threads > 0 ? options.threads : tbb::this_task_arena::max_concurrency();
    SharedTranspositionTable table(TtSolver::TableBytes(options));
    // One thread moves the table itself, where tt does (same nodes as tt).
    Control control(options, threads, threads > 1 ? table.huge_pages_after() : 0);
    std::vector<Worker<G>> workers;
    workers.reserve(threads);
    auto busy = std::make_unique<BusyPositions>();
    for (int t = 0; t < threads; ++t) workers.emplace_back(game, options, table, control, *busy, t);
    tbb::task_arena arena(threads);
    // The helpers join once the table has moved to huge pages (or never
    // will: too small). Before, most stores are the first write to a page
    // that a probe mapped to the kernel's zero page, and with two threads
    // running each such write costs a TLB shoot-down (an IPI, slow in a VM):
    // 21 % of the CPU time of Connect Four 6x5 on two threads went to these
    // faults. One thread alone pays no IPI; it runs until the move (at most
    // one store per small page: HugePagesAfterStores), so searches smaller than
    // that stay on one thread, as they would gain nothing anyway.
    bool all_threads = threads == 1 || table.huge_pages_after() == 0;
    uint64_t jobs = 0;
    // One search of `s` in [alpha, beta] by every thread; the first result wins.
    auto search = [&](const typename G::State& s, Score alpha, Score beta) {
      Score result = 0;
      bool done = false;
      while (!done && !control.deadline.stopped()) {
        ++jobs;
        control.job_done.store(false, std::memory_order_relaxed);
        control.pause.store(false, std::memory_order_relaxed);
        arena.execute([&] {
          RunOnThreads(all_threads ? threads : 1, [&](int t) {
            Worker<G>& w = workers[t];
            w.stopped = control.job_done.load(std::memory_order_relaxed) ||
                        control.deadline.stopped();
            if (w.stopped) return;
            const Score v = w.AlphaBeta(s, alpha, beta, 0);
            if (!w.stopped && !control.job_done.exchange(true)) result = v;
          });
        });
        done = control.job_done.load(std::memory_order_relaxed);
        // No thread runs now: the table may move to huge pages once the
        // stores make them pay (a search paused for it starts again, and
        // finds its finished subtrees in the table).
        if (!all_threads &&
            control.stores.load(std::memory_order_relaxed) >= table.huge_pages_after()) {
          // On every thread: the kernel zeroes the new huge pages as the
          // copy touches them (the whole table), which one thread pays alone
          // in tt.
          arena.execute([&] { table.UseHugePages(/*parallel=*/true); });
          all_threads = true;
        }
      }
      return result;
    };
    auto stopped = [&] { return control.deadline.stopped(); };

    SolveReport report = StartReport(game, root, kName);
    // Step 1: the value of the root, as tt finds it; step 2, the best moves.
    if constexpr (Tactical<G>)
      report.value = RootValueByNullWindows(
          game, [&](Score mid) { return search(root, mid, mid + 1); }, stopped);
    else
      report.value = search(root, game.MinScore(), game.MaxScore());
    if (options.best_moves) AddBestMoves(game, root, report, search, stopped);
    report.complete = !stopped();
    SharedTranspositionTable::Counters counters;
    for (const Worker<G>& w : workers) {
      report.nodes += w.nodes;
      counters += w.counters;
    }
    report.seconds = control.deadline.Elapsed();
    control.progress.Finish();
    report.stats = table.Stats(counters, /*count_used=*/true);
    report.stats.Set("symmetry", workers[0].use_symmetry);
    report.stats.Set("move_ordering", options.move_ordering);
    report.stats.Set("threads", threads);
    report.stats.Set("scheme", kScheme == ParallelScheme::kAbdada ? "abdada" : "lazy-smp");
    report.stats.Set("searches", jobs);
    report.stats.Set("main_thread_nodes", workers[0].nodes);
    return report;
  }

 private:
  // What the threads share besides the table: the clock (with the caller's
  // CancelScope), the node count against the limit, progress, and the flag
  // that the current search has its result.
  struct Control {
    Control(const SolveOptions& options, int thread_count, uint64_t huge_pages_after_stores)
        : threads(thread_count),
          deadline(options.time_limit_seconds),
          node_limit(options.node_limit),
          huge_pages_after(huge_pages_after_stores),
          progress(options.progress) {
      progress.Phase("search");
    }
    // Every kPollInterval nodes of one thread: true when that thread stops.
    // `new_stores`: the thread's table stores since its last poll.
    bool Poll(int thread, uint64_t new_stores) {
      const uint64_t total = nodes.fetch_add(kPollInterval, std::memory_order_relaxed) + kPollInterval;
      if (thread == 0) progress.Update(total);  // only the calling thread prints
      if (node_limit && total >= node_limit) deadline.Stop();
      // Huge pages pay from here: every thread stops so that the caller can
      // move the table (once: the move sets huge_pages()).
      if (huge_pages_after &&
          stores.fetch_add(new_stores, std::memory_order_relaxed) + new_stores >= huge_pages_after &&
          !huge_pages_asked.exchange(true, std::memory_order_relaxed))
        pause.store(true, std::memory_order_relaxed);
      return deadline.Poll() || job_done.load(std::memory_order_relaxed) ||
             pause.load(std::memory_order_relaxed);
    }
    int threads;
    Deadline deadline;  // stopped(): the whole solve stops (time, nodes, cancel)
    uint64_t node_limit;
    std::atomic<uint64_t> nodes{0};
    std::atomic<bool> job_done{false};
    std::atomic<bool> pause{false};  // stop this search, it will start again
    std::atomic<uint64_t> stores{0};
    uint64_t huge_pages_after;  // 0: the threads never pause for huge pages
    std::atomic<bool> huge_pages_asked{false};
    Progress progress;
  };

  // Each worker on cache lines of its own (128 bytes: the adjacent-line
  // prefetcher pairs lines), with its own copy of the game: the counters a
  // worker writes at every node shared a line with the other worker's game
  // pointer and settings, and its reads of them stalled (Connect Four 7x6
  // 123454: user CPU per node +40 % with two threads; +4 % once apart).
  template <Game G>
  struct alignas(128) Worker : TableAlphaBeta<G, Worker<G>> {
    using State = typename G::State;
    using Node = TableAlphaBeta<G, Worker<G>>;
    const G game;
    bool ordering;
    bool use_symmetry;
    SharedTranspositionTable& table;
    Control& control;
    BusyPositions& busy;
    int id;
    uint64_t nodes = 0;
    bool stopped = false;  // this thread's current search was abandoned
    SharedTranspositionTable::Counters counters;
    uint64_t polled_stores = 0;

    Worker(const G& g, const SolveOptions& options, SharedTranspositionTable& t, Control& c,
           BusyPositions& b, int thread)
        : game(g),
          ordering(options.move_ordering),
          use_symmetry(Symmetric<G> && options.symmetry),
          table(t),
          control(c),
          busy(b),
          id(thread) {}

    uint64_t KeyOf(const State& s) const { return TableKey(game, s, use_symmetry); }

    // What TableAlphaBeta asks of a search (the node itself is there).
    bool Visit() {
      if ((++nodes & (kPollInterval - 1)) == 0) {
        if (control.Poll(id, counters.stores - polled_stores)) stopped = true;
        polled_stores = counters.stores;
        if (control.threads == 1 && !table.huge_pages() &&
            counters.stores >= table.huge_pages_after())
          table.UseHugePages();  // the only thread: nobody else reads the table
      }
      return stopped;
    }
    bool Stopped() const { return stopped; }
    uint64_t Nodes() const { return nodes; }
    void Prefetch(uint64_t key) { table.Prefetch(key); }
    bool Probe(uint64_t key, TableBounds& out) { return table.Probe(key, out, counters); }
    void Store(uint64_t key, Score lower, Score upper, int move, uint64_t subtree_nodes) {
      table.Store(key, lower, upper, move, subtree_nodes, counters);
    }

    // The scheme's hooks. ABDADA: a node that is not its parent's first
    // move (`exclusive`) answers kBusy at once if another thread is
    // searching it; otherwise it is marked as searched while it runs.
    static constexpr bool kDefers = kScheme == ParallelScheme::kAbdada;
    template <typename Expand>
    Score Guard(uint64_t key, int ply, bool exclusive, Expand&& expand) {
      if constexpr (kScheme == ParallelScheme::kAbdada) {
        if (ply > 0 && ply <= kAbdadaPlies) {
          if (exclusive && busy.Contains(key)) return Node::kBusy;
          busy.Mark(key);
          const Score v = expand();
          busy.Unmark(key);
          return v;
        }
      }
      return expand();
    }
    // ABDADA shares a node's first child (where a node cuts, that child is
    // usually all its work). At a root expected to fail low every child
    // must be searched, so the threads take different children from the
    // start (root splitting). Expected from the root's bounds in the table,
    // left by the earlier null-window tests: the window lies nearer their
    // top than their bottom (docs/parallel-search.md: Connect Four 6x5
    // from the start, nodes over one thread's +16 % -> +2 %).
    bool ExclusiveFirstChild(int ply, const TableBounds& stored, Score alpha, Score beta) const {
      return kScheme == ParallelScheme::kAbdada && ply == 0 &&
             alpha - stored.lower > stored.upper - beta;
    }
    // Lazy SMP: helpers start elsewhere near the root: thread t tries the
    // move t places down first, so that threads fill different subtrees.
    void Reorder(typename Node::Order& order, int ply) const {
      if constexpr (kScheme == ParallelScheme::kLazySmp) {
        if (id > 0 && ply < kLazyPlies && order.size() > 1) MoveToFront(order, id % order.size());
      }
    }
  };
};

// The scheme kept by measurement (docs/parallel-search.md).
using PttSolver = BasicParallelTtSolver<ParallelScheme::kAbdada>;

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_PTT_H_
