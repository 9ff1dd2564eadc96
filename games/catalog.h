#ifndef GAMEBENCH_GAMES_CATALOG_H_
#define GAMEBENCH_GAMES_CATALOG_H_

// The game catalog: include the game's header and add it to the list. The
// tool, the conformance tests and the benchmarks all read this list.

#include "core/type_list.h"
#include "games/dodgem/dodgem.h"
#include "games/nim/nim.h"

namespace gamebench {

using GameCatalog = TypeList<Nim, Dodgem>;

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_CATALOG_H_
