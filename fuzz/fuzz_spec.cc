// libFuzzer target: the spec parser and every game's FromSpec.
// Property: no crash; an accepted spec's canonical form parses back to the
// same canonical form.

#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/spec.h"
#include "tool/dispatch.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gamebench;
  std::string text(reinterpret_cast<const char*>(data), size);
  auto spec = ParseSpec(text);
  if (!spec.ok()) return 0;
  (void)FormatSpec(*spec);
  (void)WithGame(*spec, [&]<typename G>(const G& game) -> absl::Status {
    auto again = ParseSpec(game.CanonicalSpec());
    if (!again.ok()) std::abort();
    auto game2 = G::FromSpec(*again);
    if (!game2.ok() || game2->CanonicalSpec() != game.CanonicalSpec()) std::abort();
    return absl::OkStatus();
  });
  return 0;
}
