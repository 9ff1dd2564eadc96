#ifndef GAMEBENCH_CORE_MIX_KEY_H_
#define GAMEBENCH_CORE_MIX_KEY_H_

// A game's Key, mixed for a hash table. Keys are often a position's bits
// (a board packed in a word): absl::flat_hash_map picks the group from a
// hash's low bits and a 7-bit tag from its high bits, so unmixed keys
// crowd into few groups with equal tags. SplitMix64's finaliser spreads
// every input bit over the whole word.

#include <cstddef>
#include <cstdint>

#include "core/game.h"

namespace gamebench {

constexpr uint64_t MixKey(uint64_t k) {
  k = (k ^ (k >> 30)) * 0xbf58476d1ce4e5b9ULL;
  k = (k ^ (k >> 27)) * 0x94d049bb133111ebULL;
  return k ^ (k >> 31);
}
constexpr uint64_t MixKey(Uint128 k) {
  return MixKey(static_cast<uint64_t>(k) ^ MixKey(static_cast<uint64_t>(k >> 64)));
}

// A hash functor for a game's states, by their mixed Key.
template <typename G>
struct MixedKeyHash {
  G game;
  size_t operator()(const typename G::State& s) const { return static_cast<size_t>(MixKey(game.Key(s))); }
};

}  // namespace gamebench

#endif  // GAMEBENCH_CORE_MIX_KEY_H_
