// The explorer's search pool (tool/serve/search_pool.h): a bounded number of
// jobs is accepted, the rest are refused at once rather than queued without
// bound, every accepted job runs exactly once, and the pool's destructor
// finishes what it accepted. No timing: jobs are held on a gate and the test
// waits on counts, so it says the same on a loaded machine and under TSan.

#include "tool/serve/search_pool.h"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "gtest/gtest.h"

namespace gamebench {
namespace {

// Jobs wait here until the test opens it; the test can wait for a number of
// jobs to have started.
class Gate {
 public:
  void Enter() {
    std::unique_lock<std::mutex> lock(mutex_);
    ++entered_;
    changed_.notify_all();
    changed_.wait(lock, [&] { return open_; });
  }
  void WaitForEntered(int n) {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return entered_ >= n; });
  }
  void Open() {
    std::lock_guard<std::mutex> lock(mutex_);
    open_ = true;
    changed_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  int entered_ = 0;
  bool open_ = false;
};

TEST(SearchPool, RunsAJobOnAWorkerAndWaitsForIt) {
  SearchPool pool(2, 4);
  EXPECT_EQ(pool.workers(), 2);
  EXPECT_EQ(pool.queue_capacity(), 4u);
  int value = 0;
  EXPECT_TRUE(pool.Run([&] { value = 42; }));
  EXPECT_EQ(value, 42);  // Run returned after the job, so no race here
  const std::thread::id caller = std::this_thread::get_id();
  std::thread::id ran_on;
  EXPECT_TRUE(pool.Run([&] { ran_on = std::this_thread::get_id(); }));
  EXPECT_NE(ran_on, caller);
}

// With every worker held and the queue full, one more job is refused at once
// and never runs; once the gate opens, every accepted job runs exactly once.
TEST(SearchPool, RefusesWhenWorkersAndQueueAreFull) {
  constexpr int kWorkers = 2, kQueue = 3;
  Gate gate;
  std::atomic<int> ran{0}, accepted{0};
  SearchPool pool(kWorkers, kQueue);
  std::vector<std::thread> callers;
  for (int i = 0; i < kWorkers + kQueue; ++i)
    callers.emplace_back([&] {
      if (pool.Run([&] { gate.Enter(); ++ran; })) ++accepted;
    });
  gate.WaitForEntered(kWorkers);                           // the workers are held
  while (pool.jobs_in() < size_t{kWorkers + kQueue}) std::this_thread::yield();  // the queue is full
  bool refused_ran = false;
  EXPECT_FALSE(pool.Run([&] { refused_ran = true; }));
  EXPECT_EQ(pool.jobs_in(), size_t{kWorkers + kQueue});
  gate.Open();
  for (auto& t : callers) t.join();
  EXPECT_EQ(accepted.load(), kWorkers + kQueue);
  EXPECT_EQ(ran.load(), kWorkers + kQueue);
  EXPECT_FALSE(refused_ran);
  EXPECT_EQ(pool.jobs_in(), 0u);
  // Free again: the next job is accepted.
  EXPECT_TRUE(pool.Run([&] { ++ran; }));
  EXPECT_EQ(ran.load(), kWorkers + kQueue + 1);
}

// Many callers at once, more than fit: each Run either ran its job exactly
// once (true) or never (false), and at least the pool's capacity got in.
TEST(SearchPool, EveryAcceptedJobRunsOnceUnderContention) {
  SearchPool pool(2, 2);
  constexpr int kCallers = 16, kRounds = 50;
  std::atomic<int> ran{0}, accepted{0};
  std::vector<std::thread> callers;
  for (int i = 0; i < kCallers; ++i)
    callers.emplace_back([&] {
      for (int r = 0; r < kRounds; ++r) {
        int mine = 0;
        const bool ok = pool.Run([&] { ++mine; ++ran; });
        EXPECT_EQ(mine, ok ? 1 : 0);
        if (ok) ++accepted;
      }
    });
  for (auto& t : callers) t.join();
  EXPECT_EQ(ran.load(), accepted.load());
  EXPECT_GE(accepted.load(), 4);
  EXPECT_EQ(pool.jobs_in(), 0u);
}

TEST(SearchPool, APoolWithoutWorkersRefuses) {
  SearchPool pool(0, 4);
  bool ran = false;
  EXPECT_FALSE(pool.Run([&] { ran = true; }));
  EXPECT_FALSE(ran);
}

}  // namespace
}  // namespace gamebench
