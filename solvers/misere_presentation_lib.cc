#include "solvers/misere_presentation.h"

#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace gamebench {
namespace {

std::string GeneratorName(size_t i) {
  return i < 26 ? std::string(1, static_cast<char>('a' + i)) : absl::StrCat("g", i + 1);
}

std::string Word(const std::vector<int>& exponents, const MiserePresentation& p) {
  std::vector<std::string> parts;
  for (size_t g = 0; g < exponents.size(); ++g) {
    if (exponents[g] == 0) continue;
    parts.push_back(exponents[g] == 1 ? p.generators[g].name
                                      : absl::StrCat(p.generators[g].name, "^", exponents[g]));
  }
  return parts.empty() ? "1" : absl::StrJoin(parts, " ");
}

}  // namespace

MiserePresentation Present(const MisereQuotient& q) {
  const BipartiteMonoid& m = q.monoid();
  MiserePresentation p;
  // Generators: a heap whose class the earlier generators do not reach.
  std::vector<bool> reached(m.size(), false);
  reached[0] = true;
  std::vector<uint32_t> span = {0};
  for (int64_t h = 1; h <= q.upto(); ++h)
    for (int r = 0; r < static_cast<int>(q.rules().size()); ++r) {
      const uint32_t x = q.Pretend(r, h);
      if (reached[x]) continue;
      p.generators.push_back({GeneratorName(p.generators.size()), r, h, x});
      // The span grows by the new generator's powers times the old span.
      for (size_t i = 0; i < span.size(); ++i) {
        const uint32_t y = m.Mul(span[i], x);
        if (!reached[y]) {
          reached[y] = true;
          span.push_back(y);
        }
      }
    }
  // Normal forms, breadth first over exponent vectors (words up to
  // commutativity) in length-then-generator order.
  const size_t k = p.generators.size();
  std::vector<std::vector<int>> form(m.size());
  std::vector<bool> has(m.size(), false);
  std::map<std::vector<int>, uint32_t> normal;  // exponent vector -> element
  std::vector<std::pair<std::vector<int>, uint32_t>> layer = {{std::vector<int>(k, 0), 0}};
  has[0] = true;
  form[0] = layer[0].first;
  normal[layer[0].first] = 0;
  auto is_normal = [&](const std::vector<int>& e) { return normal.count(e) > 0; };
  while (!layer.empty()) {
    std::vector<std::pair<std::vector<int>, uint32_t>> next;
    for (const auto& [e, x] : layer)
      for (size_t g = 0; g < k; ++g) {
        // Each monomial once: append generators in non-decreasing order.
        bool ordered = true;
        for (size_t h = g + 1; h < k; ++h) ordered &= e[h] == 0;
        if (!ordered) continue;
        std::vector<int> w = e;
        ++w[g];
        const uint32_t y = m.Mul(x, p.generators[g].element);
        if (!has[y]) {
          has[y] = true;
          form[y] = w;
          normal[w] = y;
          next.push_back({w, y});
          continue;
        }
        // Not a normal form: a relation when each word one letter shorter is.
        bool minimal = true;
        for (size_t h = 0; h < k && minimal; ++h) {
          if (w[h] == 0) continue;
          std::vector<int> shorter = w;
          --shorter[h];
          minimal = is_normal(shorter);
        }
        if (minimal) p.relations.push_back(absl::StrCat(Word(w, p), " = ", Word(form[y], p)));
      }
    layer = std::move(next);
  }
  for (uint32_t x = 0; x < m.size(); ++x) p.words.push_back(Word(form[x], p));
  return p;
}

}  // namespace gamebench
