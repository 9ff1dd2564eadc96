#ifndef GAMEBENCH_BENCH_MANIFEST_H_
#define GAMEBENCH_BENCH_MANIFEST_H_

// Reading the committed manifests under bench/ (tab-separated, '#' comments,
// a header row naming the columns), and running one solver on one position by
// name through the catalogs, for the Google Benchmark binaries.

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
#include "tool/dispatch.h"

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
// solver `solver`. nullopt when the game or solver is not in this build, the
// solver does not apply, or the spec or position is bad.
inline std::optional<SolveReport> SolveByName(const std::string& spec_text,
                                              const std::string& position,
                                              const std::string& solver,
                                              const SolveOptions& options) {
  auto spec = ParseSpec(spec_text);
  if (!spec.ok()) return std::nullopt;
  std::optional<SolveReport> report;
  absl::Status status = WithGame(*spec, [&]<typename G>(const G& game) -> absl::Status {
    typename G::State state = game.Start();
    if (!position.empty() && position != "-") {
      auto parsed = game.ParseState(position);
      if (!parsed.ok()) return parsed.status();
      state = *parsed;
    }
    return WithSolver(solver, [&]<typename S>() -> absl::Status {
      if constexpr (S::template kAppliesTo<G>) {
        report = S::Solve(game, state, options);
        return absl::OkStatus();
      } else {
        return absl::InvalidArgumentError("does not apply");
      }
    });
  });
  if (!status.ok()) return std::nullopt;
  return report;
}

// The names of the solvers in the catalog that apply to the game `spec_text`.
inline std::vector<std::string> ApplicableSolvers(const std::string& spec_text) {
  std::vector<std::string> names;
  auto spec = ParseSpec(spec_text);
  if (!spec.ok()) return names;
  (void)WithGame(*spec, [&]<typename G>(const G&) -> absl::Status {
    ForEachType(SolverCatalog{}, [&]<typename S>() {
      if (S::template kAppliesTo<G>) names.emplace_back(S::kName);
      return false;
    });
    return absl::OkStatus();
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
