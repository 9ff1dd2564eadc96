#ifndef GAMEBENCH_TOOL_RANDOM_POSITIONS_H_
#define GAMEBENCH_TOOL_RANDOM_POSITIONS_H_

// `gamebench positions` for one game (tool/commands/positions.cc says what it
// prints), instantiated in the game's unit (tool/game_handle_impl.h); the
// command prints what it returns (tool/operations/positions.cc).

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "core/game.h"
#include "tool/game_handle.h"

namespace gamebench {

// SplitMix64: tiny, and its output is specified bit for bit (unlike the
// standard distributions), so suites regenerate identically everywhere.
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) up to a bias below 2^-40 for the small n used here.
  uint64_t Below(uint64_t n) { return Next() % n; }

 private:
  uint64_t state_;
};

// Up to `count` distinct positions (fewer when the attempts run out), each
// reached by a random number of plies in [lo, hi] from the start and not over.
template <typename G>
std::vector<RandomPosition> RandomPositionsOf(const G& game, uint64_t seed, int64_t count, int lo,
                                              int hi) {
  SplitMix64 rng(seed);
  std::set<std::string> seen;
  std::vector<RandomPosition> out;
  // Each attempt plays one random game prefix; a prefix that ends the game
  // early, or repeats a position already found, is dropped.
  const int64_t max_attempts = count * 1000;
  for (int64_t attempt = 0; attempt < max_attempts && static_cast<int64_t>(out.size()) < count;
       ++attempt) {
    const int plies = lo + static_cast<int>(rng.Below(static_cast<uint64_t>(hi - lo + 1)));
    typename G::State s = game.Start();
    bool ok = true;
    for (int p = 0; p < plies; ++p) {
      if (game.Terminal(s)) {
        ok = false;
        break;
      }
      MoveListOf<G> moves;
      game.GenerateMoves(s, moves);
      s = game.Play(s, moves[static_cast<int>(rng.Below(static_cast<uint64_t>(moves.size())))]);
    }
    if (!ok || game.Terminal(s)) continue;
    std::string text = game.FormatState(s);
    if (!seen.insert(text).second) continue;
    out.push_back({std::move(text), plies});
  }
  return out;
}

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_RANDOM_POSITIONS_H_
