#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "solvers/retrograde_checkpoint.h"
#include "solvers/retrograde_table.h"

namespace gamebench {

namespace {

std::string ErrnoText() { return std::strerror(errno); }

std::string Header(const RetroCheckpointHeader& h) {
  std::string out(kRetroCheckpointMagic, 8);
  auto put = [&out](const auto& v) { out.append(reinterpret_cast<const char*>(&v), sizeof(v)); };
  put(kRetroCheckpointVersion);
  put(static_cast<uint32_t>(h.game.size()));
  out += h.game;
  put(h.index_size);
  put(h.root_index);
  put(static_cast<uint32_t>(h.phase));
  put(static_cast<uint32_t>(h.mid_level ? 1 : 0));
  for (uint64_t v : {h.level, h.done, h.positions, h.forward_levels}) put(v);
  return out;
}

uint64_t Words(uint64_t index_size) { return (index_size + 63) / 64; }

// fsync of the directory holding `path`, so that the rename itself survives
// a crash of the machine (not only of the process).
void SyncDirectory(const std::string& path) {
  const size_t slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash + 1);
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

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
  const std::string tmp = path + ".tmp";
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return absl::InvalidArgumentError(
        absl::StrCat("cannot create checkpoint '", tmp, "': ", ErrnoText()));
  auto fail = [&]() {
    std::string message = absl::StrCat("cannot write checkpoint '", tmp, "': ", ErrnoText());
    ::close(fd);
    ::unlink(tmp.c_str());
    return absl::InvalidArgumentError(message);
  };
  TableHash hash;
  // Writes and hashes in one pass.
  auto write_all = [&](const void* data, size_t len) {
    hash.Update(data, len);
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
  const std::string header = Header(h);
  const uint64_t words = Words(h.index_size);
  if (!write_all(header.data(), header.size()) ||
      !write_all(entries, h.index_size * sizeof(uint16_t)) ||
      !write_all(cur, words * sizeof(uint64_t)) || !write_all(next, words * sizeof(uint64_t)))
    return fail();
  const uint64_t checksum = hash.Final();
  if (!write_all(&checksum, sizeof(checksum))) return fail();
  if (::fsync(fd) != 0) return fail();
  if (::close(fd) != 0) {
    ::unlink(tmp.c_str());
    return absl::InvalidArgumentError(
        absl::StrCat("cannot write checkpoint '", tmp, "': ", ErrnoText()));
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    std::string message =
        absl::StrCat("cannot rename checkpoint '", tmp, "' to '", path, "': ", ErrnoText());
    ::unlink(tmp.c_str());
    return absl::InvalidArgumentError(message);
  }
  SyncDirectory(path);
  return absl::OkStatus();
}

bool RetroCheckpointExists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

absl::StatusOr<RetroCheckpointHeader> LoadRetroCheckpoint(const std::string& path,
                                                          const RetroCheckpointHeader& expected,
                                                          uint16_t* entries, uint64_t* cur,
                                                          uint64_t* next) {
  auto error = [&path](absl::string_view what) {
    return absl::InvalidArgumentError(absl::StrCat("checkpoint file '", path, "': ", what,
                                                   " (remove it to start the analysis afresh)"));
  };
  std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) return error(ErrnoText());
  struct stat st;
  if (::fstat(fileno(f.get()), &st) != 0) return error(ErrnoText());
  if (!S_ISREG(st.st_mode)) return error("not a regular file");
  const uint64_t file_size = static_cast<uint64_t>(st.st_size);
  TableHash hash;
  auto read = [&](void* data, size_t len) {
    if (std::fread(data, 1, len, f.get()) != len) return false;
    hash.Update(data, len);
    return true;
  };
  char magic[8];
  uint32_t version = 0, spec_len = 0;
  if (!read(magic, 8) || std::memcmp(magic, kRetroCheckpointMagic, 8) != 0)
    return error("not a gamebench retrograde checkpoint (bad magic)");
  if (!read(&version, 4)) return error("truncated header");
  if (version != kRetroCheckpointVersion)
    return error(absl::StrCat("format version ", version, ", this tool reads version ",
                              kRetroCheckpointVersion));
  if (!read(&spec_len, 4)) return error("truncated header");
  if (spec_len == 0 || spec_len > 4096) return error("damaged header (bad spec length)");
  RetroCheckpointHeader h;
  h.game.resize(spec_len);
  uint32_t phase = 0, mid = 0;
  uint64_t fields[4];
  if (!read(h.game.data(), spec_len) || !read(&h.index_size, 8) || !read(&h.root_index, 8) ||
      !read(&phase, 4) || !read(&mid, 4) || !read(fields, sizeof(fields)))
    return error("truncated header");
  const uint64_t header_size = 8 + 4 + 4 + spec_len + 8 + 8 + 4 + 4 + sizeof(fields);
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
  if (!read(entries, h.index_size * 2) || !read(cur, words * 8) || !read(next, words * 8))
    return error("truncated");
  uint64_t stored = 0;
  if (std::fread(&stored, 1, 8, f.get()) != 8) return error("truncated (no checksum)");
  if (stored != hash.Final()) return error("checksum mismatch: the file is damaged");
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
