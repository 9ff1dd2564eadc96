#include "cgt/mcgs_runner.h"

#include <optional>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "absl/time/clock.h"
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
};

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
                                                 const McgsGameSource& extra_games) {
  std::vector<McgsRow> rows;
  int case_number = 0;
  for (const McgsBlock& block : file.blocks) {
    // 1. The sum's games; the first section the engine does not know skips
    //    the block's commands.
    std::vector<Component> components;
    std::string skip_reason;
    std::vector<std::string> printed;
    try {
      for (const McgsGame& g : block.games) {
        absl::string_view section = g.section;
        const bool impartial = absl::ConsumePrefix(&section, kImpartialPrefix);
        absl::StatusOr<BasicGame> game = McgsBasicGame(arena, section, g.text);
        if (absl::IsNotFound(game.status()) && extra_games) game = extra_games(arena, section, g.text);
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
        const bool closure = impartial || IsImpartialBasic(section);
        std::string shown = impartial ? absl::StrCat("[impartial_game_wrapper of ", game->printed, "]")
                                      : game->printed;
        printed.push_back(shown);
        components.push_back({game->form, closure, std::move(shown)});
      }
    } catch (const CgtRefusal& refusal) {
      skip_reason = absl::StrCat("refused: ", refusal.what());
      arena = GameArena(arena.BudgetBytes());
    }
    const std::string games = absl::StrJoin(printed, " ");
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
          if (c.kind == McgsCommand::Kind::kSolve) {
            GameId sum = GameArena::kZero;
            for (const Component& comp : components) sum = arena.Sum(sum, PartizanValue(arena, comp));
            const bool win = c.player == 'B' ? arena.LeftWinsMovingFirst(sum)
                                             : arena.RightWinsMovingFirst(sum);
            result = win ? "Win" : "Loss";
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
            why = "winning moves not implemented";
          } else {
            GameId sum = GameArena::kZero;
            for (const Component& comp : components) sum = arena.Sum(sum, PartizanValue(arena, comp));
            ThermographCache thermographs(arena);
            result = McgsThermographString(thermographs.Of(sum));
          }
        } catch (const CgtRefusal& refusal) {
          // The arena starts afresh: the block's games were in the old one.
          why = absl::StrCat("refused: ", refusal.what());
          skip_reason = why;
          arena = GameArena(arena.BudgetBytes());
        }
      }
      row.time_ms = absl::ToDoubleMilliseconds(absl::Now() - start);
      if (!result) {
        row.status = "SKIPPED";
        row.result = absl::StrCat("skipped: ", why);
      } else {
        row.result = *result;
        row.status = !c.expected ? "COMPLETED" : (*c.expected == *result ? "PASS" : "FAIL");
      }
      rows.push_back(std::move(row));
    }
  }
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
