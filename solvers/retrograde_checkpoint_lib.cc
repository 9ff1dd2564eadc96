#include <sys/stat.h>
#include <unistd.h>

#include <string>

#include "absl/strings/str_cat.h"
#include "solvers/retrograde_checkpoint.h"
#include "solvers/retrograde_table.h"

namespace gamebench {

namespace {

// The fields after the preamble, before the entries.
std::string Fields(const RetroCheckpointHeader& h) {
  std::string out;
  auto put = [&out](const auto& v) { out.append(reinterpret_cast<const char*>(&v), sizeof(v)); };
  put(h.index_size);
  put(h.root_index);
  put(static_cast<uint32_t>(h.phase));
  put(static_cast<uint32_t>(h.mid_level ? 1 : 0));
  for (uint64_t v : {h.level, h.done, h.positions, h.forward_levels}) put(v);
  return out;
}

uint64_t Words(uint64_t index_size) { return (index_size + 63) / 64; }

}  // namespace

std::string DescribeCheckpoint(const RetroCheckpointHeader& h) {
  return absl::StrCat(h.phase == RetroPhase::kForward ? "forward" : "backward", " level ", h.level,
                      h.mid_level ? " (partly done)" : "");
}

absl::Status SaveRetroCheckpoint(const std::string& path, const RetroCheckpointHeader& h,
                                 const uint16_t* entries, const uint64_t* cur,
                                 const uint64_t* next) {
  // One fixed temporary name: a writer killed mid-write leaves FILE.tmp,
  // which the next save truncates (FILE itself is always whole).
  auto writer = ChecksummedWriter::Create(path, path + ".tmp", "checkpoint ");
  if (!writer.ok()) return writer.status();
  const std::string preamble = FilePreamble(kRetroCheckpointMagic, kRetroCheckpointVersion, h.game);
  const std::string fields = Fields(h);
  const uint64_t words = Words(h.index_size);
  (*writer)->Write(preamble.data(), preamble.size());
  (*writer)->Write(fields.data(), fields.size());
  (*writer)->Write(entries, h.index_size * sizeof(uint16_t));
  (*writer)->Write(cur, words * sizeof(uint64_t));
  (*writer)->Write(next, words * sizeof(uint64_t));
  return (*writer)->Commit();
}

bool RetroCheckpointExists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

absl::StatusOr<RetroCheckpointHeader> LoadRetroCheckpoint(const std::string& path,
                                                          const RetroCheckpointHeader& expected,
                                                          uint16_t* entries, uint64_t* cur,
                                                          uint64_t* next) {
  ChecksummedReader in(path, "checkpoint ", "(remove it to start the analysis afresh)");
  auto error = [&in](absl::string_view what) { return in.Error(what); };
  if (auto st = in.Open(kRetroCheckpointMagic, kRetroCheckpointVersion, "retrograde checkpoint");
      !st.ok())
    return st;
  RetroCheckpointHeader h;
  h.game = in.spec();
  uint32_t phase = 0, mid = 0;
  uint64_t fields[4];
  if (!in.Read(&h.index_size, 8) || !in.Read(&h.root_index, 8) || !in.Read(&phase, 4) ||
      !in.Read(&mid, 4) || !in.Read(fields, sizeof(fields)))
    return error("truncated header");
  const uint64_t header_size = in.offset();
  const uint64_t file_size = in.file_size();
  // The game first: a checkpoint of another analysis is the likely mistake,
  // and naming both games says what happened. (A damaged spec field shows
  // up here too; the checksum below catches every other change.)
  if (h.game != expected.game)
    return error(absl::StrCat("it is a checkpoint of ", h.game, ", not of ", expected.game));
  if (h.index_size != expected.index_size || h.root_index != expected.root_index)
    return error(absl::StrCat("its index size or root (", h.index_size, ", ", h.root_index,
                              ") does not match ", expected.game, " (", expected.index_size, ", ",
                              expected.root_index, ")"));
  const uint64_t words = Words(h.index_size);
  const uint64_t want = header_size + 2 * h.index_size + 16 * words + 8;
  if (file_size != want)
    return error(absl::StrCat("truncated or damaged: ", file_size, " bytes, expected ", want));
  if (!in.Read(entries, h.index_size * 2) || !in.Read(cur, words * 8) || !in.Read(next, words * 8))
    return error("truncated");
  if (auto st = in.CheckChecksum(); !st.ok()) return st;
  if (phase != static_cast<uint32_t>(RetroPhase::kForward) &&
      phase != static_cast<uint32_t>(RetroPhase::kBackward))
    return error(absl::StrCat("damaged header (phase ", phase, ")"));
  if (mid > 1) return error("damaged header (mid-level flag)");
  h.phase = static_cast<RetroPhase>(phase);
  h.mid_level = mid == 1;
  h.level = fields[0];
  h.done = fields[1];
  h.positions = fields[2];
  h.forward_levels = fields[3];
  if (h.level > (uint64_t{1} << 32) || h.forward_levels > (uint64_t{1} << 32) ||
      h.done > h.index_size || h.positions > h.index_size)
    return error("damaged header (counts out of range)");
  return h;
}

void RemoveRetroCheckpoint(const std::string& path) {
  ::unlink(path.c_str());
  ::unlink((path + ".tmp").c_str());
}

}  // namespace gamebench
