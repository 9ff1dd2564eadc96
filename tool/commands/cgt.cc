// `gamebench cgt GAME`: a short game in CGSuite's notation, its canonical
// form, outcome class, birthday, mean, temperature and thermograph (cgt/,
// docs/cgt.md).

#include <cstdio>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "cgt/arena.h"
#include "cgt/mcgs_basic_games.h"
#include "cgt/notation.h"
#include "cgt/thermograph.h"
#include "core/json.h"
#include "core/memory.h"
#include "tool/cgt_games.h"
#include "tool/command_lines.h"
#include "tool/commands.h"

namespace gamebench {

const CommandLineSpec kCgtCommandLine = {"GAME", {{"mcgs", "SECTION"}, {"json"}, {"memory", "SIZE"}}};

// The arena budget of --memory SIZE (default GameArena's).
absl::StatusOr<uint64_t> CgtBudget(const Args& args) {
  if (!args.Has("memory")) return cgt::GameArena::kDefaultBudgetBytes;
  auto bytes = ParseByteSize(*args.Get("memory"));
  if (!bytes.ok()) return bytes.status();
  if (*bytes < (uint64_t{1} << 16)) return absl::InvalidArgumentError("--memory: at least 64K");
  return *bytes;
}

absl::Status RunCgt(const std::vector<std::string>& argv) {
  auto args = Args::Parse(argv, kCgtCommandLine);
  if (!args.ok()) return args.status();
  if (auto st = args->ExpectPositional(1, "GAME (CGSuite notation, e.g. '{1|-1}')"); !st.ok())
    return st;
  auto budget = CgtBudget(*args);
  if (!budget.ok()) return budget.status();
  cgt::GameArena arena(*budget);
  try {
    // GAME in CGSuite's notation, or with --mcgs SECTION a game of MCGS's
    // format ("--mcgs domineering '....|....'"; "impartial X" is the closure).
    absl::StatusOr<cgt::GameId> form;
    bool closure = false;
    if (args->Has("mcgs")) {
      // Get returns a copy: keep it alive while `section` views it.
      const std::string section_flag = *args->Get("mcgs");
      absl::string_view section = section_flag;
      closure = absl::ConsumePrefix(&section, "impartial ");
      absl::StatusOr<cgt::BasicGame> game = cgt::McgsBasicGame(arena, section, args->positional()[0]);
      // The source owns the builders that a game's make_form uses: keep it.
      const cgt::McgsGameSource catalog = McgsCatalogGames();
      if (absl::IsNotFound(game.status())) game = catalog(arena, section, args->positional()[0], closure);
      if (!game.ok()) return game.status();
      // A game searched first (cgt_games.h) builds its form on demand.
      form = game->make_form ? game->make_form(arena) : game->form;
    } else {
      form = cgt::ParseCgsuite(arena, args->positional()[0]);
    }
    if (!form.ok()) return form.status();
    const cgt::GameId g = closure ? arena.Nimber(arena.NimValue(*form)) : arena.Canonical(*form);
    const std::string canonical = cgt::ToCgsuite(arena, g);
    const char* outcome = cgt::OutcomeName(arena.OutcomeOf(g));
    const int birthday = arena.Birthday(g);
    cgt::ThermographCache thermographs(arena);
    const cgt::Thermograph th = thermographs.Of(g);
    const std::string thermograph = cgt::McgsThermographString(th);
    if (args->Has("json")) {
      Json j = Json::MakeObject();
      j.Set("game", args->positional()[0]);
      j.Set("canonical", canonical);
      j.Set("outcome", outcome);
      j.Set("birthday", birthday);
      j.Set("mean", th.mean.ToString());
      j.Set("temperature", th.temperature.ToString());
      j.Set("thermograph", thermograph);
      j.Set("forms", static_cast<uint64_t>(arena.NodeCount()));
      j.Set("memory_bytes", arena.MemoryBytes());
      std::printf("%s\n", j.Dump().c_str());
    } else {
      std::printf("canonical    %s\noutcome      %s\nbirthday     %d\nmean         %s\n"
                  "temperature  %s\nthermograph  %s\nforms        %zu (%s of %s)\n",
                  canonical.c_str(), outcome, birthday, th.mean.ToString().c_str(),
                  th.temperature.ToString().c_str(), thermograph.c_str(), arena.NodeCount(),
                  FormatBytes(arena.MemoryBytes()).c_str(), FormatBytes(arena.BudgetBytes()).c_str());
    }
  } catch (const cgt::CgtRefusal& refusal) {
    return absl::ResourceExhaustedError(refusal.what());
  }
  return absl::OkStatus();
}

}  // namespace gamebench
