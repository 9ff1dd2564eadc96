// Must NOT compile: a game may include only core/ (and games/).
#include "solvers/alphabeta.h"
