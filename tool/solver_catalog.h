#ifndef GAMEBENCH_TOOL_SOLVER_CATALOG_H_
#define GAMEBENCH_TOOL_SOLVER_CATALOG_H_

// Every solver the tool, the tests and the benchmarks know: the search
// solvers (solvers/catalog.h) and the CGT layer's (cgt/catalog.h). The two
// layers do not know each other, so the list that joins them lives here.
// A new solver goes in its layer's list, not here.

#include "cgt/catalog.h"
#include "core/type_list.h"
#include "solvers/catalog.h"

namespace gamebench {

using SolverCatalog = ConcatTypeLists<SearchSolverCatalog, CgtSolverCatalog>::type;

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_SOLVER_CATALOG_H_
