#ifndef GAMEBENCH_PYTHON_RUN_RELEASED_H_
#define GAMEBENCH_PYTHON_RUN_RELEASED_H_

#include <functional>

namespace gamebench {

// Runs `work` (which must not touch Python objects) on a thread of its own
// with a 1 GiB stack reserved, as the tool does for deep searches, while the
// calling thread waits with the GIL released, so other Python threads run.
// Every 50 ms the caller takes the GIL to let Python run its signal handlers;
// when one raises (Ctrl-C: KeyboardInterrupt), the run is cancelled through
// a CancelScope (core/solve.h) that every Deadline made by `work` polls, and
// once `work` has unwound the exception propagates. An exception thrown by
// `work` (std::bad_alloc: MemoryError) is rethrown on the calling thread.
// Must be called with the GIL held.
void RunReleased(const std::function<void()>& work);

}  // namespace gamebench

#endif  // GAMEBENCH_PYTHON_RUN_RELEASED_H_
