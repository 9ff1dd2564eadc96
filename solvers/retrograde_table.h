#ifndef GAMEBENCH_SOLVERS_RETROGRADE_TABLE_H_
#define GAMEBENCH_SOLVERS_RETROGRADE_TABLE_H_

// The table a retrograde analysis produces, and its file format.
//
// One uint16 per indexed position: the top two bits are the tag, the low 14
// bits the remoteness (plies to the end under optimal play: fastest win,
// slowest loss; 0 for terminal positions and draws).
//   tag 0: not reachable from the root (or not a position at all)
//   tag 1: draw (during the analysis: undecided, low bits = undecided children)
//   tag 2: win for the player to move
//   tag 3: loss for the player to move
//
// File (little-endian), written atomically (FILE.tmp.<pid>, fsync, rename):
//   char[8]  magic "GBRETRO\0"
//   u32      version (1)
//   u32      length of the canonical spec, then the spec's bytes
//   u64      index size, root index, positions, wins, losses, draws
//   u16      the entries, index-size of them
//   u64      checksum of every byte before it (TableHash, core/checksummed_file.h)

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/checksummed_file.h"
#include "core/score.h"
#include "core/zeroed_array.h"

namespace gamebench {

namespace retro {
inline constexpr int kTagShift = 14;
inline constexpr uint16_t kLowMask = (1u << kTagShift) - 1;
inline constexpr int kMaxRemoteness = kLowMask;
enum Tag : uint16_t { kUnreached = 0, kDraw = 1, kWin = 2, kLoss = 3 };
// During the analysis tag 1 means "undecided"; whatever stays undecided is a draw.
inline constexpr Tag kUndecided = kDraw;

inline constexpr uint16_t Entry(Tag tag, int low) {
  return static_cast<uint16_t>(tag << kTagShift | low);
}
inline constexpr Tag TagOf(uint16_t e) { return static_cast<Tag>(e >> kTagShift); }
inline constexpr int LowOf(uint16_t e) { return e & kLowMask; }
// The value of a finished entry for the player to move (unreached: a draw).
inline constexpr Score ValueOf(uint16_t e) {
  return TagOf(e) == kWin ? kWinScore : TagOf(e) == kLoss ? kLossScore : kDrawScore;
}

// A position's value from its children's finished values, for the analyses
// that fold them in one pass (tiered_retrograde.h) and for the check of a
// finished table (retrograde_verify.h): a win one move after the quickest
// child loss, else a draw if a child draws, else a loss one move after the
// slowest child win.
struct ChildFold {
  bool any_loss = false, any_draw = false;
  int min_loss = kMaxRemoteness + 1, max_win = -1;
  // False (and nothing folded) when the child has no value yet.
  bool Add(uint16_t child) {
    switch (TagOf(child)) {
      case kLoss:
        any_loss = true;
        min_loss = std::min(min_loss, LowOf(child));
        return true;
      case kWin:
        max_win = std::max(max_win, LowOf(child));
        return true;
      case kDraw:
        any_draw = true;
        return true;
      default:
        return false;
    }
  }
  Tag tag() const { return any_loss ? kWin : any_draw ? kDraw : kLoss; }
  int remoteness() const { return any_loss ? min_loss + 1 : any_draw ? 0 : max_win + 1; }
  uint16_t entry() const { return Entry(tag(), remoteness()); }
};
}  // namespace retro

struct RetrogradeTable {
  std::string game;  // canonical spec
  uint64_t root_index = 0;
  uint64_t positions = 0, wins = 0, losses = 0, draws = 0;
  ZeroedArray<uint16_t> entries;  // one per indexed position
  bool complete = true;           // false when stopped by the time limit
  int threads = 1;
  double seconds = 0;
  int levels = 0;          // backward levels: the largest remoteness + 1
  int forward_levels = 0;  // forward levels: the depth of the reachable graph + 1
  double forward_seconds = 0, backward_seconds = 0;
  // Checkpoints (retrograde_checkpoint.h): where this run resumed from and
  // where it last saved ("" if not), and how many it saved.
  std::string resumed_from, checkpoint_at;
  std::string stopped_at;  // where the time limit stopped it ("" if it did not)
  int checkpoints = 0;

  uint64_t index_size() const { return entries.size(); }
};

inline constexpr char kRetroMagic[8] = {'G', 'B', 'R', 'E', 'T', 'R', 'O', '\0'};
inline constexpr uint32_t kRetroVersion = 1;

// Writes the table to `path` atomically. Errors name the file.
absl::Status SaveRetrogradeTable(const RetrogradeTable& table, const std::string& path);
// Reads a table file, checking the magic, version, sizes and checksum. Does
// not check that the spec names a game (the caller does, with the game).
absl::StatusOr<RetrogradeTable> LoadRetrogradeTable(const std::string& path);

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_RETROGRADE_TABLE_H_
