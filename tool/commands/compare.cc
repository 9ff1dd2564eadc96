// gamebench compare OLD.json NEW.json [--threshold R] [--min-seconds S] [--changes-only]
//
// Compares two runs of the main job (results/run.json, format
// "gamebench-run/1", documented in docs/results.md). Records are matched by
// id. What each field of a record is, exact (a value or a count) or a
// measurement, comes from one table, bench/record_fields.tsv (built into the
// tool, tool/record_fields.h), never from the group the record put it in.
// For each record:
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
//     appeared is a note;
//   - a field of the new run that the table does not list is an ERROR, so
//     that the table stays complete.
// Prints a side-by-side table with the time ratio of every record, then a
// summary line.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "core/json.h"
#include "tool/args.h"
#include "tool/commands.h"
#include "tool/record_fields.h"

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

// A record's fields by name, from its three groups. The groups are kept in
// run.json for the reader; what a field is comes from the table alone, so a
// run written before a field changed class compares by the current table.
std::map<std::string, const Json*> Fields(const Json& record) {
  std::map<std::string, const Json*> fields;
  for (const char* group : {"values", "counts", "measures"}) {
    const Json* g = record.Find(group);
    if (!g || !g->is_object()) continue;
    for (const auto& [key, value] : g->as_object()) fields.emplace(key, &value);
  }
  return fields;
}

// Whether `key` is exact in this pair of records: values and counts are,
// counts of work are on one thread only, measures are not. A field the
// table does not list is compared as exact (and reported on its own).
bool IsExact(const RecordFields& table, const Json& old_r, const Json& new_r,
             const std::string& key) {
  const std::optional<FieldClass> c = table.Find(RecordScope(new_r), key);
  if (!c) return true;
  if (*c == FieldClass::kCountOnOneThread)
    return std::max(RecordThreads(old_r), RecordThreads(new_r)) <= 1;
  return *c != FieldClass::kMeasure;
}

// Exact fields: a field in both runs with different values is an error; a
// field in only one run is a note (a solver may add a statistic).
void CompareExact(const RecordFields& table, const Json& old_r, const Json& new_r, Findings& f) {
  const auto a = Fields(old_r), b = Fields(new_r);
  for (const auto& [key, va] : a) {
    if (!IsExact(table, old_r, new_r, key)) continue;
    auto it = b.find(key);
    if (it == b.end()) {
      f.notes.push_back(absl::StrCat(key, " no longer reported"));
    } else if (!(*va == *it->second) && !(va->is_number() && it->second->is_number() &&
                                          va->as_double() == it->second->as_double())) {
      f.errors.push_back(absl::StrCat(key, " ", Text(va), " -> ", Text(it->second)));
    }
  }
  for (const auto& [key, vb] : b)
    if (!a.count(key) && IsExact(table, old_r, new_r, key))
      f.notes.push_back(absl::StrCat(key, " newly reported"));
}

// Slowdowns are judged on the record's main time only (the solver's own
// clock, else the benchmark's real time, else the wall time), and on memory;
// other measurements (rates, counts of multi-threaded work) are shown by the
// report, never judged.
void CompareMeasures(const RecordFields& table, const Json& old_r, const Json& new_r,
                     double threshold, double min_seconds, Findings& f) {
  const auto a = Fields(old_r), b = Fields(new_r);
  std::string main_time;
  for (const char* key : {"seconds", "real_time_seconds", "wall_seconds"}) {
    if (a.count(key) && b.count(key)) {
      main_time = key;
      break;
    }
  }
  for (const auto& [key, va] : a) {
    auto it = b.find(key);
    if (it == b.end() || IsExact(table, old_r, new_r, key)) continue;
    const Json* vb = it->second;
    if (!va->is_number() || !vb->is_number()) continue;
    const double x = va->as_double(), y = vb->as_double();
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

// The fields of the new run that the table does not list, as scope/field:
// each is an error, so that the table stays complete (an unknown field
// would otherwise pass as whatever it happens to be).
std::set<std::string> Unclassified(const RecordFields& table, const Json& run) {
  std::set<std::string> missing;
  for (const Json& r : run.Find("records")->as_array())
    for (const auto& [key, value] : Fields(r))
      if (!table.Find(RecordScope(r), key)) missing.insert(absl::StrCat(RecordScope(r), "/", key));
  return missing;
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
  const auto table = RecordFields::Parse(RecordFieldsTable());
  if (!table.ok())
    return absl::InternalError(
        absl::StrCat("the table built into this tool is damaged: ", table.status().message()));

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
      if (sa == sb) CompareExact(*table, *a, *b, f);
      CompareMeasures(*table, *a, *b, *threshold, *min_seconds, f);
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
  const std::set<std::string> unclassified = Unclassified(*table, *new_run);
  if (!unclassified.empty())
    std::printf("\nERROR field(s) of the new run not classified in bench/record_fields.tsv: %s\n",
                absl::StrJoin(unclassified, ", ").c_str());
  const int unclassified_count = static_cast<int>(unclassified.size());
  const std::string also =
      unclassified.empty() ? "" : absl::StrCat("; ", unclassified_count, " unclassified field(s)");
  std::printf("\n%d records compared: %d errors (changed values or counts%s), %d warnings\n",
              compared, errors + unclassified_count, also.c_str(), warnings);
  std::fflush(stdout);
  std::vector<std::string> problems;
  if (errors > 0)
    problems.push_back(absl::StrCat(errors, " value(s) or count(s) differ between the runs"));
  if (!unclassified.empty())
    problems.push_back(absl::StrCat(unclassified_count,
                                    " field(s) of the new run are not classified in "
                                    "bench/record_fields.tsv"));
  if (!problems.empty()) return absl::InternalError(absl::StrJoin(problems, "; "));
  return absl::OkStatus();
}

}  // namespace gamebench
