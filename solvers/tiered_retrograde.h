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
// Distribution (tier_comm.h): each tier's index range is split over the ranks
// in equal runs of whole bitmap words; each rank scans its run, and the ranks
// then exchange the finished tier with one all-gather, since it is the child
// of the next tiers. Loopy tiers gather the scan's results and every rank runs
// the fixpoint (the same on each). Each rank writes its own shard of every
// tier. A rerun with the same directory resumes: a finished forward pass is
// not repeated, and tiers whose value shards all exist are loaded, not solved.

#include <algorithm>
#include <atomic>
#include <bit>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <limits>
#include <mutex>
#include <string>
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
#include "tbb/blocked_range.h"
#include "tbb/combinable.h"
#include "tbb/task_arena.h"

namespace gamebench {

struct TieredOptions {
  std::string dir;  // where the tier files go (created if missing)
  int threads = 0;  // per rank; 0: all cores
  bool progress = false;
  uint64_t memory_bytes = 0;  // 0: the default budget
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
  bool forward_resumed = false;
  int tiers_resumed = 0;
  double seconds = 0, forward_seconds = 0, backward_seconds = 0;
};

namespace tiered {

// Bytes the analysis needs at its peak: the largest tier's entries and
// bitmap with its child tiers' entries (the loopy fixpoint's side data comes
// on top, 4 bytes a position and 16 an in-tier move, only in loopy tiers).
template <Tiered G>
uint64_t MemoryNeeded(const G& game) {
  uint64_t peak = 0;
  std::vector<int> children;
  auto add = [](uint64_t a, uint64_t b) { return a > ~uint64_t{0} - b ? ~uint64_t{0} : a + b; };
  auto times = [](uint64_t a, uint64_t k) { return a > ~uint64_t{0} / k ? ~uint64_t{0} : a * k; };
  for (int t = 0; t < game.NumTiers(); ++t) {
    children.clear();
    game.ChildTiers(t, children);
    uint64_t need = add(times(game.TierSize(t), 2), game.TierSize(t) / 8 + 8);
    for (int c : children) need = add(need, times(game.TierSize(c), 2));
    peak = std::max(peak, need);
  }
  return peak;
}

// The index range of `rank`: whole bitmap words, as even as possible.
inline std::vector<uint64_t> Bounds(uint64_t size, int ranks) {
  const uint64_t words = (size + 63) / 64;
  std::vector<uint64_t> b(ranks + 1);
  for (int r = 0; r <= ranks; ++r) b[r] = std::min(size, words * r / ranks * 64);
  b[ranks] = size;
  return b;
}

inline uint64_t HashEntries(const ZeroedArray<uint16_t>& e) {
  TableHash h;
  h.Update(e.data(), e.size() * sizeof(uint16_t));
  return h.Final();
}

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
        tiers_(game.NumTiers()) {}

  // Refuses, with the estimate, an analysis whose largest tier would not fit.
  static absl::Status CheckMemory(const G& game, uint64_t budget_bytes) {
    const uint64_t budget = budget_bytes ? budget_bytes : DefaultMemoryBudget();
    const uint64_t need = tiered::MemoryNeeded(game);
    if (need > budget)
      return absl::ResourceExhaustedError(absl::StrCat(
          "tiered retrograde analysis of ", game.CanonicalSpec(), " needs about ",
          need == ~uint64_t{0} ? std::string("more than 16 EiB") : FormatBytes(need),
          " for its largest tier and that tier's child tiers (2 bytes per indexed position), "
          "over the memory budget of ",
          FormatBytes(budget), " (--memory)"));
    return absl::OkStatus();
  }

