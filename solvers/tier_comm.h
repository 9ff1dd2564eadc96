#ifndef GAMEBENCH_SOLVERS_TIER_COMM_H_
#define GAMEBENCH_SOLVERS_TIER_COMM_H_

// What the tiered retrograde analysis (tiered_retrograde.h) asks of the
// processes it runs on: a rank and a number of ranks, and a few collective
// operations that every rank calls in the same order. SerialComm is the one
// process of `gamebench analyze`; tool/mpi/mpi_comm.h implements the same
// members over MPI for `gamebench-mpi`. The analysis is a template over the
// communicator, so the serial build has no MPI in it at all; the collectives
// are called once per tier or per round, never per position.
//
//   int rank() const, int size() const
//   void AllreduceOr(uint64_t* words, uint64_t n)   bitwise OR over the ranks, in place
//   uint64_t AllreduceSum(uint64_t v), uint64_t AllreduceMax(uint64_t v)
//   template <T> void AllgatherRanges(T* data, const std::vector<uint64_t>& bounds)
//       rank r holds data[bounds[r], bounds[r+1]); afterwards every rank holds all
//   std::vector<uint64_t> AllgatherVector(const std::vector<uint64_t>& mine)
//       every rank's vector, concatenated in rank order
//   absl::Status Agree(const std::string& text)
//       an error unless every rank passes the same text (the game's spec, the options)

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"

namespace gamebench {

struct SerialComm {
  int rank() const { return 0; }
  int size() const { return 1; }
  void AllreduceOr(uint64_t*, uint64_t) {}
  uint64_t AllreduceSum(uint64_t v) { return v; }
  uint64_t AllreduceMax(uint64_t v) { return v; }
  template <typename T>
  void AllgatherRanges(T*, const std::vector<uint64_t>&) {}
  std::vector<uint64_t> AllgatherVector(const std::vector<uint64_t>& mine) { return mine; }
  absl::Status Agree(const std::string&) { return absl::OkStatus(); }
};

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_TIER_COMM_H_
