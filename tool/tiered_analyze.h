#ifndef GAMEBENCH_TOOL_TIERED_ANALYZE_H_
#define GAMEBENCH_TOOL_TIERED_ANALYZE_H_

// The tiered path of `analyze` (solvers/tiered_retrograde.h), for one process
// (`gamebench analyze`, SerialComm) and for MPI ranks (`gamebench-mpi
// analyze`, tool/mpi/mpi_comm.h): the same code, a template over the
// communicator, so both print the same JSON.
//
// `gamebench analyze SPEC` takes this path when the game is Tiered and the
// dense retrograde solver does not apply to it (Connect Four: scored, no
// dense index over the whole game), or when --tiers DIR asks for it. Values
// are win/draw/loss for the player to move (a scored game's terminal values
// count by their sign), per tier and in total.

#include <cstdint>
#include <cstdio>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/json.h"
#include "core/memory.h"
#include "solvers/tiered_retrograde.h"
#include "tool/dispatch.h"

namespace gamebench {

inline Json TieredJson(const TieredResult& r, const std::string& dir) {
  Json out = Json::MakeObject();
  const Score value = retro::ValueOf(r.root_entry);
  out.Set("game", r.game);
  out.Set("solver", "tiered-retrograde");
  out.Set("positions", r.positions);
  out.Set("wins", r.wins);
  out.Set("losses", r.losses);
  out.Set("draws", r.draws);
  out.Set("value", ScoreText(value, false));
  out.Set("winner", value > 0 ? "first" : (value < 0 ? "second" : "draw"));
  out.Set("remoteness", value == kDrawScore ? Json(nullptr) : Json(retro::LowOf(r.root_entry)));
  out.Set("ranks", r.ranks);
  out.Set("threads", r.threads);
  out.Set("seconds", r.seconds);
  out.Set("forward_seconds", r.forward_seconds);
  out.Set("backward_seconds", r.backward_seconds);
  out.Set("peak_memory_bytes", PeakMemoryBytes());
  out.Set("checksum", absl::StrFormat("%016x", r.checksum));
  out.Set("tier_dir", dir.empty() ? Json(nullptr) : Json(dir));
  out.Set("forward_resumed", r.forward_resumed);
  out.Set("tiers_resumed", r.tiers_resumed);
  Json tiers = Json::MakeArray();
  for (const TierSummary& s : r.tiers) {
    Json t = Json::MakeObject();
    t.Set("tier", s.tier);
    t.Set("size", s.size);
    t.Set("positions", s.positions);
    t.Set("wins", s.wins);
    t.Set("draws", s.draws);
    t.Set("losses", s.losses);
    t.Set("checksum", absl::StrFormat("%016x", s.checksum));
    tiers.Push(std::move(t));
  }
  out.Set("tiers", std::move(tiers));
  return out;
}

// The tiered analysis of the game `spec` names, as `analyze --json` prints it.
template <typename Comm>
absl::StatusOr<Json> TieredAnalyzeJson(const Spec& spec, const TieredOptions& options, Comm& comm,
                                       const std::string& shown_dir) {
  Json out;
  absl::Status status = WithGame(spec, [&]<typename G>(const G& game) -> absl::Status {
    if constexpr (!Tiered<G>) {
      return absl::UnimplementedError(absl::StrCat(
          "tiered retrograde analysis does not apply to game '", G::kName,
          "' (it has no tiers; see `gamebench list`)"));
    } else {
      TieredRetrograde<G, Comm> analysis(game, options, comm);
      absl::StatusOr<TieredResult> r = analysis.Run();
      if (!r.ok()) return r.status();
      out = TieredJson(*r, shown_dir);
      return absl::OkStatus();
    }
  });
  if (!status.ok()) return status;
  return out;
}

// The text form: the summary, then one line per tier.
inline void PrintTieredText(const Json& out) {
  for (const auto& [k, v] : out.as_object()) {
    if (k == "tiers") continue;
    std::printf("%-19s %s\n", (k + ":").c_str(),
                v.is_string() ? v.as_string().c_str() : v.Dump().c_str());
  }
  std::printf("%5s %15s %15s %15s %15s\n", "tier", "positions", "won", "drawn", "lost");
  for (const Json& t : out.Find("tiers")->as_array())
    std::printf("%5s %15s %15s %15s %15s\n", t.Find("tier")->Dump().c_str(),
                t.Find("positions")->Dump().c_str(), t.Find("wins")->Dump().c_str(),
                t.Find("draws")->Dump().c_str(), t.Find("losses")->Dump().c_str());
  std::printf("%5s %15s %15s %15s %15s\n", "total", out.Find("positions")->Dump().c_str(),
              out.Find("wins")->Dump().c_str(), out.Find("draws")->Dump().c_str(),
              out.Find("losses")->Dump().c_str());
}

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_TIERED_ANALYZE_H_
