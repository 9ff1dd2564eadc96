#ifndef GAMEBENCH_TOOL_SERVE_SEARCH_POOL_H_
#define GAMEBENCH_TOOL_SERVE_SEARCH_POOL_H_

// The searches of `gamebench serve` run here, off the request threads: a
// fixed number of workers and a queue of bounded length. A request whose job
// finds the queue full is refused at once ("busy", HTTP 503) instead of
// waiting in a list that grows with the load; the request thread waits for
// its own job only. Each worker runs on a large stack (depth-first solvers
// recurse once per ply, as on the tool's main thread, tool/main.cc).

#include <pthread.h>

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <vector>

namespace gamebench {

class SearchPool {
 public:
  SearchPool(int workers, size_t queue_capacity);
  ~SearchPool();  // finishes the queued jobs, then joins the workers
  SearchPool(const SearchPool&) = delete;
  SearchPool& operator=(const SearchPool&) = delete;

  // Runs `job` on a worker and waits for it: false (and `job` never runs)
  // when every worker is busy and queue_capacity jobs already wait.
  bool Run(std::function<void()> job);

  int workers() const { return static_cast<int>(threads_.size()); }
  // Jobs accepted and not yet finished (running or queued): at most
  // workers() + queue_capacity().
  size_t jobs_in() const;
  size_t queue_capacity() const { return capacity_; }

 private:
  static void* WorkerMain(void* self);
  void Work();

  const size_t capacity_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> queue_;
  size_t active_ = 0;  // jobs accepted and not finished (running or waiting)
  bool stopping_ = false;
  std::vector<pthread_t> threads_;
};

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_SERVE_SEARCH_POOL_H_
