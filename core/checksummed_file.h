#ifndef GAMEBENCH_CORE_CHECKSUMMED_FILE_H_
#define GAMEBENCH_CORE_CHECKSUMMED_FILE_H_

// Files that must never be half-written or silently damaged (retrograde
// tables, checkpoints). Layout: a preamble (8-byte magic, u32 version, u32
// length and the game's canonical spec), the caller's fields and data, then
// a TableHash checksum of every byte before it. Written to a temporary name,
// fsynced and renamed, so the final name always holds a whole file; read back
// with every size and the checksum checked.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace gamebench {

// A 64-bit checksum over 8-byte little-endian words (the tail zero-padded,
// the length mixed in at the end). Each step is a bijection of the state for
// a fixed word, so a change confined to one word is always detected.
class TableHash {
 public:
  void Update(const void* data, size_t len);
  uint64_t Final() const;

 private:
  void Mix(uint64_t w) {
    h_ = (h_ ^ w) * 0x9E3779B97F4A7C15ull;
    h_ ^= h_ >> 29;
  }
  uint64_t h_ = 0xCBF29CE484222325ull;
  uint64_t total_ = 0;
  unsigned char pending_[8] = {};
  size_t num_pending_ = 0;
};

// The bytes of the preamble: magic, version, spec length, spec.
std::string FilePreamble(const char (&magic)[8], uint32_t version, absl::string_view spec);

// Writes `path` through `tmp_path`. Write() hashes and writes; Commit()
// appends the checksum, fsyncs, renames onto `path` and fsyncs the
// directory (so the rename survives a crash of the machine). A writer that
// is not committed removes its temporary file. `noun` names the kind of
// file in errors ("" or "checkpoint ").
class ChecksummedWriter {
 public:
  static absl::StatusOr<std::unique_ptr<ChecksummedWriter>> Create(std::string path,
                                                                   std::string tmp_path,
                                                                   std::string noun = "");
  ~ChecksummedWriter();
  ChecksummedWriter(const ChecksummedWriter&) = delete;
  ChecksummedWriter& operator=(const ChecksummedWriter&) = delete;

  // False on an I/O error; Commit() then reports it.
  bool Write(const void* data, size_t len);
  absl::Status Commit();

 private:
  ChecksummedWriter(std::string path, std::string tmp_path, std::string noun, int fd)
      : path_(std::move(path)), tmp_(std::move(tmp_path)), noun_(std::move(noun)), fd_(fd) {}
  absl::Status Fail();

  std::string path_, tmp_, noun_;
  int fd_;
  bool ok_ = true;
  TableHash hash_;
};

// Reads a file written by ChecksummedWriter. Errors start with
// "<noun>file '<path>': " and end with `advice` (may be empty).
class ChecksummedReader {
 public:
  ChecksummedReader(std::string path, std::string noun, std::string advice = "")
      : path_(std::move(path)), noun_(std::move(noun)), advice_(std::move(advice)) {}

  // Opens a regular file and reads the preamble: the magic must match (else
  // "not a gamebench <kind> (bad magic)"), the version must be `version`.
  absl::Status Open(const char (&magic)[8], uint32_t version, absl::string_view kind);
  const std::string& spec() const { return spec_; }
  uint64_t file_size() const { return file_size_; }
  // Bytes read so far (the preamble included).
  uint64_t offset() const { return offset_; }

  // Reads and hashes; false when the file ends first.
  bool Read(void* data, size_t len);
  // The error for a damaged file, with the file named.
  absl::Status Error(absl::string_view what) const;
  // Reads the stored checksum and compares it with everything read.
  absl::Status CheckChecksum();

 private:
  std::string path_, noun_, advice_;
  std::unique_ptr<FILE, int (*)(FILE*)> file_{nullptr, &std::fclose};
  uint64_t file_size_ = 0;
  uint64_t offset_ = 0;
  std::string spec_;
  TableHash hash_;
};

}  // namespace gamebench

#endif  // GAMEBENCH_CORE_CHECKSUMMED_FILE_H_