  absl::StatusOr<TieredResult> Run() {
    Stopwatch watch;
    result_.game = game_.CanonicalSpec();
    result_.ranks = comm_.size();
    result_.threads = threads_;
    if (auto st = comm_.Agree(absl::StrCat(result_.game, " dir=", options_.dir)); !st.ok())
      return st;
    if (auto st = CheckMemory(game_, options_.memory_bytes); !st.ok()) return st;
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
          of != std::string::npos && name.substr(of + 4) != std::to_string(comm_.size()))
        Fail(absl::StrCat("tier directory '", options_.dir, "' holds the files of a run with ",
                          name.substr(of + 4), " ranks, not ", comm_.size(),
                          ": rerun with that many ranks, or use a new directory"));
    }
    // (Collective: a rank whose view of the directory differs must not leave
    // the others waiting.)
    if (auto st = TakeError(); !st.ok()) return st;
    min_parent_.assign(tiers_, tiers_);
    is_child_.assign(tiers_, std::vector<char>(tiers_, 0));
    for (int t = 0; t < tiers_; ++t) {
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

  // ---- 1. Forward -----------------------------------------------------------

  absl::Status Forward() {
    Stopwatch watch;
    counts_.assign(tiers_, 0);
    const int R = comm_.size(), me = comm_.rank();
    const std::string forward_path = TierFilePath(options_.dir, TierFileKind::kForward, 0, me, R);
    if (std::filesystem::exists(forward_path)) {
      TierShardHeader expected = Header(TierFileKind::kForward, 0, tiers_);
      expected.tier_size = static_cast<uint64_t>(tiers_);
      std::vector<char> data;
      auto h = LoadTierShard(forward_path, expected, data);
      if (!h.ok()) return h.status();
      std::memcpy(counts_.data(), data.data(), data.size());
      result_.forward_resumed = true;
      result_.forward_seconds = watch.Seconds();
      return TakeError();
    }
    std::vector<ZeroedArray<uint64_t>> pending(tiers_);
    const State start = game_.Start();
    pending[start_tier_] = ZeroedArray<uint64_t>((game_.TierSize(start_tier_) + 63) / 64);
    SetBit(pending[start_tier_].data(), game_.TierIndex(start));
    for (int t = start_tier_; t < tiers_; ++t) {
      if (pending[t].size() == 0) continue;
      for (int c = t + 1; c < tiers_; ++c)
        if (is_child_[t][c] && pending[c].size() == 0)
          pending[c] = ZeroedArray<uint64_t>((game_.TierSize(c) + 63) / 64);
      const uint64_t size = game_.TierSize(t);
      const std::vector<uint64_t> bounds = tiered::Bounds(size, R);
      const uint64_t w0 = bounds[me] / 64, w1 = (bounds[me + 1] + 63) / 64;
      uint64_t* bits = pending[t].data();
      ZeroedArray<uint64_t> seen(w1 - w0);
      progress_.Phase(absl::StrCat("tiers: reach tier ", t, " of ", tiers_ - 1));
      std::atomic<uint64_t> done{0};
      // Rounds until no rank finds a new position in this tier.
      for (;;) {
        std::atomic<uint64_t> fresh{0};
        ParallelFor(Range(w0, w1, 64), [&](const Range& range) {
          uint64_t local = 0;
          MoveListOf<G> moves;
          for (uint64_t w = range.begin(); w != range.end(); ++w) {
            const uint64_t todo =
                std::atomic_ref<uint64_t>(bits[w]).load(std::memory_order_relaxed) & ~seen[w - w0];
            if (!todo) continue;
            seen[w - w0] |= todo;
            for (uint64_t b = todo; b; b &= b - 1, ++local) {
              const State s = game_.TierUnindex(t, w * 64 + std::countr_zero(b));
              if (game_.Terminal(s)) continue;
              moves.clear();
              game_.GenerateMoves(s, moves);
              for (auto m : moves) {
                const State c = game_.Play(s, m);
                const int ct = game_.TierOf(c);
                if (ct == t) {
                  if (TestAndSetBit(bits, game_.TierIndex(c))) fresh.fetch_add(1);
                } else if (ct < 0 || ct >= tiers_ || !is_child_[t][ct]) {
                  Fail(MoveError(s, t, ct));
                } else {
                  SetBit(pending[ct].data(), game_.TierIndex(c));
                }
              }
            }
          }
          ReportProgress(done.fetch_add(local) + local);
        });
        if (auto st = TakeError(); !st.ok()) return st;
        comm_.AllreduceOr(bits, pending[t].size());
        // New positions of this rank's range (found here or by another rank).
        uint64_t mine_new = 0;
        for (uint64_t w = w0; w < w1; ++w) mine_new += std::popcount(bits[w] & ~seen[w - w0]);
        if (comm_.AllreduceSum(mine_new) == 0) break;
      }
      for (int c = t + 1; c < tiers_; ++c)
        if (is_child_[t][c]) comm_.AllreduceOr(pending[c].data(), pending[c].size());
      uint64_t mine = 0;
      for (uint64_t w = w0; w < w1; ++w) mine += std::popcount(bits[w]);
      counts_[t] = comm_.AllreduceSum(mine);
      TierShardHeader h = Header(TierFileKind::kReach, t, size);
      h.begin = bounds[me];
      h.end = bounds[me + 1];
      h.positions = mine;
      if (auto st = SaveTierShard(TierFilePath(options_.dir, TierFileKind::kReach, t, me, R), h,
                                  bits + w0, (w1 - w0) * 8);
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
    h.tier = static_cast<uint64_t>(tier);
    h.tier_size = size;
    h.rank = static_cast<uint64_t>(comm_.rank());
    h.ranks = static_cast<uint64_t>(comm_.size());
    return h;
  }

  // ---- 2. Backward ----------------------------------------------------------

  absl::Status Backward() {
    Stopwatch watch;
    const int R = comm_.size();
    for (int t = tiers_ - 1; t >= start_tier_; --t) {
      if (counts_[t] == 0) continue;
      const uint64_t size = game_.TierSize(t);
      TierSummary summary;
      summary.tier = t;
      summary.size = size;
      ZeroedArray<uint16_t> entries;
      // A tier a previous run finished (all its shards on disk) is loaded.
      bool finished = true;
      for (int r = 0; r < R && finished; ++r)
        finished =
            std::filesystem::exists(TierFilePath(options_.dir, TierFileKind::kValues, t, r, R));
      if (comm_.AllreduceSum(finished ? 1 : 0) != static_cast<uint64_t>(R)) finished = false;
      if (finished) {
        auto v = LoadTierValues(options_.dir, result_.game, t, size, entries);
        if (!v.ok()) Fail(std::string(v.status().message()));
        if (auto st = TakeError(); !st.ok()) return st;
        summary.positions = v->positions;
        summary.wins = v->wins;
        summary.losses = v->losses;
        summary.draws = v->draws;
        summary.resumed = true;
        ++result_.tiers_resumed;
      } else {
        if (auto st = SolveTier(t, size, entries, summary); !st.ok()) return st;
        ++solved_;
      }
      if (summary.positions != counts_[t])
        return absl::InternalError(absl::StrCat("tier ", t, ": ", summary.positions,
                                                " positions solved, ", counts_[t], " reached"));
      summary.checksum = tiered::HashEntries(entries);
      if (t == start_tier_) result_.root_entry = entries[game_.TierIndex(game_.Start())];
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

  absl::Status SolveTier(int t, uint64_t size, ZeroedArray<uint16_t>& entries,
                         TierSummary& summary) {
    const int R = comm_.size(), me = comm_.rank();
    // The child tiers' values: in memory, or from disk.
    std::vector<const uint16_t*> child(tiers_, nullptr);
    for (int c = t + 1; c < tiers_; ++c) {
      if (!is_child_[t][c] || counts_[c] == 0) continue;
      if (!Cached(c)) {
        ZeroedArray<uint16_t> loaded;
        auto v = LoadTierValues(options_.dir, result_.game, c, game_.TierSize(c), loaded);
        if (!v.ok()) Fail(std::string(v.status().message()));
        if (auto st = TakeError(); !st.ok()) return st;
        cache_.emplace_back(c, std::move(loaded));
      }
      child[c] = Cached(c)->data();
    }
    // This rank's reachable positions.
    const std::vector<uint64_t> bounds = tiered::Bounds(size, R);
    const uint64_t w0 = bounds[me] / 64;
    std::vector<char> reach_data;
    TierShardHeader expected = Header(TierFileKind::kReach, t, size);
    auto rh = LoadTierShard(TierFilePath(options_.dir, TierFileKind::kReach, t, me, R), expected,
                            reach_data);
    if (!rh.ok()) Fail(std::string(rh.status().message()));
    if (auto st = TakeError(); !st.ok()) return st;
    const uint64_t* reach = reinterpret_cast<const uint64_t*>(reach_data.data());
    const uint64_t words = reach_data.size() / 8;

    entries = ZeroedArray<uint16_t>(size);
    ZeroedArray<uint32_t> side(size);  // touched only in loopy tiers
    uint16_t* e = entries.data();
    tbb::combinable<std::vector<uint64_t>> edges;  // (child, parent) pairs inside the tier
    progress_.Phase(absl::StrCat("tiers: solve tier ", t, " of ", tiers_ - 1), rh->positions);
    std::atomic<uint64_t> done{0};
    ParallelFor(Range(0, words, 64), [&](const Range& range) {
      MoveListOf<G> moves;
      uint64_t inside[G::kMaxMoves];
      uint64_t local = 0;
      for (uint64_t w = range.begin(); w != range.end(); ++w) {
        for (uint64_t b = reach[w]; b; b &= b - 1, ++local) {
          const uint64_t i = (w0 + w) * 64 + std::countr_zero(b);
          const State s = game_.TierUnindex(t, i);
          if (auto term = game_.Terminal(s)) {
            e[i] = retro::Entry(*term > 0   ? retro::kWin
                                : *term < 0 ? retro::kLoss
                                            : retro::kDraw,
                                0);
            continue;
          }
          moves.clear();
          game_.GenerateMoves(s, moves);
          int num_inside = 0, min_loss = std::numeric_limits<int>::max(), max_win = -1;
          bool draw = false;
          for (auto m : moves) {
            const State c = game_.Play(s, m);
            const int ct = game_.TierOf(c);
            if (ct == t) {
              const uint64_t ci = game_.TierIndex(c);
              bool repeat = false;
              for (int k = 0; k < num_inside; ++k) repeat |= inside[k] == ci;
              if (!repeat) inside[num_inside++] = ci;
              continue;
            }
            if (ct < 0 || ct >= tiers_ || !is_child_[t][ct]) {
              Fail(MoveError(s, t, ct));
              continue;
            }
            const uint16_t v = child[ct][game_.TierIndex(c)];
            switch (retro::TagOf(v)) {
              case retro::kLoss:
                min_loss = std::min(min_loss, retro::LowOf(v));
                break;
              case retro::kWin:
                max_win = std::max(max_win, retro::LowOf(v));
                break;
              case retro::kDraw:
                draw = true;
                break;
              default:
                Fail(absl::StrCat("tier ", ct, " has no value for ", game_.FormatState(c),
                                  ", a child of the reachable ", game_.FormatState(s)));
            }
          }
          if (num_inside == 0) {
            e[i] = min_loss != std::numeric_limits<int>::max()
                       ? retro::Entry(retro::kWin, min_loss + 1)
                   : draw ? retro::Entry(retro::kDraw, 0)
                          : retro::Entry(retro::kLoss, max_win + 1);
            continue;
          }
          e[i] = retro::Entry(retro::kUndecided, num_inside);
          side[i] = tier_fixpoint::Side(
              min_loss != std::numeric_limits<int>::max() ? min_loss + 1 : 0, max_win + 1, draw);
          std::vector<uint64_t>& out = edges.local();
          for (int k = 0; k < num_inside; ++k) {
            out.push_back(inside[k]);
            out.push_back(i);
          }
        }
      }
      ReportProgress(done.fetch_add(local) + local);
    });
    if (auto st = TakeError(); !st.ok()) return st;
    std::vector<uint64_t> mine;
    edges.combine_each(
        [&](const std::vector<uint64_t>& v) { mine.insert(mine.end(), v.begin(), v.end()); });
    const bool loopy = comm_.AllreduceMax(mine.empty() ? 0 : 1) != 0;
    if (loopy) {
      comm_.AllgatherRanges(e, bounds);
      comm_.AllgatherRanges(side.data(), bounds);
      std::vector<uint64_t> all = comm_.AllgatherVector(mine);
      mine = std::vector<uint64_t>();
      if (auto st = TierFixpoint(size, e, side, all); !st.ok()) return st;
    }
    // What stays undecided is a draw; count this rank's range.
    uint64_t counts[4] = {0, 0, 0, 0};  // positions, wins, losses, draws
    for (uint64_t i = bounds[me]; i < bounds[me + 1]; ++i) {
      if (e[i] == 0) continue;
      if (retro::TagOf(e[i]) == retro::kDraw) e[i] = retro::Entry(retro::kDraw, 0);
      ++counts[0];
      counts[1] += retro::TagOf(e[i]) == retro::kWin;
      counts[2] += retro::TagOf(e[i]) == retro::kLoss;
      counts[3] += retro::TagOf(e[i]) == retro::kDraw;
    }
    if (loopy) {  // every rank ran the fixpoint: settle the draws of the whole tier alike
      for (uint64_t i = 0; i < size; ++i)
        if (retro::TagOf(e[i]) == retro::kDraw) e[i] = retro::Entry(retro::kDraw, 0);
    } else {
      comm_.AllgatherRanges(e, bounds);
    }
    TierShardHeader h = Header(TierFileKind::kValues, t, size);
    h.begin = bounds[me];
    h.end = bounds[me + 1];
    h.positions = counts[0];
    h.wins = counts[1];
    h.losses = counts[2];
    h.draws = counts[3];
    if (auto st = SaveTierShard(TierFilePath(options_.dir, TierFileKind::kValues, t, me, R), h,
                                e + h.begin, (h.end - h.begin) * 2);
        !st.ok())
      Fail(std::string(st.message()));
    if (auto st = TakeError(); !st.ok()) return st;
    summary.positions = comm_.AllreduceSum(counts[0]);
    summary.wins = comm_.AllreduceSum(counts[1]);
    summary.losses = comm_.AllreduceSum(counts[2]);
    summary.draws = comm_.AllreduceSum(counts[3]);
    return absl::OkStatus();
  }

  const G& game_;
  TieredOptions options_;
  Comm& comm_;
  int threads_;
  tbb::task_arena arena_;
  Progress progress_;
  std::mutex progress_mutex_, error_mutex_;
  std::string error_;
  int tiers_;
  int start_tier_ = 0;
  int solved_ = 0;
  std::vector<int> min_parent_;
  std::vector<std::vector<char>> is_child_;
  std::vector<uint64_t> counts_;                              // reachable positions per tier
  std::vector<std::pair<int, ZeroedArray<uint16_t>>> cache_;  // solved tiers still needed
  TieredResult result_;
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_TIERED_RETROGRADE_H_
