#ifndef GAMEBENCH_SOLVERS_TIER_ERRORS_H_
#define GAMEBENCH_SOLVERS_TIER_ERRORS_H_

// How the tiered analysis (solvers/tiered_retrograde.h) stops on an error.
// The passes run in parallel loops on every rank, and the ranks meet in
// collectives: a thread that meets an error records it and goes on (the
// first one is kept), and at the next check every rank learns whether any
// rank failed, so that all stop together and none waits alone in a
// collective.

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <utility>

#include "absl/status/status.h"

namespace gamebench::tiered {

class FirstError {
 public:
  // Records `message` unless an error is already recorded (thread-safe).
  void Fail(std::string message) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (message_.empty()) message_ = std::move(message);
  }
  // Fail for the memory budget: the run stops with ResourceExhausted.
  // Only the first call records its message.
  void FailOverBudget(std::string message) {
    if (over_budget_.exchange(true)) return;
    Fail(std::move(message));
  }
  bool over_budget() const { return over_budget_.load(std::memory_order_relaxed); }

  // Collective: OK when no rank recorded an error, else the error (this
  // rank's message, or a pointer to the rank that failed).
  template <typename Comm>
  absl::Status Check(Comm& comm) {
    const uint64_t any = comm.AllreduceMax(message_.empty() ? 0 : 1);
    if (!any) return absl::OkStatus();
    if (message_.empty()) message_ = "another rank failed (see its message)";
    if (over_budget_) return absl::ResourceExhaustedError(message_);
    return absl::FailedPreconditionError(message_);
  }

 private:
  std::mutex mutex_;
  std::string message_;
  std::atomic<bool> over_budget_{false};
};

}  // namespace gamebench::tiered

#endif  // GAMEBENCH_SOLVERS_TIER_ERRORS_H_
