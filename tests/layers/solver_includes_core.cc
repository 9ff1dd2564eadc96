// Must compile (the control): solvers include core/ and solvers/.
#include "core/game.h"
#include "solvers/alphabeta.h"
