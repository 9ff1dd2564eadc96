#include "cgt/mcgs_basic_games.h"

#include <cstdlib>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace gamebench::cgt {
namespace {

absl::Status Bad(absl::string_view section, absl::string_view text, absl::string_view why) {
  return absl::InvalidArgumentError(absl::StrCat("bad ", section, " '", text, "': ", why));
}

// A dyadic number as MCGS's dyadic_rational game: its canonical form, whose
// moves are exactly the game's (one step of 1/q toward each side).
GameId DyadicForm(GameArena& arena, Dyadic x) { return arena.Number(x); }

}  // namespace

absl::StatusOr<BasicGame> McgsBasicGame(GameArena& arena, absl::string_view section,
                                        absl::string_view text) {
  text = absl::StripAsciiWhitespace(text);
  if (section == "integer_game" || section == "nimber") {
    int64_t n = 0;
    if (!absl::SimpleAtoi(text, &n) || n > 100000 || n < -100000)
      return Bad(section, text, "an integer of at most 100000 in magnitude expected");
    if (section == "nimber") {
      if (n < 0) return Bad(section, text, "a nimber is not negative");
      return BasicGame{arena.Nimber(static_cast<int>(n)), absl::StrCat("nimber:*", n)};
    }
    return BasicGame{arena.Integer(n), absl::StrCat("integer:", n)};
  }
  if (section == "dyadic_rational") {
    auto x = ParseDyadic(text);
    if (!x.ok()) return x.status();
    return BasicGame{DyadicForm(arena, *x), absl::StrCat("dyadic_rational:", x->num, "/",
                                                         int64_t{1} << x->exp)};
  }
  if (section == "switch_game") {
    // Two fractions, separated by a comma and/or spaces ("-3 / 8" is one).
    std::string s(text);
    std::vector<std::string> parts;
    if (s.find(',') != std::string::npos) {
      parts = absl::StrSplit(s, ',');
    } else {
      // Spaces only: a fraction ends where a new one starts (a number after
      // a complete number, not after '/').
      std::vector<std::string> words = absl::StrSplit(s, ' ', absl::SkipEmpty());
      std::string cur;
      for (const std::string& w : words) {
        const bool continues = !cur.empty() && (cur.back() == '/' || w[0] == '/' ||
                                                (cur == "-"));
        if (!cur.empty() && !continues) {
          parts.push_back(cur);
          cur.clear();
        }
        cur += w;
      }
      if (!cur.empty()) parts.push_back(cur);
    }
    if (parts.size() != 2) return Bad(section, text, "two fractions expected");
    auto a = ParseDyadic(parts[0]);
    if (!a.ok()) return a.status();
    auto b = ParseDyadic(parts[1]);
    if (!b.ok()) return b.status();
    GameId form = arena.Form({DyadicForm(arena, *a)}, {DyadicForm(arena, *b)});
    return BasicGame{form, absl::StrCat("switch:{", a->ToString(), " | ", b->ToString(), "}")};
  }
  if (section == "up_star") {
    // At most one int and at most one star, in any order.
    std::string s(text);
    bool star = false;
    std::vector<std::string> items;
    for (absl::string_view w : absl::StrSplit(s, absl::ByAnyChar(" ,"), absl::SkipEmpty())) {
      std::string word(w);
      // "4*" is an int and a star.
      if (word.size() > 1 && word.back() == '*') {
        items.push_back(word.substr(0, word.size() - 1));
        items.push_back("*");
      } else {
        items.push_back(word);
      }
    }
    int ups = 0;
    bool have_int = false;
    for (const std::string& item : items) {
      if (item == "*") {
        if (star) return Bad(section, text, "more than one star");
        star = true;
        continue;
      }
      int n = 0;
      if (have_int || !absl::SimpleAtoi(item, &n) || n > 4096 || n < -4096)
        return Bad(section, text, "at most one int (|n| <= 4096) and one star expected");
      have_int = true;
      ups = n;
    }
    if (items.empty()) return Bad(section, text, "empty");
    // The value's canonical form, marked as n.up + *, so that a sum folds
    // it with the other ups and nimbers (cgt/sum_outcome.h); the game is
    // MCGS's tree, whose closure [impartial up_star] plays.
    arena.UpStar(ups, star);
    return BasicGame{arena.UpStarForm(ups, star),
                     absl::StrCat("up_star:", ups, star ? "*" : "")};
  }
  return absl::NotFoundError(absl::StrCat("no game [", section, "]"));
}

}  // namespace gamebench::cgt
