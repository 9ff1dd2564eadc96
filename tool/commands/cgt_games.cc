#include "tool/cgt_games.h"
#include "tool/mcgs_positions.h"

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
#include "cgt/mcgs_kayles.h"
#include "cgt/sum_search.h"
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

// When SolveAlone tries cgt/sum_search.h's search before alpha-beta: never,
// always, or when the position splits (NoGo on one row: its split filled
// rows take tt millions of nodes, its empty rows few).
enum class SplitFirst { kNo, kYes, kIfSplit };

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
  // that splits too (before its parts' forms); `split_search_first`: by
  // cgt/sum_search.h first (Clobber: filled boards of 16 to 24 stones have
  // forms past the budget, while the search soon reaches small parts), or
  // only for a position that splits.
  absl::StatusOr<cgt::BasicGame> Game(cgt::GameArena& arena,
                                      absl::StatusOr<Positioned<G>> position, bool impartial,
                                      std::string printed,
                                      std::function<std::string(std::string)> move_text = nullptr,
                                      bool search_first = false, bool search_splits = false,
                                      SplitFirst split_search_first = SplitFirst::kNo) {
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
      game.solve_alone = [this, b, s, spec = position->spec, search_splits, split_search_first,
                          &arena](bool left) {
        return SolveAlone(arena, *b, spec, s, left, search_splits, split_search_first);
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
  static constexpr uint64_t kSplitSearchNodes = 1000000;
  static constexpr uint64_t kSearchTableBytes = uint64_t{16} << 20;
  static constexpr size_t kMaxTables = 4;

  // Whether the player moving first (left: BLACK) wins s, by alpha-beta with
  // a transposition table (solvers/tt.h) kept per variant, within
  // kSearchNodes; nullopt when the search does not finish (its table is
  // then dropped) or, unless `even_if_split`, when s splits (a sum: its parts'
  // forms are then the better route).
  std::optional<bool> SolveAlone(cgt::GameArena& arena, FormBuilder<G>& b, const std::string& spec,
                                 const typename G::State& s, bool left, bool even_if_split,
                                 SplitFirst split_first) {
    const G& g = b.game();
    bool split_search_first = split_first == SplitFirst::kYes;
    if constexpr (Decomposable<G>) {
      if (split_first == SplitFirst::kIfSplit) {
        std::vector<typename G::State> parts;
        g.Components(s, parts);
        split_search_first = parts.size() > 1;
      }
    }
    // `split_search_first`: the search that splits as it goes first
    // (cgt/sum_search.h), split or not (kYes) or split (kIfSplit); else
    // alpha-beta first, then (for a
    // position that does not split) that search, then the forms.
    if (split_search_first) {
      if (auto won = SplitSearch(arena, b, spec, s, left)) return won;
    }
    if constexpr (Decomposable<G>) {
      std::vector<typename G::State> parts;
      if (!even_if_split) g.Components(s, parts);
      if (parts.size() > 1) return std::nullopt;
    }
    // At most kMaxTables tables (of kSearchTableBytes each) at a time.
    if (!tables_.contains(spec) && tables_.size() >= kMaxTables) tables_.clear();
    auto& table = tables_[spec];
    if (!table) table = std::make_unique<typename TtSolver::Table<G>>(search_table_bytes_);
    const std::optional<bool> quick = AlphaBeta(g, s, left, search_nodes_, *table);
    if (!quick) {
      table.reset();
      if (!split_search_first) {
        // The split search may find the arena full (forms and memos of the
        // block's earlier commands): alpha-beta needs none of it, so it is
        // tried before the refusal is passed on.
        try {
          if (auto won = SplitSearch(arena, b, spec, s, left)) return won;
        } catch (const cgt::CgtRefusal&) {
          if (auto won = DeepSearch(g, s, left)) return won;
          throw;
        }
        return DeepSearch(g, s, left);
      }
      return std::nullopt;
    }
    return quick;
  }

  // Alpha-beta on one thread within `nodes` (nullopt: past them): whether
  // the player to move (Left if `left`) wins.
  std::optional<bool> AlphaBeta(const G& g, const typename G::State& s, bool left, uint64_t nodes,
                                typename TtSolver::Table<G>& table) {
    SolveOptions options;
    options.node_limit = nodes;
    options.best_moves = false;
    options.threads = 1;
    const SolveReport report =
        TtSolver::SolveWithTable(g, g.WithMover(s, left ? kLeft : kRight), options, table);
    if (!report.complete) return std::nullopt;
    return report.value == kWinScore;
  }

  // Alpha-beta again, within deep_nodes_ (0: not at all), after the quick
  // searches failed and before the forms: for a board whose forms are past
  // the budget while alpha-beta, given the nodes, finishes (Cannibal
  // Clobber 3x7 checkerboard, W to move: 36M nodes, while its forms stop
  // at 256 MiB). Positions the quick searches settle never get here.
  std::optional<bool> DeepSearch(const G& g, const typename G::State& s, bool left) {
    if (deep_nodes_ == 0) return std::nullopt;
    typename TtSolver::Table<G> table(deep_table_bytes_);
    return AlphaBeta(g, s, left, deep_nodes_, table);
  }

  // cgt/sum_search.h's search, one per variant (nullopt: not Decomposable,
  // or past kSplitSearchNodes).
  std::optional<bool> SplitSearch(cgt::GameArena& arena, FormBuilder<G>& b, const std::string& spec,
                                  const typename G::State& s, bool left) {
    if constexpr (Decomposable<G>) {
      auto& search = searches_[spec];
      if (!search || search->arena() != &arena) search = std::make_unique<cgt::SumSearch<G>>(b, arena);
      return search->Wins(s, left, kSplitSearchNodes);
    }
    return std::nullopt;
  }

  uint64_t search_nodes_ = kSearchNodes, search_table_bytes_ = kSearchTableBytes;
  uint64_t deep_nodes_ = 0, deep_table_bytes_ = 0;
  absl::flat_hash_map<std::string, std::unique_ptr<FormBuilder<G>>> builders_;
  absl::flat_hash_map<std::string, std::unique_ptr<typename TtSolver::Table<G>>> tables_;
  template <typename H>
  struct SearchOf {
    using type = int;
  };
  template <Decomposable H>
  struct SearchOf<H> {
    using type = cgt::SumSearch<H>;
  };
  absl::flat_hash_map<std::string, std::unique_ptr<typename SearchOf<G>::type>> searches_;

 public:
  // SolveAlone's node limit and table size (kSearchNodes and
  // kSearchTableBytes unless set).
  void SetSearch(uint64_t nodes, uint64_t table_bytes) {
    search_nodes_ = nodes;
    search_table_bytes_ = table_bytes;
  }

  // DeepSearch's node limit and table size (off unless set).
  void SetDeepSearch(uint64_t nodes, uint64_t table_bytes) {
    deep_nodes_ = nodes;
    deep_table_bytes_ = table_bytes;
  }

  // Every variant's memos emptied (the arena was replaced: their ids and
  // their charge were the old arena's).
  void Forget() {
    for (auto& [spec, builder] : builders_) builder->Forget();
    searches_.clear();
  }
};

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
    // MCGS's moves (cgt/mcgs_kayles.h), to rows shorter than n: values_
    // holds them when the options are asked for.
    game.options = cgt::KaylesOptions(n, [this](int64_t k) { return values_[static_cast<size_t>(k)]; });
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

  // Sheep's B/W by alpha-beta alone, split or not, to the end: its forms
  // are past the budget on the corpus's 5x5 to 8x7 boards of two big herds
  // (517 forms interned at 256 MiB), while tt (with games/sheep's move
  // order) settles its hardest position in 38M nodes. Its table is 4 MiB:
  // the searches are bound by the table's misses to memory, and on six of
  // the hardest positions 4 MiB took 24% less time than 16 MiB for 15%
  // more nodes (solve --tt-size).
  CatalogBuilders() {
    sheep.SetSearch(kSheepSearchNodes, kSheepTableBytes);
    cannibal_clobber.SetDeepSearch(kCannibalDeepNodes, kCannibalDeepTableBytes);
  }
  static constexpr uint64_t kSheepSearchNodes = uint64_t{1} << 27, kSheepTableBytes = uint64_t{4} << 20;
  // Cannibal Clobber's grids past the quick searches: alpha-beta to 2^27
  // nodes (the 3x7 checkerboard with W to move takes 36M with a 64 MiB
  // table, 6.9 s of CPU under load) rather than forms past the budget.
  static constexpr uint64_t kCannibalDeepNodes = uint64_t{1} << 27,
                            kCannibalDeepTableBytes = uint64_t{64} << 20;

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
                                        DomineeringMove, /*search_first=*/true, /*search_splits=*/false,
                                        /*split_search_first=*/SplitFirst::kYes);
    if (section == "clobber" || section == "clobber_1xn")
      return builders->clobber.Game(arena, ClobberPosition(section, text), impartial, printed,
                                    section == "clobber" && one_row_grid ? GridCells : nullptr,
                                    /*search_first=*/true, /*search_splits=*/false,
                                    /*split_search_first=*/SplitFirst::kYes);
    if (section == "nogo" || section == "nogo_1xn")
      return builders->nogo.Game(arena, NoGoPosition(section, text), impartial, printed,
                                 section == "nogo" && one_row_grid ? GridCells : nullptr,
                                 /*search_first=*/true, /*search_splits=*/true,
                                 /*split_search_first=*/section == "nogo_1xn" ? SplitFirst::kIfSplit : SplitFirst::kNo);
    if (section == "elephants")
      return builders->elephants.Game(arena, ElephantsPosition(text), impartial, printed);
    if (section == "toppling_dominoes")
      return builders->toppling_dominoes.Game(arena, TopplingDominoesPosition(text), impartial, printed);
    if (section == "gen_toads")
      return builders->gen_toads.Game(arena, GenToadsPosition(text), impartial, printed, nullptr,
                                      /*search_first=*/true);
    if (section == "kayles") return builders->kayles.Game(arena, text);
    if (section == "cannibal_clobber")
      // On one row every move splits the row: the search that splits first.
      return builders->cannibal_clobber.Game(arena, CannibalClobberPosition(text), impartial, printed,
                                             one_row_grid ? GridCells : nullptr, /*search_first=*/true,
                                             /*search_splits=*/false,
                                             one_row_grid ? SplitFirst::kYes : SplitFirst::kNo);
    if (section == "fission")
      return builders->fission.Game(arena, FissionPosition(text), impartial, printed, nullptr,
                                    /*search_first=*/true);
    if (section == "amazons")
      return builders->amazons.Game(arena, AmazonsPosition(text), impartial, printed, nullptr,
                                    /*search_first=*/true);
    if (section == "gen_king_dirt")
      return builders->gen_king_dirt.Game(arena, GenKingDirtPosition(text), impartial, printed,
                                          nullptr, /*search_first=*/true);
    if (section == "sheep")
      return builders->sheep.Game(arena, SheepPosition(text), impartial, printed, nullptr,
                                  /*search_first=*/true, /*search_splits=*/true);
    return absl::NotFoundError(absl::StrCat("no game [", section, "]"));
  };
}

}  // namespace gamebench
