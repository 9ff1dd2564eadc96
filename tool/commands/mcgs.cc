// `gamebench mcgs FILE.test|DIR`: MCGS's test files, unchanged
// (cgt/mcgs_file.h), run on the CGT engine (cgt/mcgs_runner.h), one CSV row
// per command with MCGS's columns, so that MCGS's own create-table.py can
// compare the two. Without --out the CSV goes to stdout and the summary to
// stderr; with --out FILE the summary (or --json) goes to stdout.

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "cgt/mcgs_file.h"
#include "cgt/mcgs_runner.h"
#include "core/json.h"
#include "core/memory.h"
#include "tool/cgt_games.h"
#include "tool/command_lines.h"
#include "tool/commands.h"

namespace gamebench {

absl::StatusOr<uint64_t> CgtBudget(const Args& args);  // tool/commands/cgt.cc

const CommandLineSpec kMcgsCommandLine = {
    "FILE.test|DIR", {{"out", "FILE"}, {"json"}, {"memory", "SIZE"}}};

namespace {

struct Tally {
  int commands = 0, pass = 0, fail = 0, completed = 0, skipped = 0;
  void Add(const std::string& status) {
    ++commands;
    if (status == "PASS") ++pass;
    else if (status == "FAIL") ++fail;
    else if (status == "COMPLETED") ++completed;
    else ++skipped;
  }
};

// The .test files of a path, sorted, with the name each gets in the File
// column: the path relative to DIR (MCGS's --run-tests does the same), or
// the file's own name.
absl::StatusOr<std::vector<std::pair<std::filesystem::path, std::string>>> TestFiles(
    const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::vector<std::pair<fs::path, std::string>> files;
  if (fs::is_regular_file(path, ec)) {
    files.emplace_back(path, fs::path(path).filename().string());
    return files;
  }
  if (!fs::is_directory(path, ec)) return absl::NotFoundError(absl::StrCat("no such file or directory: ", path));
  for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (it->is_regular_file() && it->path().extension() == ".test")
      files.emplace_back(it->path(), fs::relative(it->path(), path).string());
  }
  if (ec) return absl::InvalidArgumentError(absl::StrCat("cannot read ", path, ": ", ec.message()));
  std::sort(files.begin(), files.end(),
            [](const auto& a, const auto& b) { return a.second < b.second; });
  if (files.empty()) return absl::NotFoundError(absl::StrCat("no .test file under ", path));
  return files;
}

}  // namespace

absl::Status RunMcgs(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, kMcgsCommandLine);
  if (!args.ok()) return args.status();
  if (auto st = args->ExpectPositional(1, "FILE.test or DIR"); !st.ok()) return st;
  auto budget = CgtBudget(*args);
  if (!budget.ok()) return budget.status();
  auto files = TestFiles(args->positional()[0]);
  if (!files.ok()) return files.status();
  // Parse everything first: a malformed file stops the run before any output.
  std::vector<cgt::McgsFile> parsed;
  for (const auto& [path, name] : *files) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) return absl::InvalidArgumentError(absl::StrCat("cannot read ", path.string()));
    auto file = cgt::ParseMcgsFile(text.str(), name);
    if (!file.ok()) return file.status();
    parsed.push_back(*std::move(file));
  }
  std::ofstream out_file;
  const bool to_file = args->Has("out");
  if (to_file) {
    out_file.open(*args->Get("out"));
    if (!out_file) return absl::InvalidArgumentError(absl::StrCat("cannot write ", *args->Get("out")));
  }
  auto emit = [&](const std::string& line) {
    if (to_file) out_file << line << "\n";
    else std::printf("%s\n", line.c_str());
  };
  emit(cgt::McgsCsvHeader());
  std::map<std::string, Tally> families;
  Tally total;
  cgt::GameArena arena(*budget);
  const cgt::McgsGameSource catalog_games = McgsCatalogGames();
  uint64_t peak_bytes = 0;
  for (size_t i = 0; i < parsed.size(); ++i) {
    const std::string& name = (*files)[i].second;
    auto rows = cgt::RunMcgsFile(parsed[i], name, arena, catalog_games, &peak_bytes);
    if (!rows.ok()) return rows.status();
    const std::string family = name.find('/') == std::string::npos
                                   ? name
                                   : name.substr(0, name.find('/'));
    for (const cgt::McgsRow& row : *rows) {
      emit(cgt::McgsCsvLine(row));
      families[family].Add(row.status);
      total.Add(row.status);
    }
  }
  if (to_file && !out_file.flush()) return absl::InternalError("writing the CSV failed");
  if (args->Has("json")) {
    Json j = Json::MakeObject();
    Json fams = Json::MakeArray();
    auto tally_json = [](const std::string& family, const Tally& t) {
      Json f = Json::MakeObject();
      f.Set("family", family);
      f.Set("commands", t.commands);
      f.Set("pass", t.pass);
      f.Set("fail", t.fail);
      f.Set("completed", t.completed);
      f.Set("skipped", t.skipped);
      return f;
    };
    for (const auto& [family, t] : families) fams.Push(tally_json(family, t));
    j.Set("families", std::move(fams));
    j.Set("total", tally_json("total", total));
    j.Set("files", static_cast<uint64_t>(parsed.size()));
    j.Set("forms", static_cast<uint64_t>(arena.NodeCount()));
    j.Set("memory_bytes", peak_bytes);
    // The process's peak resident memory: the budget bounds the arena, the
    // builders' memos and the sums' memo (all charged to it), so this is
    // near the budget at most, plus the program and the files.
    j.Set("peak_rss_bytes", PeakMemoryBytes());
    std::FILE* where = to_file ? stdout : stderr;
    std::fprintf(where, "%s\n", j.Dump().c_str());
    return absl::OkStatus();
  }
  std::FILE* where = to_file ? stdout : stderr;
  std::fprintf(where, "%-28s %8s %6s %6s %9s %7s\n", "family", "commands", "pass", "fail",
               "completed", "skipped");
  auto line = [&](const std::string& family, const Tally& t) {
    std::fprintf(where, "%-28s %8d %6d %6d %9d %7d\n", family.c_str(), t.commands, t.pass, t.fail,
                 t.completed, t.skipped);
  };
  for (const auto& [family, t] : families) line(family, t);
  line("total", total);
  std::fprintf(where, "CGT memory: %s peak of %s (%zu forms); process peak %s\n",
               FormatBytes(peak_bytes).c_str(), FormatBytes(arena.BudgetBytes()).c_str(),
               arena.NodeCount(), FormatBytes(PeakMemoryBytes()).c_str());
  return absl::OkStatus();
}

}  // namespace gamebench
