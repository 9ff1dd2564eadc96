#include "tool/serve/search_pool.h"

#include <memory>
#include <utility>

namespace gamebench {

SearchPool::SearchPool(int workers, size_t queue_capacity) : capacity_(queue_capacity) {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, size_t{1} << 30);  // reserved, not committed
  for (int i = 0; i < workers; ++i) {
    pthread_t thread;
    if (pthread_create(&thread, &attr, &SearchPool::WorkerMain, this) == 0)
      threads_.push_back(thread);
  }
  pthread_attr_destroy(&attr);
}

SearchPool::~SearchPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (pthread_t t : threads_) pthread_join(t, nullptr);
}

void* SearchPool::WorkerMain(void* self) {
  static_cast<SearchPool*>(self)->Work();
  return nullptr;
}

void SearchPool::Work() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, nothing left
      job = std::move(queue_.front());
      queue_.pop_front();
    }
    job();
  }
}

size_t SearchPool::jobs_in() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return active_;
}

bool SearchPool::Run(std::function<void()> job) {
  // The job signals its own completion; the waiter owns the flag's state.
  struct Done {
    std::mutex mutex;
    std::condition_variable cv;
    bool done = false;
  };
  auto done = std::make_shared<Done>();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (threads_.empty() || stopping_ || active_ >= threads_.size() + capacity_) return false;
    ++active_;
    queue_.push_back([this, job = std::move(job), done] {
      job();
      {
        // Counted out before the waiter wakes, so that its next job finds
        // this worker free.
        std::lock_guard<std::mutex> l(mutex_);
        --active_;
      }
      std::lock_guard<std::mutex> l(done->mutex);
      done->done = true;
      done->cv.notify_all();
    });
  }
  wake_.notify_one();
  std::unique_lock<std::mutex> lock(done->mutex);
  done->cv.wait(lock, [&] { return done->done; });
  return true;
}

}  // namespace gamebench
