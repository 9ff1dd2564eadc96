#include "cgt/mcgs_file.h"

#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace gamebench::cgt {
namespace {

struct Token {
  std::string text;
  int line;
};

std::vector<Token> Tokenize(absl::string_view text) {
  std::vector<Token> tokens;
  int line = 1;
  size_t i = 0;
  while (i < text.size()) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (absl::ascii_isspace(c)) {
      if (c == '\n') ++line;
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && !absl::ascii_isspace(static_cast<unsigned char>(text[j]))) ++j;
    tokens.push_back({std::string(text.substr(i, j - i)), line});
    i = j;
  }
  return tokens;
}

std::string Collapse(absl::string_view s) {
  std::vector<absl::string_view> words =
      absl::StrSplit(s, absl::ByAnyChar(" \t\r\n"), absl::SkipEmpty());
  return absl::StrJoin(words, " ");
}

// Reserved characters may appear only as a construct's opening and closing.
bool HasReserved(absl::string_view inner) {
  for (size_t i = 0; i < inner.size(); ++i) {
    const char c = inner[i];
    if (c == '[' || c == ']' || c == '(' || c == ')' || c == '{' || c == '}') return true;
    if (i + 1 < inner.size() && ((c == '/' && inner[i + 1] == '*') || (c == '*' && inner[i + 1] == '/')))
      return true;
  }
  return false;
}

// Splits a command block at the commas outside parentheses.
std::vector<std::string> SplitCommands(absl::string_view block) {
  std::vector<std::string> out;
  std::string current;
  int depth = 0;
  for (char c : block) {
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (c == ',' && depth == 0) {
      out.push_back(current);
      current.clear();
    } else {
      current.push_back(c);
    }
  }
  out.push_back(current);
  return out;
}

}  // namespace

