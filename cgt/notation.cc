#include "cgt/notation.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace gamebench::cgt {
namespace {

std::string UpText(int n, bool star) {
  std::string s;
  const int m = n < 0 ? -n : n;
  const char c = n < 0 ? 'v' : '^';
  if (m == 1) s = std::string(1, c);
  else if (m == 2) s = std::string(2, c);
  else if (m > 2) s = absl::StrCat(std::string(1, c), m);
  if (star) s += "*";
  return s;
}

// g - x for a number x that is an option of g: a nimber or a multiple of up
// plus at most a star, printed after x; empty if g is none of these.
std::string NumberPlusInfinitesimal(GameArena& arena, GameId g) {
  std::vector<Dyadic> candidates;
  for (auto side : {arena.Left(g), arena.Right(g)})
    for (GameId o : side)
      if (auto x = arena.NumberValue(o))
        if (std::find(candidates.begin(), candidates.end(), *x) == candidates.end())
          candidates.push_back(*x);
  for (Dyadic x : candidates) {
    GameId d = arena.Sum(g, arena.Number(-x));
    std::string prefix = x == Dyadic::Integer(0) ? "" : x.ToString();
    const int k = static_cast<int>(arena.Left(d).size());
    if (k >= 1 && d == arena.Nimber(k)) return prefix + (k == 1 ? "*" : absl::StrCat("*", k));
    const int limit = std::min(arena.Birthday(d), 64);
    for (int n = 1; n <= limit; ++n)
      for (bool star : {false, true}) {
        if (d == arena.UpStar(n, star)) return prefix + UpText(n, star);
        if (d == arena.UpStar(-n, star)) return prefix + UpText(-n, star);
      }
  }
  return "";
}

std::string Print(GameArena& arena, GameId g) {
  if (auto x = arena.NumberValue(g)) return x->ToString();
  if (std::string s = NumberPlusInfinitesimal(arena, g); !s.empty()) return s;
  const std::vector<GameId> left = arena.Options(g, GameArena::kLeftSide);
  const std::vector<GameId> right = arena.Options(g, GameArena::kRightSide);
  if (left.size() == 1 && right.size() == 1 && arena.Negate(left[0]) == right[0] &&
      arena.NumberValue(left[0]))
    return absl::StrCat("+-", Print(arena, left[0]));
  std::vector<std::string> l, r;
  for (GameId o : left) l.push_back(Print(arena, o));
  for (GameId o : right) r.push_back(Print(arena, o));
  return absl::StrCat("{", absl::StrJoin(l, ","), "|", absl::StrJoin(r, ","), "}");
}

class Parser {
 public:
  Parser(GameArena& arena, absl::string_view text) : arena_(arena), text_(text) {}

  absl::StatusOr<GameId> ParseAll() {
    auto g = Expr();
    if (!g.ok()) return g;
    Skip();
    if (pos_ != text_.size()) return Error("unexpected character");
    return g;
  }

 private:
  absl::Status Error(absl::string_view what) const {
    return absl::InvalidArgumentError(
        absl::StrCat("bad game '", text_, "': ", what, " at character ", pos_ + 1));
  }
  void Skip() {
    while (pos_ < text_.size() && absl::ascii_isspace(static_cast<unsigned char>(text_[pos_])))
      ++pos_;
  }
  char Peek() {
    Skip();
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }
  bool Digit() const {
    return pos_ < text_.size() && absl::ascii_isdigit(static_cast<unsigned char>(text_[pos_]));
  }
  int64_t Digits() {
    int64_t v = 0;
    while (Digit() && v < (int64_t{1} << 40)) v = v * 10 + (text_[pos_++] - '0');
    return v;
  }

