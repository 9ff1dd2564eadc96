#ifndef GAMEBENCH_TOOL_TIERED_ANALYZE_H_
#define GAMEBENCH_TOOL_TIERED_ANALYZE_H_

// The tiered path of `analyze` (solvers/tiered_retrograde.h), for one process
// (`gamebench analyze`, SerialComm) and for MPI ranks (`gamebench-mpi
// analyze`, tool/mpi/mpi_comm.h): the same code, a template over the
// communicator, so both print the same JSON (tool/operations/tiered_output.h).
//
// `gamebench analyze SPEC` takes this path when the game is Tiered and the
// dense retrograde solver does not apply to it (Connect Four: scored, no
// dense index over the whole game), or when --tiers DIR asks for it. Values
// are win/draw/loss for the player to move (a scored game's terminal values
// count by their sign), per tier and in total.

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/memory.h"
#include "core/score.h"
#include "core/spec.h"
#include "solvers/tier_files.h"
#include "solvers/tiered_retrograde.h"
#include "tool/game_handle.h"
#include "tool/refusal.h"

namespace gamebench {

// What a tiered analysis returns: the result, and the largest peak memory
// of any rank (each rank holds its shares; rank 0 prints).
struct TieredRun {
  TieredResult result;
  uint64_t peak_memory_bytes_max_rank = 0;
};

// The tiered analysis of `game` (tool/operations/tiered_output.h makes the
// JSON and text of `analyze` from it).
template <typename G, typename Comm>
absl::StatusOr<TieredRun> TieredAnalyzeGame(const G& game, const TieredOptions& options,
                                            Comm& comm) {
  if constexpr (!Tiered<G>) {
    (void)game, (void)options, (void)comm;
    return DoesNotApply("tiered-retrograde", G::kName, "it has no tiers; see `gamebench list`");
  } else {
    TieredRetrograde<G, Comm> analysis(game, options, comm);
    absl::StatusOr<TieredResult> r = analysis.Run();
    if (!r.ok()) return r.status();
    // A collective: every rank takes part.
    const uint64_t peak = comm.AllreduceMax(PeakMemoryBytes());
    return TieredRun{*std::move(r), peak};
  }
}

// The tier `t`'s values from `dir`, cached in `tiers` (one slot per tier).
template <Tiered G>
absl::StatusOr<const ZeroedArray<uint16_t>*> TierFromDir(
    const G& game, const std::string& dir, int t, std::vector<ZeroedArray<uint16_t>>& tiers) {
  if (t < 0 || t >= game.NumTiers())
    return absl::InvalidArgumentError(absl::StrCat("tier ", t, " does not exist"));
  if (tiers[t].size() == 0) {
    auto v = LoadTierValues(dir, game.CanonicalSpec(), t, game.TierSize(t), tiers[t]);
    if (!v.ok()) return v.status();
  }
  return &tiers[t];
}

// `query DIR --position POS` on a tier directory: the value, remoteness and
// best moves of one position, from the shards of its tier and its children's.
template <Tiered G>
absl::StatusOr<TableAnswer> TieredQueryAnswer(const G& game, const std::string& dir,
                                              const typename G::State& s) {
  std::vector<ZeroedArray<uint16_t>> tiers(game.NumTiers());
  auto entry_of = [&](const typename G::State& p) -> absl::StatusOr<uint16_t> {
    const int t = game.TierOf(p);
    if (TierShardRankCounts(dir, t).empty()) return uint16_t{0};  // a tier nothing reaches
    auto tier = TierFromDir(game, dir, t, tiers);
    if (!tier.ok()) return tier.status();
    return (**tier)[game.TierIndex(p)];
  };
  auto e = entry_of(s);
  if (!e.ok()) return e.status();
  if (*e == 0)
    return absl::InvalidArgumentError(
        absl::StrCat("position ", game.FormatState(s), " is not reachable from the start of ",
                     game.CanonicalSpec(), ", so the tables do not hold it"));
  TableAnswer out;
  out.game = game.CanonicalSpec();
  out.position = game.FormatState(s);
  out.value = retro::ValueOf(*e);
  out.is_start = s == game.Start();
  if (out.value != kDrawScore) out.remoteness = retro::LowOf(*e);
  if (!game.Terminal(s)) {
    MoveListOf<G> moves;
    game.GenerateMoves(s, moves);
    for (auto m : moves) {
      auto c = entry_of(game.Play(s, m));
      if (!c.ok()) return c.status();
      if (-retro::ValueOf(*c) == out.value) out.best_moves.push_back(game.FormatMove(s, m));
    }
  }
  out.terminal = game.Terminal(s).has_value();
  out.tier = game.TierOf(s);
  return out;
}

// `verify DIR` on a tier directory: every reachable entry of every tier
// follows from its children's (as retrograde_verify.h checks a dense table),
// the shards' counts match their entries, and the merged checksum is the
// analysis's.
template <Tiered G>
absl::StatusOr<TierDirectoryCheck> TieredVerifyDirectory(const G& game, const std::string& dir) {
  const int n = game.NumTiers();
  std::vector<ZeroedArray<uint16_t>> tiers(n);
  std::vector<int> present;
  for (int t = 0; t < n; ++t)
    if (!TierShardRankCounts(dir, t).empty()) present.push_back(t);
  uint64_t counts[4] = {0, 0, 0, 0};
  TableHash all;
  int ranks = 0;
  for (auto it = present.rbegin(); it != present.rend(); ++it) {
    const int t = *it;
    auto v = LoadTierValues(dir, game.CanonicalSpec(), t, game.TierSize(t), tiers[t]);
    if (!v.ok()) return v.status();
    ranks = v->ranks;
    const ZeroedArray<uint16_t>& e = tiers[t];
    uint64_t c[4] = {0, 0, 0, 0};
    for (uint64_t i = 0; i < e.size(); ++i) {
      if (e[i] == 0) continue;
      ++c[0];
      c[1] += retro::TagOf(e[i]) == retro::kWin;
      c[2] += retro::TagOf(e[i]) == retro::kLoss;
      c[3] += retro::TagOf(e[i]) == retro::kDraw;
      const typename G::State s = game.TierUnindex(t, i);
      auto fail = [&](absl::string_view why) {
        return absl::InvalidArgumentError(
            absl::StrCat("tier directory '", dir, "' fails verification at tier ", t, " index ", i,
                         " (position ", game.FormatState(s), "): ", why));
      };
      if (game.TierOf(s) != t || game.TierIndex(s) != i) return fail("not a position of the tier");
      const retro::Tag tag = retro::TagOf(e[i]);
      const int rem = retro::LowOf(e[i]);
      if (auto term = game.Terminal(s)) {
        const retro::Tag want = *term > 0 ? retro::kWin : *term < 0 ? retro::kLoss : retro::kDraw;
        if (tag != want || rem != 0) return fail("terminal value does not match the game's");
        continue;
      }
      MoveListOf<G> moves;
      game.GenerateMoves(s, moves);
      bool any_draw = false, all_wins = true;
      int min_loss = retro::kMaxRemoteness + 1, max_win = -1;
      for (auto m : moves) {
        const typename G::State ch = game.Play(s, m);
        const int ct = game.TierOf(ch);
        if (ct < t) return fail("a move goes to an earlier tier");
        if (tiers[ct].size() == 0)
          return fail(absl::StrCat("a move goes to tier ", ct, ", which has no shards"));
        const uint16_t v2 = tiers[ct][game.TierIndex(ch)];
        switch (retro::TagOf(v2)) {
          case retro::kUnreached:
            return fail("a child is not in the tables");
          case retro::kLoss:
            all_wins = false;
            min_loss = std::min(min_loss, retro::LowOf(v2));
            break;
          case retro::kWin:
            max_win = std::max(max_win, retro::LowOf(v2));
            break;
          default:
            any_draw = true;
            all_wins = false;
        }
      }
      const bool ok = tag == retro::kWin ? rem == min_loss + 1
                      : tag == retro::kLoss
                          ? all_wins && rem == max_win + 1
                          : min_loss > retro::kMaxRemoteness && any_draw && rem == 0;
      if (!ok)
        return fail(absl::StrCat(ScoreText(retro::ValueOf(e[i]), false), " with remoteness ", rem,
                                 " does not follow from its moves"));
    }
    if (c[0] != v->positions || c[1] != v->wins || c[2] != v->losses || c[3] != v->draws)
      return absl::InvalidArgumentError(
          absl::StrCat("tier directory '", dir, "': the shards of tier ", t, " count ",
                       v->positions, " positions, their entries ", c[0]));
    for (int k = 0; k < 4; ++k) counts[k] += c[k];
    // Tiers above every parent of the ones left are no longer needed.
    for (int u = t + 1; u < n; ++u) {
      bool needed = false;
      for (auto p = it + 1; p != present.rend() && !needed; ++p) {
        std::vector<int> children;
        game.ChildTiers(*p, children);
        needed = std::find(children.begin(), children.end(), u) != children.end();
      }
      if (!needed) tiers[u] = ZeroedArray<uint16_t>();
    }
  }
  // The merged checksum, in increasing tier order as the analysis prints it.
  for (int t : present) {
    ZeroedArray<uint16_t> e;
    if (auto v = LoadTierValues(dir, game.CanonicalSpec(), t, game.TierSize(t), e); !v.ok())
      return v.status();
    const uint64_t pair[2] = {static_cast<uint64_t>(t), tiered::HashEntries(e)};
    all.Update(pair, sizeof(pair));
  }
  const int start = game.TierOf(game.Start());
  ZeroedArray<uint16_t> root_tier;
  if (std::find(present.begin(), present.end(), start) == present.end())
    return absl::InvalidArgumentError(
        absl::StrCat("tier directory '", dir, "': the start's tier ", start, " has no shards"));
  if (auto v = LoadTierValues(dir, game.CanonicalSpec(), start, game.TierSize(start), root_tier);
      !v.ok())
    return v.status();
  if (root_tier[game.TierIndex(game.Start())] == 0)
    return absl::InvalidArgumentError(
        absl::StrCat("tier directory '", dir, "': the start is not in the tables"));
  TierDirectoryCheck out;
  out.game = game.CanonicalSpec();
  out.positions = counts[0];
  out.wins = counts[1];
  out.losses = counts[2];
  out.draws = counts[3];
  out.ranks = ranks;
  out.checksum = all.Final();
  return out;
}

// Whether `game` is the game of the tier directory `dir`, whose files name
// `game_spec` (TierDirectoryGame).
template <typename G>
absl::Status CheckTierDirectory(const G& game, const std::string& dir,
                                const std::string& game_spec) {
  if constexpr (!Tiered<G>) {
    (void)game;
    return absl::InvalidArgumentError(
        absl::StrCat("tier directory '", dir, "' names game ", game_spec, ", which has no tiers"));
  } else {
    if (game.CanonicalSpec() != game_spec)
      return absl::InvalidArgumentError(
          absl::StrCat("tier directory '", dir, "': spec ", game_spec, " is not canonical"));
    return absl::OkStatus();
  }
}

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_TIERED_ANALYZE_H_
