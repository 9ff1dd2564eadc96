#include <unistd.h>

#include <cstdio>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/checksummed_file.h"
#include "solvers/retrograde_table.h"

namespace gamebench {

namespace {

// The fields after the preamble, before the entries.
std::string Fields(const RetrogradeTable& t) {
  std::string out;
  for (uint64_t v : {t.index_size(), t.root_index, t.positions, t.wins, t.losses, t.draws})
    out.append(reinterpret_cast<const char*>(&v), sizeof(v));
  return out;
}

}  // namespace

absl::Status SaveRetrogradeTable(const RetrogradeTable& table, const std::string& path) {
  auto writer = ChecksummedWriter::Create(path, absl::StrCat(path, ".tmp.", getpid()));
  if (!writer.ok()) return writer.status();
  const std::string preamble = FilePreamble(kRetroMagic, kRetroVersion, table.game);
  const std::string fields = Fields(table);
  (*writer)->Write(preamble.data(), preamble.size());
  (*writer)->Write(fields.data(), fields.size());
  (*writer)->Write(table.entries.data(), table.index_size() * sizeof(uint16_t));
  return (*writer)->Commit();
}

absl::StatusOr<RetrogradeTable> LoadRetrogradeTable(const std::string& path) {
  ChecksummedReader in(path, "table ");
  if (auto st = in.Open(kRetroMagic, kRetroVersion, "retrograde table"); !st.ok()) return st;
  RetrogradeTable t;
  t.game = in.spec();
  uint64_t fields[6];
  if (!in.Read(fields, sizeof(fields))) return in.Error("truncated header");
  const uint64_t index_size = fields[0];
  const uint64_t header_size = in.offset();
  const uint64_t file_size = in.file_size();
  if (index_size == 0 || index_size > file_size / 2)
    return in.Error(absl::StrCat("truncated or damaged (", file_size, " bytes cannot hold ",
                                 index_size, " entries)"));
  if (file_size != header_size + 2 * index_size + 8)
    return in.Error(absl::StrCat("truncated or damaged: ", file_size, " bytes, expected ",
                                 header_size + 2 * index_size + 8));
  t.root_index = fields[1];
  t.positions = fields[2];
  t.wins = fields[3];
  t.losses = fields[4];
  t.draws = fields[5];
  t.entries = ZeroedArray<uint16_t>(index_size);
  if (!in.Read(t.entries.data(), index_size * 2)) return in.Error("truncated table");
  if (auto st = in.CheckChecksum(); !st.ok()) return st;
  if (t.root_index >= index_size) return in.Error("damaged header (root index out of range)");
  return t;
}

}  // namespace gamebench
