#ifndef GAMEBENCH_GAMES_CONNECT4_PONS_TEST_SET_H_
#define GAMEBENCH_GAMES_CONNECT4_PONS_TEST_SET_H_

// Pascal Pons' Connect Four test sets (bench/positions/connect4/, source in
// its README): one position per line, `MOVES SCORE` (the columns played,
// 1-based, and the exact score for the player to move). Read by the sets'
// test and benchmark; `gamebench batch` reads the same files itself.

#include <fstream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "core/score.h"

namespace gamebench {

struct PonsTestCase {
  std::string moves;
  Score score = 0;
};

// Every line of the file at `path`; an error names a file that cannot be
// read or a line that is not `MOVES SCORE`.
inline absl::StatusOr<std::vector<PonsTestCase>> ReadPonsTestSet(const std::string& path) {
  std::ifstream in(path);
  if (!in) return absl::NotFoundError(absl::StrCat(path, ": cannot read"));
  std::vector<PonsTestCase> cases;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty()) continue;
    const size_t space = line.find(' ');
    PonsTestCase c;
    c.moves = line.substr(0, space);
    int score = 0;
    if (space == std::string::npos || c.moves.empty() ||
        !absl::SimpleAtoi(absl::string_view(line).substr(space + 1), &score))
      return absl::InvalidArgumentError(absl::StrCat(path, " line ", n, ": expected 'MOVES SCORE'"));
    c.score = static_cast<Score>(score);
    cases.push_back(c);
  }
  return cases;
}

// Christophe Steininger's sets (bench/positions/connect4/steininger/) write
// moves as 0-based digits; connect4's move text is 1-based, 1..9 then a.
inline std::string OneBasedMoves(absl::string_view zero_based) {
  std::string out;
  for (char c : zero_based) out += c < '9' ? static_cast<char>(c + 1) : 'a';
  return out;
}

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_CONNECT4_PONS_TEST_SET_H_
