#include "cgt/mcgs_kayles.h"

#include <utility>

#include "absl/strings/str_cat.h"

namespace gamebench::cgt {

std::string KaylesMove::Text() const { return absl::StrCat(take, "-", smaller, "-", larger); }

std::vector<KaylesMove> KaylesMoves(int64_t n) {
  std::vector<KaylesMove> moves;
  for (int take = 1; take <= 2; ++take)
    for (int64_t x = 0; take + 2 * x <= n; ++x) moves.push_back({take, x, n - take - x});
  return moves;
}

std::function<std::vector<BasicGame::Option>(GameArena&, bool, bool)> KaylesOptions(
    int64_t n, std::function<int(int64_t)> nim) {
  return [n, nim = std::move(nim)](GameArena& arena, bool /*left*/, bool /*closure*/) {
    std::vector<BasicGame::Option> options;
    for (const KaylesMove& m : KaylesMoves(n))
      options.push_back({m.Text(), arena.Nimber(nim(m.smaller) ^ nim(m.larger))});
    return options;
  };
}

}  // namespace gamebench::cgt
