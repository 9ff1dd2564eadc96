// Must compile: cgt/ may include core/ (and cgt/).
#include "cgt/arena.h"
#include "core/memory.h"
