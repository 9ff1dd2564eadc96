// gamebench positions SPEC [--count N] [--seed S] [--plies A-B]
// Prints N distinct non-terminal positions reached by uniformly random play
// from the start, each after a number of plies drawn from [A, B], one per
// line: `spec<TAB>position<TAB>plies`. The generator is a fixed SplitMix64
// stream, so a seed gives the same positions on every machine and build
// (as long as the game's move generation order does not change). Used to
// make the fixed benchmark suites under bench/positions/.

#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "tool/args.h"
#include "tool/command_lines.h"
#include "tool/commands.h"
#include "tool/operations.h"

namespace gamebench {

const CommandLineSpec kPositionsCommandLine = {"SPEC",
                                               {{"count", "N"}, {"seed", "S"}, {"plies", "A-B"}}};
namespace {

absl::Status ParsePlies(const std::string& text, int& lo, int& hi) {
  std::vector<std::string> parts = absl::StrSplit(text, '-');
  if (parts.size() == 1) parts.push_back(parts[0]);
  if (parts.size() != 2 || !absl::SimpleAtoi(parts[0], &lo) || !absl::SimpleAtoi(parts[1], &hi) ||
      lo < 0 || hi < lo || hi > 100000)
    return absl::InvalidArgumentError(
        absl::StrCat("--plies '", text, "' is not a range A-B with 0 <= A <= B"));
  return absl::OkStatus();
}

}  // namespace

absl::Status RunPositions(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, kPositionsCommandLine);
  if (!args.ok()) return args.status();
  if (auto st = args->ExpectPositional(1, "game SPEC"); !st.ok()) return st;
  auto spec = ParseSpec(args->positional()[0]);
  if (!spec.ok()) return spec.status();
  auto count = args->GetInt("count", 10, 1, 1000000);
  if (!count.ok()) return count.status();
  auto seed = args->GetInt("seed", 1, 0, INT64_MAX);
  if (!seed.ok()) return seed.status();
  int lo = 0, hi = 0;
  if (auto st = ParsePlies(args->Get("plies").value_or("4-8"), lo, hi); !st.ok()) return st;

  PositionsRequest request{*std::move(spec), static_cast<uint64_t>(*seed), *count, lo, hi};
  return PositionsCommand(request);
}

}  // namespace gamebench
