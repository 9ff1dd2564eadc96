#ifndef GAMEBENCH_CORE_PARALLEL_H_
#define GAMEBENCH_CORE_PARALLEL_H_

// ParallelFor: tbb::parallel_for over a blocked_range, and under
// ThreadSanitizer an equivalent that TSan can see through.
//
// Why: Debian's libtbb.so is not built with -fsanitize=thread. TBB hands
// work to its worker threads (and copies of the loop body with it) and joins
// them inside that uninstrumented library, so TSan sees ordinary TBB use as
// racy: the caller's writes before a loop against the workers' reads, the
// copies of the body made by one worker and run by another, objects recycled
// by TBB's pool. Suppressing those reports would also hide races in our loop
// bodies, which run beneath the same TBB frames. So a TSan build runs the
// same bodies on plain std::threads (as many as the enclosing task arena
// allows) that claim grain-sized chunks from an atomic counter: every
// hand-off is then visible to TSan, and what TSan checks is exactly what it
// is for, the concurrent bodies over shared tables. Release builds use TBB.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <type_traits>
#include <vector>

#include "tbb/parallel_for.h"
#include "tbb/task_arena.h"
#include "tbb/task_group.h"

#if defined(__SANITIZE_THREAD__)
#define GAMEBENCH_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define GAMEBENCH_TSAN 1
#endif
#endif

namespace gamebench {

template <typename Range, typename Body>
void ParallelFor(const Range& range, const Body& body) {
#ifndef GAMEBENCH_TSAN
  tbb::parallel_for(range, body);
#else
  const auto begin = range.begin(), end = range.end();
  const size_t grain = std::max<size_t>(1, range.grainsize());
  const size_t chunks = (static_cast<size_t>(end - begin) + grain - 1) / grain;
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t c; (c = next.fetch_add(1)) < chunks;) {
      // In the range's own value type: a blocked_range<int> mixed with
      // size_t would not deduce std::min's type.
      using Value = std::remove_cv_t<decltype(begin)>;
      const Value lo = static_cast<Value>(begin + static_cast<Value>(c * grain));
      body(Range(lo, std::min<Value>(end, static_cast<Value>(lo + static_cast<Value>(grain))),
                 grain));
    }
  };
  const int threads = static_cast<int>(
      std::min<size_t>(chunks, static_cast<size_t>(tbb::this_task_arena::max_concurrency())));
  std::vector<std::thread> workers;
  for (int t = 1; t < threads; ++t) workers.emplace_back(work);
  work();
  for (std::thread& w : workers) w.join();
#endif
}

// Runs body(0), ..., body(n - 1) at once where the enclosing task arena has
// threads for them: body(0) on the calling thread, the others as TBB tasks
// (under ThreadSanitizer on std::threads, for the reasons above). A body must
// never wait for another: TBB may start a task only after body(0) returned.
template <typename Body>
void RunOnThreads(int n, const Body& body) {
#ifndef GAMEBENCH_TSAN
  tbb::task_group group;
  for (int i = 1; i < n; ++i) group.run([&body, i] { body(i); });
  body(0);
  group.wait();
#else
  std::vector<std::thread> workers;
  for (int i = 1; i < n; ++i) workers.emplace_back([&body, i] { body(i); });
  body(0);
  for (std::thread& w : workers) w.join();
#endif
}

}  // namespace gamebench

#endif  // GAMEBENCH_CORE_PARALLEL_H_
