#include "core/json.h"

#include <cmath>
#include <cstdio>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace gamebench {
namespace {

void EscapeTo(std::string& out, absl::string_view s) {
  out += '"';
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

class Parser {
 public:
  explicit Parser(absl::string_view text) : text_(text) {}

  absl::StatusOr<Json> ParseAll() {
    auto v = ParseValue(0);
    if (!v.ok()) return v;
    SkipSpace();
    if (pos_ != text_.size()) return Fail("trailing characters");
    return v;
  }

 private:
  absl::StatusOr<Json> ParseValue(int depth) {
    if (depth > 64) return Fail("nested too deeply");
    SkipSpace();
    if (pos_ >= text_.size()) return Fail("unexpected end");
    char c = text_[pos_];
    if (c == '{') return ParseObject(depth);
    if (c == '[') return ParseArray(depth);
    if (c == '"') {
      auto s = ParseString();
      if (!s.ok()) return s.status();
      return Json(*std::move(s));
    }
    if (Consume("true")) return Json(true);
    if (Consume("false")) return Json(false);
    if (Consume("null")) return Json(nullptr);
    return ParseNumber();
  }

  absl::StatusOr<Json> ParseObject(int depth) {
    ++pos_;
    Json obj = Json::MakeObject();
    SkipSpace();
    if (Peek('}')) return ++pos_, obj;
    while (true) {
      SkipSpace();
      auto key = ParseString();
      if (!key.ok()) return key.status();
      SkipSpace();
      if (!Peek(':')) return Fail("expected ':'");
      ++pos_;
      auto value = ParseValue(depth + 1);
      if (!value.ok()) return value;
      obj.Set(*key, *std::move(value));
      SkipSpace();
      if (Peek('}')) return ++pos_, obj;
      if (!Peek(',')) return Fail("expected ',' or '}'");
      ++pos_;
    }
  }

  absl::StatusOr<Json> ParseArray(int depth) {
    ++pos_;
    Json arr = Json::MakeArray();
    SkipSpace();
    if (Peek(']')) return ++pos_, arr;
    while (true) {
      auto value = ParseValue(depth + 1);
      if (!value.ok()) return value;
      arr.Push(*std::move(value));
      SkipSpace();
      if (Peek(']')) return ++pos_, arr;
      if (!Peek(',')) return Fail("expected ',' or ']'");
      ++pos_;
    }
  }

  absl::StatusOr<std::string> ParseString() {
    if (!Peek('"')) return Fail("expected a string");
    ++pos_;
    std::string out;
    while (pos_ < text_.size() && text_[pos_] != '"') {
      char c = text_[pos_++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= text_.size()) break;
      char e = text_[pos_++];
      switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u': {
          if (pos_ + 4 > text_.size()) return Fail("bad \\u escape");
          unsigned code = 0;
          for (int i = 0; i < 4; ++i) {
            char h = text_[pos_++];
            if (!absl::ascii_isxdigit(static_cast<unsigned char>(h))) return Fail("bad \\u escape");
            code = code * 16 + (absl::ascii_isdigit(static_cast<unsigned char>(h))
                                    ? h - '0'
                                    : absl::ascii_tolower(static_cast<unsigned char>(h)) - 'a' + 10);
          }
          if (code < 0x80) {
            out += static_cast<char>(code);
          } else if (code < 0x800) {
            out += static_cast<char>(0xC0 | (code >> 6));
            out += static_cast<char>(0x80 | (code & 0x3F));
          } else {
            out += static_cast<char>(0xE0 | (code >> 12));
            out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (code & 0x3F));
          }
          break;
        }
        default: out += e;
      }
    }
    if (pos_ >= text_.size()) return Fail("unterminated string");
    ++pos_;
    return out;
  }

  absl::StatusOr<Json> ParseNumber() {
    size_t start = pos_;
    bool is_double = false;
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (c == '.' || c == 'e' || c == 'E') is_double = true;
      if (!(absl::ascii_isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+' ||
            c == '.' || c == 'e' || c == 'E'))
        break;
      ++pos_;
    }
    absl::string_view num = text_.substr(start, pos_ - start);
    if (num.empty()) return Fail("unexpected character");
    if (!is_double) {
      int64_t v;
      if (absl::SimpleAtoi(num, &v)) return Json(v);
    }
    double d;
    if (!absl::SimpleAtod(num, &d)) return Fail("bad number");
    return Json(d);
  }

  bool Consume(absl::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }
  bool Peek(char c) const { return pos_ < text_.size() && text_[pos_] == c; }
  void SkipSpace() {
    while (pos_ < text_.size() && absl::ascii_isspace(static_cast<unsigned char>(text_[pos_])))
      ++pos_;
  }
  absl::Status Fail(absl::string_view what) const {
    return absl::InvalidArgumentError(absl::StrCat("bad JSON at byte ", pos_, ": ", what));
  }

  absl::string_view text_;
  size_t pos_ = 0;
};

}  // namespace

Json& Json::Set(absl::string_view key, Json value) {
  auto& obj = std::get<Object>(value_);
  for (auto& [k, v] : obj) {
    if (k == key) {
      v = std::move(value);
      return v;
    }
  }
  obj.emplace_back(std::string(key), std::move(value));
  return obj.back().second;
}

const Json* Json::Find(absl::string_view key) const {
  if (!is_object()) return nullptr;
  for (const auto& [k, v] : as_object())
    if (k == key) return &v;
  return nullptr;
}

std::string Json::Dump(int indent) const {
  std::string out;
  DumpTo(out, indent, 0);
  return out;
}

void Json::DumpTo(std::string& out, int indent, int level) const {
  auto newline = [&](int lvl) {
    if (indent < 0) return;
    out += '\n';
    out.append(static_cast<size_t>(indent * lvl), ' ');
  };
  if (is_null()) {
    out += "null";
  } else if (is_bool()) {
    out += as_bool() ? "true" : "false";
  } else if (is_int()) {
    absl::StrAppend(&out, as_int());
  } else if (is_double()) {
    double d = std::get<double>(value_);
    if (!std::isfinite(d)) {
      out += "null";
    } else {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.6g", d);
      out += buf;
    }
  } else if (is_string()) {
    EscapeTo(out, as_string());
  } else if (is_array()) {
    const Array& a = as_array();
    out += '[';
    for (size_t i = 0; i < a.size(); ++i) {
      if (i) out += indent < 0 ? "," : ",";
      newline(level + 1);
      a[i].DumpTo(out, indent, level + 1);
    }
    if (!a.empty()) newline(level);
    out += ']';
  } else {
    const Object& o = as_object();
    out += '{';
    for (size_t i = 0; i < o.size(); ++i) {
      if (i) out += ',';
      newline(level + 1);
      EscapeTo(out, o[i].first);
      out += indent < 0 ? ":" : ": ";
      o[i].second.DumpTo(out, indent, level + 1);
    }
    if (!o.empty()) newline(level);
    out += '}';
  }
}

absl::StatusOr<Json> Json::Parse(absl::string_view text) { return Parser(text).ParseAll(); }

}  // namespace gamebench
