#include "solvers/misere_values.h"

#include "absl/strings/str_cat.h"
#include "solvers/misere_brute_force.h"
#include "solvers/nim_sequence.h"

namespace gamebench {

std::vector<HeapGenus> HeapGenera(const HeapRule& rule, int64_t upto, int gammas,
                                  uint64_t max_positions) {
  std::vector<HeapGenus> out;
  const std::vector<uint16_t> normal = DefinitionNimSequence(rule, static_cast<int>(upto));
  MisereSearch search({rule});
  for (int64_t h = 0; h <= upto; ++h) {
    HeapGenus g;
    g.heap = h;
    g.normal = normal[h];
    for (int n = 0; n <= gammas; ++n)
      g.gammas.push_back(search.MisereGrundy(MisereSearch::Of({{0, static_cast<int>(h)}}, n)));
    if (search.positions() > max_positions) break;
    // The least start from which the computed digits alternate.
    const int k = static_cast<int>(g.gammas.size());
    int start = k - 2;
    while (start > 0 && g.gammas[start + 1] == g.gammas[start - 1]) --start;
    g.settled = k - start >= 6;  // two periods seen beyond the two written
    std::string digits;
    for (int i = 0; i <= std::min(start + 1, k - 1); ++i) {
      if (g.gammas[i] > 9 && !digits.empty()) digits += ",";
      absl::StrAppend(&digits, g.gammas[i]);
    }
    g.text = absl::StrCat(g.normal, "^", digits);
    out.push_back(std::move(g));
  }
  return out;
}

}  // namespace gamebench
