#ifndef GAMEBENCH_CORE_GROWABLE_ARRAY_H_
#define GAMEBENCH_CORE_GROWABLE_ARRAY_H_

// GrowableArray<T>: an append-only array of a trivially copyable T in
// anonymous memory that grows with mremap. Why not std::vector: growing a
// vector copies it, so for a moment both the old and the new buffer are
// resident; a nim-sequence of 1.8·10^8 terms (2 bytes each) then peaked at
// 3.6 bytes a term. mremap moves the pages instead of copying them, so the
// resident memory stays at sizeof(T) per element (plus one page).

#include <sys/mman.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>

#include "absl/types/span.h"

namespace gamebench {

// ThreadSanitizer does not follow mremap: pages moved by one thread and
// reused by another look like a race. Under TSan the array grows by copying.
#if defined(__SANITIZE_THREAD__)
inline constexpr bool kGrowWithMremap = false;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
inline constexpr bool kGrowWithMremap = false;
#else
inline constexpr bool kGrowWithMremap = true;
#endif
#else
inline constexpr bool kGrowWithMremap = true;
#endif

template <typename T>
class GrowableArray {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  GrowableArray() = default;
  ~GrowableArray() { Release(); }
  GrowableArray(const GrowableArray&) = delete;
  GrowableArray& operator=(const GrowableArray&) = delete;
  GrowableArray(GrowableArray&& o) noexcept { *this = std::move(o); }
  GrowableArray& operator=(GrowableArray&& o) noexcept {
    if (this != &o) {
      Release();
      data_ = std::exchange(o.data_, nullptr);
      size_ = std::exchange(o.size_, 0);
      capacity_ = std::exchange(o.capacity_, 0);
    }
    return *this;
  }

  size_t size() const { return size_; }
  size_t capacity() const { return capacity_; }
  bool empty() const { return size_ == 0; }
  T* data() { return data_; }
  const T* data() const { return data_; }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  absl::Span<const T> span() const { return {data_, size_}; }

  // Room for `n` elements. Throws std::bad_alloc when the memory is refused
  // (for example by the address-space limit that --memory sets).
  void reserve(size_t n) {
    if (n <= capacity_) return;
    const size_t page = 4096;
    const size_t bytes = (n * sizeof(T) + page - 1) / page * page;
    void* p;
    if (data_ == nullptr || !kGrowWithMremap) {
      p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p == MAP_FAILED) throw std::bad_alloc();
      if (data_ != nullptr) {
        std::memcpy(p, data_, size_ * sizeof(T));
        ::munmap(data_, Bytes());
      }
    } else {
      p = ::mremap(data_, Bytes(), bytes, MREMAP_MAYMOVE);
      if (p == MAP_FAILED) throw std::bad_alloc();
    }
    data_ = static_cast<T*>(p);
    capacity_ = bytes / sizeof(T);
  }
  void push_back(const T& v) {
    if (size_ == capacity_) reserve(std::max<size_t>(1024, capacity_ * 2));
    data_[size_++] = v;
  }

 private:
  size_t Bytes() const { return capacity_ * sizeof(T); }
  void Release() {
    if (data_ != nullptr) ::munmap(data_, Bytes());
    data_ = nullptr;
    size_ = capacity_ = 0;
  }

  T* data_ = nullptr;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

}  // namespace gamebench

#endif  // GAMEBENCH_CORE_GROWABLE_ARRAY_H_
