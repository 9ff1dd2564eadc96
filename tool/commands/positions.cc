// gamebench positions SPEC [--count N] [--seed S] [--plies A-B]
// Prints N distinct non-terminal positions reached by uniformly random play
// from the start, each after a number of plies drawn from [A, B], one per
// line: `spec<TAB>position<TAB>plies`. The generator is a fixed SplitMix64
// stream, so a seed gives the same positions on every machine and build
// (as long as the game's move generation order does not change). Used to
// make the fixed benchmark suites under bench/positions/.

#include <cstdio>
#include <set>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "tool/args.h"
#include "tool/commands.h"
#include "tool/dispatch.h"

namespace gamebench {

const CommandLineSpec kPositionsCommandLine = {"SPEC",
                                               {{"count", "N"}, {"seed", "S"}, {"plies", "A-B"}}};
namespace {

// SplitMix64: tiny, and its output is specified bit for bit (unlike the
// standard distributions), so suites regenerate identically everywhere.
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) up to a bias below 2^-40 for the small n used here.
  uint64_t Below(uint64_t n) { return Next() % n; }

 private:
  uint64_t state_;
};

absl::Status ParsePlies(const std::string& text, int& lo, int& hi) {
  std::vector<std::string> parts = absl::StrSplit(text, '-');
  if (parts.size() == 1) parts.push_back(parts[0]);
  if (parts.size() != 2 || !absl::SimpleAtoi(parts[0], &lo) || !absl::SimpleAtoi(parts[1], &hi) ||
      lo < 0 || hi < lo || hi > 100000)
    return absl::InvalidArgumentError(
        absl::StrCat("--plies '", text, "' is not a range A-B with 0 <= A <= B"));
  return absl::OkStatus();
}

}  // namespace

absl::Status RunPositions(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, kPositionsCommandLine);
  if (!args.ok()) return args.status();
  if (auto st = args->ExpectPositional(1, "game SPEC"); !st.ok()) return st;
  auto spec = ParseSpec(args->positional()[0]);
  if (!spec.ok()) return spec.status();
  auto count = args->GetInt("count", 10, 1, 1000000);
  if (!count.ok()) return count.status();
  auto seed = args->GetInt("seed", 1, 0, INT64_MAX);
  if (!seed.ok()) return seed.status();
  int lo = 0, hi = 0;
  if (auto st = ParsePlies(args->Get("plies").value_or("4-8"), lo, hi); !st.ok()) return st;

  return WithGame(*spec, [&]<typename G>(const G& game) -> absl::Status {
    SplitMix64 rng(static_cast<uint64_t>(*seed));
    std::set<std::string> seen;
    const std::string canonical = game.CanonicalSpec();
    int64_t found = 0;
    // Each attempt plays one random game prefix; a prefix that ends the game
    // early, or repeats a position already printed, is dropped.
    const int64_t max_attempts = *count * 1000;
    for (int64_t attempt = 0; attempt < max_attempts && found < *count; ++attempt) {
      const int plies = lo + static_cast<int>(rng.Below(static_cast<uint64_t>(hi - lo + 1)));
      typename G::State s = game.Start();
      bool ok = true;
      for (int p = 0; p < plies; ++p) {
        if (game.Terminal(s)) {
          ok = false;
          break;
        }
        MoveListOf<G> moves;
        game.GenerateMoves(s, moves);
        s = game.Play(s, moves[static_cast<int>(rng.Below(static_cast<uint64_t>(moves.size())))]);
      }
      if (!ok || game.Terminal(s)) continue;
      std::string text = game.FormatState(s);
      if (!seen.insert(text).second) continue;
      std::printf("%s\t%s\t%d\n", canonical.c_str(), text.c_str(), plies);
      ++found;
    }
    if (found < *count)
      std::fprintf(stderr, "gamebench positions: found only %ld distinct positions\n",
                   static_cast<long>(found));
    return absl::OkStatus();
  });
}

}  // namespace gamebench
