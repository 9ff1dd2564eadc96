#ifndef GAMEBENCH_CGT_THERMOGRAPH_H_
#define GAMEBENCH_CGT_THERMOGRAPH_H_

// Thermographs of short games, with Siegel's convention (Combinatorial Game
// Theory, AMS 2013, II.5) that CGSuite and MCGS follow: temperatures start
// at t = -1, an integer n is a mast at n from -1, and every other canonical
// game G has the scaffolds
//   LS_t(G) = max over G^L of RW_t(G^L) - t,
//   RS_t(G) = min over G^R of LW_t(G^R) + t,
// whose walls follow the scaffolds up to the least t >= -1 at which
// LS_t <= RS_t (the temperature) and are the mast at the mean above it. So
// m/2^k has temperature -1/2^k, * has 0 and {1|-1} has 1.

#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "cgt/arena.h"
#include "cgt/dyadic.h"

namespace gamebench::cgt {

// A piecewise-linear value v(t) for t >= -1: breakpoints (t, v) in
// increasing t, the first at t = -1, and the slope dv/dt after the last.
struct Trajectory {
  std::vector<std::pair<Dyadic, Dyadic>> points;
  Dyadic final_slope;
  Dyadic At(Dyadic t) const;
};

struct Thermograph {
  Trajectory left, right;  // the walls; both end in the mast
  Dyadic mean;
  Dyadic temperature;
};

// Thermographs of canonical forms, memoised by id. A vertex that would not
// be dyadic (never for short games, but refused rather than rounded) throws
// CgtRefusal.
class ThermographCache {
 public:
  explicit ThermographCache(GameArena& arena) : arena_(arena) {}
  const Thermograph& Of(GameId canonical);

 private:
  GameArena& arena_;
  absl::flat_hash_map<GameId, Thermograph> cache_;
};

// MCGS's form: "L: (v, t) (v, t) ... R: (v, t) ...", each wall's breakpoints
// from t = -1 to the foot of the mast (test_case.cpp, scaffold_string).
std::string McgsThermographString(const Thermograph& t);

}  // namespace gamebench::cgt

#endif  // GAMEBENCH_CGT_THERMOGRAPH_H_
