#ifndef GAMEBENCH_GAMES_SUM_SUM_H_
#define GAMEBENCH_GAMES_SUM_SUM_H_

// Sums of impartial heap games: sum(G1,G2,...) is the position made of the
// independent components G1, G2, ...; a move is a move in one component; the
// last mover wins (`misere=true`: loses). Spec example:
//   sum(kayles(n=7),nim(heaps=3;5),octal(code=0.137,n=12),subtraction(n=10,set=1;2;4))
//
// A component is any game of SumComponents below (each a heap game,
// games/heap_game.h); the sum takes its rule and its start heaps, so adding a
// component type means one line here and no change to the game. Positions
// and moves are those of HeapSystem: components separated by " | ", e.g.
// "7 | 5;3 | 12 | 10", and a move names its component: "2:5>4".

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/game.h"
#include "core/type_list.h"
#include "games/grundy_game/grundy_game.h"
#include "games/heap_game.h"
#include "games/heap_spec.h"
#include "games/kayles/kayles.h"
#include "games/nim/nim.h"
#include "games/octal/octal.h"
#include "games/subtraction/subtraction.h"

namespace gamebench {

using SumComponents = TypeList<Nim, Subtraction, Kayles, Octal, GrundyGame>;

class Sum : public HeapSystem {
 public:
  static constexpr absl::string_view kName = "sum";
  static constexpr absl::string_view kDescription =
      "sum of impartial heap games (nim, subtraction, kayles, octal, grundy_game): move in one "
      "component";

  static std::vector<ParamInfo> Params() {
    return {{"(games)", "kayles(n=7),nim(heaps=3;5)",
             "1 to 8 component games as nested specs: sum(kayles(n=7),nim(heaps=3;5),...)"},
            {"misere", "false", "true: the player who makes the last move loses"}};
  }

  static std::string ComponentNames() {
    std::vector<std::string> names;
    ForEachType(SumComponents{}, [&]<typename G>() {
      names.push_back(std::string(G::kName));
      return false;
    });
    return absl::StrJoin(names, ", ");
  }

  // The misere flag and the component specs of a sum's spec.
  static absl::StatusOr<std::pair<bool, const std::vector<Spec>*>> ReadSum(const Spec& spec) {
    ParamReader r(spec);
    auto misere = r.Bool("misere", false);
    if (!misere.ok()) return misere.status();
    if (auto st = r.Finish(/*allow_args=*/true); !st.ok()) return st;
    // A bare `sum` is the documented default, as a bare name is for every
    // game; `sum()` or `sum(misere=true)` without components is an error.
    static const Spec kDefault = *ParseSpec("sum(kayles(n=7),nim(heaps=3;5))");
    if (spec.args.empty() && spec.parenthesized)
      return absl::InvalidArgumentError(
          "sum: needs at least one component game, e.g. sum(kayles(n=7),nim(heaps=3;5))");
    return std::make_pair(*misere, spec.args.empty() ? &kDefault.args : &spec.args);
  }

  // Reads each component with `read.template operator()<G>(arg)`, G being
  // the component type its name names: `read` keeps what it needs and returns
  // the component's canonical spec and whether it is misère, or its error.
  // The sum's own checks live here once: an unknown component name, and a
  // misère component (a sum is played under one convention).
  template <typename Read>
  static absl::Status ReadComponents(const std::vector<Spec>& args, Read&& read) {
    for (const Spec& arg : args) {
      absl::Status status = absl::InvalidArgumentError(absl::StrCat(
          "sum: '", arg.name, "' cannot be a component (components: ", ComponentNames(), ")"));
      ForEachType(SumComponents{}, [&]<typename G>() {
        if (arg.name != G::kName) return false;
        absl::StatusOr<std::pair<std::string, bool>> part = read.template operator()<G>(arg);
        if (!part.ok()) {
          status = absl::InvalidArgumentError(absl::StrCat("sum: ", part.status().message()));
        } else if (part->second) {
          status = absl::InvalidArgumentError(absl::StrCat(
              "sum: component '", part->first,
              "' is misere; a sum is played under one convention: give misere=true to the sum"));
        } else {
          status = absl::OkStatus();
        }
        return true;
      });
      if (!status.ok()) return status;
    }
    return absl::OkStatus();
  }

  static absl::StatusOr<Sum> FromSpec(const Spec& spec) {
    auto read = ReadSum(spec);
    if (!read.ok()) return read.status();
    const bool misere = read->first;
    std::vector<ComponentSpec> components;
    std::vector<std::string> specs;
    absl::Status status = ReadComponents(
        *read->second,
        [&]<typename G>(const Spec& arg) -> absl::StatusOr<std::pair<std::string, bool>> {
          absl::StatusOr<G> game = G::FromSpec(arg);
          if (!game.ok()) return game.status();
          if (!game->misere()) {
            for (int c = 0; c < game->NumComponents(); ++c)
              components.push_back({game->Rule(c), game->Heaps(game->Start(), c),
                                    absl::StrCat("sum: component ", specs.size() + 1)});
            specs.push_back(game->CanonicalSpec());
          }
          return std::make_pair(game->CanonicalSpec(), game->misere());
        });
    if (!status.ok()) return status;
    auto sys = HeapSystem::Make(std::move(components), misere);
    if (!sys.ok()) return sys.status();
    return Sum(*std::move(sys), std::move(specs));
  }

  // For the Sprague–Grundy solver: any number of components, heaps up to
  // 2^63 - 1 (games/heap_spec.h).
  static absl::StatusOr<HeapGameSpec> HeapSpecFromSpec(const Spec& spec) {
    auto read = ReadSum(spec);
    if (!read.ok()) return read.status();
    const bool misere = read->first;
    HeapGameSpec sum{{}, misere, HeapGameSpec::Style::kHeapSystem, ""};
    std::vector<std::string> specs;
    absl::Status status = ReadComponents(
        *read->second,
        [&]<typename G>(const Spec& arg) -> absl::StatusOr<std::pair<std::string, bool>> {
          absl::StatusOr<HeapGameSpec> part = G::HeapSpecFromSpec(arg);
          if (!part.ok()) return part.status();
          if (!part->misere) {
            for (HeapGameSpec::Component& c : part->components) {
              std::erase(c.heaps, 0);
              sum.components.push_back(std::move(c));
            }
            specs.push_back(part->canonical);
          }
          return std::make_pair(part->canonical, part->misere);
        });
    if (!status.ok()) return status;
    sum.canonical = absl::StrCat("sum(", absl::StrJoin(specs, ","),
                                 ",misere=", misere ? "true" : "false", ")");
    return sum;
  }

  std::string CanonicalSpec() const {
    return absl::StrCat("sum(", absl::StrJoin(specs_, ","), ",misere=", misere() ? "true" : "false",
                        ")");
  }
  const std::vector<std::string>& component_specs() const { return specs_; }

 private:
  Sum(HeapSystem sys, std::vector<std::string> specs)
      : HeapSystem(std::move(sys)), specs_(std::move(specs)) {}
  std::vector<std::string> specs_;
};

}  // namespace gamebench

#endif  // GAMEBENCH_GAMES_SUM_SUM_H_
