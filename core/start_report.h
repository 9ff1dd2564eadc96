#ifndef GAMEBENCH_CORE_START_REPORT_H_
#define GAMEBENCH_CORE_START_REPORT_H_

// The fields of a SolveReport that every solver fills the same way, whatever
// its layer (solvers/ and cgt/ both start their reports here, so a new field
// is filled in one place).

#include <string>

#include "absl/strings/string_view.h"
#include "core/game.h"
#include "core/solve.h"

namespace gamebench {

template <Game G>
SolveReport StartReport(const G& game, const typename G::State& root, absl::string_view solver) {
  SolveReport report;
  report.game = game.CanonicalSpec();
  report.solver = std::string(solver);
  report.position = game.FormatState(root);
  report.from_start = root == game.Start();
  report.scored = G::kScored;
  return report;
}

}  // namespace gamebench

#endif  // GAMEBENCH_CORE_START_REPORT_H_
