// gamebench verify FILE [--threads N] [--json]
// Re-checks a saved table: the checksum, that it matches its game, and every
// position locally against its moves (which, with the terminal values,
// proves every value and remoteness in it). FILE may also be a tier
// directory (`analyze --tiers DIR`, gamebench-mpi's shards of any number of
// ranks): every tier is checked the same way, and the merged checksum printed.

#include <cstdio>
#include <filesystem>
#include <thread>

#include "absl/strings/str_cat.h"
#include "core/solve.h"
#include "tool/args.h"
#include "tool/commands.h"
#include "tool/game_files.h"

namespace gamebench {

const CommandLineSpec kVerifyCommandLine = {"FILE", {{"threads", "N"}, {"json"}}};

absl::Status RunVerify(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, kVerifyCommandLine);
  if (!args.ok()) return args.status();
  if (auto st = args->ExpectPositional(1, "table FILE"); !st.ok()) return st;
  auto threads = args->GetInt("threads", 0, 0, 1024);
  if (!threads.ok()) return threads.status();
  const std::string path = args->positional()[0];
  Stopwatch watch;
  Json out = Json::MakeObject();
  if (std::filesystem::is_directory(path)) {
    auto game = OpenTierDirectory(path);
    if (!game.ok()) return game.status();
    auto verified = (*game)->TieredVerify(path);
    if (!verified.ok()) return verified.status();
    out = *std::move(verified);
    out.Set("file", path);
  } else {
    auto opened = OpenTableFile(path);
    if (!opened.ok()) return opened.status();
    const RetrogradeTable& table = opened->table;
    if (auto st = opened->game->Verify(table, static_cast<int>(*threads)); !st.ok())
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
  if (args->Has("json")) {
    std::printf("%s\n", out.Dump().c_str());
  } else {
    std::printf("ok: %s: %ld positions of %s verified (%.3f s)\n", path.c_str(),
                static_cast<long>(out.Find("positions")->as_int()),
                out.Find("game")->as_string().c_str(), out.Find("seconds")->as_double());
  }
  return absl::OkStatus();
}

}  // namespace gamebench
