#include "core/spec.h"

#include <charconv>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace gamebench {
namespace {

bool IsNameChar(char c) { return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '_'; }

class SpecParser {
 public:
  explicit SpecParser(absl::string_view text) : text_(text) {}

  absl::StatusOr<Spec> ParseTop() {
    auto spec = ParseOne(0);
    if (!spec.ok()) return spec;
    SkipSpace();
    if (pos_ != text_.size()) {
      if (text_[pos_] == ')') return Fail("unbalanced parentheses: unexpected ')'");
      return Fail(absl::StrCat("unexpected '", text_.substr(pos_, 1), "'"));
    }
    return spec;
  }

 private:
  static constexpr int kMaxNesting = 16;

  absl::StatusOr<Spec> ParseOne(int depth) {
    if (depth > kMaxNesting) return Fail("spec nested too deeply");
    SkipSpace();
    Spec spec;
    size_t start = pos_;
    while (pos_ < text_.size() && IsNameChar(text_[pos_])) ++pos_;
    spec.name = std::string(text_.substr(start, pos_ - start));
    if (spec.name.empty()) return Fail("expected a game name");
    SkipSpace();
    if (pos_ == text_.size() || text_[pos_] != '(') return spec;
    ++pos_;  // '('
    spec.parenthesized = true;
    SkipSpace();
    if (pos_ < text_.size() && text_[pos_] == ')') {
      ++pos_;
      return spec;
    }
    while (true) {
      SkipSpace();
      // key=value, or a nested spec.
      size_t item_start = pos_;
      while (pos_ < text_.size() && IsNameChar(text_[pos_])) ++pos_;
      std::string key(text_.substr(item_start, pos_ - item_start));
      SkipSpace();
      if (pos_ < text_.size() && text_[pos_] == '=') {
        if (key.empty()) return Fail("parameter with an empty name");
        ++pos_;
        size_t value_start = pos_;
        while (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != ')' &&
               text_[pos_] != '(')
          ++pos_;
        std::string value(absl::StripAsciiWhitespace(text_.substr(value_start, pos_ - value_start)));
        if (value.empty()) return Fail(absl::StrCat("parameter '", key, "' has no value"));
        for (const auto& [k, v] : spec.params)
          if (k == key) return Fail(absl::StrCat("parameter '", key, "' given twice"));
        spec.params.emplace_back(std::move(key), std::move(value));
      } else {
        pos_ = item_start;
        auto nested = ParseOne(depth + 1);
        if (!nested.ok()) return nested.status();
        spec.args.push_back(*std::move(nested));
      }
      SkipSpace();
      if (pos_ == text_.size()) return Fail("unbalanced parentheses: missing ')'");
      if (text_[pos_] == ')') {
        ++pos_;
        return spec;
      }
      if (text_[pos_] != ',') return Fail(absl::StrCat("unexpected '", text_.substr(pos_, 1), "'"));
      ++pos_;
    }
  }

  void SkipSpace() {
    while (pos_ < text_.size() && absl::ascii_isspace(static_cast<unsigned char>(text_[pos_])))
      ++pos_;
  }

  absl::Status Fail(absl::string_view what) const {
    return absl::InvalidArgumentError(
        absl::StrCat("bad game spec '", text_, "': ", what, " at character ", pos_ + 1));
  }

  absl::string_view text_;
  size_t pos_ = 0;
};

}  // namespace

absl::StatusOr<Spec> ParseSpec(absl::string_view text) { return SpecParser(text).ParseTop(); }

std::string FormatSpec(const Spec& spec) {
  if (spec.params.empty() && spec.args.empty()) return spec.name;
  std::vector<std::string> items;
  for (const Spec& arg : spec.args) items.push_back(FormatSpec(arg));
  for (const auto& [k, v] : spec.params) items.push_back(absl::StrCat(k, "=", v));
  return absl::StrCat(spec.name, "(", absl::StrJoin(items, ","), ")");
}

absl::StatusOr<int64_t> ParseInt(absl::string_view text, int64_t min, int64_t max,
                                 absl::string_view what) {
  text = absl::StripAsciiWhitespace(text);
  int64_t value = 0;
  const char* first = text.data();
  const char* last = text.data() + text.size();
  if (!text.empty() && text[0] == '+') ++first;
  auto [ptr, ec] = std::from_chars(first, last, value);
  if (text.empty() || ec == std::errc::invalid_argument || ptr != last)
    return absl::InvalidArgumentError(absl::StrCat(what, ": '", text, "' is not an integer"));
  if (ec == std::errc::result_out_of_range || value < min || value > max)
    return absl::OutOfRangeError(
        absl::StrCat(what, ": ", text, " is out of range [", min, ", ", max, "]"));
  return value;
}

const std::string* ParamReader::Find(absl::string_view key) {
  for (size_t i = 0; i < spec_.params.size(); ++i) {
    if (spec_.params[i].first == key) {
      used_[i] = true;
      return &spec_.params[i].second;
    }
  }
  return nullptr;
}

bool ParamReader::Has(absl::string_view key) const {
  for (const auto& [k, v] : spec_.params)
    if (k == key) return true;
  return false;
}

absl::Status ParamReader::Error(absl::string_view key, absl::string_view what) const {
  return absl::InvalidArgumentError(
      absl::StrCat(spec_.name, ": parameter '", key, "': ", what));
}

absl::StatusOr<int64_t> ParamReader::Int(absl::string_view key, int64_t default_value,
                                         int64_t min, int64_t max) {
  const std::string* text = Find(key);
  if (text == nullptr) return default_value;
  return ParseInt(*text, min, max, absl::StrCat(spec_.name, ": parameter '", key, "'"));
}

absl::StatusOr<bool> ParamReader::Bool(absl::string_view key, bool default_value) {
  const std::string* text = Find(key);
  if (text == nullptr) return default_value;
  if (*text == "true" || *text == "1") return true;
  if (*text == "false" || *text == "0") return false;
  return Error(key, absl::StrCat("'", *text, "' is not true or false"));
}

absl::StatusOr<std::vector<int64_t>> ParamReader::IntList(absl::string_view key,
                                                          std::vector<int64_t> default_value,
                                                          int64_t min_value, int64_t max_value,
                                                          size_t min_count, size_t max_count) {
  const std::string* text = Find(key);
  if (text == nullptr) return default_value;
  std::vector<int64_t> values;
  for (absl::string_view item : absl::StrSplit(*text, ';')) {
    auto v = ParseInt(item, min_value, max_value,
                      absl::StrCat(spec_.name, ": parameter '", key, "' item"));
    if (!v.ok()) return v.status();
    values.push_back(*v);
  }
  if (values.size() < min_count || values.size() > max_count)
    return Error(key, absl::StrCat("has ", values.size(), " items; allowed ", min_count, " to ",
                                   max_count));
  return values;
}

std::string ParamReader::Text(absl::string_view key, absl::string_view default_value) {
  const std::string* text = Find(key);
  return text == nullptr ? std::string(default_value) : *text;
}

absl::Status ParamReader::Finish(bool allow_args) const {
  for (size_t i = 0; i < spec_.params.size(); ++i)
    if (!used_[i])
      return absl::InvalidArgumentError(
          absl::StrCat(spec_.name, ": unknown parameter '", spec_.params[i].first, "'"));
  if (!allow_args && !spec_.args.empty())
    return absl::InvalidArgumentError(
        absl::StrCat(spec_.name, ": takes key=value parameters, not nested games"));
  return absl::OkStatus();
}

}  // namespace gamebench
