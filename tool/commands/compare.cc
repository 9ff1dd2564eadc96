// gamebench compare OLD.json NEW.json [--threshold R] [--min-seconds S] [--changes-only]
//
// Compares two runs of the main job (results/run.json, format
// "gamebench-run/1", documented in docs/results.md). Records are matched by
// id. For each record:
//   - a changed status, value or count is an ERROR (exit status 1): results
//     must reproduce exactly on the same code, and a change of search
//     behaviour must be deliberate; except that finishing or not within the
//     time limit (status dnf) is a WARNING, since it depends on the time;
//   - a time or memory measure that grew by more than the threshold ratio
//     (default 1.25) is a WARNING; the time judged is the record's main one
//     (the solver's own clock, else the benchmark's real time, else the wall
//     time), and times below --min-seconds (default 0.01) in both runs are
//     too noisy to judge;
//   - a record that became available (its game or command was added) or
//     appeared is a note.
// Prints a side-by-side table with the time ratio of every record, then a
// summary line.

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "core/json.h"
#include "tool/args.h"
#include "tool/commands.h"

namespace gamebench {

const CommandLineSpec kCompareCommandLine = {
    "OLD.json NEW.json", {{"threshold", "R"}, {"min-seconds", "S"}, {"changes-only"}}};
namespace {

constexpr absl::string_view kRunFormat = "gamebench-run/1";

absl::StatusOr<Json> ReadRun(const std::string& path) {
  std::ifstream in(path);
  if (!in) return absl::InvalidArgumentError(absl::StrCat("cannot read run file '", path, "'"));
  std::stringstream buffer;
  buffer << in.rdbuf();
  auto json = Json::Parse(buffer.str());
  if (!json.ok())
    return absl::InvalidArgumentError(
        absl::StrCat("run file '", path, "' is not valid JSON: ", json.status().message()));
  const Json* format = json->is_object() ? json->Find("format") : nullptr;
  if (!format || !format->is_string() || format->as_string() != kRunFormat)
    return absl::InvalidArgumentError(
        absl::StrCat("run file '", path, "' is not a gamebench run (expected \"format\": \"",
                     kRunFormat, "\")"));
  const Json* records = json->Find("records");
  if (!records || !records->is_array())
    return absl::InvalidArgumentError(
        absl::StrCat("run file '", path, "' has no \"records\" array"));
  for (const Json& r : records->as_array()) {
    const Json* id = r.is_object() ? r.Find("id") : nullptr;
    if (!id || !id->is_string())
      return absl::InvalidArgumentError(
          absl::StrCat("run file '", path, "' has a record without a string \"id\""));
  }
  return json;
}

std::string Text(const Json* v) {
  if (!v) return "(none)";
  if (v->is_string()) return v->as_string();
  return v->Dump();
}

std::string Str(const Json& record, absl::string_view key) {
  const Json* v = record.Find(key);
  return v && v->is_string() ? v->as_string() : "";
}

// The record's main time: the solver's own clock when it has one; -1 if none.
double MainSeconds(const Json* record) {
  const Json* m = record ? record->Find("measures") : nullptr;
  if (!m || !m->is_object()) return -1;
  for (const char* key : {"seconds", "real_time_seconds", "wall_seconds"}) {
    const Json* v = m->Find(key);
    if (v && v->is_number()) return v->as_double();
  }
  return -1;
}

std::string FormatSeconds(double s) {
  if (s < 0) return "-";
  if (s < 1e-3) return absl::StrFormat("%.1f us", s * 1e6);
  if (s < 1) return absl::StrFormat("%.2f ms", s * 1e3);
  return absl::StrFormat("%.2f s", s);
}

bool IsTimeKey(const std::string& key) {
  return key.find("seconds") != std::string::npos && key.find("per_second") == std::string::npos;
}
bool IsMemoryKey(const std::string& key) { return key.find("memory") != std::string::npos; }

struct Findings {
  std::vector<std::string> errors, warnings, notes;
};

// Exact fields ("values" or "counts"): a key in both runs with different
// values is an error; a key in only one run is a note (a solver may add a
// statistic).
void CompareExact(const Json& old_r, const Json& new_r, absl::string_view group, Findings& f) {
  const Json* a = old_r.Find(group);
  const Json* b = new_r.Find(group);
  if (!a || !b || !a->is_object() || !b->is_object()) return;
  for (const auto& [key, va] : a->as_object()) {
    const Json* vb = b->Find(key);
    if (!vb) {
      f.notes.push_back(absl::StrCat(key, " no longer reported"));
    } else if (!(va == *vb) &&
               !(va.is_number() && vb->is_number() && va.as_double() == vb->as_double())) {
      f.errors.push_back(absl::StrCat(key, " ", Text(&va), " -> ", Text(vb)));
    }
  }
  for (const auto& [key, vb] : b->as_object())
    if (!a->Find(key)) f.notes.push_back(absl::StrCat(key, " newly reported"));
}

// Slowdowns are judged on the record's main time only (the solver's own
// clock, else the benchmark's real time, else the wall time), and on memory.
void CompareMeasures(const Json& old_r, const Json& new_r, double threshold, double min_seconds,
                     Findings& f) {
  const Json* a = old_r.Find("measures");
  const Json* b = new_r.Find("measures");
  if (!a || !b || !a->is_object() || !b->is_object()) return;
  std::string main_time;
  for (const char* key : {"seconds", "real_time_seconds", "wall_seconds"}) {
    if (a->Find(key) && b->Find(key)) {
      main_time = key;
      break;
    }
  }
  for (const auto& [key, va] : a->as_object()) {
    const Json* vb = b->Find(key);
    if (!vb || !va.is_number() || !vb->is_number()) continue;
    const double x = va.as_double(), y = vb->as_double();
    if (x <= 0 || y <= 0) continue;
    const double ratio = y / x;
    if (IsTimeKey(key)) {
      if (key != main_time) continue;
      if (std::max(x, y) < min_seconds) continue;
      if (ratio > threshold) f.warnings.push_back(absl::StrFormat("%s %.3gx slower", key, ratio));
    } else if (IsMemoryKey(key) && ratio > threshold) {
      f.warnings.push_back(absl::StrFormat("%s %.3gx more", key, ratio));
    }
  }
}

}  // namespace

absl::Status RunCompare(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, kCompareCommandLine);
  if (!args.ok()) return args.status();
  if (auto st = args->ExpectPositional(2, "OLD.json NEW.json"); !st.ok()) return st;
  auto threshold = args->GetDouble("threshold", 1.25, 1.0, 1e6);
  if (!threshold.ok()) return threshold.status();
  auto min_seconds = args->GetDouble("min-seconds", 0.01, 0, 1e6);
  if (!min_seconds.ok()) return min_seconds.status();
  auto old_run = ReadRun(args->positional()[0]);
  if (!old_run.ok()) return old_run.status();
  auto new_run = ReadRun(args->positional()[1]);
  if (!new_run.ok()) return new_run.status();

