#ifndef GAMEBENCH_CORE_SOLVE_H_
#define GAMEBENCH_CORE_SOLVE_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/json.h"
#include "core/score.h"

namespace gamebench {

// What the user asked of a solve. Every solver reads the fields that apply to
// it and ignores the rest.
struct SolveOptions {
  double time_limit_seconds = 0;        // 0: no limit
  uint64_t node_limit = 0;              // searches stop near this many nodes; 0: none
  uint64_t memory_bytes = 0;            // budget for all tables; 0: the default share
  uint64_t tt_bytes = 64ull << 20;      // transposition table size (within memory_bytes)
  bool symmetry = true;                 // store canonical forms when the game has them
  bool move_ordering = true;            // heuristic and table move first
  int threads = 0;                      // 0: all cores
  bool progress = false;                // progress lines on stderr
  bool best_moves = true;               // also find every move achieving the value
};

// What every solver reports. `stats` holds solver-specific counters (table
// probes, hits, ...), printed in the JSON object after the common fields.
struct SolveReport {
  std::string game;      // canonical spec
  std::string solver;
  std::string position;  // text form of the solved position
  bool from_start = true;
  bool scored = false;
  Score value = 0;
  std::optional<int> remoteness;  // plies to the end under optimal play
  std::vector<std::string> best_moves;
  uint64_t nodes = 0;
  double seconds = 0;
  bool complete = true;  // false when stopped by the time limit
  std::string note;      // e.g. why a fallback was used
  Json stats = Json::MakeObject();

  // The JSON object of `gamebench solve --json`: game, solver, value, winner
  // (from the start only), best_moves, nodes, seconds, then the rest.
  Json ToJson() const;
};

// A clock started at construction.
class Stopwatch {
 public:
  Stopwatch() : start_(std::chrono::steady_clock::now()) {}
  double Seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_;
};

// A stop request from outside a run (the Python module's Ctrl-C): while a
// CancelScope lives on a thread, every Deadline made on that thread also stops
// once the scope's flag is set. Scopes nest; the innermost wins.
class CancelScope {
 public:
  explicit CancelScope(const std::atomic<bool>* flag) : previous_(current_) { current_ = flag; }
  ~CancelScope() { current_ = previous_; }
  CancelScope(const CancelScope&) = delete;
  CancelScope& operator=(const CancelScope&) = delete;
  // The innermost scope's flag on this thread, or null.
  static const std::atomic<bool>* Current() { return current_; }

 private:
  const std::atomic<bool>* previous_;
  static inline thread_local const std::atomic<bool>* current_ = nullptr;
};

// Lets a long search stop cleanly at a time limit (or when cancelled, see
// CancelScope). Searches call Poll() every few thousand nodes; once it returns
// true they unwind and report what they reached, marked incomplete.
class Deadline {
 public:
  explicit Deadline(double seconds) : limit_(seconds), cancel_(CancelScope::Current()) {}
  bool Poll() {
    if (stopped_.load(std::memory_order_relaxed)) return true;
    if (cancel_ && cancel_->load(std::memory_order_relaxed))
      stopped_.store(true, std::memory_order_relaxed);
    if (limit_ > 0 && watch_.Seconds() > limit_) stopped_.store(true, std::memory_order_relaxed);
    return stopped_.load(std::memory_order_relaxed);
  }
  bool stopped() const { return stopped_.load(std::memory_order_relaxed); }
  void Stop() { stopped_.store(true, std::memory_order_relaxed); }
  double Elapsed() const { return watch_.Seconds(); }

 private:
  double limit_;
  const std::atomic<bool>* cancel_;  // null: no CancelScope when made
  Stopwatch watch_;
  std::atomic<bool> stopped_{false};
};

}  // namespace gamebench

#endif  // GAMEBENCH_CORE_SOLVE_H_
