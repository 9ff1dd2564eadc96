// `query` and `verify`: a saved table file, or a tier directory (`analyze
// --tiers DIR`, gamebench-mpi's shards of any number of ranks), read back
// through the game it names (tool/game_files.h).

#include <cstdio>
#include <filesystem>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "tool/game_files.h"
#include "tool/operations.h"

namespace gamebench {

Json TableAnswerJson(const TableAnswer& answer) {
  Json out = Json::MakeObject();
  out.Set("game", answer.game);
  out.Set("position", answer.position);
  out.Set("value", ScoreText(answer.value, false));
  if (answer.is_start) out.Set("winner", WinnerText(answer.value));
  out.Set("remoteness", answer.remoteness ? Json(*answer.remoteness) : Json(nullptr));
  Json moves = Json::MakeArray();
  for (const std::string& m : answer.best_moves) moves.Push(m);
  out.Set("best_moves", std::move(moves));
  out.Set("terminal", answer.terminal);
  if (answer.tier) out.Set("tier", *answer.tier);
  return out;
}

absl::StatusOr<Json> QueryCommand(const std::string& path,
                                  const std::optional<std::string>& position) {
  // The position asked for (the start by default) of the game opened.
  auto position_of = [&](const GameHandle& game) -> absl::StatusOr<std::string> {
    if (position) return game.Parse(*position);
    return game.Start();
  };
  absl::StatusOr<TableAnswer> answer;
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
  return TableAnswerJson(*answer);
}

void PrintQuery(const Json& out, bool json) {
  if (json) {
    std::printf("%s\n", out.Dump().c_str());
    return;
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
}

absl::StatusOr<Json> VerifyCommand(const std::string& path, int threads) {
  Stopwatch watch;
  Json out = Json::MakeObject();
  if (std::filesystem::is_directory(path)) {
    auto game = OpenTierDirectory(path);
    if (!game.ok()) return game.status();
    auto checked = (*game)->TieredVerify(path);
    if (!checked.ok()) return checked.status();
    out.Set("dir", path);
    out.Set("game", checked->game);
    out.Set("ok", true);
    out.Set("positions", checked->positions);
    out.Set("wins", checked->wins);
    out.Set("losses", checked->losses);
    out.Set("draws", checked->draws);
    out.Set("ranks", checked->ranks);
    out.Set("checksum", absl::StrFormat("%016x", checked->checksum));
    out.Set("file", path);
  } else {
    auto opened = OpenTableFile(path);
    if (!opened.ok()) return opened.status();
    const RetrogradeTable& table = opened->table;
    if (auto st = opened->game->Verify(table, threads); !st.ok())
      return absl::InvalidArgumentError(
          absl::StrCat("table file '", path, "' fails verification: ", st.message()));
    out.Set("file", path);
    out.Set("game", table.game);
    out.Set("ok", true);
    out.Set("positions", table.positions);
    out.Set("wins", table.wins);
    out.Set("losses", table.losses);
    out.Set("draws", table.draws);
  }
  out.Set("seconds", watch.Seconds());
  return out;
}

void PrintVerify(const Json& out, bool json) {
  if (json) {
    std::printf("%s\n", out.Dump().c_str());
    return;
  }
  std::printf("ok: %s: %ld positions of %s verified (%.3f s)\n",
              out.Find("file")->as_string().c_str(),
              static_cast<long>(out.Find("positions")->as_int()),
              out.Find("game")->as_string().c_str(), out.Find("seconds")->as_double());
}

}  // namespace gamebench
