#include "tool/mcgs_positions.h"

#include <string>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/spec.h"
#include "tool/cgt_games.h"  // kMaxCgtEmptyCells

namespace gamebench {
namespace {

// MCGS's grids: rows of equal length joined by '|'.
absl::StatusOr<std::vector<std::string>> GridRows(absl::string_view section, absl::string_view text) {
  std::vector<std::string> rows = absl::StrSplit(text, '|');
  for (const std::string& r : rows)
    if (r.size() != rows[0].size() || r.empty())
      return absl::InvalidArgumentError(
          absl::StrCat("bad ", section, " '", text, "': rows of unequal length"));
  return rows;
}

}  // namespace

// [domineering]: a grid of '.' and '#'; BLACK (Left) places vertically.
// The largest region of empty cells whose canonical form is attempted
// (MCGS's 7x7 files have regions of up to 34 cells).
constexpr int kMaxDomineeringRegion = 40;
absl::StatusOr<Positioned<Domineering>> DomineeringPosition(absl::string_view text) {
  auto rows = GridRows("domineering", text);
  if (!rows.ok()) return rows.status();
  for (const std::string& r : *rows)
    for (char c : r)
      if (c != '.' && c != '#')
        return absl::InvalidArgumentError(absl::StrCat("bad domineering '", text, "': only '.' and '#'"));
  if (rows->size() > 8 || (*rows)[0].size() > 8)
    return absl::FailedPreconditionError(absl::StrCat("domineering board larger than 8x8: ", text));
  const std::string spec = absl::StrCat("domineering(rows=", rows->size(), ",cols=", (*rows)[0].size(), ")");
  auto game = Domineering::FromSpec(*ParseSpec(spec));
  if (!game.ok()) return game.status();
  auto state = game->ParseState(absl::StrCat(absl::StrJoin(*rows, "/"), ":V"));
  if (!state.ok()) return state.status();
  // The board splits into its regions (Domineering is Decomposable): the
  // cost of the canonical forms is that of the largest region.
  std::vector<Domineering::State> parts;
  game->Components(*state, parts);
  const int cells = static_cast<int>(rows->size() * (*rows)[0].size());
  for (const Domineering::State& part : parts) {
    const int region = cells - __builtin_popcountll(game->Occupied(part));
    if (region > kMaxDomineeringRegion)
      return absl::FailedPreconditionError(absl::StrCat(
          "domineering with a region of ", region, " empty cells: over the ", kMaxDomineeringRegion,
          " of canonical forms"));
  }
  return Positioned<Domineering>{spec, *state};
}

// [clobber] (a grid, rows joined by '|') and [clobber_1xn] (one row): 'X'
// (BLACK, Left), 'O' and '.'.
absl::StatusOr<Positioned<Clobber>> ClobberPosition(absl::string_view section, absl::string_view text) {
  auto rows = GridRows(section, text);
  if (!rows.ok()) return rows.status();
  if (section == "clobber_1xn" && rows->size() != 1)
    return absl::InvalidArgumentError(absl::StrCat("bad clobber_1xn '", text, "': one row, no '|'"));
  const size_t cols = (*rows)[0].size();
  if (rows->size() * cols > static_cast<size_t>(Clobber::kMaxCells) ||
      (rows->size() > 1 && cols > static_cast<size_t>(Clobber::kMaxGridCols)))
    return absl::FailedPreconditionError(absl::StrCat(
        section, " board of ", rows->size(), "x", cols, ": over Clobber's ", Clobber::kMaxCells,
        " cells (", Clobber::kMaxGridCols, " columns on grids)"));
  const std::string spec = absl::StrCat("clobber(rows=", rows->size(), ",cols=", cols, ")");
  auto game = Clobber::FromSpec(*ParseSpec(spec));
  if (!game.ok()) return game.status();
  auto state = game->ParseBoard(text, true);
  if (!state.ok()) return state.status();
  return Positioned<Clobber>{spec, *state};
}

// [cannibal_clobber]: a grid (one row too), 'X' (BLACK, Left), 'O' and '.'.
absl::StatusOr<Positioned<CannibalClobber>> CannibalClobberPosition(absl::string_view text) {
  auto rows = GridRows("cannibal_clobber", text);
  if (!rows.ok()) return rows.status();
  const size_t cols = (*rows)[0].size();
  if (rows->size() * cols > static_cast<size_t>(CannibalClobber::kMaxCells) ||
      (rows->size() > 1 && cols > static_cast<size_t>(CannibalClobber::kMaxGridCols)))
    return absl::FailedPreconditionError(absl::StrCat(
        "cannibal_clobber board of ", rows->size(), "x", cols, ": over ", CannibalClobber::kMaxCells,
        " cells (", CannibalClobber::kMaxGridCols, " columns on grids)"));
  const std::string spec = absl::StrCat("cannibal_clobber(rows=", rows->size(), ",cols=", cols, ")");
  auto game = CannibalClobber::FromSpec(*ParseSpec(spec));
  if (!game.ok()) return game.status();
  auto state = game->ParseBoard(text, true);
  if (!state.ok()) return state.status();
  return Positioned<CannibalClobber>{spec, *state};
}

// [fission]: a grid of '.', 'X' (a stone) and '#'; BLACK (Left) splits
// vertically.
absl::StatusOr<Positioned<Fission>> FissionPosition(absl::string_view text) {
  auto rows = GridRows("fission", text);
  if (!rows.ok()) return rows.status();
  const size_t cols = (*rows)[0].size();
  if (rows->size() * cols > static_cast<size_t>(Fission::kMaxCells) ||
      cols > static_cast<size_t>(Fission::kMaxCols))
    return absl::FailedPreconditionError(absl::StrCat("fission board of ", rows->size(), "x", cols,
                                                      ": over ", Fission::kMaxCells, " cells (",
                                                      Fission::kMaxCols, " columns)"));
  const std::string spec = absl::StrCat("fission(rows=", rows->size(), ",cols=", cols, ")");
  auto game = Fission::FromSpec(*ParseSpec(spec));
  if (!game.ok()) return game.status();
  auto state = game->ParseBoard(text, true);
  if (!state.ok()) return state.status();
  return Positioned<Fission>{spec, *state};
}

// [amazons]: a grid of '.', 'X' (BLACK, Left), 'O' and '#'.
absl::StatusOr<Positioned<Amazons>> AmazonsPosition(absl::string_view text) {
  auto rows = GridRows("amazons", text);
  if (!rows.ok()) return rows.status();
  const size_t cols = (*rows)[0].size();
  if (rows->size() > static_cast<size_t>(Amazons::kMaxSide) || cols > static_cast<size_t>(Amazons::kMaxSide))
    return absl::FailedPreconditionError(absl::StrCat("amazons board of ", rows->size(), "x", cols,
                                                      ": over ", Amazons::kMaxSide, "x", Amazons::kMaxSide));
  const std::string spec = absl::StrCat("amazons(rows=", rows->size(), ",cols=", cols, ")");
  auto game = Amazons::FromSpec(*ParseSpec(spec));
  if (!game.ok()) return game.status();
  auto state = game->ParseBoard(text, true);
  if (!state.ok()) return state.status();
  return Positioned<Amazons>{spec, *state};
}

// [gen_king_dirt]: "B,W,M:" (stones in hand, must_place) and a grid of
// '.', 'X' (BLACK, Left), 'O' and '#' (dirt).
absl::StatusOr<Positioned<GenKingDirt>> GenKingDirtPosition(absl::string_view text) {
  const size_t colon = text.find(':');
  if (colon == absl::string_view::npos)
    return absl::InvalidArgumentError(absl::StrCat("bad gen_king_dirt '", text, "': expected B,W,M:GRID"));
  auto rows = GridRows("gen_king_dirt", text.substr(colon + 1));
  if (!rows.ok()) return rows.status();
  const size_t cols = (*rows)[0].size();
  if (rows->size() * cols > static_cast<size_t>(GenKingDirt::kMaxCells) ||
      cols > static_cast<size_t>(GenKingDirt::kMaxCols))
    return absl::FailedPreconditionError(absl::StrCat("gen_king_dirt board of ", rows->size(), "x", cols,
                                                      ": over ", GenKingDirt::kMaxCells, " cells (",
                                                      GenKingDirt::kMaxCols, " columns)"));
  const std::string spec = absl::StrCat("gen_king_dirt(rows=", rows->size(), ",cols=", cols, ")");
  auto game = GenKingDirt::FromSpec(*ParseSpec(spec));
  if (!game.ok()) return game.status();
  auto state = game->ParseBoard(text, true);
  if (!state.ok()) return state.status();
  return Positioned<GenKingDirt>{spec, *state};
}

// [sheep]: MCGS's grid of herds, numbers (BLACK's herds > 0, WHITE's < 0,
// empty 0) apart by spaces or ',', rows joined by '|'.
absl::StatusOr<Positioned<Sheep>> SheepPosition(absl::string_view text) {
  std::vector<std::string> rows = absl::StrSplit(text, '|');
  const std::vector<std::string> first = absl::StrSplit(rows[0], absl::ByAnyChar(" ,"), absl::SkipWhitespace());
  const size_t cols = first.size();
  if (cols == 0) return absl::InvalidArgumentError(absl::StrCat("bad sheep '", text, "': an empty row"));
  if (rows.size() * cols > static_cast<size_t>(Sheep::kMaxCells) || cols > static_cast<size_t>(Sheep::kMaxCols))
    return absl::FailedPreconditionError(absl::StrCat("sheep board of ", rows.size(), "x", cols, ": over ",
                                                      Sheep::kMaxCells, " cells (", Sheep::kMaxCols,
                                                      " columns)"));
  const std::string spec = absl::StrCat("sheep(rows=", rows.size(), ",cols=", cols, ")");
  auto game = Sheep::FromSpec(*ParseSpec(spec));
  if (!game.ok()) return game.status();
  auto state = game->ParseBoard(text, true);
  if (!state.ok()) return state.status();
  return Positioned<Sheep>{spec, *state};
}

// [nogo] (a grid, '#' off the board) and [nogo_1xn] (one row): 'X'
// (BLACK, Left), 'O', '.'.
absl::StatusOr<Positioned<NoGo>> NoGoPosition(absl::string_view section, absl::string_view text) {
  auto rows = GridRows(section, text);
  if (!rows.ok()) return rows.status();
  if (section == "nogo_1xn" && rows->size() != 1)
    return absl::InvalidArgumentError(absl::StrCat("bad nogo_1xn '", text, "': one row, no '|'"));
  const size_t cols = (*rows)[0].size();
  if (rows->size() * cols > static_cast<size_t>(NoGo::kMaxCells) ||
      (rows->size() > 1 && cols > static_cast<size_t>(NoGo::kMaxGridCols)))
    return absl::FailedPreconditionError(absl::StrCat(section, " board of ", rows->size(), "x", cols,
                                                      ": over NoGo's ", NoGo::kMaxCells, " cells"));
  const std::string spec = absl::StrCat("nogo(rows=", rows->size(), ",cols=", cols, ")");
  auto game = NoGo::FromSpec(*ParseSpec(spec));
  if (!game.ok()) return game.status();
  auto state = game->ParseBoard(text, true);
  if (!state.ok()) return state.status();
  // A grid splits into its regions (NoGo is Decomposable): the cost of the
  // canonical forms is that of the largest region. Rows have no limit here
  // (the arena's budget refuses what does not fit).
  if (rows->size() > 1) {
    std::vector<NoGo::State> parts;
    game->Components(*state, parts);
    const int cells = static_cast<int>(rows->size() * cols);
    for (const NoGo::State& part : parts) {
      const int region = cells - __builtin_popcountll(part.black | part.white | part.blocked);
      if (region > kMaxCgtEmptyCells)
        return absl::FailedPreconditionError(absl::StrCat(
            "nogo grid with a region of ", region, " empty cells: over the ", kMaxCgtEmptyCells,
            " of canonical forms"));
    }
  }
  return Positioned<NoGo>{spec, *state};
}

// [elephants]: a strip of 'X' (BLACK, Left, moving right), 'O' and '.'.
absl::StatusOr<Positioned<Elephants>> ElephantsPosition(absl::string_view text) {
  if (text.size() > static_cast<size_t>(Elephants::kMaxCells))
    return absl::FailedPreconditionError(
        absl::StrCat("elephants strip of ", text.size(), " cells: over ", Elephants::kMaxCells));
  if (text.empty()) return absl::InvalidArgumentError("bad elephants '': an empty strip");
  const std::string spec = absl::StrCat("elephants(n=", text.size(), ")");
  auto game = Elephants::FromSpec(*ParseSpec(spec));
  if (!game.ok()) return game.status();
  auto state = game->ParseBoard(text, true);
  if (!state.ok()) return state.status();
  return Positioned<Elephants>{spec, *state};
}

// [toppling_dominoes]: a row of 'X' (BLACK, Left), 'O' and '#' (grey).
// One variant of the longest row holds every row, so rows share positions.
absl::StatusOr<Positioned<TopplingDominoes>> TopplingDominoesPosition(absl::string_view text) {
  const std::string spec = absl::StrCat("toppling_dominoes(n=", TopplingDominoes::kMaxDominoes, ")");
  if (text.size() > static_cast<size_t>(TopplingDominoes::kMaxDominoes))
    return absl::FailedPreconditionError(absl::StrCat("toppling_dominoes row of ", text.size(),
                                                      ": over ", TopplingDominoes::kMaxDominoes));
  auto game = TopplingDominoes::FromSpec(*ParseSpec(spec));
  if (!game.ok()) return game.status();
  auto state = game->ParseBoard(text, true);
  if (!state.ok()) return state.status();
  return Positioned<TopplingDominoes>{spec, *state};
}

// [gen_toads]: "a,b,c,d:STRIP", the rule (min slide, max slide, max jump,
// friendly jump) and a strip of 'X' (BLACK, Left, moving right), 'O', '.'.
absl::StatusOr<Positioned<GenToads>> GenToadsPosition(absl::string_view text) {
  const size_t colon = text.find(':');
  std::vector<std::string> rule =
      absl::StrSplit(text.substr(0, colon == absl::string_view::npos ? 0 : colon), ',');
  if (colon == absl::string_view::npos || rule.size() != 4)
    return absl::InvalidArgumentError(
        absl::StrCat("bad gen_toads '", text, "': expected MIN,MAX,JUMP,FRIENDLY:STRIP"));
  const absl::string_view strip = text.substr(colon + 1);
  if (strip.empty() || strip.size() > static_cast<size_t>(GenToads::kMaxCells))
    return absl::FailedPreconditionError(
        absl::StrCat("gen_toads strip of ", strip.size(), " cells: 1 to ", GenToads::kMaxCells));
  for (const std::string& r : rule)
    if (r.empty() || r.size() > 2 || !absl::c_all_of(r, absl::ascii_isdigit))
      return absl::InvalidArgumentError(absl::StrCat("bad gen_toads rule '", text.substr(0, colon), "'"));
  const std::string spec = absl::StrCat("gen_toads(n=", strip.size(), ",min_slide=", rule[0],
                                        ",max_slide=", rule[1], ",max_jump=", rule[2],
                                        ",friendly=", rule[3], ")");
  auto parsed = ParseSpec(spec);
  if (!parsed.ok()) return parsed.status();
  auto game = GenToads::FromSpec(*parsed);
  if (!game.ok()) return absl::InvalidArgumentError(game.status().message());
  auto state = game->ParseBoard(strip, true);
  if (!state.ok()) return state.status();
  return Positioned<GenToads>{spec, *state};
}

}  // namespace gamebench
