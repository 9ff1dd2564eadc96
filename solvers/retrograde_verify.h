#ifndef GAMEBENCH_SOLVERS_RETROGRADE_VERIFY_H_
#define GAMEBENCH_SOLVERS_RETROGRADE_VERIFY_H_

// Verification of a retrograde table (computed here or loaded from a file):
// every reached entry must follow from its children's entries, so a table
// that passes is right whatever produced it.

#include <algorithm>
#include <atomic>
#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/move_list.h"
#include "core/parallel.h"
#include "core/score.h"
#include "solvers/retrograde_table.h"
#include "tbb/blocked_range.h"
#include "tbb/combinable.h"
#include "tbb/task_arena.h"

namespace gamebench {

namespace retro_verify {

// Whether entry i is what its children's entries make it.
template <Indexed G>
bool EntryFollows(const G& game, const RetrogradeTable& table, uint64_t i) {
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
  retro::ChildFold fold;
  for (auto m : moves)
    if (!fold.Add(table.entries[game.Index(game.Play(s, m))])) return false;  // unreached
  if (tag != retro::kWin && tag != retro::kLoss && tag != retro::kDraw) return false;
  return tag == fold.tag() && rem == fold.remoteness();
}

}  // namespace retro_verify

// Re-checks every reached entry against its children: terminal values, a
// win has a move to a loss one ply nearer the end (the nearest), a loss
// only moves to wins (the slowest one ply nearer), a draw has no move to a
// loss and some move to a draw; children of reached positions are reached;
// the root is reached; the counts match. The first bad entry (lowest
// index) is named.
template <Indexed G>
absl::Status VerifyRetrogradeTable(const G& game, const RetrogradeTable& table, int threads = 0) {
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
                    if (!retro_verify::EntryFollows(game, table, i)) {
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
                     game.FormatState(game.Unindex(i)), "): ", ScoreText(retro::ValueOf(e), false),
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

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_RETROGRADE_VERIFY_H_
