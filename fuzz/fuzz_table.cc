// libFuzzer target: the retrograde table reader, as `query` and `verify`
// open a file (tool/table_file.h: ReadTableFile, then the game named by the
// spec in the header must match the table, CheckTableMatches), and, for a table that is
// accepted, the local re-check and a query of the start position.
// Property: no crash, no out-of-bounds access; damaged input is a status.
// The bytes go through a file (the reader reads files), one per process, in
// TMPDIR (scripts/fuzz.sh points it at its work folder), removed at exit.

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "tool/dispatch.h"
#include "tool/table_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gamebench;
  struct InputFile {
    std::string path;
    ~InputFile() { std::remove(path.c_str()); }
  };
  static const InputFile file{std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") +
                              "/gamebench_fuzz_table." + std::to_string(getpid())};
  const std::string& path = file.path;
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return 0;
  if (size > 0) std::fwrite(data, 1, size, f);
  std::fclose(f);
  auto read = ReadTableFile(path);
  if (!read.ok()) return 0;
  const RetrogradeTable& table = read->first;
  (void)WithGame(read->second, [&]<typename G>(const G& game) {
    if (!CheckTableMatches(game, table, path).ok()) return absl::OkStatus();
    if constexpr (RetrogradeSolver::kAppliesTo<G>) {
      // Small tables only: the fuzzer's inputs are at most a few KiB anyway.
      if (table.index_size() > (1u << 16)) return absl::OkStatus();
      (void)RetrogradeSolver::Verify(game, table, 1);
      (void)RetrogradeSolver::BestMoves(game, table, game.Start());
    }
    return absl::OkStatus();
  });
  return 0;
}
