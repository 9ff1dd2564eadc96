#ifndef GAMEBENCH_TOOL_MCGS_POSITIONS_H_
#define GAMEBENCH_TOOL_MCGS_POSITIONS_H_

// The position readers of MCGS's text forms, one per section name of its
// test files ([domineering], [clobber], ...): each checks the text, picks
// the catalog game's variant (its spec) and parses the state, or says what
// is wrong with the text (tool/commands/mcgs_positions.cc has the forms).

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "games/amazons/amazons.h"
#include "games/cannibal_clobber/cannibal_clobber.h"
#include "games/clobber/clobber.h"
#include "games/domineering/domineering.h"
#include "games/elephants/elephants.h"
#include "games/fission/fission.h"
#include "games/gen_king_dirt/gen_king_dirt.h"
#include "games/gen_toads/gen_toads.h"
#include "games/nogo/nogo.h"
#include "games/sheep/sheep.h"
#include "games/toppling_dominoes/toppling_dominoes.h"

namespace gamebench {

// A position of MCGS's text: the game variant (by its spec) and the state.
template <typename G>
struct Positioned {
  std::string spec;
  typename G::State state;
};

absl::StatusOr<Positioned<Domineering>> DomineeringPosition(absl::string_view text);
absl::StatusOr<Positioned<Clobber>> ClobberPosition(absl::string_view section, absl::string_view text);
absl::StatusOr<Positioned<CannibalClobber>> CannibalClobberPosition(absl::string_view text);
absl::StatusOr<Positioned<Fission>> FissionPosition(absl::string_view text);
absl::StatusOr<Positioned<Amazons>> AmazonsPosition(absl::string_view text);
absl::StatusOr<Positioned<GenKingDirt>> GenKingDirtPosition(absl::string_view text);
absl::StatusOr<Positioned<Sheep>> SheepPosition(absl::string_view text);
absl::StatusOr<Positioned<NoGo>> NoGoPosition(absl::string_view section, absl::string_view text);
absl::StatusOr<Positioned<Elephants>> ElephantsPosition(absl::string_view text);
absl::StatusOr<Positioned<TopplingDominoes>> TopplingDominoesPosition(absl::string_view text);
absl::StatusOr<Positioned<GenToads>> GenToadsPosition(absl::string_view text);

}  // namespace gamebench

#endif  // GAMEBENCH_TOOL_MCGS_POSITIONS_H_