absl::StatusOr<McgsFile> ParseMcgsFile(absl::string_view text, absl::string_view name) {
  const std::vector<Token> tokens = Tokenize(text);
  McgsFile file;
  McgsBlock current;
  std::string section;
  std::vector<std::string> all_comments;                // for every command of the next block
  std::vector<std::pair<int, std::string>> indexed;     // "#k" comments
  auto error = [&](int line, absl::string_view what) {
    return absl::InvalidArgumentError(absl::StrCat(name, ":", line, ": ", what));
  };
  bool first_construct = true;
  size_t i = 0;
  // Joins tokens from i until one ends with `close`; the construct's inner text.
  auto enclosed = [&](absl::string_view open, absl::string_view close, absl::string_view what,
                      bool allow_inner) -> absl::StatusOr<std::string> {
    const int line = tokens[i].line;
    std::string joined = tokens[i].text;
    while (!(joined.size() >= open.size() + close.size() && absl::EndsWith(joined, close))) {
      if (++i >= tokens.size()) return error(line, absl::StrCat("unterminated ", what));
      absl::StrAppend(&joined, " ", tokens[i].text);
    }
    ++i;
    std::string inner = joined.substr(open.size(), joined.size() - open.size() - close.size());
    if (!allow_inner && HasReserved(inner))
      return error(line, absl::StrCat("reserved character inside ", what, " '", joined, "'"));
    return inner;
  };
  while (i < tokens.size()) {
    const Token& t = tokens[i];
    const int line = t.line;
    if (absl::StartsWith(t.text, "/*")) {
      auto inner = enclosed("/*", "*/", "comment", true);
      if (!inner.ok()) return inner.status();
      absl::string_view body = *inner;
      if (absl::StartsWith(body, "_")) continue;
      if (absl::StartsWith(body, "#")) {
        size_t k = 1;
        while (k < body.size() && absl::ascii_isdigit(static_cast<unsigned char>(body[k]))) ++k;
        int index = 0;
        if (k > 1 && absl::SimpleAtoi(body.substr(1, k - 1), &index)) {
          indexed.emplace_back(index, Collapse(body.substr(k)));
          continue;
        }
      }
      all_comments.push_back(Collapse(body));
      continue;
    }
    if (absl::StartsWith(t.text, "[")) {
      auto inner = enclosed("[", "]", "section title", false);
      if (!inner.ok()) return inner.status();
      section = Collapse(*inner);
      if (section.empty()) return error(line, "empty section title");
      first_construct = false;
      continue;
    }
    if (absl::StartsWith(t.text, "(")) {
      auto inner = enclosed("(", ")", "game", false);
      if (!inner.ok()) return inner.status();
      if (section.empty()) return error(line, "a game before any [section]");
      current.games.push_back({section, Collapse(*inner), line});
      first_construct = false;
      continue;
    }
    if (absl::StartsWith(t.text, "{")) {
      auto inner = enclosed("{", "}", "command block", true);
      if (!inner.ok()) return inner.status();
      if (HasReserved(*inner) && absl::StrContains(*inner, "{"))
        return error(line, "nested braces in a command block");
      std::string body = Collapse(*inner);
      if (absl::StartsWith(body, "version")) {
        if (!first_construct) return error(line, "{version ...} must come first");
        file.version = std::string(absl::StripAsciiWhitespace(body.substr(7)));
        first_construct = false;
        continue;
      }
      first_construct = false;
      std::vector<std::string> parts = SplitCommands(body);
      if (parts.size() == 1 && absl::StripAsciiWhitespace(parts[0]).empty()) parts.clear();
      for (const std::string& raw : parts) {
        std::vector<std::string> w = absl::StrSplit(raw, ' ', absl::SkipEmpty());
        if (w.empty()) return error(line, "empty command in a command block");
        McgsCommand c;
        c.text = absl::StrJoin(w, " ");
        c.line = line;
        if (w[0] == "B" || w[0] == "W") {
          c.kind = McgsCommand::Kind::kSolve;
          c.player = w[0][0];
          if (w.size() > 2 || (w.size() == 2 && w[1] != "win" && w[1] != "loss"))
            return error(line, absl::StrCat("bad solve command '", c.text, "'"));
          if (w.size() == 2) c.expected = w[1] == "win" ? "Win" : "Loss";
        } else if (w[0] == "N") {
          c.kind = McgsCommand::Kind::kNimValue;
          c.player = 'N';
          int v = 0;
          if (w.size() > 2 || (w.size() == 2 && (!absl::SimpleAtoi(w[1], &v) || v < 0)))
            return error(line, absl::StrCat("bad nim-value command '", c.text, "'"));
          if (w.size() == 2) c.expected = absl::StrCat(v);
        } else if (w[0] == "winning" && w.size() >= 3 && w[1] == "moves" &&
                   (w[2] == "B" || w[2] == "W" || w[2] == "N")) {
          c.kind = McgsCommand::Kind::kWinningMoves;
          c.player = w[2][0];
          if (w.size() > 3)
            c.expected = absl::StrJoin(std::vector<std::string>(w.begin() + 3, w.end()), " ");
        } else if (w[0] == "thermograph") {
          c.kind = McgsCommand::Kind::kThermograph;
          c.player = 'N';
          if (w.size() > 1)
            c.expected = absl::StrJoin(std::vector<std::string>(w.begin() + 1, w.end()), " ");
        } else {
          return error(line, absl::StrCat("unknown command '", c.text, "'"));
        }
        current.commands.push_back(std::move(c));
      }
      for (auto& [k, comment] : indexed) {
        if (k < 0 || k >= static_cast<int>(current.commands.size()))
          return error(line, absl::StrCat("comment #", k, " names no command of the block"));
      }
      for (size_t k = 0; k < current.commands.size(); ++k) {
        std::vector<std::string> mine = all_comments;
        for (auto& [index, comment] : indexed)
          if (index == static_cast<int>(k)) mine.push_back(comment);
        current.commands[k].comments = absl::StrJoin(mine, " ");
      }
      all_comments.clear();
      indexed.clear();
      file.blocks.push_back(std::move(current));
      current = McgsBlock{};
      continue;
    }
    // An unbracketed game: one token.
    if (section.empty()) return error(line, absl::StrCat("'", t.text, "' before any [section]"));
    if (HasReserved(t.text)) return error(line, absl::StrCat("reserved character in '", t.text, "'"));
    current.games.push_back({section, t.text, line});
    first_construct = false;
    ++i;
  }
  return file;
}

}  // namespace gamebench::cgt
