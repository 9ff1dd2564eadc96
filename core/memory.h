#ifndef GAMEBENCH_CORE_MEMORY_H_
#define GAMEBENCH_CORE_MEMORY_H_

#include <cstdint>
#include <string>
#include "absl/strings/string_view.h"

#include "absl/status/statusor.h"

namespace gamebench {

// Peak resident memory of this process (VmHWM), in bytes; 0 if unknown.
uint64_t PeakMemoryBytes();
// Resets the peak (VmHWM) to the current resident memory, so that the next
// PeakMemoryBytes() is the peak of what runs after this: benchmarks that run
// several cases in one process measure each on its own. Best effort (Linux
// >= 4.0, /proc/self/clear_refs); false if the reset is not supported.
bool ResetPeakMemory();
// Physical memory of the machine, in bytes.
uint64_t PhysicalMemoryBytes();
// The default memory budget: a safe share (half) of physical memory.
uint64_t DefaultMemoryBudget();
// Parses "512M", "4G", "1.5GiB", "1000000" (bytes) into bytes.
absl::StatusOr<uint64_t> ParseByteSize(absl::string_view text);
std::string FormatBytes(uint64_t bytes);

// Caps this process's address space at the budget plus a fixed allowance for
// code, stacks and libraries, so that exceeding the budget ends in a
// std::bad_alloc the tool reports, never in the kernel's OOM killer. A no-op
// under sanitizers, which reserve huge shadow mappings.
void LimitAddressSpace(uint64_t budget_bytes);

}  // namespace gamebench

#endif  // GAMEBENCH_CORE_MEMORY_H_
