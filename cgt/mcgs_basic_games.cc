#include "cgt/mcgs_basic_games.h"

#include <cstdlib>
#include <functional>
#include <string>
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

// A move of a basic game: MCGS's text of it and the position it leads to.
template <typename Position>
struct Move {
  std::string text;
  Position to;
};

// integer_game n: the player whose number it is (Left if n > 0, Right if
// n < 0) moves one step toward 0; 0 has no move.
std::vector<Move<int64_t>> IntegerMoves(int64_t n, bool left) {
  if (left && n > 0) return {{"INT", n - 1}};
  if (!left && n < 0) return {{"INT", n + 1}};
  return {};
}

// dyadic_rational p/q: with q > 1 Left moves to (p-1)/q ("DEC") and Right
// to (p+1)/q ("INC"), reduced; with q = 1 it plays as an integer (one step
// toward 0, by its owner), named DEC or INC still.
std::vector<Move<Dyadic>> DyadicMoves(Dyadic x, bool left) {
  if (x.IsInteger() && (left ? x.num <= 0 : x.num >= 0)) return {};
  if (left) return {{"DEC", Dyadic::Make(x.num - 1, x.exp)}};
  return {{"INC", Dyadic::Make(x.num + 1, x.exp)}};
}

// nimber *n: to every *k, k < n, for either player.
std::vector<Move<int>> NimberMoves(int n, bool /*left*/) {
  std::vector<Move<int>> moves;
  for (int k = 0; k < n; ++k) moves.push_back({absl::StrCat("*", k), k});
  return moves;
}

// switch_game {a | b}, not yet played: Left to the number a, Right to b
// (each then a dyadic_rational game).
struct Switch {
  Dyadic left, right;
};
std::vector<Move<Dyadic>> SwitchMoves(Switch s, bool left) {
  if (left) return {{"SWITCH_L", s.left}};
  return {{"SWITCH_R", s.right}};
}

// up_star n.up (+ *), n of either sign; down is -1. Its tree:
//   0: no move; *: to 0 for either player;
//   the player the ups favour (Left for n > 0, Right for n < 0) moves to 0,
//   and from up* or down* (|n| = 1 with the star) also to *;
//   the other player moves one up toward 0 and flips the star:
//   up = {0 | *}, up* = {0, * | 0}, n.up = {0 | (n-1).up*}, n.up* = {0 | (n-1).up}.
// A move is named by the value it leads to: "0", "0*", "3*", "-2".
struct UpStarPosition {
  int ups;
  bool star;
};
std::string UpStarText(UpStarPosition g) { return absl::StrCat(g.ups, g.star ? "*" : ""); }
std::vector<Move<UpStarPosition>> UpStarMoves(UpStarPosition g, bool left) {
  std::vector<Move<UpStarPosition>> moves;
  auto add = [&](UpStarPosition to) { moves.push_back({UpStarText(to), to}); };
  if (g.ups == 0) {
    if (g.star) add({0, false});
    return moves;
  }
  if ((g.ups > 0) == left) {
    add({0, false});
    if ((g.ups == 1 || g.ups == -1) && g.star) add({0, true});
  } else {
    add({g.ups > 0 ? g.ups - 1 : g.ups + 1, !g.star});
  }
  return moves;
}

// The options of a basic game at `position` for BasicGame::options: its
// moves for `left`'s player (or, for the closure, both players'), each
// with the value it leads to: `value` of the position moved to, or for the
// closure the nimber of the closure of that position's game tree (`tree`).
template <typename Position, typename Moves, typename Value, typename Tree>
std::function<std::vector<BasicGame::Option>(GameArena&, bool, bool)> OptionsOf(
    Position position, Moves moves, Value value, Tree tree) {
  return [position, moves, value, tree](GameArena& arena, bool left, bool closure) {
    std::vector<BasicGame::Option> options;
    for (bool side : {true, false}) {
      if (!closure && side != left) continue;
      for (auto& m : moves(position, side)) {
        const GameId to = closure ? arena.Nimber(arena.NimValue(tree(arena, m.to)))
                                  : value(arena, m.to);
        options.push_back({std::move(m.text), to});
      }
    }
    return options;
  };
}

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
      BasicGame game{arena.Nimber(static_cast<int>(n)), absl::StrCat("nimber:*", n)};
      auto nimber = [](GameArena& a, int k) { return a.Nimber(k); };
      game.options = OptionsOf(static_cast<int>(n), NimberMoves, nimber, nimber);
      return game;
    }
    BasicGame game{arena.Integer(n), absl::StrCat("integer:", n)};
    auto integer = [](GameArena& a, int64_t k) { return a.Integer(k); };
    game.options = OptionsOf(n, IntegerMoves, integer, integer);
    return game;
  }
  if (section == "dyadic_rational") {
    auto x = ParseDyadic(text);
    if (!x.ok()) return x.status();
    BasicGame game{DyadicForm(arena, *x),
                   absl::StrCat("dyadic_rational:", x->num, "/", int64_t{1} << x->exp)};
    game.options = OptionsOf(*x, DyadicMoves, DyadicForm, DyadicForm);
    return game;
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
    BasicGame game{form, absl::StrCat("switch:{", a->ToString(), " | ", b->ToString(), "}")};
    game.options = OptionsOf(Switch{*a, *b}, SwitchMoves, DyadicForm, DyadicForm);
    return game;
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
    BasicGame game{arena.UpStarForm(ups, star), absl::StrCat("up_star:", ups, star ? "*" : "")};
    // An option's value is the canonical n.up + * (marked for the fold); its
    // closure is that of MCGS's tree.
    game.options = OptionsOf(
        UpStarPosition{ups, star}, UpStarMoves,
        [](GameArena& a, UpStarPosition g) { return a.UpStar(g.ups, g.star); },
        [](GameArena& a, UpStarPosition g) { return a.UpStarForm(g.ups, g.star); });
    return game;
  }
  return absl::NotFoundError(absl::StrCat("no game [", section, "]"));
}

}  // namespace gamebench::cgt
