#include "tool/record_fields.h"

#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace gamebench {
namespace {

std::optional<FieldClass> ParseClass(absl::string_view name) {
  if (name == "value") return FieldClass::kValue;
  if (name == "count") return FieldClass::kCount;
  if (name == "count-on-one-thread") return FieldClass::kCountOnOneThread;
  if (name == "measure") return FieldClass::kMeasure;
  return std::nullopt;
}

}  // namespace

absl::StatusOr<RecordFields> RecordFields::Parse(absl::string_view tsv) {
  RecordFields table;
  bool header = true;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(tsv, '\n')) {
    ++line_number;
    absl::ConsumeSuffix(&line, "\r");
    if (absl::StripAsciiWhitespace(line).empty() || absl::StartsWith(line, "#")) continue;
    std::vector<absl::string_view> cells = absl::StrSplit(line, '\t');
    auto fail = [&](absl::string_view what) {
      return absl::InvalidArgumentError(
          absl::StrCat("record field table, line ", line_number, ": ", what));
    };
    if (header) {
      if (cells.size() < 3 || cells[0] != "scope" || cells[1] != "field" || cells[2] != "class")
        return fail("the header must start with scope, field, class");
      header = false;
      continue;
    }
    if (cells.size() < 3) return fail("expected scope, field and class");
    if (cells[0] != "tool" && cells[0] != "benchmark")
      return fail(absl::StrCat("scope '", cells[0], "' is not tool or benchmark"));
    if (cells[1].empty()) return fail("empty field name");
    std::optional<FieldClass> c = ParseClass(cells[2]);
    if (!c)
      return fail(absl::StrCat("class '", cells[2],
                               "' is not value, count, count-on-one-thread or measure"));
    if (!table.classes_.emplace(absl::StrCat(cells[0], "/", cells[1]), *c).second)
      return fail(absl::StrCat("field ", cells[0], "/", cells[1], " is listed twice"));
  }
  if (header) return absl::InvalidArgumentError("record field table: no header line");
  return table;
}

std::optional<FieldClass> RecordFields::Find(absl::string_view scope,
                                             absl::string_view field) const {
  auto it = classes_.find(absl::StrCat(scope, "/", field));
  if (it == classes_.end()) return std::nullopt;
  return it->second;
}

absl::string_view RecordScope(const Json& record) {
  const Json* kind = record.Find("kind");
  return kind && kind->is_string() && kind->as_string() == "benchmark" ? "benchmark" : "tool";
}

int RecordThreads(const Json& record) {
  for (const char* group : {"values", "counts", "measures"}) {
    const Json* g = record.Find(group);
    const Json* threads = g && g->is_object() ? g->Find("threads") : nullptr;
    if (threads && threads->is_number()) {
      // Clamped before the conversion: a damaged file's 1e300 is no crash.
      const double t = threads->as_double();
      return t >= 1 << 20 ? 1 << 20 : t > 1 ? static_cast<int>(t) : 1;
    }
  }
  const Json* id = record.Find("id");
  if (id && id->is_string()) {
    for (absl::string_view part : absl::StrSplit(id->as_string(), '/')) {
      int n = 0;
      if (absl::ConsumePrefix(&part, "threads:") && absl::SimpleAtoi(part, &n))
        return n > 1 ? n : 1;
    }
  }
  return 1;
}

}  // namespace gamebench
