// Must NOT compile: cgt/ may include only core/ (and cgt/).
#include "games/nim/nim.h"