  absl::StatusOr<GameId> Expr() {
    auto g = Term();
    if (!g.ok()) return g;
    GameId sum = *g;
    while (Peek() == '+' || Peek() == '-') {
      const bool minus = text_[pos_++] == '-';
      auto t = Term();
      if (!t.ok()) return t;
      GameId term = arena_.Canonical(*t);
      sum = arena_.Sum(arena_.Canonical(sum), minus ? arena_.Negate(term) : term);
    }
    return sum;
  }

  absl::StatusOr<GameId> Term() {
    if (++depth_ > 200) return Error("nested too deeply");
    auto t = TermInner();
    --depth_;
    return t;
  }

  absl::StatusOr<GameId> TermInner() {
    const char c = Peek();
    if (c == '+' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '-') {
      pos_ += 2;
      if (Peek() == '{') {
        // CGSuite's +-{A,B} is {A,B | -A,-B}; +-{L|R} is +- of one game.
        ++pos_;
        auto parts = BracedParts();
        if (!parts.ok()) return parts.status();
        GameId g;
        if (parts->second.empty()) {
          std::vector<GameId> negated;
          for (GameId x : parts->first[0]) negated.push_back(arena_.Negate(x));
          return arena_.Form(parts->first[0], negated);
        }
        auto one = Split(parts->first, parts->second, 0, parts->first.size());
        if (!one.ok()) return one;
        g = *one;
        return arena_.Form({g}, {arena_.Negate(g)});
      }
      auto g = Term();
      if (!g.ok()) return g;
      return arena_.Form({*g}, {arena_.Negate(*g)});
    }
    if (c == '-') {
      ++pos_;
      auto g = Term();
      if (!g.ok()) return g;
      return arena_.Negate(*g);
    }
    if (c == '(') {
      ++pos_;
      auto g = Expr();
      if (!g.ok()) return g;
      if (Peek() != ')') return Error("')' expected");
      ++pos_;
      return g;
    }
    if (c == '{') {
      ++pos_;
      return Braced();
    }
    GameId atom = GameArena::kZero;
    bool any = false;
    if (absl::ascii_isdigit(static_cast<unsigned char>(c))) {
      int64_t num = Digits();
      int64_t den = 1;
      if (pos_ < text_.size() && text_[pos_] == '/') {
        ++pos_;
        if (!Digit()) return Error("denominator expected");
        den = Digits();
      }
      int exp = 0;
      while (den > 1 && den % 2 == 0 && exp <= Dyadic::kMaxExp) den /= 2, ++exp;
      if (den != 1) return Error("the denominator is not a power of 2");
      Dyadic x = Dyadic::Make(num, exp);
      if (!x.Fits()) return Error("number out of range");
      atom = arena_.Number(x);
      any = true;
    }
    if (pos_ < text_.size() && (text_[pos_] == '^' || text_[pos_] == 'v')) {
      const char u = text_[pos_];
      int n = 0;
      while (pos_ < text_.size() && text_[pos_] == u) ++pos_, ++n;
      if (n == 1 && Digit()) n = static_cast<int>(std::min<int64_t>(Digits(), 5000));
      bool star = false;
      if (pos_ < text_.size() && text_[pos_] == '*' &&
          !(pos_ + 1 < text_.size() && absl::ascii_isdigit(static_cast<unsigned char>(text_[pos_ + 1])))) {
        ++pos_;
        star = true;
      }
      GameId up = arena_.UpStar(u == 'v' ? -n : n, star);
      atom = any ? arena_.Sum(arena_.Canonical(atom), up) : up;
      any = true;
    }
    if (pos_ < text_.size() && text_[pos_] == '*') {
      ++pos_;
      int k = Digit() ? static_cast<int>(std::min<int64_t>(Digits(), 70000)) : 1;
      GameId star = arena_.Nimber(k);
      atom = any ? arena_.Sum(arena_.Canonical(atom), star) : star;
      any = true;
    }
    for (absl::string_view word : {"Tiny", "Miny"}) {
      if (!StartsWithWord(word)) continue;
      pos_ += word.size();
      auto t = TinyOrMiny(word == "Tiny");
      if (!t.ok()) return t;
      atom = any ? arena_.Sum(arena_.Canonical(atom), *t) : *t;
      any = true;
      break;
    }
    if (!any) return Error(c == '\0' ? "game expected, end of text found" : "game expected");
    return atom;
  }

