#ifndef GAMEBENCH_CORE_PROGRESS_H_
#define GAMEBENCH_CORE_PROGRESS_H_

#include <cstdint>
#include <string>
#include "absl/strings/string_view.h"

#include "core/solve.h"

namespace gamebench {

// Progress lines for long runs: phase, work done, rate and ETA, on stderr,
// at most a few times a second, and only when enabled (the tool enables it
// when stderr is a terminal, or with --progress). Update() is cheap enough to
// call every few thousand nodes.
class Progress {
 public:
  explicit Progress(bool enabled) : enabled_(enabled) {}
  ~Progress() { Finish(); }

  void Phase(absl::string_view name, uint64_t total = 0);
  // `done` counts units of the current phase; `total` (0: unknown) gives the ETA.
  void Update(uint64_t done);
  void Finish();
  bool enabled() const { return enabled_; }

 private:
  void Print(uint64_t done, bool final_line);

  bool enabled_;
  bool printed_ = false;
  std::string phase_;
  uint64_t total_ = 0;
  uint64_t last_done_ = 0;
  Stopwatch phase_watch_;
  double last_print_ = -1;
};

}  // namespace gamebench

#endif  // GAMEBENCH_CORE_PROGRESS_H_
