// gamebench grundy --table [--full] [--terms N] [--digits D] [--game-time-limit S]
//                          [--published FILE] [--out DIR] [--json] [--progress]
// The table of every octal game with 1..D code digits (solvers/octal_table.h),
// compared with the published table (bench/octal_published.tsv, sources named
// there); writes DIR/octal.md and DIR/octal.json.

#include "tool/octal_table.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "core/json.h"
#include "core/progress.h"
#include "core/solve.h"
#include "solvers/octal_table.h"
#include "tbb/info.h"

namespace gamebench {
namespace {

struct Published {
  std::string equivalent;  // "-": itself
  std::string status;      // "solved" or "open"
  int64_t preperiod = -1, period = -1;
};

absl::StatusOr<std::map<std::string, Published>> ReadPublished(const std::string& path) {
  std::ifstream in(path);
  if (!in) return absl::NotFoundError(absl::StrCat("published table '", path, "': cannot open"));
  std::map<std::string, Published> table;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#' || absl::StartsWith(line, "code\t")) continue;
    std::vector<std::string> f = absl::StrSplit(line, '\t');
    Published p;
    if (f.size() != 5 || (f[2] != "solved" && f[2] != "open"))
      return absl::InvalidArgumentError(
          absl::StrCat("published table '", path, "' line ", number, ": expected 5 columns"));
    p.equivalent = f[1];
    p.status = f[2];
    if (p.status == "solved" &&
        (!absl::SimpleAtoi(f[3], &p.preperiod) || !absl::SimpleAtoi(f[4], &p.period)))
      return absl::InvalidArgumentError(
          absl::StrCat("published table '", path, "' line ", number, ": bad numbers"));
    table[f[0]] = p;
  }
  return table;
}

// How a computed entry compares with the published one.
struct Comparison {
  std::string kind;  // "agrees", "disagrees", "new", "not reached", "unpublished"
  std::string text;
};

Comparison Compare(const OctalTableEntry& e, const Published* p) {
  if (p == nullptr) return {"unpublished", "not in the published table"};
  const std::string where = p->equivalent == "-" ? "" : absl::StrCat(" (as ", p->equivalent, ")");
  if (p->status == "open") {
    if (!e.period.proved) return {"agrees", absl::StrCat("open", where)};
    return {"new", absl::StrCat("open there", where, "; proved here: period ", e.period.period,
                                " from n = ", e.period.preperiod,
                                e.plain_checked ? (e.plain_agrees ? "; the plain method agrees"
                                                                  : "; THE PLAIN METHOD DIFFERS")
                                                : "")};
  }
  const std::string published = absl::StrCat(
      "period ", p->period,
      p->equivalent == "-" ? absl::StrCat(" from n = ", p->preperiod, " (shifts allowed)") : "",
      where);
  if (!e.period.proved)
    return {"not reached",
            absl::StrCat("published ", published, "; not proved in ", e.terms, " terms here")};
  // The published tables write some sequences from the first heap with a
  // move, some from 0: a shift s from 0 to e.shift (solvers/octal_table.h),
  // which turns the preperiod n0 into max(0, n0 - s).
  bool same_preperiod = p->equivalent != "-";
  for (int s = 0; s <= e.shift; ++s)
    same_preperiod |= std::max<int64_t>(0, e.period.preperiod - s) == p->preperiod;
  const bool same = e.period.period == p->period && same_preperiod;
  return {same ? "agrees" : "disagrees", absl::StrCat("published ", published)};
}

std::string Code(const std::string& c) { return c.substr(1); }  // ".77", as the tables write it

}  // namespace

