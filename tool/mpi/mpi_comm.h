#ifndef GAMEBENCH_TOOL_MPI_MPI_COMM_H_
#define GAMEBENCH_TOOL_MPI_MPI_COMM_H_

// The tiered analysis's communicator (solvers/tier_comm.h) over MPI, for
// `gamebench-mpi`. Built only when CMake finds MPI (Open MPI from Debian:
// libopenmpi-dev, openmpi-bin); nothing else in the suite includes it.
//
// Counts in MPI calls are ints: broadcasts go in chunks of at most 1 GiB;
// the all-to-all exchanges are batched by the analysis far below that.
// bytes_sent() counts what this rank's data crosses to other ranks (a
// broadcast counts once per receiver), for the traffic figures.

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
  uint64_t bytes_sent() const { return bytes_sent_; }

  uint64_t AllreduceSum(uint64_t v) {
    MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_UINT64_T, MPI_SUM, comm_);
    return v;
  }
  uint64_t AllreduceMax(uint64_t v) {
    MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_UINT64_T, MPI_MAX, comm_);
    return v;
  }

  template <typename T>
  void Bcast(T* data, uint64_t n, int root) {
    const uint64_t chunk = kChunk * 8 / sizeof(T);
    for (uint64_t i = 0; i < n;) {
      const uint64_t k = std::min(chunk, n - i);
      MPI_Bcast(data + i, static_cast<int>(k * sizeof(T)), MPI_BYTE, root, comm_);
      if (rank_ == root) bytes_sent_ += k * sizeof(T) * static_cast<uint64_t>(size_ - 1);
      i += k;
    }
  }

  // One MPI_Alltoall of the byte counts, one MPI_Alltoallv of the data. The
  // callers bound each batch (far below 2 GiB a rank: MPI counts are ints).
  template <typename T>
  std::vector<T> Alltoallv(const std::vector<std::vector<T>>& out, std::vector<uint64_t>& from) {
    std::vector<int> send_counts(size_), send_displs(size_), recv_counts(size_), recv_displs(size_);
    std::vector<T> send;
    for (int r = 0; r < size_; ++r) {
      send_displs[r] = static_cast<int>(send.size() * sizeof(T));
      send_counts[r] = static_cast<int>(out[r].size() * sizeof(T));
      send.insert(send.end(), out[r].begin(), out[r].end());
      if (r != rank_) bytes_sent_ += out[r].size() * sizeof(T);
    }
    MPI_Alltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1, MPI_INT, comm_);
    int total = 0;
    from.assign(size_, 0);
    for (int r = 0; r < size_; ++r) {
      recv_displs[r] = total;
      total += recv_counts[r];
      from[r] = static_cast<uint64_t>(recv_counts[r]) / sizeof(T);
    }
    std::vector<T> in(static_cast<size_t>(total) / sizeof(T));
    MPI_Alltoallv(send.data(), send_counts.data(), send_displs.data(), MPI_BYTE, in.data(),
                  recv_counts.data(), recv_displs.data(), MPI_BYTE, comm_);
    return in;
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
        if (r == rank_) bytes_sent_ += k * 8 * static_cast<uint64_t>(size_ - 1);
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
  uint64_t bytes_sent_ = 0;
  int rank_ = 0, size_ = 1;
};

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_MPI_MPI_COMM_H_
