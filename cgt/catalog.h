#ifndef GAMEBENCH_CGT_CATALOG_H_
#define GAMEBENCH_CGT_CATALOG_H_

// The CGT layer's solvers (they know core/ and cgt/ only), joined with the
// search solvers in the tool's catalog (tool/solver_catalog.h).

#include "cgt/sum_solver.h"
#include "core/type_list.h"

namespace gamebench {

using CgtSolverCatalog = TypeList<CgtSumSolver>;

}  // namespace gamebench

#endif  // GAMEBENCH_CGT_CATALOG_H_