absl::Status RunOctalTable(const Args& args) {
  const bool full = args.Has("full");
  auto terms =
      args.GetInt("terms", full ? int64_t{1} << 22 : int64_t{1} << 18, 64, int64_t{UINT32_MAX} - 2);
  if (!terms.ok()) return terms.status();
  auto digits = args.GetInt("digits", 3, 1, 3);
  if (!digits.ok()) return digits.status();
  auto game_limit = args.GetDouble("game-time-limit", full ? 600 : 0, 0, 1e9);
  if (!game_limit.ok()) return game_limit.status();
  const std::string published_path = args.Get("published").value_or("bench/octal_published.tsv");
  // `--out -` writes no files (the main job's default claim only checks the
  // JSON); any other DIR is checked before the long computation starts.
  const std::string out_dir = args.Get("out").value_or("results");
  const bool write_files = out_dir != "-";
  if (write_files && !std::filesystem::is_directory(out_dir))
    return absl::InvalidArgumentError(absl::StrCat("--out ", out_dir, ": not a directory"));
  auto published = ReadPublished(published_path);
  if (!published.ok()) return published.status();

  OctalTableOptions options;
  options.max_digits = static_cast<int>(*digits);
  options.terms = *terms;
  options.game_time_limit = *game_limit;
  for (const auto& [code, p] : *published)
    if (p.status == "open") options.check_plain.push_back(code);

  Stopwatch watch;
  std::vector<OctalTableEntry> table;
  {
    Progress progress(WantsProgress(args));
    progress.Phase("octal games", 0);
    table = ComputeOctalTable(options, [&](int done, int total) {
      if (done == 1) progress.Phase("octal games", static_cast<uint64_t>(total));
      progress.Update(static_cast<uint64_t>(done));
    });
  }
  const double seconds = watch.Seconds();

  int classes = 0, proved = 0, open = 0, bad_class = 0;
  std::map<std::string, int> kinds = {
      {"agrees", 0}, {"disagrees", 0}, {"new", 0}, {"not reached", 0}, {"unpublished", 0}};
  Json games = Json::MakeArray();
  std::vector<std::pair<std::string, Comparison>> notes;
  for (const OctalTableEntry& e : table) {
    auto it = published->find(e.code);
    const Published* p = it == published->end() ? nullptr : &it->second;
    Comparison cmp = Compare(e, p);
    ++kinds[cmp.kind];
    if (cmp.kind != "agrees") notes.push_back({e.code, cmp});
    classes += e.first_of_class;
    (e.period.proved ? proved : open) += 1;
    bad_class += !e.class_checked;
    Json j = Json::MakeObject();
    j.Set("code", e.code);
    j.Set("computed_as", e.computed_as);
    j.Set("shift", e.shift);
    j.Set("reduced_preperiod", e.period.proved ? Json(e.reduced_preperiod) : Json());
    j.Set("period", e.period.proved ? Json(e.period.period) : Json());
    j.Set("preperiod", e.period.proved ? Json(e.period.preperiod) : Json());
    j.Set("proved", e.period.proved);
    j.Set("status", e.period.proved ? "proved" : "open");
    j.Set("max_value", e.max_value);
    j.Set("terms", e.terms);
    j.Set("seconds", e.seconds);
    j.Set("rare_mask", static_cast<int64_t>(e.rare_mask));
    j.Set("rare_positions", e.rare_positions);
    if (e.plain_checked) j.Set("plain_method_agrees", e.plain_agrees);
    j.Set("class_checked", e.class_checked);
    Json pj = Json::MakeObject();
    if (p) {
      pj.Set("equivalent", p->equivalent);
      pj.Set("status", p->status);
      pj.Set("period", p->period >= 0 ? Json(p->period) : Json());
      pj.Set("preperiod", p->preperiod >= 0 ? Json(p->preperiod) : Json());
    }
    j.Set("published", std::move(pj));
    j.Set("comparison", cmp.kind);
    j.Set("comparison_text", cmp.text);
    games.Push(std::move(j));
  }
  Json summary = Json::MakeObject();
  summary.Set("codes", static_cast<int64_t>(table.size()));
  summary.Set("classes_computed", classes);
  summary.Set("proved", proved);
  summary.Set("open", open);
  summary.Set("terms", *terms);
  summary.Set("seconds", seconds);
  summary.Set("threads", static_cast<int64_t>(tbb::info::default_concurrency()));
  for (const auto& [k, n] : kinds)
    summary.Set(absl::StrCat("comparison_", absl::StrReplaceAll(k, {{" ", "_"}})), n);
  summary.Set("class_check_failures", bad_class);
  Json root = Json::MakeObject();
  root.Set("summary", summary);
  root.Set("games", std::move(games));

  // The markdown report.
  std::ostringstream md;
  md << "# Octal games with 1 to " << *digits << " code digits\n\n";
  md << "Written by `gamebench grundy --table" << (full ? " --full" : "")
     << "` (solvers/octal_table.h); the same data in `octal.json`.\n\n";
  md << absl::StrFormat(
      "- %d codes (0.d1 ... 0.d1d2d3, last digit non-zero), %d computed. A code whose first "
      "digit is even (a heap of 1 has no move) is the game on heaps one smaller of another "
      "code, as the published tables reduce it (proof in solvers/octal_table.h); codes with the "
      "same reduced code share a sequence up to a shift and it is computed once (\"computed "
      "as\": the reduced code and the shift). Every code's own first 2,048 terms were checked "
      "against its class's, shifted (%d failures). Periods and preperiods below are each "
      "code's own.\n",
      table.size(), classes, bad_class);
  md << absl::StrFormat(
      "- Each computed to %d terms (g(0..%d)), or until the octal periodicity theorem proves a "
      "period (checked at points 1.25x apart)%s; %d proved, %d open. %.1f s in all on %d "
      "threads.\n",
      *terms, *terms - 1,
      *game_limit > 0 ? absl::StrFormat(", at most %.0f s a game", *game_limit) : "", proved, open,
      seconds, tbb::info::default_concurrency());
  md << "- Compared with " << published_path
     << " (Czajka's octal-games tables, which verify Flammenkamp's; sources in the file). "
        "For a code the published table maps to another game, only the period is compared "
        "(the sequences may be shifted).\n";
  md << "- Comparison: ";
  for (const auto& [k, n] : kinds) md << k << " " << n << "; ";
  md << "\n\n## Not in agreement\n\n";
  if (notes.empty()) md << "None.\n";
  for (const auto& [code, cmp] : notes)
    md << "- " << Code(code) << ": **" << cmp.kind << "**: " << cmp.text << "\n";
  md << "\n## Table\n\n| code | computed as | period | preperiod | status | largest value | terms "
        "| "
        "seconds | published |\n|---|---|---:|---:|---|---:|---:|---:|---|\n";
  for (size_t i = 0; i < table.size(); ++i) {
    const OctalTableEntry& e = table[i];
    const Json& j = root.Find("games")->as_array()[i];
    md << "| " << Code(e.code) << " | "
       << (e.computed_as == e.code ? "" : absl::StrCat(Code(e.computed_as), " +", e.shift)) << " | "
       << (e.period.proved ? absl::StrCat(e.period.period) : "") << " | "
       << (e.period.proved ? absl::StrCat(e.period.preperiod) : "") << " | "
       << (e.period.proved ? "proved" : "open") << " | " << e.max_value << " | " << e.terms << " | "
       << (e.first_of_class ? absl::StrFormat("%.3f", e.seconds) : "") << " | "
       << j.Find("comparison")->as_string() << " |\n";
  }
  if (write_files) {
    std::ofstream f(out_dir + "/octal.md");
    if (!(f << md.str()))
      return absl::PermissionDeniedError(absl::StrCat("cannot write ", out_dir, "/octal.md"));
  }
  if (write_files) {
    std::ofstream f(out_dir + "/octal.json");
    if (!(f << root.Dump() << "\n"))
      return absl::PermissionDeniedError(absl::StrCat("cannot write ", out_dir, "/octal.json"));
  }
  if (args.Has("json")) {
    std::printf("%s\n", summary.Dump().c_str());
  } else {
    std::printf(
        "%d codes, %d computed, %d proved, %d open, %.1f s; wrote %s/octal.md, octal.json\n",
        static_cast<int>(table.size()), classes, proved, open, seconds, out_dir.c_str());
    for (const auto& [code, cmp] : notes)
      std::printf("  %s: %s: %s\n", Code(code).c_str(), cmp.kind.c_str(), cmp.text.c_str());
  }
  return absl::OkStatus();
}

}  // namespace gamebench
