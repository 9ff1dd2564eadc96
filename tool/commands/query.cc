// gamebench query FILE [--position POS] [--json]
// Answers a position's value, remoteness and best moves from a saved table,
// without solving. FILE may also be a tier directory (`analyze --tiers DIR`,
// or gamebench-mpi's shards of any number of ranks).

#include <cstdio>

#include "absl/strings/str_join.h"
#include "tool/args.h"
#include "tool/commands.h"
#include "tool/operations.h"
#include "tool/table_file.h"
#include "tool/tiered_analyze.h"
#include <filesystem>

namespace gamebench {

const CommandLineSpec kQueryCommandLine = {"FILE", {{"position", "POS"}, {"json"}}};

absl::Status RunQuery(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, kQueryCommandLine);
  if (!args.ok()) return args.status();
  if (auto st = args->ExpectPositional(1, "table FILE"); !st.ok()) return st;
  Json out = Json::MakeObject();
  const std::string path = args->positional()[0];
  auto position_of = [&]<typename G>(const G& game) -> absl::StatusOr<typename G::State> {
    if (auto pos = args->Get("position")) return game.ParseState(*pos);
    return game.Start();
  };
  absl::Status status =
      std::filesystem::is_directory(path)
          ? WithTierDirectory(path, [&]<typename G>(const G& game) -> absl::Status {
              auto s = position_of(game);
              if (!s.ok()) return s.status();
              auto answer = TieredQueryJson(game, path, *s);
              if (!answer.ok()) return answer.status();
              out = *std::move(answer);
              return absl::OkStatus();
            })
          : WithTableFile(
      args->positional()[0],
      [&]<typename G>(const G& game, const RetrogradeTable& table) -> absl::Status {
        typename G::State s = game.Start();
        if (auto pos = args->Get("position")) {
          auto parsed = game.ParseState(*pos);
          if (!parsed.ok()) return parsed.status();
          s = *parsed;
        }
        absl::StatusOr<Json> answer = QueryJson(game, table, s);
        if (!answer.ok()) return answer.status();
        out = *std::move(answer);
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
