#include "tool/cgt_games.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/container/flat_hash_map.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "cgt/form_builder.h"
#include "core/partizan.h"
#include "core/spec.h"
#include "games/amazons/amazons.h"
#include "games/cannibal_clobber/cannibal_clobber.h"
#include "games/clobber/clobber.h"
#include "games/domineering/domineering.h"
#include "games/elephants/elephants.h"
#include "games/fission/fission.h"
#include "games/gen_king_dirt/gen_king_dirt.h"
#include "games/gen_toads/gen_toads.h"
#include "games/kayles/kayles.h"
#include "games/nogo/nogo.h"
#include "games/sheep/sheep.h"
#include "games/toppling_dominoes/toppling_dominoes.h"
#include "solvers/nim_sequence.h"
#include "solvers/tt.h"

namespace gamebench {
namespace {

// A position of MCGS's text: the game variant (by its spec) and the state.
template <typename G>
struct Positioned {
  std::string spec;
  typename G::State state;
};

// One builder per game variant (spec), kept across the files of a run.
template <Partizan G>
class Builders {
 public:
  absl::StatusOr<FormBuilder<G>*> Of(const std::string& spec_text) {
    auto& builder = builders_[spec_text];
    if (!builder) {
      auto spec = ParseSpec(spec_text);
      if (!spec.ok()) return spec.status();
      auto game = G::FromSpec(*spec);
      if (!game.ok()) return game.status();
      builder = std::make_unique<FormBuilder<G>>(*game);
    }
    return builder.get();
  }

  // The game of a parsed position: its canonical form, or for a closure the
  // nimber of its nim value.
  // `move_text` turns the game's text of a move into MCGS's.
  // `search_first`: B/W of the game alone by search (SolveAlone), its
  // form built only when a command needs it; `search_splits`: a position
  // that splits too (before its parts' forms).
  absl::StatusOr<cgt::BasicGame> Game(cgt::GameArena& arena,
                                      absl::StatusOr<Positioned<G>> position, bool impartial,
                                      std::string printed,
                                      std::function<std::string(std::string)> move_text = nullptr,
                                      bool search_first = false, bool search_splits = false) {
    if (!position.ok()) return position.status();
    auto builder = Of(position->spec);
    if (!builder.ok()) return builder.status();
    FormBuilder<G>* b = *builder;
    const typename G::State s = position->state;
    // A position that splits: B/W searches the sum over its parts' forms
    // and the form (their sum) is built only for a command that needs it.
    bool splits = false;
    if constexpr (Decomposable<G>) {
      std::vector<typename G::State> parts;
      b->game().Components(s, parts);
      splits = parts.size() > 1 && !impartial;
    }
    const bool lazy = (search_first || splits) && !impartial;
    cgt::GameId form = cgt::GameArena::kZero;
    if (impartial) form = arena.Nimber(b->Nim(arena, s));
    else if (!lazy) form = b->Value(arena, s);
    cgt::BasicGame game{form, std::move(printed)};
    if (lazy) game.make_form = [b, s](cgt::GameArena& a) { return b->Value(a, s); };
    if (splits) game.make_parts = [b, s](cgt::GameArena& a) { return b->ComponentValues(a, s); };
    if (lazy && search_first) {
      game.solve_alone = [this, b, s, spec = position->spec, search_splits](bool left) {
        return SolveAlone(*b, spec, s, left, search_splits);
      };
    }
    game.options = [b, s, move_text](cgt::GameArena& a, bool left, bool closure) {
      std::vector<cgt::BasicGame::Option> options;
      for (auto& [text, value] : b->Options(a, s, left ? kLeft : kRight, closure))
        options.push_back({move_text ? move_text(text) : text, value});
      return options;
    };
    return game;
  }

 private:
  static constexpr uint64_t kSearchNodes = 2000000;
  static constexpr uint64_t kSearchTableBytes = uint64_t{16} << 20;
  static constexpr size_t kMaxTables = 4;

