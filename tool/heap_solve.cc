#include "tool/heap_solve.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "tool/game_registry.h"

namespace gamebench {

absl::StatusOr<std::optional<HeapGameSpec>> HeapSpecOf(const Spec& spec) {
  absl::StatusOr<const GameEntry*> entry = FindGame(spec.name);
  if (!entry.ok()) return entry.status();
  return (*entry)->heap_spec(spec);
}

std::optional<absl::StatusOr<SolveReport>> SolveHeapGame(const HeapGameSpec& game,
                                                         const std::optional<std::string>& position,
                                                         const SolveOptions& options,
                                                         const HeapSumSolver& solver) {
  HeapSum sum;
  for (const HeapGameSpec::Component& c : game.components) {
    sum.rules.push_back(c.rule);
    sum.heaps.push_back(c.heaps);
  }
  sum.misere = game.misere;
  sum.moves_per_heap = game.style == HeapGameSpec::Style::kIndexed;
  if (!solver.answers(sum)) return std::nullopt;  // through the game's state
  bool from_start = true;
  if (position) {
    auto heaps = game.ParsePosition(*position);
    if (!heaps.ok()) return heaps.status();
    from_start = *heaps == sum.heaps;
    sum.heaps = *std::move(heaps);
  }
  auto solved = solver.solve(sum, options);
  if (!solved.ok()) return solved.status();

  SolveReport report;
  report.game = game.canonical;
  report.solver = std::string(solver.name);
  report.position = game.FormatPosition(sum.heaps);
  report.from_start = from_start;
  report.value = solved->value;
  report.complete = solved->complete;
  report.note = solved->note;
  report.nodes = solved->values_looked_up;
  report.seconds = solved->seconds;
  for (const HeapMove& m : solved->best_moves)
    report.best_moves.push_back(game.FormatMove(m.component, m.index, m.heap, m.a, m.b));
  if (solved->complete) report.stats.Set("grundy", solved->grundy);
  report.stats.Set("best_moves_listed", solved->moves_listed);
  if (!solved->moves_note.empty()) report.stats.Set("best_moves_note", solved->moves_note);
  int64_t terms = 0;
  Json rules = Json::MakeArray();
  for (const HeapSumResult::RuleInfo& r : solved->rules) {
    Json j = Json::MakeObject();
    j.Set("rule", r.rule);
    j.Set("largest_heap", r.max_heap);
    j.Set("terms", r.terms);
    j.Set("values_from", r.values_from);
    j.Set("period", r.period.found ? Json(r.period.period) : Json());
    j.Set("preperiod", r.period.found ? Json(r.period.preperiod) : Json());
    j.Set("proved", r.period.proved);
    rules.Push(std::move(j));
    terms += r.terms;
  }
  report.stats.Set("table_terms", terms);
  if (solved->rules.size() == 1) {
    // One rule: its period at the top level too.
    const PeriodInfo& p = solved->rules[0].period;
    report.stats.Set("period", p.found ? Json(p.period) : Json());
    report.stats.Set("preperiod", p.found ? Json(p.preperiod) : Json());
    report.stats.Set("proved", p.proved);
  }
  report.stats.Set("rules", std::move(rules));
  if (game.misere)
    report.stats.Set("rule", !solved->rules.empty() && solved->rules[0].values_from ==
                                                            "misere quotient"
                                 ? "misere quotient"
                                 : "misere nim");
  return report;
}

}  // namespace gamebench
