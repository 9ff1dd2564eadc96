// gamebench query FILE [--position POS] [--json]
// Answers a position's value, remoteness and best moves from a saved table,
// without solving.

#include <cstdio>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "tool/args.h"
#include "tool/commands.h"
#include "tool/table_file.h"

namespace gamebench {

const CommandLineSpec kQueryCommandLine = {"FILE", {{"position", "POS"}, {"json"}}};

absl::Status RunQuery(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, kQueryCommandLine);
  if (!args.ok()) return args.status();
  if (auto st = args->ExpectPositional(1, "table FILE"); !st.ok()) return st;
  Json out = Json::MakeObject();
  absl::Status status = WithTableFile(
      args->positional()[0],
      [&]<typename G>(const G& game, const RetrogradeTable& table) -> absl::Status {
        typename G::State s = game.Start();
        if (auto pos = args->Get("position")) {
          auto parsed = game.ParseState(*pos);
          if (!parsed.ok()) return parsed.status();
          s = *parsed;
        }
        const uint64_t i = game.Index(s);
        if (i >= table.index_size() || !(game.Unindex(i) == s) ||
            retro::TagOf(table.entries[i]) == retro::kUnreached)
          return absl::InvalidArgumentError(
              absl::StrCat("position ", game.FormatState(s), " is not reachable from the start of ",
                           table.game, ", so the table does not hold it"));
        const uint16_t e = table.entries[i];
        const Score value = RetrogradeSolver::ValueOf(e);
        out.Set("game", table.game);
        out.Set("position", game.FormatState(s));
        out.Set("value", ScoreText(value, false));
        if (s == game.Start())
          out.Set("winner", value > 0 ? "first" : (value < 0 ? "second" : "draw"));
        out.Set("remoteness", value == kDrawScore ? Json(nullptr) : Json(retro::LowOf(e)));
        Json moves = Json::MakeArray();
        for (const auto& m : RetrogradeSolver::BestMoves(game, table, s)) moves.Push(m);
        out.Set("best_moves", std::move(moves));
        out.Set("terminal", game.Terminal(s).has_value());
        return absl::OkStatus();
      });
  if (!status.ok()) return status;
  if (args->Has("json")) {
    std::printf("%s\n", out.Dump().c_str());
    return absl::OkStatus();
  }
  std::printf("game:       %s\n", out.Find("game")->as_string().c_str());
  std::printf("position:   %s\n", out.Find("position")->as_string().c_str());
  std::printf("value:      %s (for the player to move)\n", out.Find("value")->as_string().c_str());
  if (const Json* w = out.Find("winner")) std::printf("winner:     %s\n", w->as_string().c_str());
  if (!out.Find("remoteness")->is_null())
    std::printf("remoteness: %ld plies\n", static_cast<long>(out.Find("remoteness")->as_int()));
  std::vector<std::string> moves;
  for (const Json& m : out.Find("best_moves")->as_array()) moves.push_back(m.as_string());
  std::printf("best moves: %s\n", absl::StrJoin(moves, " ").c_str());
  return absl::OkStatus();
}

}  // namespace gamebench