  // After '{': option lists separated by runs of bars, then '}'. The longest
  // run splits the game; each side is an option list or, if it holds bars
  // itself, one game.
  absl::StatusOr<GameId> Braced() {
    auto parts = BracedParts();
    if (!parts.ok()) return parts.status();
    if (parts->second.empty()) return Error("'|' expected in braces");
    return Split(parts->first, parts->second, 0, parts->first.size());
  }

  // After '{': the option lists and the bar runs between them, through '}'.
  absl::StatusOr<std::pair<std::vector<std::vector<GameId>>, std::vector<int>>> BracedParts() {
    std::vector<std::vector<GameId>> lists(1);
    std::vector<int> bars;
    while (true) {
      const char c = Peek();
      if (c == '}') {
        ++pos_;
        break;
      }
      if (c == '|') {
        int n = 0;
        while (pos_ < text_.size() && text_[pos_] == '|') ++pos_, ++n;
        bars.push_back(n);
        lists.emplace_back();
        continue;
      }
      if (c == ',') {
        ++pos_;
        continue;
      }
      if (c == '\0') return Error("'}' expected");
      auto g = Expr();
      if (!g.ok()) return g.status();
      lists.back().push_back(*g);
    }
    return std::make_pair(std::move(lists), std::move(bars));
  }

  // Tiny(x) = {0 || 0 | -x}, Miny(x) = {x | 0 || 0}, after the name.
  absl::StatusOr<GameId> TinyOrMiny(bool tiny) {
    if (Peek() != '(') return Error("'(' expected");
    ++pos_;
    auto x = Expr();
    if (!x.ok()) return x;
    if (Peek() != ')') return Error("')' expected");
    ++pos_;
    const GameId g = arena_.Canonical(*x), zero = GameArena::kZero;
    GameId form = tiny ? arena_.Form({zero}, {arena_.Form({zero}, {arena_.Negate(g)})})
                       : arena_.Form({arena_.Form({g}, {zero})}, {zero});
    return arena_.Canonical(form);
  }
  bool StartsWithWord(absl::string_view word) const {
    return text_.substr(pos_, word.size()) == word;
  }

  absl::StatusOr<GameId> Split(const std::vector<std::vector<GameId>>& lists,
                               const std::vector<int>& bars, size_t begin, size_t end) {
    // lists[begin, end) with bars[begin, end - 1) between them.
    size_t at = begin;
    int most = 0, count = 0;
    for (size_t i = begin; i + 1 < end; ++i) {
      if (bars[i] > most) most = bars[i], at = i, count = 1;
      else if (bars[i] == most) ++count;
    }
    if (count != 1) return Error("ambiguous bars in braces");
    auto side = [&](size_t b, size_t e) -> absl::StatusOr<std::vector<GameId>> {
      if (e - b == 1) return lists[b];
      auto g = Split(lists, bars, b, e);
      if (!g.ok()) return g.status();
      return std::vector<GameId>{*g};
    };
    auto left = side(begin, at + 1);
    if (!left.ok()) return left.status();
    auto right = side(at + 1, end);
    if (!right.ok()) return right.status();
    return arena_.Form(*std::move(left), *std::move(right));
  }

  GameArena& arena_;
  absl::string_view text_;
  size_t pos_ = 0;
  int depth_ = 0;
};

}  // namespace

std::string ToCgsuite(GameArena& arena, GameId canonical) { return Print(arena, canonical); }

absl::StatusOr<GameId> ParseCgsuite(GameArena& arena, absl::string_view text) {
  Parser p(arena, text);
  return p.ParseAll();
}

}  // namespace gamebench::cgt
