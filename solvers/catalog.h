#ifndef GAMEBENCH_SOLVERS_CATALOG_H_
#define GAMEBENCH_SOLVERS_CATALOG_H_

// The search solvers' catalog: include the solver's header and add it to
// the list. Each solver says which games it applies to (kAppliesTo<G>,
// usually a concept), and the tool instantiates it for exactly those. The
// tool's catalog (tool/solver_catalog.h) is this list and the CGT layer's
// (cgt/catalog.h).

#include "core/type_list.h"
#include "solvers/alphabeta.h"
#include "solvers/dfpn.h"
#include "solvers/grundy.h"
#include "solvers/minimax.h"
#include "solvers/pns.h"
#include "solvers/ptt.h"
#include "solvers/retrograde.h"
#include "solvers/tt.h"

namespace gamebench {

using SearchSolverCatalog = TypeList<
    MinimaxSolver,
    AlphaBetaSolver,
    TtSolver,
    RetrogradeSolver,
    GrundySolver,
    DfpnSolver,
    PnsSolver,
    PttSolver>;

}  // namespace gamebench

#endif  // GAMEBENCH_SOLVERS_CATALOG_H_
