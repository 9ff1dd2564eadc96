#ifndef GAMEBENCH_CGT_MCGS_FILE_H_
#define GAMEBENCH_CGT_MCGS_FILE_H_

// MCGS's test-file format, version 1.7 (MCGS's info.test describes it; the
// corpus is /work/shared/data/mcgs/ in this project's setup, MIT licence):
// whitespace-separated tokens; /* comments */; [section] titles that set the
// game type of what follows; (bracketed games) and unbracketed games; and
// {command, command} blocks that run on the sum of the games since the last
// block. Comments belong to the next block's commands ("/*_" to none,
// "/*#k" to the k-th only). The file is parsed whole, unchanged; what the
// games and commands mean is the runner's business.

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace gamebench::cgt {

struct McgsGame {
  std::string section;  // e.g. "clobber_1xn" or "impartial nimber"
  std::string text;     // the game's text, enclosing parentheses removed
  int line = 0;
};

struct McgsCommand {
  enum class Kind { kSolve, kNimValue, kWinningMoves, kThermograph };
  Kind kind = Kind::kSolve;
  char player = 'B';                    // 'B', 'W', or 'N' (impartial)
  std::optional<std::string> expected;  // "Win"/"Loss", a nim value, moves, scaffolds
  std::string text;                     // the command as written
  std::string comments;                 // whitespace collapsed, as MCGS writes them
  int line = 0;
};

// A command block with the sum it runs on.
struct McgsBlock {
  std::vector<McgsGame> games;
  std::vector<McgsCommand> commands;
};

struct McgsFile {
  std::string version;  // from {version X}, empty if absent
  std::vector<McgsBlock> blocks;
};

// Parses a whole file; a malformed one is refused with "NAME:LINE: what".
absl::StatusOr<McgsFile> ParseMcgsFile(absl::string_view text, absl::string_view name);

}  // namespace gamebench::cgt

#endif  // GAMEBENCH_CGT_MCGS_FILE_H_
