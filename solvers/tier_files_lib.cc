#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <memory>
#include <set>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/checksummed_file.h"
#include "solvers/tier_files.h"

namespace gamebench {

namespace {

const char* KindName(TierFileKind kind) {
  switch (kind) {
    case TierFileKind::kReach:
      return "reach";
    case TierFileKind::kValues:
      return "values";
    default:
      return "forward";
  }
}

}  // namespace

std::string TierFilePath(const std::string& dir, TierFileKind kind, int tier, int rank, int ranks) {
  if (kind == TierFileKind::kForward) return absl::StrCat(dir, "/forward.", rank, "-of-", ranks);
  return absl::StrCat(dir, "/tier-", tier, ".", KindName(kind), ".", rank, "-of-", ranks);
}

absl::Status SaveTierShard(const std::string& path, const TierShardHeader& h, const void* data,
                           uint64_t bytes) {
  auto writer = ChecksummedWriter::Create(path, absl::StrCat(path, ".tmp.", getpid()), "tier ");
  if (!writer.ok()) return writer.status();
  const std::string preamble = FilePreamble(kTierMagic, kTierVersion, h.game);
  (*writer)->Write(preamble.data(), preamble.size());
  const uint64_t fields[11] = {static_cast<uint64_t>(h.kind) |
                                   static_cast<uint64_t>(h.partition) << 32,
                               h.tier,
                               h.tier_size,
                               h.begin,
                               h.end,
                               h.rank,
                               h.ranks,
                               h.positions,
                               h.wins,
                               h.losses,
                               h.draws};
  (*writer)->Write(fields, sizeof(fields));
  (*writer)->Write(data, bytes);
  return (*writer)->Commit();
}

absl::StatusOr<TierShardHeader> LoadTierShard(const std::string& path,
                                              const TierShardHeader& expected,
                                              std::vector<char>& out) {
  ChecksummedReader in(path, "tier ", "(remove the tier directory to start over)");
  if (auto st = in.Open(kTierMagic, kTierVersion, "tier file"); !st.ok()) return st;
  TierShardHeader h;
  h.game = in.spec();
  uint64_t f[11];
  if (!in.Read(f, sizeof(f))) return in.Error("truncated header");
  h.kind = static_cast<TierFileKind>(f[0] & 0xFFFFFFFFu);
  h.partition = static_cast<TierPartitionKind>(f[0] >> 32);
  h.tier = f[1];
  h.tier_size = f[2];
  h.begin = f[3];
  h.end = f[4];
  h.rank = f[5];
  h.ranks = f[6];
  h.positions = f[7];
  h.wins = f[8];
  h.losses = f[9];
  h.draws = f[10];
  if (h.game != expected.game)
    return in.Error(absl::StrCat("holds game ", h.game, ", not ", expected.game));
  if (h.kind != expected.kind || h.tier != expected.tier || h.tier_size != expected.tier_size ||
      h.rank != expected.rank || h.ranks != expected.ranks)
    return in.Error(absl::StrCat("header (tier ", h.tier, " of size ", h.tier_size, ", rank ",
                                 h.rank, " of ", h.ranks, ") does not match tier ", expected.tier,
                                 " of size ", expected.tier_size, ", rank ", expected.rank, " of ",
                                 expected.ranks));
  if (h.partition != expected.partition)
    return in.Error(absl::StrCat("partitioned by ", TierPartitionName(h.partition), ", not by ",
                                 TierPartitionName(expected.partition),
                                 " (rerun with that --partition, or use a new directory)"));
  // (A hash share is whole blocks: it may end past the tier's last index.)
  if (h.begin > h.end || h.end > (h.tier_size + 63) / 64 * 64)
    return in.Error("damaged header (range)");
  uint64_t bytes = 0;
  switch (h.kind) {
    case TierFileKind::kReach:
      bytes = ((h.end + 63) / 64 - h.begin / 64) * 8;
      break;
    case TierFileKind::kValues:
      bytes = (h.end - h.begin) * 2;
      break;
    default:
      bytes = h.tier_size * 8;  // forward: tier_size holds the number of tiers
  }
  if (in.file_size() != in.offset() + bytes + 8)
    return in.Error(absl::StrCat("truncated or damaged: ", in.file_size(), " bytes, expected ",
                                 in.offset() + bytes + 8));
  out.resize(bytes);
  if (!in.Read(out.data(), bytes)) return in.Error("truncated data");
  if (auto st = in.CheckChecksum(); !st.ok()) return st;
  return h;
}

absl::StatusOr<std::string> TierDirectoryGame(const std::string& dir) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("tier-", 0) != 0 || name.find(".values.") == std::string::npos ||
        name.find(".tmp.") != std::string::npos)
      continue;
    ChecksummedReader in(entry.path().string(), "tier ");
    if (auto st = in.Open(kTierMagic, kTierVersion, "tier file"); !st.ok()) return st;
    return in.spec();
  }
  return absl::NotFoundError(absl::StrCat("tier directory '", dir,
                                          "': no tier files (run `gamebench analyze SPEC --tiers ",
                                          dir, "` first)"));
}