  // Whether the player moving first (left: BLACK) wins s, by alpha-beta with
  // a transposition table (solvers/tt.h) kept per variant, within
  // kSearchNodes; nullopt when the search does not finish (its table is
  // then dropped) or, unless `even_if_split`, when s splits (a sum: its parts'
  // forms are then the better route).
  std::optional<bool> SolveAlone(const FormBuilder<G>& b, const std::string& spec,
                                 const typename G::State& s, bool left, bool even_if_split) {
    const G& g = b.game();
    if constexpr (Decomposable<G>) {
      std::vector<typename G::State> parts;
      if (!even_if_split) g.Components(s, parts);
      if (parts.size() > 1) return std::nullopt;
    }
    // At most kMaxTables tables (of kSearchTableBytes each) at a time.
    if (!tables_.contains(spec) && tables_.size() >= kMaxTables) tables_.clear();
    auto& table = tables_[spec];
    if (!table) table = std::make_unique<typename TtSolver::Table<G>>(kSearchTableBytes);
    SolveOptions options;
    options.node_limit = kSearchNodes;
    options.best_moves = false;
    options.threads = 1;
    const SolveReport report =
        TtSolver::SolveWithTable(g, g.WithMover(s, left ? kLeft : kRight), options, *table);
    if (!report.complete) {
      table.reset();
      return std::nullopt;
    }
    return report.value == kWinScore;
  }

  absl::flat_hash_map<std::string, std::unique_ptr<FormBuilder<G>>> builders_;
  absl::flat_hash_map<std::string, std::unique_ptr<typename TtSolver::Table<G>>> tables_;

 public:
  // Every variant's memos emptied (the arena was replaced: their ids and
  // their charge were the old arena's).
  void Forget() {
    for (auto& [spec, builder] : builders_) builder->Forget();
  }
};

// MCGS's grids: rows of equal length joined by '|'.
absl::StatusOr<std::vector<std::string>> GridRows(absl::string_view section, absl::string_view text) {
  std::vector<std::string> rows = absl::StrSplit(text, '|');
  for (const std::string& r : rows)
    if (r.size() != rows[0].size() || r.empty())
      return absl::InvalidArgumentError(
          absl::StrCat("bad ", section, " '", text, "': rows of unequal length"));
  return rows;
}

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

// [kayles]: a row of n pins, MCGS's kayles: the nimber of its Grundy
// value, from Kayles' rule (octal 0.77, the catalog game's) by the
// definition, extended as far as the largest row asked for.
class KaylesValues {
 public:
  absl::StatusOr<cgt::BasicGame> Game(cgt::GameArena& arena, absl::string_view text) {
    int64_t n = 0;
    if (text.empty() || text.size() > 18 || !absl::c_all_of(text, absl::ascii_isdigit))
      return absl::InvalidArgumentError(absl::StrCat("bad kayles '", text, "': a number of pins"));
    for (char c : text) n = 10 * n + (c - '0');
    if (n > kMaxPins)
      return absl::FailedPreconditionError(
          absl::StrCat("kayles row of ", n, " pins: over the ", kMaxPins, " computed"));
    if (static_cast<int64_t>(values_.size()) <= n) {
      auto spec = Kayles::HeapSpecFromSpec(*ParseSpec("kayles"));
      if (!spec.ok()) return spec.status();
      values_ = DefinitionNimSequence(spec->components[0].rule, static_cast<int>(std::max<int64_t>(n, 2 * values_.size())));
    }
    cgt::BasicGame game{arena.Nimber(values_[static_cast<size_t>(n)]), absl::StrCat("kayles:", n)};
    game.impartial = true;
    return game;
  }

