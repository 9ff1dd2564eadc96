#ifndef GAMEBENCH_SOLVERS_TIER_COMM_H_
#define GAMEBENCH_SOLVERS_TIER_COMM_H_

// What the tiered retrograde analysis (tiered_retrograde.h) asks of the
// processes it runs on: a rank and a number of ranks, and a few collective
// operations that every rank calls in the same order. SerialComm is the one
// process of `gamebench analyze`; tool/mpi/mpi_comm.h implements the same
// members over MPI for `gamebench-mpi`. The analysis is a template over the
// communicator, so the serial build has no MPI in it at all; the collectives
// are called once per tier, round or batch of positions, never per position.
//
//   int rank() const, int size() const
//   uint64_t AllreduceSum(uint64_t v), uint64_t AllreduceMax(uint64_t v)
//   template <T> void Bcast(T* data, uint64_t n, int root)
//       rank `root`'s n elements to every rank
//   template <T> std::vector<T> Alltoallv(const std::vector<std::vector<T>>& out,
//                                         std::vector<uint64_t>& from)
//       out[r] goes to rank r; returns what every rank sent this one,
//       concatenated in rank order, with from[r] elements from rank r
//   std::vector<uint64_t> AllgatherVector(const std::vector<uint64_t>& mine)
//       every rank's vector, concatenated in rank order
//   absl::Status Agree(const std::string& text)
//       an error unless every rank passes the same text (the game's spec, the options)
//   uint64_t bytes_sent() const   bytes this rank sent to other ranks so far

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"

namespace gamebench {

struct SerialComm {
  int rank() const { return 0; }
  int size() const { return 1; }
  uint64_t AllreduceSum(uint64_t v) { return v; }
  uint64_t AllreduceMax(uint64_t v) { return v; }
  template <typename T>
  void Bcast(T*, uint64_t, int) {}
  template <typename T>
  std::vector<T> Alltoallv(const std::vector<std::vector<T>>& out, std::vector<uint64_t>& from) {
    from.assign(1, out[0].size());
    return out[0];
  }
  std::vector<uint64_t> AllgatherVector(const std::vector<uint64_t>& mine) { return mine; }
  absl::Status Agree(const std::string&) { return absl::OkStatus(); }
  uint64_t bytes_sent() const { return 0; }
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_TIER_COMM_H_
