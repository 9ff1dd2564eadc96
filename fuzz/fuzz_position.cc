// libFuzzer target: every game's position and move parsers.
// The first byte picks a game of the catalog (its default variant); the rest
// is position text, and after a '|' move text. Properties: no crash; an
// accepted position prints and parses back to an equal state; an accepted
// move plays to a position whose text parses back.

#include <cstdint>
#include <cstdlib>
#include <string>

#include "absl/strings/string_view.h"
#include "core/spec.h"
#include "tool/dispatch.h"

namespace {

template <gamebench::Game G>
void Check(const G& game, absl::string_view pos_text, absl::string_view move_text) {
  auto s = game.ParseState(pos_text);
  if (!s.ok()) return;
  auto again = game.ParseState(game.FormatState(*s));
  if (!again.ok() || !(*again == *s)) std::abort();
  if (game.Terminal(*s)) return;
  auto m = game.ParseMove(*s, move_text);
  if (!m.ok()) return;
  auto next = game.Play(*s, *m);
  auto next_again = game.ParseState(game.FormatState(next));
  if (!next_again.ok() || !(*next_again == next)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gamebench;
  if (size < 1) return 0;
  int pick = data[0];
  absl::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  absl::string_view pos = rest, move;
  if (auto bar = rest.find('|'); bar != absl::string_view::npos) {
    pos = rest.substr(0, bar);
    move = rest.substr(bar + 1);
  }
  int count = 0;
  ForEachType(GameCatalog{}, [&]<typename G>() { return ++count, false; });
  int index = pick % count;
  ForEachType(GameCatalog{}, [&]<typename G>() {
    if (index-- != 0) return false;
    Spec spec;
    spec.name = std::string(G::kName);
    auto game = G::FromSpec(spec);
    if (game.ok()) Check(*game, pos, move);
    return true;
  });
  return 0;
}
