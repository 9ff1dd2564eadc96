// gamebench batch SPEC --positions FILE|- [--solver NAME] [solve flags]
// Solves a file (or standard input) of positions in one process. The tt
// solver keeps ONE table for the whole file, as Pons' and Tromp's solvers do
// when they read a test set, so a position's work can serve the next ones.
//
// Input, one position a line: `POSITION [EXPECTED]` (Pons' test files are
// `MOVES SCORE`). Blank lines and lines starting with '#' are skipped; the
// start position can be written in any form the game accepts that is not
// empty (connect4: `-`). A bad line stops the run with a one-line error
// naming the line (exit status 2).
//
// Output: one JSON object a line on stdout, as `solve --json` prints (game,
// solver, value, best_moves, nodes, seconds, table counters, cumulative for
// tt), plus "line" (the input line number), "input" (the position as given)
// and, when the line gives one, "expected" and "agrees". A summary goes to
// stderr. If any value differs from its expected one, the run ends with an
// error (exit status 1) after printing every line.

#include <cstdio>
#include <fstream>
#include <iostream>
#include <istream>
#include <memory>
#include <sstream>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "core/solve.h"
#include "core/solver.h"
#include "tool/args.h"
#include "tool/commands.h"
#include "tool/dispatch.h"

namespace gamebench {

namespace {

// The table type of a ReusesTable solver; a placeholder (never made) otherwise.
template <typename S, typename G>
struct TableOf {
  struct type {};
};
template <typename S, typename G>
  requires ReusesTable<S, G>
struct TableOf<S, G> {
  using type = typename S::Table;
};

struct BatchTotals {
  uint64_t positions = 0, nodes = 0, checked = 0, differing = 0, first_differing_line = 0;
};

template <typename G, typename S>
absl::Status SolveLines(const G& game, std::istream& in, const std::string& source,
                        SolveOptions options, BatchTotals& totals) {
  options.progress = false;  // one JSON line per position is the progress
  // A solver that can keep its table across positions keeps one for the file.
  std::unique_ptr<typename TableOf<S, G>::type> table;
  if constexpr (ReusesTable<S, G>) {
    table = std::make_unique<typename S::Table>(S::TableBytes(options));
  }
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
    auto state = game.ParseState(fields[0]);
    if (!state.ok()) return error(state.status());
    std::optional<int64_t> expected;
    if (fields.size() == 2) {
      int64_t v;
      if (!absl::SimpleAtoi(fields[1], &v))
        return error(absl::InvalidArgumentError(
            absl::StrCat("expected value '", fields[1], "' is not an integer")));
      expected = v;
    }
    SolveReport report;
    if constexpr (ReusesTable<S, G>) {
      report = S::SolveWithTable(game, *state, options, *table);
    } else {
      report = S::Solve(game, *state, options);
    }
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

}  // namespace

const CommandLineSpec kBatchCommandLine = [] {
  CommandLineSpec spec{"SPEC", {{"positions", "FILE|-", true}, {"solver", "NAME"}}};
  for (const FlagSpec& f : SolveFlags()) spec.flags.push_back(f);
  return spec;
}();

absl::Status RunBatch(const std::vector<std::string>& argv) {
  auto command_line = ParseSolveCommandLine(argv, kBatchCommandLine);
  if (!command_line.ok()) return command_line.status();
  const Args& args = command_line->args;
  const std::string solver_name = args.Get("solver").value_or("tt");
  auto source = args.Get("positions");
  if (!source) return absl::InvalidArgumentError("missing --positions FILE (or - for stdin)");
  std::ifstream file;
  std::istream* in = &std::cin;
  if (*source != "-") {
    file.open(*source);
    if (!file) return absl::InvalidArgumentError(absl::StrCat("cannot read '", *source, "'"));
    in = &file;
  }
  const std::string source_name = *source == "-" ? "stdin" : *source;
  BatchTotals totals;
  Stopwatch watch;
  absl::Status status =
      WithGame(command_line->spec, [&]<typename G>(const G& game) -> absl::Status {
        return WithSolver(solver_name, [&]<typename S>() -> absl::Status {
          if constexpr (S::template kAppliesTo<G>) {
            return SolveLines<G, S>(game, *in, source_name, command_line->options, totals);
          } else {
            return absl::InvalidArgumentError(absl::StrCat(
                "solver '", S::kName, "' does not apply to game '", G::kName,
                "' (see `gamebench list`)"));
          }
        });
      });
  if (!status.ok()) return status;
  std::fprintf(stderr, "batch: %lu positions, %lu nodes, %.3f s; %lu expected values checked\n",
               static_cast<unsigned long>(totals.positions),
               static_cast<unsigned long>(totals.nodes), watch.Seconds(),
               static_cast<unsigned long>(totals.checked));
  if (totals.differing > 0)
    return absl::InternalError(absl::StrCat(totals.differing, " of ", totals.checked,
                                            " values differ from the expected ones (first at line ",
                                            totals.first_differing_line, ")"));
  return absl::OkStatus();
}

}  // namespace gamebench
