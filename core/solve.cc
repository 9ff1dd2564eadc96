#include "core/solve.h"

namespace gamebench {

Json SolveReport::ToJson() const {
  Json j = Json::MakeObject();
  j.Set("game", game);
  j.Set("solver", solver);
  j.Set("position", position);
  if (!complete) {
    j.Set("value", nullptr);  // stopped before the value was proved
  } else if (scored) {
    j.Set("value", static_cast<int64_t>(value));
  } else {
    j.Set("value", ScoreText(value, false));
  }
  if (from_start && complete) {
    j.Set("winner", WinnerText(value));
  }
  Json moves = Json::MakeArray();
  for (const auto& m : best_moves) moves.Push(m);
  j.Set("best_moves", std::move(moves));
  j.Set("nodes", nodes);
  j.Set("seconds", seconds);
  j.Set("remoteness", remoteness ? Json(*remoteness) : Json(nullptr));
  j.Set("complete", complete);
  if (!note.empty()) j.Set("note", note);
  for (const auto& [k, v] : stats.as_object()) j.Set(k, v);
  return j;
}

}  // namespace gamebench
