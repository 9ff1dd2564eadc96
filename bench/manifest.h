#ifndef GAMEBENCH_BENCH_MANIFEST_H_
#define GAMEBENCH_BENCH_MANIFEST_H_

// Reading the committed manifests under bench/ (tab-separated, '#' comments,
// a header row naming the columns), and running one solver on one position by
// name, for the Google Benchmark binaries. The solve goes through the tool's
// game registry (tool/game_registry.h, the library gamebench_tool): the same
// per-game code as `gamebench solve`, compiled once for the tool and every
// benchmark instead of every solver for every game in each benchmark.

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "core/memory.h"
#include "core/solve.h"
#include "core/spec.h"
#include "tool/solver_catalog.h"
#include "tool/game_registry.h"

namespace gamebench::bench {

// The source tree: $GAMEBENCH_SOURCE_DIR, else the directory CMake built from,
// else the current directory.
inline std::string SourceDir() {
  if (const char* env = std::getenv("GAMEBENCH_SOURCE_DIR"); env && *env) return env;
#ifdef GAMEBENCH_SOURCE_DIR
  return GAMEBENCH_SOURCE_DIR;
#else
  return ".";
#endif
}

// One row of a manifest, by column name; missing trailing columns read as "".
using Row = std::map<std::string, std::string>;

// Reads `path`; an unreadable file gives no rows (and a line on stderr).
inline std::vector<Row> ReadManifest(const std::string& path) {
  std::vector<Row> rows;
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "bench: cannot read %s\n", path.c_str());
    return rows;
  }
  std::vector<std::string> header;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cells = absl::StrSplit(line, '\t');
    if (header.empty()) {
      header = cells;
      continue;
    }
    Row row;
    for (size_t i = 0; i < header.size(); ++i)
      row[header[i]] = i < cells.size() ? std::string(absl::StripAsciiWhitespace(cells[i])) : "";
    rows.push_back(std::move(row));
  }
  return rows;
}

// Solves `position` ("-" or "": the start) of the game `spec_text` with the
// solver `solver`, as `gamebench solve` does. nullopt when the game or solver
// is not in this build, the solver does not apply or refuses (its Precheck),
// or the spec or position is bad.
inline std::optional<SolveReport> SolveByName(const std::string& spec_text,
                                              const std::string& position,
                                              const std::string& solver,
                                              const SolveOptions& options) {
  auto spec = ParseSpec(spec_text);
  if (!spec.ok()) return std::nullopt;
  auto game = MakeGame(*spec);
  if (!game.ok()) return std::nullopt;
  std::string state = (*game)->Start();
  if (!position.empty() && position != "-") {
    auto parsed = (*game)->Parse(position);
    if (!parsed.ok()) return std::nullopt;
    state = *std::move(parsed);
  }
  auto report = (*game)->Solve(state, solver, options);
  if (!report.ok()) return std::nullopt;
  return *std::move(report);
}

// The names of the solvers in the catalog that apply to the game `spec_text`.
inline std::vector<std::string> ApplicableSolvers(const std::string& spec_text) {
  std::vector<std::string> names;
  auto spec = ParseSpec(spec_text);
  if (!spec.ok()) return names;
  auto entry = FindGame(spec->name);
  if (!entry.ok() || !(*entry)->make(*spec).ok()) return names;
  ForEachType(SolverCatalog{}, [&]<typename S>() {
    if ((*entry)->solver_applies(S::kName)) names.emplace_back(S::kName);
    return false;
  });
  return names;
}

// Options for benchmark solves: the tool's defaults, no progress lines.
inline SolveOptions BenchOptions() {
  SolveOptions o;
  o.memory_bytes = DefaultMemoryBudget();
  o.tt_bytes = std::min<uint64_t>(o.tt_bytes, o.memory_bytes);
  o.threads = 1;
  o.progress = false;
  return o;
}

}  // namespace gamebench::bench

#endif  // GAMEBENCH_BENCH_MANIFEST_H_