  std::map<std::string, const Json*> old_by_id;
  std::vector<std::string> order;
  for (const Json& r : old_run->Find("records")->as_array()) {
    old_by_id[Str(r, "id")] = &r;
  }
  std::map<std::string, const Json*> new_by_id;
  for (const Json& r : new_run->Find("records")->as_array()) {
    new_by_id[Str(r, "id")] = &r;
    order.push_back(Str(r, "id"));
  }
  for (const Json& r : old_run->Find("records")->as_array())
    if (!new_by_id.count(Str(r, "id"))) order.push_back(Str(r, "id"));

  std::printf("old: %s  commit %s  %s\n", args->positional()[0].c_str(),
              Str(*old_run, "commit").substr(0, 12).c_str(), Str(*old_run, "date").c_str());
  std::printf("new: %s  commit %s  %s\n", args->positional()[1].c_str(),
              Str(*new_run, "commit").substr(0, 12).c_str(), Str(*new_run, "date").c_str());
  std::printf("threshold %.2fx (times under %s ignored)\n\n", *threshold,
              FormatSeconds(*min_seconds).c_str());
  std::printf("%-60s %-12s %-12s %10s %10s %8s  %s\n", "record", "old status", "new status",
              "old time", "new time", "ratio", "findings");

  int errors = 0, warnings = 0, compared = 0;
  const bool changes_only = args->Has("changes-only");
  for (const std::string& id : order) {
    const Json* a = old_by_id.count(id) ? old_by_id[id] : nullptr;
    const Json* b = new_by_id.count(id) ? new_by_id[id] : nullptr;
    Findings f;
    if (!a) {
      f.notes.push_back("new record");
    } else if (!b) {
      f.warnings.push_back("record missing from the new run");
    } else {
      ++compared;
      const std::string sa = Str(*a, "status"), sb = Str(*b, "status");
      if (sa != sb) {
        if (sa == "unavailable")
          f.notes.push_back("newly available");
        else if (sb == "unavailable")
          f.warnings.push_back("no longer available in this build");
        else if ((sa == "dnf") != (sb == "dnf") && (sa == "dnf" ? sb : sa) != "mismatch" &&
                 (sa == "dnf" ? sb : sa) != "error")
          // Finishing within the time limit is a matter of time, not of value.
          f.warnings.push_back(absl::StrCat("status ", sa, " -> ", sb, " (the time limit)"));
        else
          f.errors.push_back(absl::StrCat("status ", sa, " -> ", sb));
      }
      if (sa == sb) {
        CompareExact(*a, *b, "values", f);
        CompareExact(*a, *b, "counts", f);
      }
      CompareMeasures(*a, *b, *threshold, *min_seconds, f);
    }
    errors += static_cast<int>(f.errors.size());
    warnings += static_cast<int>(f.warnings.size());
    if (changes_only && f.errors.empty() && f.warnings.empty()) continue;
    const double ta = MainSeconds(a), tb = MainSeconds(b);
    std::string ratio = ta > 0 && tb >= 0 ? absl::StrFormat("%.2f", tb / ta) : "-";
    std::vector<std::string> items;
    for (const auto& e : f.errors) items.push_back("ERROR " + e);
    for (const auto& w : f.warnings) items.push_back("WARNING " + w);
    for (const auto& n : f.notes) items.push_back("note: " + n);
    std::printf("%-60s %-12s %-12s %10s %10s %8s  %s\n", id.c_str(),
                a ? Str(*a, "status").c_str() : "-", b ? Str(*b, "status").c_str() : "-",
                FormatSeconds(ta).c_str(), FormatSeconds(tb).c_str(), ratio.c_str(),
                absl::StrJoin(items, "; ").c_str());
  }
  std::printf("\n%d records compared: %d errors (changed values or counts), %d warnings\n",
              compared, errors, warnings);
  std::fflush(stdout);
  if (errors > 0)
    return absl::InternalError(
        absl::StrCat(errors, " value(s) or count(s) differ between the runs"));
  return absl::OkStatus();
}

}  // namespace gamebench
