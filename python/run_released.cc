#include "python/run_released.h"

#include <pthread.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>

#include <pybind11/pybind11.h>

#include "core/solve.h"

namespace py = pybind11;

namespace gamebench {
namespace {

struct Job {
  const std::function<void()>* work;
  std::atomic<bool> cancel{false};
  std::exception_ptr error;
  std::mutex mutex;
  std::condition_variable done_cv;
  bool done = false;
};

void* RunJob(void* arg) {
  auto* job = static_cast<Job*>(arg);
  {
    CancelScope scope(&job->cancel);
    try {
      (*job->work)();
    } catch (...) {
      job->error = std::current_exception();
    }
  }
  std::lock_guard<std::mutex> lock(job->mutex);
  job->done = true;
  job->done_cv.notify_all();
  return nullptr;
}

}  // namespace

void RunReleased(const std::function<void()>& work) {
  Job job;
  job.work = &work;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, size_t{1} << 30);
  pthread_t thread;
  const int created = pthread_create(&thread, &attr, RunJob, &job);
  pthread_attr_destroy(&attr);
  if (created != 0) throw std::runtime_error("gamebench: cannot start a thread for the run");

  // A signal handler's exception, held while the run unwinds.
  PyObject *type = nullptr, *value = nullptr, *traceback = nullptr;
  {
    py::gil_scoped_release release;
    std::unique_lock<std::mutex> lock(job.mutex);
    while (!job.done) {
      if (job.done_cv.wait_for(lock, std::chrono::milliseconds(50), [&] { return job.done; }))
        break;
      if (type != nullptr) continue;  // already cancelled: wait for the unwinding
      lock.unlock();
      {
        py::gil_scoped_acquire acquire;
        if (PyErr_CheckSignals() != 0) {
          PyErr_Fetch(&type, &value, &traceback);
          job.cancel.store(true, std::memory_order_relaxed);
        }
      }
      lock.lock();
    }
  }
  pthread_join(thread, nullptr);
  if (type != nullptr) {
    PyErr_Restore(type, value, traceback);
    throw py::error_already_set();
  }
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace gamebench
