#ifndef GAMEBENCH_SOLVERS_RETROGRADE_CHECKPOINT_H_
#define GAMEBENCH_SOLVERS_RETROGRADE_CHECKPOINT_H_

// Checkpoints of a retrograde analysis, so that a long run killed at any
// moment (even by SIGKILL) resumes where it was and ends with the same table.
//
// A checkpoint is the analysis's whole state at a level boundary of the
// forward or backward phase: the entries, the current frontier bitmap and
// the next one (empty at a clean boundary; partly filled when the run
// stopped at its time limit in the middle of a level, which is resumable
// because a level's outcome does not depend on the order of its updates,
// and each frontier word is processed whole or not at all).
//
// File (little-endian), written atomically (FILE.tmp, fsync, rename, fsync
// of the directory), so that FILE is always a complete checkpoint:
//   char[8]  magic "GBCKPT\0\0"
//   u32      version (1)
//   u32      length of the canonical spec, then the spec's bytes
//   u64      index size, root index
//   u32      phase (1 forward, 2 backward), u32 mid-level (0 or 1)
//   u64      level, done, positions, forward levels
//   u16      the entries, index-size of them
//   u64      the current frontier bitmap, (index size + 63) / 64 words
//   u64      the next frontier bitmap, as many words
//   u64      checksum of every byte before it (TableHash)

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/solve.h"

namespace gamebench {

inline constexpr char kRetroCheckpointMagic[8] = {'G', 'B', 'C', 'K', 'P', 'T', '\0', '\0'};
inline constexpr uint32_t kRetroCheckpointVersion = 1;

struct RetroCheckpointOptions {
  std::string path;              // empty: no checkpoints
  double interval_seconds = 60;  // between checkpoints; 0: at every level boundary
  // Test hook (GAMEBENCH_CHECKPOINT_KILL_AFTER=K in the tool): the process
  // SIGKILLs itself right after its K-th checkpoint, so that a test can
  // interrupt a run at a deterministic point. 0: never.
  int kill_after = 0;
};

enum class RetroPhase : uint32_t { kForward = 1, kBackward = 2 };

// The scalar state saved beside the arrays.
struct RetroCheckpointHeader {
  std::string game;  // canonical spec
  uint64_t index_size = 0;
  uint64_t root_index = 0;
  RetroPhase phase = RetroPhase::kForward;
  bool mid_level = false;  // stopped inside a level (time limit): next_ holds its partial output
  uint64_t level = 0;      // forward: levels done; backward: the level in cur_
  uint64_t done = 0;       // forward: positions enumerated so far
  uint64_t positions = 0;  // backward: the reachable positions
  uint64_t forward_levels = 0;
};

// "forward level 3" / "backward level 12 (partly done)".
std::string DescribeCheckpoint(const RetroCheckpointHeader& h);

// Writes a checkpoint atomically. `words` = (index_size + 63) / 64.
absl::Status SaveRetroCheckpoint(const std::string& path, const RetroCheckpointHeader& h,
                                 const uint16_t* entries, const uint64_t* cur,
                                 const uint64_t* next);

// Whether a checkpoint file exists at `path` (a missing file is a fresh start).
bool RetroCheckpointExists(const std::string& path);

// Reads the checkpoint at `path` into the given arrays (sized for
// `expected`'s index size), after checking that it is a checkpoint of the
// same game (canonical spec, index size, root). Refuses a foreign, damaged
// (checksum), truncated or other-version file with a one-line error naming
// the file. The arrays hold garbage after a refusal.
absl::StatusOr<RetroCheckpointHeader> LoadRetroCheckpoint(const std::string& path,
                                                          const RetroCheckpointHeader& expected,
                                                          uint16_t* entries, uint64_t* cur,
                                                          uint64_t* next);

// Removes the checkpoint and any temporary file a killed writer left.
void RemoveRetroCheckpoint(const std::string& path);

// When the analysis saves: at every level boundary once `interval` seconds
// have passed since the start or the last save (counting from the end of
// that save, so that slow disks do not turn a run into a stream of saves).
class CheckpointClock {
 public:
  explicit CheckpointClock(double interval) : interval_(interval) {}
  bool Due() const { return watch_.Seconds() >= interval_; }
  void Saved() { watch_ = Stopwatch(); }

 private:
  double interval_;
  Stopwatch watch_;
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_RETROGRADE_CHECKPOINT_H_
