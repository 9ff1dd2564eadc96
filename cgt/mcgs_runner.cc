#include "cgt/mcgs_runner.h"

#include <algorithm>
#include <functional>
#include <iterator>
#include <optional>
#include <set>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "absl/time/clock.h"
#include "cgt/sum_outcome.h"
#include "cgt/thermograph.h"

namespace gamebench::cgt {
namespace {

constexpr absl::string_view kImpartialPrefix = "impartial ";
constexpr const char* kMissing = "N/A";

// One game of a sum: its form, whether it is an impartial closure, and its
// printed name.
struct Component {
  GameId form;
  bool impartial;
  std::string printed;
  std::function<std::vector<BasicGame::Option>(GameArena&, bool, bool)> options;
  std::function<GameId(GameArena&)> make_form;  // set while `form` is not built
  std::function<std::optional<bool>(bool)> solve_alone;
  std::function<std::vector<GameId>(GameArena&)> make_parts;
  std::optional<std::vector<GameId>> parts;  // make_parts' result, once made
};

// Builds the forms of the games that have them still to build.
void BuildForms(GameArena& arena, std::vector<Component>& games) {
  for (Component& g : games)
    if (g.make_form) {
      g.form = g.make_form(arena);
      g.make_form = nullptr;
    }
}

GameId PartizanValue(GameArena& arena, const Component& c);

// Appends the canonical forms whose sum is c's value in a partizan sum:
// the parts of a game that splits while its form is not built (their sum
// is not formed), else its value.
void AppendSumValues(GameArena& arena, Component& c, std::vector<GameId>& values) {
  if (!c.impartial && c.make_form && c.make_parts) {
    if (!c.parts) c.parts = c.make_parts(arena);
    values.insert(values.end(), c.parts->begin(), c.parts->end());
    return;
  }
  if (c.make_form) {
    c.form = c.make_form(arena);
    c.make_form = nullptr;
  }
  values.push_back(PartizanValue(arena, c));
}

const char* TypeName(McgsCommand::Kind kind) {
  switch (kind) {
    case McgsCommand::Kind::kSolve: return "Solve BW";
    case McgsCommand::Kind::kNimValue: return "Solve N";
    case McgsCommand::Kind::kWinningMoves: return "Winning Moves";
    case McgsCommand::Kind::kThermograph: return "Thermograph";
  }
  return "?";
}

// The value of a component in the partizan sum: an impartial closure is
// the nimber of its nim value.
GameId PartizanValue(GameArena& arena, const Component& c) {
  return c.impartial ? arena.Nimber(arena.NimValue(c.form)) : arena.Canonical(c.form);
}

bool IsImpartialBasic(absl::string_view section) { return section == "nimber"; }

// Sorted, without duplicates, "None" when empty: MCGS's form of a move list.
std::string MoveList(std::vector<std::string> moves) {
  std::sort(moves.begin(), moves.end());
  moves.erase(std::unique(moves.begin(), moves.end()), moves.end());
  return moves.empty() ? "None" : absl::StrJoin(moves, " ");
}

std::set<std::string> MoveSet(absl::string_view list) {
  std::set<std::string> moves;
  for (absl::string_view m : absl::StrSplit(list, ' ', absl::SkipEmpty()))
    if (m != "None") moves.insert(std::string(m));
  return moves;
}

// MCGS's diff of computed and expected moves: empty when they are the same
// set, else "Missing: ..." and "Extra: ...".
std::string MovesDiff(const std::string& computed, const std::string& expected) {
  const std::set<std::string> got = MoveSet(computed), want = MoveSet(expected);
  std::vector<std::string> missing, extra;
  std::set_difference(want.begin(), want.end(), got.begin(), got.end(), std::back_inserter(missing));
  std::set_difference(got.begin(), got.end(), want.begin(), want.end(), std::back_inserter(extra));
  std::string diff;
  if (!missing.empty()) diff = absl::StrCat("Missing: ", absl::StrJoin(missing, " "));
  if (!extra.empty()) absl::StrAppend(&diff, diff.empty() ? "" : " ", "Extra: ", absl::StrJoin(extra, " "));
  return diff;
}

// The winning moves of `player` ('B' Left, 'W' Right, 'N' the impartial
// sum) in the sum: a move in one game after which the opponent, moving
// first, loses (cgt/sum_outcome.h); for N the nim values' xor becomes 0. A
// move is named "i:MOVE" when the sum has two games or more. nullopt (and `why`) if a
// game does not give its moves.
std::optional<std::string> WinningMoves(GameArena& arena, SumOutcome& outcomes,
                                        const std::vector<Component>& games, char player,
                                        std::string& why) {
  for (const Component& g : games)
    if (!g.options) {
      why = absl::StrCat("winning moves not implemented for ", g.printed);
      return std::nullopt;
    }
  if (player == 'N') {
    for (const Component& g : games)
      if (!g.impartial) {
        why = absl::StrCat("winning moves N on a partizan game (", g.printed, ")");
        return std::nullopt;
      }
  }
  std::vector<GameId> values;
  for (const Component& g : games) values.push_back(PartizanValue(arena, g));
  std::vector<std::string> winning;
  for (size_t i = 0; i < games.size(); ++i) {
    int rest_nim = 0;
    if (player == 'N')
      for (size_t j = 0; j < games.size(); ++j)
        if (j != i) rest_nim ^= arena.NimValue(games[j].form);
    const std::string prefix = games.size() >= 2 ? absl::StrCat(i, ":") : "";
    for (const BasicGame::Option& o : games[i].options(arena, player != 'W', games[i].impartial)) {
      bool wins;
      if (player == 'N') {
        wins = (rest_nim ^ arena.NimValue(o.value)) == 0;
      } else {
        // The move wins if the opponent, moving first on what it leaves, loses.
        std::vector<GameId> after = values;
        after[i] = arena.Canonical(o.value);
        wins = !outcomes.Wins(player == 'W', std::move(after));
      }
      if (wins) winning.push_back(prefix + o.move);
    }
  }
  return MoveList(std::move(winning));
}

std::string Quote(absl::string_view field) {
  std::string out = "\"";
  for (char c : absl::StripAsciiWhitespace(field)) {
    if (c == '"') out += "''";
    else out.push_back(c);
  }
  out += "\"";
  return out;
}

}  // namespace

absl::StatusOr<std::vector<McgsRow>> RunMcgsFile(const McgsFile& file, absl::string_view name,
                                                 GameArena& arena,
                                                 const McgsGameSource& extra_games,
                                                 uint64_t* peak_bytes) {
  // Every replacement of the arena goes through here, so the peak counts
  // the arenas a file used up, not only the one it ends with.
  auto note_peak = [&] {
    if (peak_bytes) *peak_bytes = std::max(*peak_bytes, arena.MemoryBytes());
  };
  auto fresh_arena = [&] {
    note_peak();
    arena = GameArena(arena.BudgetBytes());
  };
  std::vector<McgsRow> rows;
  SumOutcome outcomes(arena);
  int case_number = 0;
  for (const McgsBlock& block : file.blocks) {
    // The arena (with the memos charged to it) only grows: past half its
    // budget a block starts in a fresh one, so that a block is refused for
    // what it needs, not for what the blocks before it left.
    if (arena.MemoryBytes() > arena.BudgetBytes() / 2) fresh_arena();
    // 1. The sum's games; the first section the engine does not know skips
    //    the block's commands.
    const absl::Time block_start = absl::Now();
    std::vector<Component> components;
    std::string skip_reason;
    std::vector<std::string> printed;
    try {
      for (const McgsGame& g : block.games) {
        absl::string_view section = g.section;
        const bool impartial = absl::ConsumePrefix(&section, kImpartialPrefix);
        absl::StatusOr<BasicGame> game = McgsBasicGame(arena, section, g.text);
        if (absl::IsNotFound(game.status()) && extra_games) game = extra_games(arena, section, g.text, impartial);
        if (absl::IsNotFound(game.status()) || absl::IsFailedPrecondition(game.status())) {
          if (skip_reason.empty())
            skip_reason = absl::IsNotFound(game.status())
                              ? absl::StrCat("game [", g.section, "] not implemented")
                              : std::string(game.status().message());
          printed.push_back(absl::StrCat(g.section, ":", g.text));
          continue;
        }
        if (!game.ok())
          return absl::InvalidArgumentError(absl::StrCat(name, ":", g.line, ": ", game.status().message()));
        const bool closure = impartial || IsImpartialBasic(section) || game->impartial;
        std::string shown = impartial ? absl::StrCat("[impartial_game_wrapper of ", game->printed, "]")
                                      : game->printed;
        printed.push_back(shown);
        components.push_back({game->form, closure, std::move(shown), game->options, game->make_form,
                              game->solve_alone, game->make_parts, std::nullopt});
      }
    } catch (const CgtRefusal& refusal) {
      skip_reason = absl::StrCat("refused: ", refusal.what());
      fresh_arena();
      // The games from the refused one on, as written, so the row names them.
      for (size_t k = printed.size(); k < block.games.size(); ++k)
        printed.push_back(absl::StrCat(block.games[k].section, ":", block.games[k].text));
    }
    const std::string games = absl::StrJoin(printed, " ");
    // The games' forms are built once for the block: their time counts in
    // the block's first command, as MCGS's time of a command includes it.
    double build_ms = absl::ToDoubleMilliseconds(absl::Now() - block_start);
    // 2. Each command on the sum.
    for (const McgsCommand& c : block.commands) {
      McgsRow row;
      row.file = std::string(name);
      row.case_number = case_number++;
      row.games = games;
      row.player = c.player == 'N' ? "IMP" : std::string(1, c.player);
      row.expected = c.expected.value_or(kMissing);
      row.comments = c.comments;
      row.type = TypeName(c.kind);
      const absl::Time start = absl::Now();
      std::optional<std::string> result;
      std::string why = skip_reason;
      if (why.empty()) {
        try {
          // The games' forms, unless a game alone is solved by its own search.
          if (c.kind != McgsCommand::Kind::kSolve) BuildForms(arena, components);
          if (c.kind == McgsCommand::Kind::kSolve) {
            // A game alone: by its own search if it has one that finishes.
            std::optional<bool> won;
            if (components.size() == 1 && components[0].solve_alone)
              won = components[0].solve_alone(c.player == 'B');
            if (!won) {
              std::vector<GameId> values;
              for (Component& comp : components) AppendSumValues(arena, comp, values);
              won = outcomes.Wins(c.player == 'B', std::move(values));
            }
            result = *won ? "Win" : "Loss";
          } else if (c.kind == McgsCommand::Kind::kNimValue) {
            int nim = 0;
            for (const Component& comp : components) {
              if (!comp.impartial) {
                why = absl::StrCat("N on a partizan game (", comp.printed, ")");
                break;
              }
              nim ^= arena.NimValue(comp.form);
            }
            if (why.empty()) result = absl::StrCat(nim);
          } else if (c.kind == McgsCommand::Kind::kWinningMoves) {
            result = WinningMoves(arena, outcomes, components, c.player, why);
            if (result && c.expected) {
              // MCGS's result on a match is "OK", else what is missing and extra.
              const std::string diff = MovesDiff(*result, *c.expected);
              const bool same = diff.empty();
              result = same ? "OK" : diff;
              const std::set<std::string> expected = MoveSet(*c.expected);
              row.expected = MoveList({expected.begin(), expected.end()});
              row.status = same ? "PASS" : "FAIL";
            }
          } else {
            // One game is its own value (Sum with 0 returns it: no sum formed).
            GameId sum = GameArena::kZero;
            for (const Component& comp : components) sum = arena.Sum(sum, PartizanValue(arena, comp));
            ThermographCache thermographs(arena);
            result = McgsThermographString(thermographs.Of(sum));
          }
        } catch (const CgtRefusal& refusal) {
          // The arena starts afresh: the block's games were in the old one.
          why = absl::StrCat("refused: ", refusal.what());
          skip_reason = why;
          fresh_arena();
        }
      }
      row.time_ms = absl::ToDoubleMilliseconds(absl::Now() - start) + build_ms;
      build_ms = 0;
      if (!result) {
        row.status = "SKIPPED";
        row.result = absl::StrCat("skipped: ", why);
      } else {
        row.result = *result;
        if (row.status.empty())
          row.status = !c.expected ? "COMPLETED" : (*c.expected == *result ? "PASS" : "FAIL");
      }
      rows.push_back(std::move(row));
    }
  }
  note_peak();
  return rows;
}

std::string McgsCsvHeader() {
  return "\"File\",\"Case\",\"Games\",\"Player\",\"Expected Result\",\"Result\",\"Time (ms)\","
         "\"Status\",\"Comments\",\"Type\",\"TT Hits\",\"TT Misses\",\"TT Hit Rate\",\"DB Hits\","
         "\"DB Misses\",\"DB Hit Rate\",\"Node Count\",\"Unique Node Count\",\"Max Depth\","
         "\"Initial Subgames\",\"Max Subgames\",\"Input hash\"";
}

std::string McgsCsvLine(const McgsRow& row) {
  std::vector<std::string> fields = {
      row.file, absl::StrCat(row.case_number), row.games, row.player, row.expected, row.result,
      absl::StrFormat("%.2f", row.time_ms), row.status, row.comments, row.type};
  for (int i = 0; i < 12; ++i) fields.push_back(kMissing);
  std::vector<std::string> quoted;
  for (const std::string& f : fields) quoted.push_back(Quote(f));
  return absl::StrJoin(quoted, ",");
}

}  // namespace gamebench::cgt
