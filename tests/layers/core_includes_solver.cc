// Must NOT compile: core/ includes neither games/ nor solvers/.
#include "solvers/tt.h"
