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

#include <fstream>
#include <iostream>
#include <istream>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/solve.h"
#include "tool/command_lines.h"
#include "tool/commands.h"
#include "tool/operations.h"

namespace gamebench {

// --json: a refusal is then also a JSON error object on stdout, as with the
// other commands (tool/main.cc); the records are JSON lines either way.
const CommandLineSpec kBatchCommandLine = [] {
  CommandLineSpec spec{"SPEC", {{"positions", "FILE|-", true}, {"solver", "NAME"}, {"json"}}};
  for (const FlagSpec& f : SolveFlags()) spec.flags.push_back(f);
  return spec;
}();

absl::Status RunBatch(const std::vector<std::string>& argv) {
  auto command_line = ParseSolveCommandLine(argv, kBatchCommandLine);
  if (!command_line.ok()) return command_line.status();
  const Args& args = command_line->args;
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
  BatchRequest request{command_line->spec, args.Get("solver").value_or("tt"),
                       command_line->options};
  BatchTotals totals;
  Stopwatch watch;
  if (auto st = BatchCommand(request, *in, source_name, totals); !st.ok()) return st;
  return FinishBatch(totals, watch.Seconds());
}

}  // namespace gamebench
