// Must NOT compile: cgt/ may include only core/ (and cgt/).
#include "solvers/tt.h"