 private:
  static constexpr int64_t kMaxPins = 100000;
  std::vector<uint16_t> values_;
};

// A one-row grid's moves in MCGS's grid form: cells 1-based "3-4" or
// "3_X" become chess-like "c1-d1", "c1_X".
std::string GridCells(std::string text) {
  std::string out, number;
  auto flush = [&]() {
    if (number.empty()) return;
    out += static_cast<char>('a' + std::stoi(number) - 1);
    out += '1';
    number.clear();
  };
  for (char c : text) {
    if (absl::ascii_isdigit(c)) {
      number += c;
    } else {
      flush();
      out += c;
    }
  }
  flush();
  return out;
}

// Domineering's "b2b3" is MCGS's "b2-b3".
std::string DomineeringMove(std::string text) { return text.substr(0, 2) + "-" + text.substr(2); }

struct CatalogBuilders {
  Builders<Domineering> domineering;
  Builders<Clobber> clobber;
  Builders<NoGo> nogo;
  Builders<Elephants> elephants;
  Builders<TopplingDominoes> toppling_dominoes;
  Builders<GenToads> gen_toads;
  Builders<CannibalClobber> cannibal_clobber;
  Builders<Fission> fission;
  Builders<Amazons> amazons;
  Builders<GenKingDirt> gen_king_dirt;
  Builders<Sheep> sheep;
  KaylesValues kayles;
  uint64_t generation = 0;  // of the arena the memos were charged to

  void ForgetIfReplaced(const cgt::GameArena& arena) {
    if (arena.Generation() == generation) return;
    generation = arena.Generation();
    domineering.Forget();
    clobber.Forget();
    nogo.Forget();
    elephants.Forget();
    toppling_dominoes.Forget();
    gen_toads.Forget();
    cannibal_clobber.Forget();
    fission.Forget();
    amazons.Forget();
    gen_king_dirt.Forget();
    sheep.Forget();
  }
};

}  // namespace

cgt::McgsGameSource McgsCatalogGames() {
  auto builders = std::make_shared<CatalogBuilders>();
  return [builders](cgt::GameArena& arena, absl::string_view section, absl::string_view text,
                    bool impartial) -> absl::StatusOr<cgt::BasicGame> {
    // Memos of a replaced arena go at once: only the current arena's,
    // within its budget, are kept.
    builders->ForgetIfReplaced(arena);
    const std::string printed = absl::StrCat(section, ":", text);
    // [clobber] and [nogo] name cells as on a grid even with one row.
    const bool one_row_grid = text.find('|') == absl::string_view::npos;
    if (section == "domineering")
      return builders->domineering.Game(arena, DomineeringPosition(text), impartial, printed,
                                        DomineeringMove);
    if (section == "clobber" || section == "clobber_1xn")
      return builders->clobber.Game(arena, ClobberPosition(section, text), impartial, printed,
                                    section == "clobber" && one_row_grid ? GridCells : nullptr);
    if (section == "nogo" || section == "nogo_1xn")
      return builders->nogo.Game(arena, NoGoPosition(section, text), impartial, printed,
                                 section == "nogo" && one_row_grid ? GridCells : nullptr,
                                 /*search_first=*/true, /*search_splits=*/true);
    if (section == "elephants")
      return builders->elephants.Game(arena, ElephantsPosition(text), impartial, printed);
    if (section == "toppling_dominoes")
      return builders->toppling_dominoes.Game(arena, TopplingDominoesPosition(text), impartial, printed);
    if (section == "gen_toads")
      return builders->gen_toads.Game(arena, GenToadsPosition(text), impartial, printed, nullptr,
                                      /*search_first=*/true);
    if (section == "kayles") return builders->kayles.Game(arena, text);
    if (section == "cannibal_clobber")
      return builders->cannibal_clobber.Game(arena, CannibalClobberPosition(text), impartial, printed,
                                             one_row_grid ? GridCells : nullptr, /*search_first=*/true);
    if (section == "fission")
      return builders->fission.Game(arena, FissionPosition(text), impartial, printed, nullptr,
                                    /*search_first=*/true);
    if (section == "amazons")
      return builders->amazons.Game(arena, AmazonsPosition(text), impartial, printed, nullptr,
                                    /*search_first=*/true);
    if (section == "gen_king_dirt")
      return builders->gen_king_dirt.Game(arena, GenKingDirtPosition(text), impartial, printed,
                                          nullptr, /*search_first=*/true);
    if (section == "sheep") return builders->sheep.Game(arena, SheepPosition(text), impartial, printed, nullptr,
                                                          /*search_first=*/true);
    return absl::NotFoundError(absl::StrCat("no game [", section, "]"));
  };
}

}  // namespace gamebench
