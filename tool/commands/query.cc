// gamebench query FILE [--position POS] [--json]
// Answers a position's value, remoteness and best moves from a saved table,
// without solving. FILE may also be a tier directory (`analyze --tiers DIR`,
// or gamebench-mpi's shards of any number of ranks).

#include <cstdio>
#include <filesystem>

#include "absl/strings/str_join.h"
#include "tool/args.h"
#include "tool/commands.h"
#include "tool/game_files.h"

namespace gamebench {

const CommandLineSpec kQueryCommandLine = {"FILE", {{"position", "POS"}, {"json"}}};

absl::Status RunQuery(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, kQueryCommandLine);
  if (!args.ok()) return args.status();
  if (auto st = args->ExpectPositional(1, "table FILE"); !st.ok()) return st;
  const std::string path = args->positional()[0];
  // The position asked for (the start by default) of the game opened.
  auto position_of = [&](const GameHandle& game) -> absl::StatusOr<std::string> {
    if (auto pos = args->Get("position")) return game.Parse(*pos);
    return game.Start();
  };
  absl::StatusOr<Json> answer;
  if (std::filesystem::is_directory(path)) {
    auto game = OpenTierDirectory(path);
    if (!game.ok()) return game.status();
    auto s = position_of(**game);
    if (!s.ok()) return s.status();
    answer = (*game)->TieredQuery(path, *s);
  } else {
    auto opened = OpenTableFile(path);
    if (!opened.ok()) return opened.status();
    auto s = position_of(*opened->game);
    if (!s.ok()) return s.status();
    answer = opened->game->Query(opened->table, *s);
  }
  if (!answer.ok()) return answer.status();
  const Json& out = *answer;
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
