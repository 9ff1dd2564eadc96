// The search signature: node counts (and values) of fixed searches, recorded
// in tests/signature.txt. Any change of search behaviour (move order, pruning,
// table policy, move generation) changes a count and fails this test, so that
// it is seen in review. Updating the signature is a deliberate edit:
//
//   GAMEBENCH_UPDATE_SIGNATURE=1 build/signature_test
//
// rewrites tests/signature.txt in the source tree with the counts of this
// build (comments and entry order kept) and says what changed; review the
// change with `git diff tests/signature.txt` and commit it with the change
// that caused it.
//
// Entries whose game or solver is not in this build are skipped (a branch may
// list games another branch adds). An entry whose counts are `?` is not
// recorded yet: the update fills it in. Options: `-` for the tool's defaults,
// or space-separated tt-size=SIZE, no-symmetry, no-ordering, no-best-moves.

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/memory.h"
#include "core/spec.h"
#include "gtest/gtest.h"
#include "core/type_list.h"
#include "tool/solver_catalog.h"
#include "tool/game_registry.h"

namespace gamebench {
namespace {

std::string SignaturePath() { return std::string(GAMEBENCH_SOURCE_DIR) + "/tests/signature.txt"; }

struct Entry {
  int line_index = 0;  // into the file's lines
  std::string spec, position, solver, options, value, nodes;
};

enum class Outcome { kSolved, kGameMissing, kSolverMissing, kError };

struct Result {
  Outcome outcome = Outcome::kError;
  std::string error, value, nodes;
};

absl::StatusOr<SolveOptions> ParseOptions(const std::string& text) {
  SolveOptions o;
  o.memory_bytes = 1ull << 30;  // fixed, so counts do not depend on the machine
  o.threads = 1;
  o.progress = false;
  if (text == "-" || text.empty()) return o;
  for (absl::string_view word : absl::StrSplit(text, ' ', absl::SkipEmpty())) {
    if (word == "no-symmetry") {
      o.symmetry = false;
    } else if (word == "no-ordering") {
      o.move_ordering = false;
    } else if (word == "no-best-moves") {
      o.best_moves = false;
    } else if (absl::ConsumePrefix(&word, "tt-size=")) {
      auto bytes = ParseByteSize(word);
      if (!bytes.ok()) return bytes.status();
      o.tt_bytes = *bytes;
    } else {
      return absl::InvalidArgumentError(absl::StrCat("unknown option '", word, "'"));
    }
  }
  return o;
}

// Whether the solver catalog has a solver of that name (its names only: no
// solver is instantiated here).
bool IsCatalogSolver(const std::string& name) {
  bool found = false;
  ForEachType(SolverCatalog{}, [&]<typename S>() {
    found = found || name == S::kName;
    return found;
  });
  return found;
}

// Through the tool's game registry (tool/game_registry.h), as `gamebench
// solve` does: the counts are those of the solvers the tool ships, and this
// test compiles no game and no solver of its own.
Result RunEntry(const Entry& e) {
  Result r;
  auto spec = ParseSpec(e.spec);
  if (!spec.ok()) {
    r.error = std::string(spec.status().message());
    return r;
  }
  if (!FindGame(spec->name).ok()) {
    r.outcome = Outcome::kGameMissing;
    return r;
  }
  if (!IsCatalogSolver(e.solver)) {
    r.outcome = Outcome::kSolverMissing;
    return r;
  }
  auto options = ParseOptions(e.options);
  if (!options.ok()) {
    r.error = std::string(options.status().message());
    return r;
  }
  auto game = MakeGame(*spec);
  if (!game.ok()) {
    r.error = std::string(game.status().message());
    return r;
  }
  std::string state = (*game)->Start();
  if (e.position != "-") {
    auto parsed = (*game)->Parse(e.position);
    if (!parsed.ok()) {
      r.error = std::string(parsed.status().message());
      return r;
    }
    state = *parsed;
  }
  auto report = (*game)->Solve(state, e.solver, *options);
  if (!report.ok()) {
    r.error = std::string(report.status().message());
    return r;
  }
  if (!report->complete) {
    r.error = "search did not complete";
    return r;
  }
  r.value = ScoreText(report->value, report->scored);
  r.nodes = absl::StrCat(report->nodes);
  r.outcome = Outcome::kSolved;
  return r;
}

std::vector<std::string> ReadLines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

std::vector<Entry> ParseEntries(const std::vector<std::string>& lines) {
  std::vector<Entry> entries;
  for (int i = 0; i < static_cast<int>(lines.size()); ++i) {
    const std::string& line = lines[i];
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cells = absl::StrSplit(line, '\t');
    EXPECT_EQ(cells.size(), 6u) << "signature.txt line " << i + 1
                                << ": expected 6 tab-separated columns: " << line;
    if (cells.size() != 6) continue;
    entries.push_back({i, cells[0], cells[1], cells[2], cells[3], cells[4], cells[5]});
  }
  return entries;
}

TEST(SignatureTest, NodeCountsOfFixedSearchesAreUnchanged) {
  std::vector<std::string> lines = ReadLines(SignaturePath());
  ASSERT_FALSE(lines.empty()) << "cannot read " << SignaturePath();
  std::vector<Entry> entries = ParseEntries(lines);
  ASSERT_FALSE(entries.empty());
  const char* update_env = std::getenv("GAMEBENCH_UPDATE_SIGNATURE");
  const bool update = update_env && std::string(update_env) == "1";

  int checked = 0, skipped = 0, changed = 0;
  std::set<std::string> games_with_entries;
  for (const Entry& e : entries) {
    SCOPED_TRACE(absl::StrCat("signature.txt line ", e.line_index + 1, ": ", e.spec, " ",
                              e.position, " ", e.solver, " [", e.options, "]"));
    Result r = RunEntry(e);
    if (r.outcome == Outcome::kGameMissing || r.outcome == Outcome::kSolverMissing) {
      ++skipped;  // listed for a game or solver that this build does not have
      continue;
    }
    games_with_entries.insert(e.spec.substr(0, e.spec.find('(')));
    ASSERT_EQ(r.outcome, Outcome::kSolved) << r.error;
    if (update) {
      if (r.value != e.value || r.nodes != e.nodes) {
        std::cerr << "signature: line " << e.line_index + 1 << ": " << e.spec << " " << e.position
                  << " " << e.solver << " [" << e.options << "]: " << e.value << " " << e.nodes
                  << " -> " << r.value << " " << r.nodes << "\n";
        lines[e.line_index] =
            absl::StrJoin({e.spec, e.position, e.solver, e.options, r.value, r.nodes}, "\t");
        ++changed;
      }
      continue;
    }
    if (e.nodes == "?" || e.value == "?") {
      std::cerr << "signature: line " << e.line_index + 1
                << " not recorded yet (run with GAMEBENCH_UPDATE_SIGNATURE=1)\n";
      ++skipped;
      continue;
    }
    EXPECT_EQ(r.value, e.value);
    EXPECT_EQ(r.nodes, e.nodes) << "the search visits a different number of nodes: if that is "
                                   "intended, update the signature (see signature_test.cc)";
    ++checked;
  }
  // Games in the catalog that the signature does not cover yet: a hint, not
  // a failure, so adding a game does not break this test.
  for (const GameEntry* game : GameRegistry()) {
    if (!games_with_entries.count(std::string(game->name)))
      std::cerr << "signature: no entries for game '" << game->name
                << "' yet; add some to tests/signature.txt\n";
  }
  if (update) {
    std::ofstream out(SignaturePath(), std::ios::trunc);
    ASSERT_TRUE(out) << "cannot write " << SignaturePath();
    out << absl::StrJoin(lines, "\n") << "\n";
    std::cerr << "signature: " << changed
              << " entries changed; review `git diff tests/signature.txt`\n";
  } else {
    std::cerr << "signature: " << checked << " entries checked, " << skipped
              << " skipped (game or solver not in this build, or not recorded)\n";
    EXPECT_GT(checked, 0);
  }
}

}  // namespace
}  // namespace gamebench
