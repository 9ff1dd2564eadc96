#ifndef GAMEBENCH_GAMES_CATALOG_H_
#define GAMEBENCH_GAMES_CATALOG_H_

// The game catalog: include the game's header and add it to the list. The
// tool, the conformance tests and the benchmarks all read this list.

#include "core/type_list.h"
#include "games/amazons/amazons.h"
#include "games/connect4/connect4.h"
#include "games/dodgem/dodgem.h"
#include "games/clobber/clobber.h"
#include "games/cannibal_clobber/cannibal_clobber.h"
#include "games/domineering/domineering.h"
#include "games/elephants/elephants.h"
#include "games/ends/ends.h"
#include "games/fission/fission.h"
#include "games/gen_king_dirt/gen_king_dirt.h"
#include "games/gen_toads/gen_toads.h"
#include "games/grundy_game/grundy_game.h"
#include "games/kayles/kayles.h"
#include "games/nim/nim.h"
#include "games/nogo/nogo.h"
#include "games/octal/octal.h"
#include "games/sheep/sheep.h"
#include "games/sim/sim.h"
#include "games/subtraction/subtraction.h"
#include "games/sum/sum.h"
#include "games/tictactoe/tictactoe.h"
#include "games/toppling_dominoes/toppling_dominoes.h"

namespace gamebench {

using GameCatalog = TypeList<
    Nim,
    Subtraction,
    Kayles,
    Octal,
    GrundyGame,
    Sum,
    TicTacToe,
    Ends,
    Sim,
    Dodgem,
    Connect4,
    Domineering,
    Clobber,
    NoGo,
    Elephants,
    TopplingDominoes,
    GenToads,
    CannibalClobber,
    Fission,
    Amazons,
    GenKingDirt,
    Sheep>;

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_CATALOG_H_
