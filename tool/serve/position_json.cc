#include "tool/serve/position_json.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "absl/strings/str_cat.h"

namespace gamebench {
namespace {

const char* ValueWord(Score value, bool loopy) {
  return value > 0 ? "win" : value < 0 ? "lose" : loopy ? "draw" : "tie";
}

int RemotenessField(const Valued& v, bool loopy) {
  if (v.value == kDrawScore && loopy && !v.terminal) return kRemotenessInfinite;
  return v.remoteness ? *v.remoteness : kRemotenessUnknown;
}

// A move as the mover sees it: its value (the child's, negated) and the
// child's remoteness.
struct Ranked {
  const PositionEval::Child* child;
  Score value;  // for the mover
  std::optional<int> remoteness;
};

// Best first: higher value; among equal values a win sooner, a tie sooner,
// a loss later; unknown remoteness after known; then the game's move order.
bool Better(const Ranked& a, const Ranked& b) {
  if (a.value != b.value) return a.value > b.value;
  if (a.remoteness.has_value() != b.remoteness.has_value()) return a.remoteness.has_value();
  if (!a.remoteness) return false;
  if (a.value < 0) return *a.remoteness > *b.remoteness;
  return *a.remoteness < *b.remoteness;
}

}  // namespace

Json PositionJson(const GameHandle& game, const PositionEval& eval, bool loopy) {
  Json out = Json::MakeObject();
  const std::string text = game.Format(eval.state);
  out.Set("position", text);
  out.Set("autoguiPosition", text);
  out.Set("positionValue", ValueWord(eval.self.value, loopy));
  out.Set("remoteness", RemotenessField(eval.self, loopy));
  if (eval.self.grundy) {
    out.Set("mex", absl::StrCat("*", *eval.self.grundy));  // the API's name for it
    out.Set("grundy", *eval.self.grundy);
  }

  std::vector<Ranked> ranked;
  for (const auto& c : eval.children) ranked.push_back({&c, -c.valued.value, c.valued.remoteness});
  std::stable_sort(ranked.begin(), ranked.end(), Better);
  Json moves = Json::MakeArray();
  for (const Ranked& r : ranked) {
    // deltaRemoteness: to the best move of the same value word (the first,
    // the list being sorted), 0 when either remoteness is unknown.
    int delta = 0;
    const char* word = ValueWord(r.value, loopy);
    for (const Ranked& best : ranked) {
      if (std::string(ValueWord(best.value, loopy)) != word) continue;
      if (best.remoteness && r.remoteness) delta = std::abs(*r.remoteness - *best.remoteness);
      break;
    }
    const std::string child_text = game.Format(r.child->state);
    Json m = Json::MakeObject();
    m.Set("move", r.child->move);
    m.Set("autoguiMove", r.child->move);
    m.Set("moveValue", word);
    m.Set("deltaRemoteness", delta);
    m.Set("position", child_text);
    m.Set("autoguiPosition", child_text);
    m.Set("positionValue", ValueWord(r.child->valued.value, loopy));
    m.Set("remoteness", RemotenessField(r.child->valued, loopy));
    if (r.child->valued.grundy) m.Set("mex", absl::StrCat("*", *r.child->valued.grundy));
    if (game.scored()) {
      m.Set("moveScore", r.value);
      m.Set("score", r.child->valued.value);
    }
    moves.Push(std::move(m));
  }
  out.Set("moves", std::move(moves));

  // The suite's own fields.
  out.Set("game", game.spec());
  if (game.scored()) out.Set("score", eval.self.value);
  out.Set("terminal", eval.self.terminal);
  out.Set("source", eval.source);
  if (!eval.table.empty()) out.Set("table", eval.table);
  if (!eval.solver.empty()) out.Set("solver", eval.solver);
  out.Set("nodes", eval.nodes);
  out.Set("seconds", eval.seconds);
  return out;
}

}  // namespace gamebench
