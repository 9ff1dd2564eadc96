#include "core/checksummed_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"

namespace gamebench {

namespace {

std::string ErrnoText() { return std::strerror(errno); }

void SyncDirectory(const std::string& path) {
  const size_t slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash + 1);
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

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

std::string FilePreamble(const char (&magic)[8], uint32_t version, absl::string_view spec) {
  std::string out(magic, 8);
  const uint32_t spec_len = static_cast<uint32_t>(spec.size());
  out.append(reinterpret_cast<const char*>(&version), 4);
  out.append(reinterpret_cast<const char*>(&spec_len), 4);
  out.append(spec.data(), spec.size());
  return out;
}

absl::StatusOr<std::unique_ptr<ChecksummedWriter>> ChecksummedWriter::Create(std::string path,
                                                                             std::string tmp_path,
                                                                             std::string noun) {
  const int fd = ::open(tmp_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return absl::InvalidArgumentError(
        absl::StrCat("cannot create ", noun, "'", tmp_path, "': ", ErrnoText()));
  return std::unique_ptr<ChecksummedWriter>(
      new ChecksummedWriter(std::move(path), std::move(tmp_path), std::move(noun), fd));
}

ChecksummedWriter::~ChecksummedWriter() {
  if (fd_ >= 0) {
    ::close(fd_);
    ::unlink(tmp_.c_str());
  }
}

bool ChecksummedWriter::Write(const void* data, size_t len) {
  if (!ok_) return false;
  hash_.Update(data, len);
  const char* p = static_cast<const char*>(data);
  while (len > 0) {
    const ssize_t n = ::write(fd_, p, std::min<size_t>(len, size_t{1} << 30));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return ok_ = false;
    p += n;
    len -= static_cast<size_t>(n);
  }
  return true;
}

absl::Status ChecksummedWriter::Fail() {
  std::string message = absl::StrCat("cannot write ", noun_, "'", tmp_, "': ", ErrnoText());
  ::close(fd_);
  fd_ = -1;
  ::unlink(tmp_.c_str());
  return absl::InvalidArgumentError(message);
}

absl::Status ChecksummedWriter::Commit() {
  if (!ok_) return Fail();
  const uint64_t checksum = hash_.Final();
  if (!Write(&checksum, sizeof(checksum)) || ::fsync(fd_) != 0) return Fail();
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) {
    std::string message = absl::StrCat("cannot write ", noun_, "'", tmp_, "': ", ErrnoText());
    ::unlink(tmp_.c_str());
    return absl::InvalidArgumentError(message);
  }
  if (::rename(tmp_.c_str(), path_.c_str()) != 0) {
    std::string message =
        absl::StrCat("cannot rename ", noun_, "'", tmp_, "' to '", path_, "': ", ErrnoText());
    ::unlink(tmp_.c_str());
    return absl::InvalidArgumentError(message);
  }
  SyncDirectory(path_);
  return absl::OkStatus();
}

absl::Status ChecksummedReader::Error(absl::string_view what) const {
  return absl::InvalidArgumentError(
      absl::StrCat(noun_, "file '", path_, "': ", what, advice_.empty() ? "" : " ", advice_));
}

bool ChecksummedReader::Read(void* data, size_t len) {
  if (!file_ || std::fread(data, 1, len, file_.get()) != len) return false;
  hash_.Update(data, len);
  offset_ += len;
  return true;
}

absl::Status ChecksummedReader::Open(const char (&magic)[8], uint32_t version,
                                     absl::string_view kind) {
  // stat before open: opening a FIFO would block until someone writes to it.
  struct stat st;
  if (::stat(path_.c_str(), &st) != 0) return Error(ErrnoText());
  if (!S_ISREG(st.st_mode)) return Error("not a regular file");
  file_.reset(std::fopen(path_.c_str(), "rb"));
  if (!file_) return Error(ErrnoText());
  if (::fstat(fileno(file_.get()), &st) != 0) return Error(ErrnoText());
  if (!S_ISREG(st.st_mode)) return Error("not a regular file");
  file_size_ = static_cast<uint64_t>(st.st_size);
  char got[8];
  uint32_t got_version = 0, spec_len = 0;
  if (!Read(got, 8) || std::memcmp(got, magic, 8) != 0)
    return Error(absl::StrCat("not a gamebench ", kind, " (bad magic)"));
  if (!Read(&got_version, 4)) return Error("truncated header");
  if (got_version != version)
    return Error(
        absl::StrCat("format version ", got_version, ", this tool reads version ", version));
  if (!Read(&spec_len, 4)) return Error("truncated header");
  if (spec_len == 0 || spec_len > 4096) return Error("damaged header (bad spec length)");
  spec_.resize(spec_len);
  if (!Read(spec_.data(), spec_len)) return Error("truncated header");
  return absl::OkStatus();
}

absl::Status ChecksummedReader::CheckChecksum() {
  uint64_t stored = 0;
  if (!file_ || std::fread(&stored, 1, 8, file_.get()) != 8)
    return Error("truncated (no checksum)");
  if (stored != hash_.Final()) return Error("checksum mismatch: the file is damaged");
  return absl::OkStatus();
}

}  // namespace gamebench
