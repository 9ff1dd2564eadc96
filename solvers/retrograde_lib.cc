#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "absl/strings/str_cat.h"
#include "solvers/retrograde_table.h"

namespace gamebench {

void TableHash::Update(const void* data, size_t len) {
  const unsigned char* p = static_cast<const unsigned char*>(data);
  total_ += len;
  if (num_pending_ > 0) {
    const size_t take = std::min(len, 8 - num_pending_);
    std::memcpy(pending_ + num_pending_, p, take);
    num_pending_ += take;
    p += take;
    len -= take;
    if (num_pending_ < 8) return;
    uint64_t w;
    std::memcpy(&w, pending_, 8);
    Mix(w);
    num_pending_ = 0;
  }
  for (; len >= 8; len -= 8, p += 8) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    Mix(w);
  }
  std::memcpy(pending_, p, len);
  num_pending_ = len;
}

uint64_t TableHash::Final() const {
  TableHash h = *this;
  if (h.num_pending_ > 0) {
    uint64_t w = 0;
    std::memcpy(&w, h.pending_, h.num_pending_);
    h.Mix(w);
  }
  h.Mix(total_);
  return h.h_;
}

namespace {

// The header: every field before the entries.
std::string Header(const RetrogradeTable& t) {
  std::string out(kRetroMagic, 8);
  auto put = [&out](const auto& v) { out.append(reinterpret_cast<const char*>(&v), sizeof(v)); };
  put(kRetroVersion);
  put(static_cast<uint32_t>(t.game.size()));
  out += t.game;
  for (uint64_t v : {t.index_size(), t.root_index, t.positions, t.wins, t.losses, t.draws}) put(v);
  return out;
}

std::string ErrnoText() { return std::strerror(errno); }

}  // namespace

absl::Status SaveRetrogradeTable(const RetrogradeTable& table, const std::string& path) {
  const std::string tmp = absl::StrCat(path, ".tmp.", getpid());
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return absl::InvalidArgumentError(absl::StrCat("cannot create '", tmp, "': ", ErrnoText()));
  auto fail = [&](absl::string_view what) {
    std::string message = absl::StrCat("cannot write '", tmp, "': ", what);
    ::close(fd);
    ::unlink(tmp.c_str());
    return absl::InvalidArgumentError(message);
  };
  auto write_all = [&](const void* data, size_t len) {
    const char* p = static_cast<const char*>(data);
    while (len > 0) {
      ssize_t n = ::write(fd, p, len < (1u << 30) ? len : (1u << 30));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      p += n;
      len -= static_cast<size_t>(n);
    }
    return true;
  };
  TableHash hash;
  const std::string header = Header(table);
  hash.Update(header.data(), header.size());
  const size_t table_bytes = table.index_size() * sizeof(uint16_t);
  hash.Update(table.entries.data(), table_bytes);
  const uint64_t checksum = hash.Final();
  if (!write_all(header.data(), header.size()) || !write_all(table.entries.data(), table_bytes) ||
      !write_all(&checksum, sizeof(checksum)))
    return fail(ErrnoText());
  if (::fsync(fd) != 0) return fail(ErrnoText());
  if (::close(fd) != 0) {
    ::unlink(tmp.c_str());
    return absl::InvalidArgumentError(absl::StrCat("cannot write '", tmp, "': ", ErrnoText()));
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    std::string message = absl::StrCat("cannot rename '", tmp, "' to '", path, "': ", ErrnoText());
    ::unlink(tmp.c_str());
    return absl::InvalidArgumentError(message);
  }
  return absl::OkStatus();
}

absl::StatusOr<RetrogradeTable> LoadRetrogradeTable(const std::string& path) {
  auto error = [&path](absl::string_view what) {
    return absl::InvalidArgumentError(absl::StrCat("table file '", path, "': ", what));
  };
  std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) return error(ErrnoText());
  struct stat st;
  if (::fstat(fileno(f.get()), &st) != 0) return error(ErrnoText());
  const uint64_t file_size = static_cast<uint64_t>(st.st_size);
  TableHash hash;
  auto read = [&](void* data, size_t len) {
    if (std::fread(data, 1, len, f.get()) != len) return false;
    hash.Update(data, len);
    return true;
  };
  char magic[8];
  uint32_t version = 0, spec_len = 0;
  if (!read(magic, 8) || std::memcmp(magic, kRetroMagic, 8) != 0)
    return error("not a gamebench retrograde table (bad magic)");
  if (!read(&version, 4)) return error("truncated header");
  if (version != kRetroVersion)
    return error(
        absl::StrCat("format version ", version, ", this tool reads version ", kRetroVersion));
  if (!read(&spec_len, 4)) return error("truncated header");
  if (spec_len == 0 || spec_len > 4096) return error("damaged header (bad spec length)");
  RetrogradeTable t;
  t.game.resize(spec_len);
  uint64_t fields[6];
  if (!read(t.game.data(), spec_len) || !read(fields, sizeof(fields)))
    return error("truncated header");
  const uint64_t index_size = fields[0];
  const uint64_t header_size = 8 + 4 + 4 + spec_len + sizeof(fields);
  if (index_size == 0 || index_size > file_size / 2)
    return error(absl::StrCat("truncated or damaged (", file_size, " bytes cannot hold ",
                              index_size, " entries)"));
  if (file_size != header_size + 2 * index_size + 8)
    return error(absl::StrCat("truncated or damaged: ", file_size, " bytes, expected ",
                              header_size + 2 * index_size + 8));
  t.root_index = fields[1];
  t.positions = fields[2];
  t.wins = fields[3];
  t.losses = fields[4];
  t.draws = fields[5];
  t.entries = ZeroedArray<uint16_t>(index_size);
  if (!read(t.entries.data(), index_size * 2)) return error("truncated table");
  uint64_t stored = 0;
  if (std::fread(&stored, 1, 8, f.get()) != 8) return error("truncated (no checksum)");
  if (stored != hash.Final()) return error("checksum mismatch: the file is damaged");
  if (t.root_index >= index_size) return error("damaged header (root index out of range)");
  return t;
}

}  // namespace gamebench
