#ifndef GAMEBENCH_CORE_ZEROED_ARRAY_H_
#define GAMEBENCH_CORE_ZEROED_ARRAY_H_

// ZeroedArray<T>: a fixed-size array of a trivially copyable T that starts
// zeroed, from an anonymous mapping. Why not new T[n]() or memset: pages never
// written stay the kernel's shared zero page and cost neither time nor
// resident memory, so a 64 MiB transposition table for a 5000-position game
// costs what the search touches, and a retrograde table costs what is reached.
// Large arrays ask for transparent huge pages (random access over hundreds of
// MiB otherwise misses the TLB on nearly every probe).
//
// Huge pages and laziness pull apart when writes are scattered (a hash
// table): one write per 2 MiB makes the whole 2 MiB resident. Such a user
// starts with Pages::kSmallFirst (4 KiB pages, resident as written) and calls
// UseHugePages() once it has written enough for huge pages to pay.

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>

#include "core/parallel.h"

namespace gamebench {

template <typename T>
class ZeroedArray {
  static_assert(std::is_trivially_copyable_v<T>, "a zero-filled page must be a valid T");

 public:
  enum class Pages {
    kHugeWhenLarge,  // huge pages from the start for arrays of 2 MiB or more
    kSmallFirst,     // 4 KiB pages until UseHugePages()
  };

  ZeroedArray() = default;
  // Throws std::bad_alloc when the memory is refused (for example by the
  // address-space limit that --memory sets).
  explicit ZeroedArray(uint64_t size, Pages pages = Pages::kHugeWhenLarge)
      : size_(size), bytes_(size * sizeof(T)) {
    if (size == 0) return;
    data_ = Map(bytes_, pages == Pages::kHugeWhenLarge);
  }
  ZeroedArray(ZeroedArray&& o) noexcept { Swap(o); }
  ZeroedArray& operator=(ZeroedArray&& o) noexcept {
    ZeroedArray tmp(std::move(o));
    Swap(tmp);
    return *this;
  }
  ~ZeroedArray() {
    if (data_) ::munmap(data_, bytes_);
  }
  void Swap(ZeroedArray& o) noexcept {
    std::swap(size_, o.size_);
    std::swap(bytes_, o.bytes_);
    std::swap(data_, o.data_);
    std::swap(huge_, o.huge_);
  }

  // Zeroes every element by handing the pages back to the kernel: a private
  // anonymous page dropped with MADV_DONTNEED reads as zero again, and only
  // pages written since cost anything to drop.
  void Zero() {
    if (data_ && ::madvise(data_, bytes_, MADV_DONTNEED) != 0) {
      for (uint64_t i = 0; i < size_; ++i) data_[i] = T{};
    }
  }

  // Moves the contents to a mapping backed by huge pages (when the array is
  // large enough for them), copying only the pages written so far. Pointers
  // into the array are invalid afterwards. `parallel`: the copy runs on the
  // threads of the enclosing task arena (core/parallel.h), a huge page at a
  // time; most of its cost is the kernel zeroing the new huge pages, which
  // then splits over the threads (a parallel search's table).
  //
  // The copy goes a huge page at a time and hands each copied block of the
  // old mapping back at once, so the move needs at most one huge page more
  // than the larger of the two mappings, not both (a table moved when most of
  // its small pages are written would otherwise be resident twice).
  void UseHugePages(bool parallel = false) {
    if (data_ == nullptr || huge_ || bytes_ < kHugePage) return;
    T* fresh = Map(bytes_, true);
    auto copy = [&](uint64_t begin, uint64_t end) {
      std::memcpy(static_cast<void*>(fresh + begin), data_ + begin, (end - begin) * sizeof(T));
    };
    // Blocks [first, last) of kHugePage bytes. Releasing a block is safe only
    // when no element straddles its end (the next block's copy reads it).
    auto move_blocks = [&](uint64_t first, uint64_t last) {
      for (uint64_t b = first; b < last; ++b) {
        const uint64_t from = b * kHugePage, to = std::min(bytes_, from + kHugePage);
        ForEachResidentRange(copy, from, to);
        if (kHugePage % sizeof(T) == 0)
          ::madvise(reinterpret_cast<char*>(data_) + from, to - from, MADV_DONTNEED);
      }
    };
    const uint64_t blocks = (bytes_ + kHugePage - 1) / kHugePage;
    // An element straddling a block's end is copied by both blocks: on two
    // threads that is two writes of the same bytes at once (a data race), so
    // such element sizes move on one thread.
    if (parallel && kHugePage % sizeof(T) == 0) {
      ParallelFor(tbb::blocked_range<uint64_t>(0, blocks, 1),
                  [&](const tbb::blocked_range<uint64_t>& r) { move_blocks(r.begin(), r.end()); });
    } else {
      move_blocks(0, blocks);
    }
    ::munmap(data_, bytes_);
    data_ = fresh;
  }
  bool huge_pages() const { return huge_; }

  // Calls f(begin, end) for ranges of indices that cover every element
  // written so far (pages the kernel has never mapped are skipped: they read
  // as zero). Reading a whole lazily-filled array would otherwise fault in
  // every page of it. [from_byte, to_byte), page-aligned, limits the scan.
  template <typename F>
  void ForEachResidentRange(F&& f, uint64_t from_byte = 0, uint64_t to_byte = ~uint64_t{0}) const {
    if (data_ == nullptr) return;
    const uint64_t page = static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
    const uint64_t pages = (std::min(bytes_, to_byte) + page - 1) / page;
    constexpr uint64_t kChunk = 4096;  // pages asked of mincore at a time
    unsigned char resident[kChunk];
    for (uint64_t first = from_byte / page; first < pages; first += kChunk) {
      const uint64_t count = std::min(kChunk, pages - first);
      const uint64_t lo = first * page, hi = std::min(bytes_, (first + count) * page);
      if (::mincore(reinterpret_cast<char*>(data_) + lo, hi - lo, resident) != 0) {
        f(lo / sizeof(T), std::min(size_, (hi + sizeof(T) - 1) / sizeof(T)));
        continue;
      }
      for (uint64_t p = 0; p < count; ++p) {
        if (!(resident[p] & 1)) continue;
        uint64_t q = p;
        while (q + 1 < count && (resident[q + 1] & 1)) ++q;
        const uint64_t b = lo + p * page, e = std::min(bytes_, lo + (q + 1) * page);
        f(b / sizeof(T), std::min(size_, (e + sizeof(T) - 1) / sizeof(T)));
        p = q;
      }
    }
  }

  T* data() { return data_; }
  const T* data() const { return data_; }
  T& operator[](uint64_t i) { return data_[i]; }
  const T& operator[](uint64_t i) const { return data_[i]; }
  uint64_t size() const { return size_; }

 private:
  static constexpr uint64_t kHugePage = uint64_t{2} << 20;

  // A zeroed mapping. With huge = false it opts out of transparent huge pages
  // explicitly: on systems where they are "always" on, a single write would
  // otherwise make 2 MiB resident.
  T* Map(uint64_t bytes, bool huge) {
    void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    huge_ = huge && bytes >= kHugePage;
    if (bytes >= kHugePage) ::madvise(p, bytes, huge_ ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
    return static_cast<T*>(p);
  }

  uint64_t size_ = 0;
  uint64_t bytes_ = 0;
  T* data_ = nullptr;
  bool huge_ = false;
};

}  // namespace gamebench

#endif  // GAMEBENCH_CORE_ZEROED_ARRAY_H_
