#ifndef GAMEBENCH_CGT_MCGS_RUNNER_H_
#define GAMEBENCH_CGT_MCGS_RUNNER_H_

// Runs the commands of a parsed MCGS test file (cgt/mcgs_file.h) on the CGT
// engine and makes one row per command with MCGS's CSV columns (MCGS's
// csv_row.cpp): File, Case, Games, Player, Expected Result, Result,
// Time (ms), Status, Comments, Type, then MCGS's search counters, which are
// N/A here. Status is MCGS's PASS, FAIL or COMPLETED (no expected result),
// or SKIPPED with the reason in Result: a game or command the engine does
// not implement is never passed.
//
// A sum is evaluated from canonical forms: each game's form is
// canonicalised (an [impartial X] game becomes the nimber of its closure's
// nim value); B/W and the winning moves of B/W are decided by a search over
// the list of the games' forms (cgt/sum_outcome.h, memoised for the file),
// not by the sum's canonical form; N is the xor of the closures' nim
// values; a thermograph is the sum's (cgt/thermograph.h: the forms are
// added).

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "cgt/arena.h"
#include "cgt/mcgs_basic_games.h"
#include "cgt/mcgs_file.h"

namespace gamebench::cgt {

struct McgsRow {
  std::string file;
  int case_number = 0;
  std::string games;
  std::string player;  // "B", "W" or "IMP"
  std::string expected;
  std::string result;
  double time_ms = 0;
  std::string status;  // PASS, FAIL, COMPLETED, SKIPPED
  std::string comments;
  std::string type;    // Solve BW, Solve N, Winning Moves, Thermograph
};

// The games of sections beyond the basic ones: NotFound for a section it
// does not know and FailedPrecondition for a game it will not build (too
// large; the block is then skipped with the message), InvalidArgument for
// bad text. `impartial` says the game is played as its impartial closure
// ([impartial X]): the source may then return any form whose closure has
// the same nim value (the nimber of it, found without building the form).
using McgsGameSource = std::function<absl::StatusOr<BasicGame>(
    GameArena&, absl::string_view section, absl::string_view text, bool impartial)>;

// Runs every command of `file`, numbering cases from 0 and naming the file
// `name` in the rows. A malformed game text is refused with "NAME:LINE: ...".
// The run may replace `arena` by a fresh one (past half its budget, or after
// a refusal); `peak_bytes`, when given, is raised to the largest size an
// arena reached, replaced ones included.
absl::StatusOr<std::vector<McgsRow>> RunMcgsFile(const McgsFile& file, absl::string_view name,
                                                 GameArena& arena,
                                                 const McgsGameSource& extra_games = nullptr,
                                                 uint64_t* peak_bytes = nullptr);

// MCGS's header line and one CSV line per row (fields quoted, '"' as '').
std::string McgsCsvHeader();
std::string McgsCsvLine(const McgsRow& row);

}  // namespace gamebench::cgt

#endif  // GAMEBENCH_CGT_MCGS_RUNNER_H_
