#ifndef GAMEBENCH_TESTS_CATALOG_TYPES_H_
#define GAMEBENCH_TESTS_CATALOG_TYPES_H_

// The game catalog as GoogleTest type lists, so typed tests run on every game
// in games/catalog.h, including those added later, with no edit here.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/type_list.h"
#include "games/catalog.h"
#include "gtest/gtest.h"

namespace gamebench::testing {

template <typename List>
struct GTestTypesOf;
template <typename... Ts>
struct GTestTypesOf<TypeList<Ts...>> {
  using type = ::testing::Types<Ts...>;
};
using CatalogGames = GTestTypesOf<GameCatalog>::type;

// Names the typed test instances after the games: "Conformance/nim".
struct GameTypeName {
  template <typename G>
  static std::string GetName(int) {
    return std::string(G::kName);
  }
};

// The spec with every parameter given explicitly at the default that
// Params() documents: it must build the same game as the bare name.
template <typename G>
std::string ExplicitDefaultSpec() {
  std::vector<std::string> items;
  for (const ParamInfo& p : G::Params()) {
    if (p.name.starts_with("(")) {
      items.push_back(p.default_value);  // positional: nested games (sum)
    } else {
      items.push_back(absl::StrCat(p.name, "=", p.default_value));
    }
  }
  if (items.empty()) return std::string(G::kName);
  return absl::StrCat(G::kName, "(", absl::StrJoin(items, ","), ")");
}

}  // namespace gamebench::testing

#endif  // GAMEBENCH_TESTS_CATALOG_TYPES_H_
