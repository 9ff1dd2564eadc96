// Must NOT compile: a solver may include only core/ (and solvers/).
#include "games/nim/nim.h"