std::vector<int> TierShardRankCounts(const std::string& dir, int tier) {
  std::set<int> counts;
  const std::string prefix = absl::StrCat("tier-", tier, ".values.");
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) != 0 || name.find(".tmp.") != std::string::npos) continue;
    std::vector<std::string> parts = absl::StrSplit(name.substr(prefix.size()), "-of-");
    int ranks = 0;
    if (parts.size() == 2 && absl::SimpleAtoi(parts[1], &ranks) && ranks > 0) counts.insert(ranks);
  }
  return {counts.begin(), counts.end()};
}

absl::StatusOr<TierValues> LoadTierValues(const std::string& dir, const std::string& game, int tier,
                                          uint64_t tier_size, ZeroedArray<uint16_t>& entries) {
  const std::vector<int> counts = TierShardRankCounts(dir, tier);
  if (counts.empty())
    return absl::NotFoundError(absl::StrCat("tier directory '", dir, "': no value shards of tier ",
                                            tier, " (the analysis did not finish it)"));
  if (counts.size() > 1)
    return absl::InvalidArgumentError(absl::StrCat(
        "tier directory '", dir, "': tier ", tier,
        " has shards of runs with different rank counts (", counts[0], " and ", counts[1], ")"));
  TierValues out;
  out.ranks = counts[0];
  entries = ZeroedArray<uint16_t>(tier_size);
  std::vector<char> data;
  // The partition is the first shard's; every other shard must have it.
  TierPartitionKind kind = TierPartitionKind::kRange;
  for (int r = 0; r < out.ranks; ++r) {
    const std::string path = TierFilePath(dir, TierFileKind::kValues, tier, r, out.ranks);
    if (!std::filesystem::exists(path))
      return absl::NotFoundError(absl::StrCat("tier file '", path, "': missing (shard ", r, " of ",
                                              out.ranks, " of tier ", tier, ")"));
    TierShardHeader expected;
    expected.game = game;
    expected.kind = TierFileKind::kValues;
    expected.tier = static_cast<uint64_t>(tier);
    expected.tier_size = tier_size;
    expected.rank = static_cast<uint64_t>(r);
    expected.ranks = static_cast<uint64_t>(out.ranks);
    if (r == 0) {
      ChecksummedReader peek(path, "tier ");
      uint64_t f0 = 0;
      if (peek.Open(kTierMagic, kTierVersion, "tier file").ok() && peek.Read(&f0, 8))
        kind = static_cast<TierPartitionKind>(f0 >> 32);
    }
    expected.partition = kind;
    auto h = LoadTierShard(path, expected, data);
    if (!h.ok()) return h.status();
    const TierPartition part(kind, tier_size, out.ranks);
    if (h->begin != part.Begin(r) || h->end - h->begin != part.LocalSize(r))
      return absl::InvalidArgumentError(absl::StrCat(
          "tier file '", path, "': holds [", h->begin, ", ", h->end, "), expected [",
          part.Begin(r), ", ", part.Begin(r) + part.LocalSize(r), ") (shards do not tile the tier)"));
    const uint16_t* v = reinterpret_cast<const uint16_t*>(data.data());
    const uint64_t n = h->end - h->begin;
    if (kind == TierPartitionKind::kRange) {
      if (n) std::memcpy(entries.data() + h->begin, v, n * 2);
    } else {
      for (uint64_t j = 0; j < n; ++j) {
        const uint64_t i = part.Global(r, j);
        if (i < tier_size) {
          entries[i] = v[j];
        } else if (v[j] != 0) {
          return absl::InvalidArgumentError(
              absl::StrCat("tier file '", path, "': a value past the end of tier ", tier));
        }
      }
    }
    out.positions += h->positions;
    out.wins += h->wins;
    out.losses += h->losses;
    out.draws += h->draws;
  }
  return out;
}

}  // namespace gamebench
