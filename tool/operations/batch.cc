// `batch`: a file of positions solved in one process, one JSON line each;
// see tool/commands/batch.cc for the input and the output.

#include <cstdio>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "tool/game_registry.h"
#include "tool/operations.h"

namespace gamebench {

absl::Status BatchCommand(const BatchRequest& request, std::istream& in, const std::string& source,
                          BatchTotals& totals) {
  auto game = MakeGame(request.spec);
  if (!game.ok()) return game.status();
  SolveOptions options = request.options;
  options.progress = false;  // one JSON line per position is the progress
  auto solver = (*game)->StartBatch(request.solver, options);
  if (!solver.ok()) return solver.status();
  std::string line;
  for (uint64_t number = 1; std::getline(in, line); ++number) {
    auto error = [&](const absl::Status& why) {
      return absl::InvalidArgumentError(
          absl::StrCat(source, " line ", number, ": ", why.message()));
    };
    absl::string_view text = absl::StripAsciiWhitespace(line);
    if (text.empty() || text[0] == '#') continue;
    std::vector<absl::string_view> fields =
        absl::StrSplit(text, absl::ByAnyChar(" \t"), absl::SkipEmpty());
    if (fields.size() > 2)
      return error(absl::InvalidArgumentError("expected `POSITION [EXPECTED]`"));
    auto state = (*game)->Parse(std::string(fields[0]));
    if (!state.ok()) return error(state.status());
    std::optional<int64_t> expected;
    if (fields.size() == 2) {
      int64_t v;
      if (!absl::SimpleAtoi(fields[1], &v))
        return error(absl::InvalidArgumentError(
            absl::StrCat("expected value '", fields[1], "' is not an integer")));
      expected = v;
    }
    const SolveReport report = (*solver)->Solve(*state);
    Json j = report.ToJson();
    j.Set("line", number);
    j.Set("input", std::string(fields[0]));
    ++totals.positions;
    totals.nodes += report.nodes;
    if (expected) {
      const bool agrees = report.complete && report.value == *expected;
      j.Set("expected", *expected);
      j.Set("agrees", agrees);
      ++totals.checked;
      if (!agrees && totals.differing++ == 0) totals.first_differing_line = number;
    }
    std::printf("%s\n", j.Dump().c_str());
    std::fflush(stdout);
  }
  if (in.bad()) return absl::InvalidArgumentError(absl::StrCat(source, ": read error"));
  return absl::OkStatus();
}

absl::Status FinishBatch(const BatchTotals& totals, double seconds) {
  std::fprintf(stderr, "batch: %lu positions, %lu nodes, %.3f s; %lu expected values checked\n",
               static_cast<unsigned long>(totals.positions),
               static_cast<unsigned long>(totals.nodes), seconds,
               static_cast<unsigned long>(totals.checked));
  if (totals.differing > 0)
    return absl::InternalError(absl::StrCat(totals.differing, " of ", totals.checked,
                                            " values differ from the expected ones (first at line ",
                                            totals.first_differing_line, ")"));
  return absl::OkStatus();
}

}  // namespace gamebench
