#ifndef GAMEBENCH_SOLVERS_RETROGRADE_H_
#define GAMEBENCH_SOLVERS_RETROGRADE_H_

// Retrograde analysis, the solver's front end: what it applies to, the
// memory and root checks the tool runs first, Solve, best moves, and table
// verification. The parallel engine is in retrograde_engine.h (with the
// algorithm), verification in retrograde_verify.h, the table and its file in
// retrograde_table.h, checkpoints in retrograde_checkpoint.h.

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/memory.h"
#include "core/move_list.h"
#include "core/solve.h"
#include "solvers/retrograde_checkpoint.h"
#include "solvers/retrograde_engine.h"
#include "solvers/retrograde_table.h"
#include "solvers/retrograde_verify.h"
#include "solvers/search_common.h"

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
    RetrogradeAnalysis<G, kUseIncremental && IncrementallyIndexed<G>> a(
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

  static Score ValueOf(uint16_t e) { return retro::ValueOf(e); }

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

  // Re-checks a table against the game (retrograde_verify.h).
  template <Indexed G>
  static absl::Status Verify(const G& game, const RetrogradeTable& table, int threads = 0) {
    return VerifyRetrogradeTable(game, table, threads);
  }
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_RETROGRADE_H_
