#ifndef GAMEBENCH_SOLVERS_TIER_RESUME_H_
#define GAMEBENCH_SOLVERS_TIER_RESUME_H_

// Resuming a tiered analysis (solvers/tiered_retrograde.h): a rerun with the
// same directory repeats no finished work. A finished forward pass (every
// rank's forward file exists) is not repeated, and a tier whose value shards
// all exist is loaded, not solved. A kill between two ranks' writes leaves
// some of a step's files and not others: then every rank redoes the step, so
// that none waits alone in a collective. Shards of a run with another number
// of ranks would mix with this run's: the directory is refused.

#include <cstdint>
#include <filesystem>
#include <string>
#include <system_error>

#include "absl/strings/str_cat.h"
#include "solvers/tier_files.h"
#include "solvers/tier_share_files.h"

namespace gamebench::tiered {

// The message for a directory holding a run's files with another number of
// ranks than `ranks`, or "" when it holds none.
inline std::string ForeignRankCount(const std::string& dir, int ranks) {
  std::string message;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    const size_t of = name.find("-of-");
    if (name.rfind("forward.", 0) == 0 && name.find(".tmp.") == std::string::npos &&
        of != std::string::npos && name.substr(of + 4) != std::to_string(ranks) && message.empty())
      message = absl::StrCat("tier directory '", dir, "' holds the files of a run with ",
                             name.substr(of + 4), " ranks, not ", ranks,
                             ": rerun with that many ranks, or use a new directory");
  }
  return message;
}

// Whether every rank's forward file exists (collective).
template <typename Comm>
bool ForwardFinished(Comm& comm, const ShareFiles& files) {
  const bool have = std::filesystem::exists(files.Path(TierFileKind::kForward, 0));
  return comm.AllreduceSum(have ? 1 : 0) == static_cast<uint64_t>(comm.size());
}

// Whether a previous run finished `tier`: every rank sees all its value
// shards (collective).
template <typename Comm>
bool TierFinished(Comm& comm, const ShareFiles& files, int tier) {
  bool finished = true;
  for (int r = 0; r < comm.size() && finished; ++r)
    finished = std::filesystem::exists(files.PathOf(TierFileKind::kValues, tier, r));
  return comm.AllreduceSum(finished ? 1 : 0) == static_cast<uint64_t>(comm.size());
}

}  // namespace gamebench::tiered

#endif  // GAMEBENCH_SOLVERS_TIER_RESUME_H_
