// `positions`: distinct random positions of a game, for test suites.

#include <cstdio>

#include "tool/game_registry.h"
#include "tool/operations.h"

namespace gamebench {

absl::Status PositionsCommand(const PositionsRequest& request) {
  auto game = MakeGame(request.spec);
  if (!game.ok()) return game.status();
  const std::vector<RandomPosition> found =
      (*game)->RandomPositions(request.seed, request.count, request.min_plies, request.max_plies);
  const std::string canonical = (*game)->spec();
  for (const RandomPosition& p : found)
    std::printf("%s\t%s\t%d\n", canonical.c_str(), p.text.c_str(), p.plies);
  if (static_cast<int64_t>(found.size()) < request.count)
    std::fprintf(stderr, "gamebench positions: found only %ld distinct positions\n",
                 static_cast<long>(found.size()));
  return absl::OkStatus();
}

}  // namespace gamebench
