#include "tool/serve/grundy_value.h"

#include "core/spec.h"
#include "solvers/sprague_grundy.h"
#include "tool/heap_solve.h"

namespace gamebench {

std::optional<HeapGameSpec> NormalPlayHeapGame(const std::string& game_spec) {
  auto spec = ParseSpec(game_spec);
  if (!spec.ok()) return std::nullopt;
  auto described = HeapSpecOf(*spec);
  if (!described.ok() || !described->has_value() || (*described)->misere) return std::nullopt;
  return **described;
}

std::optional<uint64_t> GrundyValue(const HeapGameSpec& game, const std::string& position,
                                    const SolveOptions& options) {
  auto heaps = game.ParsePosition(position);
  if (!heaps.ok()) return std::nullopt;
  HeapSum sum;
  for (const HeapGameSpec::Component& c : game.components) sum.rules.push_back(c.rule);
  sum.heaps = *std::move(heaps);
  sum.moves_per_heap = game.style == HeapGameSpec::Style::kIndexed;
  SolveOptions o = options;
  o.best_moves = false;
  auto solved = SolveHeapSum(sum, o);
  if (!solved.ok() || !solved->complete) return std::nullopt;
  return solved->grundy;
}

}  // namespace gamebench
