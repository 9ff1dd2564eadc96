#include "tool/operations/tiered_output.h"

#include <cstdio>

#include "absl/strings/str_format.h"
#include "core/memory.h"
#include "core/score.h"

namespace gamebench {

Json TieredJson(const TieredRun& run, const std::string& dir) {
  const TieredResult& r = run.result;
  Json out = Json::MakeObject();
  const Score value = retro::ValueOf(r.root_entry);
  out.Set("game", r.game);
  out.Set("solver", "tiered-retrograde");
  out.Set("positions", r.positions);
  out.Set("wins", r.wins);
  out.Set("losses", r.losses);
  out.Set("draws", r.draws);
  out.Set("value", ScoreText(value, false));
  out.Set("winner", WinnerText(value));
  out.Set("remoteness", value == kDrawScore ? Json(nullptr) : Json(retro::LowOf(r.root_entry)));
  out.Set("ranks", r.ranks);
  out.Set("threads", r.threads);
  out.Set("partition", TierPartitionName(r.partition));
  out.Set("traffic_bytes", r.traffic_bytes);
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
  // The largest rank's peak (each rank holds its shares; rank 0 prints).
  out.Set("peak_memory_bytes_max_rank", run.peak_memory_bytes_max_rank);
  return out;
}

void PrintTieredText(const Json& out) {
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
