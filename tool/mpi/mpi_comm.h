#ifndef GAMEBENCH_TOOL_MPI_MPI_COMM_H_
#define GAMEBENCH_TOOL_MPI_MPI_COMM_H_

// The tiered analysis's communicator (solvers/tier_comm.h) over MPI, for
// `gamebench-mpi`. Built only when CMake finds MPI (Open MPI from Debian:
// libopenmpi-dev, openmpi-bin); nothing else in the suite includes it.
//
// Counts in MPI calls are ints: large arrays go in chunks of at most 2^28
// elements (1 GiB-2 GiB), and a rank's range of a tier is broadcast by its
// owner in such chunks (one collective per rank and chunk: a handful a tier).

#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace gamebench {

class MpiComm {
 public:
  explicit MpiComm(MPI_Comm comm = MPI_COMM_WORLD) : comm_(comm) {
    MPI_Comm_rank(comm_, &rank_);
    MPI_Comm_size(comm_, &size_);
  }
  int rank() const { return rank_; }
  int size() const { return size_; }

  void AllreduceOr(uint64_t* words, uint64_t n) {
    for (uint64_t done = 0; done < n;) {
      const int count = static_cast<int>(std::min<uint64_t>(kChunk, n - done));
      MPI_Allreduce(MPI_IN_PLACE, words + done, count, MPI_UINT64_T, MPI_BOR, comm_);
      done += static_cast<uint64_t>(count);
    }
  }
  uint64_t AllreduceSum(uint64_t v) {
    MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_UINT64_T, MPI_SUM, comm_);
    return v;
  }
  uint64_t AllreduceMax(uint64_t v) {
    MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_UINT64_T, MPI_MAX, comm_);
    return v;
  }

  template <typename T>
  void AllgatherRanges(T* data, const std::vector<uint64_t>& bounds) {
    const uint64_t chunk = kChunk * 8 / sizeof(T);
    for (int r = 0; r < size_; ++r)
      for (uint64_t i = bounds[r]; i < bounds[r + 1];) {
        const uint64_t n = std::min(chunk, bounds[r + 1] - i);
        MPI_Bcast(data + i, static_cast<int>(n * sizeof(T)), MPI_BYTE, r, comm_);
        i += n;
      }
  }

  std::vector<uint64_t> AllgatherVector(const std::vector<uint64_t>& mine) {
    std::vector<uint64_t> sizes(size_);
    uint64_t n = mine.size();
    MPI_Allgather(&n, 1, MPI_UINT64_T, sizes.data(), 1, MPI_UINT64_T, comm_);
    uint64_t total = 0;
    for (uint64_t s : sizes) total += s;
    std::vector<uint64_t> out(total);
    uint64_t at = 0;
    for (int r = 0; r < size_; ++r) {
      if (r == rank_) std::copy(mine.begin(), mine.end(), out.begin() + at);
      for (uint64_t i = 0; i < sizes[r];) {
        const uint64_t k = std::min<uint64_t>(kChunk, sizes[r] - i);
        MPI_Bcast(out.data() + at + i, static_cast<int>(k), MPI_UINT64_T, r, comm_);
        i += k;
      }
      at += sizes[r];
    }
    return out;
  }

  // Every rank must run the same analysis: rank 0's text against each's.
  absl::Status Agree(const std::string& text) {
    uint64_t len = text.size();
    MPI_Bcast(&len, 1, MPI_UINT64_T, 0, comm_);
    std::string root(len, '\0');
    if (rank_ == 0) root = text;
    MPI_Bcast(root.data(), static_cast<int>(len), MPI_CHAR, 0, comm_);
    const uint64_t differs = AllreduceMax(root != text ? 1 : 0);
    if (!differs) return absl::OkStatus();
    return absl::InvalidArgumentError(
        root != text ? absl::StrCat("ranks disagree: rank 0 runs '", root, "', rank ", rank_,
                                    " runs '", text, "'")
                     : std::string("ranks disagree on the game or the directory (another rank "
                                   "was started with different arguments)"));
  }

 private:
  static constexpr uint64_t kChunk = uint64_t{1} << 27;
  MPI_Comm comm_;
  int rank_ = 0, size_ = 1;
};

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_MPI_MPI_COMM_H_
