#ifndef GAMEBENCH_CORE_SCORE_H_
#define GAMEBENCH_CORE_SCORE_H_

#include <cstdint>
#include <string>

namespace gamebench {

// Every value is from the point of view of the player to move (negamax form).
// Win/loss/draw games use the three constants below; many-outcome games (the
// "Max and Min" games) use the whole integer range their MinScore()/MaxScore()
// declare. Scores must fit in int16_t: the transposition table stores them so.
using Score = int32_t;
inline constexpr Score kLossScore = -1;
inline constexpr Score kDrawScore = 0;
inline constexpr Score kWinScore = 1;
inline constexpr Score kScoreLimit = 32000;

// The text of a value in reports: "win" / "loss" / "draw" for win/loss/draw
// games, the integer itself for scored games.
inline std::string ScoreText(Score s, bool scored) {
  if (scored) return std::to_string(s);
  return s > 0 ? "win" : (s < 0 ? "loss" : "draw");
}

// The winner named by the value of the start position (the first player is
// the one to move at the start): "first", "second" or "draw". Every report
// that names the winner takes the word from here.
inline const char* WinnerText(Score value_at_start) {
  return value_at_start > 0 ? "first" : (value_at_start < 0 ? "second" : "draw");
}

}  // namespace gamebench

#endif  // GAMEBENCH_CORE_SCORE_H_
