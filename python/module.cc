// The Python module `gamebench` (docs/python.md): the tool's operations as
// Python values, and the catalog's games for writing algorithms in Python.
// The operations' own C++ functions (tool/operations.h) are called with
// typed requests built from the keyword arguments (numbers, sizes, flags)
// and states (a State is passed as its bytes, never formatted and parsed
// again), so the dicts are the tool's --json objects and the errors its
// one-line messages, from the same checks.
//
// The conversions the bindings share are in python/values.h; PYBIND11_MODULE
// is one block by nature (every binding with its docstring, which is the
// module's help()).

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "python/run_released.h"
#include "python/values.h"
#include "tool/args.h"
#include "tool/game_files.h"
#include "tool/game_registry.h"
#include "tool/operations.h"

namespace py = pybind11;

namespace gamebench {
namespace {

using namespace python;  // python/values.h

// ---- operations ----------------------------------------------------------------

py::object Solve(const std::string& spec, const std::string& solver, py::object position,
                 py::object time_limit, py::object memory, py::object threads, py::kwargs options) {
  SolveRequest request;
  request.position = PositionOf(position);
  const SolveSettings settings = Settings(time_limit, memory, threads, options);
  request.spec = Check(ParseSpec(spec));
  request.solver = solver;
  request.options = Options(settings);
  absl::StatusOr<SolveReport> report;
  RunReleased([&] { report = SolveCommand(request); });
  return ToPython(SolveJson(Check(std::move(report))));
}

// A retrograde table with the game it was made for.
struct PyTable {
  std::shared_ptr<const GameHandle> game;
  std::shared_ptr<const RetrogradeTable> table;

  py::object Query(const py::object& position) const {
    const std::string s = position.is_none() ? game->Start() : StateBytes(*game, position);
    return ToPython(TableAnswerJson(Check(game->Query(*table, s))));
  }
};

// The game a spec names; errors as the tool's.
std::shared_ptr<const GameHandle> HandleFor(const std::string& text) {
  const Spec spec = Check(ParseSpec(text));
  return Check(MakeGame(spec));
}

py::tuple Analyze(const std::string& spec, const std::string& solver, py::object time_limit,
                  py::object memory, py::object threads, py::object save, py::object checkpoint,
                  py::object checkpoint_every, py::kwargs options) {
  AnalyzeRequest request;
  const SolveSettings settings = Settings(time_limit, memory, threads, options, {"tiers"});
  request.spec = Check(ParseSpec(spec));
  request.options = Options(settings);
  request.solver = solver;
  request.save = Text("save", save);
  request.checkpoint = Text("checkpoint", checkpoint);
  request.checkpoint_every = Seconds("checkpoint_every", checkpoint_every);
  if (options.contains("tiers")) request.tiers = Text("tiers", options["tiers"]);
  absl::StatusOr<AnalyzeResult> result;
  RunReleased([&] { result = AnalyzeCommand(request); });
  AnalyzeResult analyzed = Check(std::move(result));
  py::object table_object = py::none();
  // The tiered path (Connect Four, or tiers=DIR) keeps its tables on disk:
  // no table in memory to return; nor has a run the time limit stopped.
  if (analyzed.table)
    table_object = py::cast(PyTable{analyzed.game, std::make_shared<const RetrogradeTable>(
                                                       *std::move(analyzed.table))});
  return py::make_tuple(ToPython(analyzed.summary), table_object);
}

PyTable LoadTable(const std::string& path) {
  absl::StatusOr<OpenedTable> opened;
  {
    py::gil_scoped_release release;
    opened = OpenTableFile(path);
  }
  if (!opened.ok()) Raise(opened.status());
  return PyTable{std::move(opened->game),
                 std::make_shared<const RetrogradeTable>(std::move(opened->table))};
}

py::tuple Grundy(const std::string& spec, py::object upto, const std::string& method,
                 bool stop_when_proved, py::object time_limit, bool progress) {
  GrundyRequest request;
  request.upto = Integer("upto", upto);
  request.time_limit = Seconds("time_limit", time_limit).value_or(0);
  request.method = method;
  request.stop_when_proved = stop_when_proved;
  request.progress = progress;
  // The tool's order of checks: the arguments, then the spec.
  if (auto st = CheckGrundyRequest(request); !st.ok()) Raise(st);
  request.spec = Check(ParseSpec(spec));
  absl::StatusOr<GrundyRun> run;
  RunReleased([&] { run = GrundyCommand(request); });
  if (!run.ok()) Raise(run.status());
  auto values = run->sequence->values();
  py::array_t<uint16_t> array(static_cast<py::ssize_t>(values.size()));
  std::copy(values.begin(), values.end(), array.mutable_data());
  return py::make_tuple(array, ToPython(GrundyJson(*run, /*with_values=*/false)));
}

py::list ListPart(const char* key) { return ToPython(*ListJson().Find(key)); }

// ---- the game API ----------------------------------------------------------------

struct PyGame {
  std::shared_ptr<const GameHandle> handle;
  PyState Wrap(std::string bytes) const { return PyState{handle, std::move(bytes)}; }
};

}  // namespace
}  // namespace gamebench

using namespace gamebench;
using namespace gamebench::python;

PYBIND11_MODULE(gamebench, m) {
  m.doc() =
      "gamebench: solve combinatorial games exactly (the `gamebench` tool, as Python values).\n\n"
      "Results are the dicts of the tool's --json output; bad input raises ValueError with the\n"
      "tool's one-line message, a memory budget a solver refuses raises MemoryError, and\n"
      "Ctrl-C stops a long solve (KeyboardInterrupt). See docs/python.md.";

  py::class_<PyState>(m, "State",
                      "A position of a game: opaque and immutable. str() is its text (Game.format),\n"
                      "equal positions compare equal and hash alike (by Game.key).")
      .def("__str__", [](const PyState& s) { return s.game->Format(s.bytes); })
      .def("__repr__",
           [](const PyState& s) {
             return absl::StrCat("gamebench.State(", s.game->spec(), ", '",
                                 s.game->Format(s.bytes), "')");
           })
      .def("__eq__",
           [](const PyState& a, const py::object& other) {
             if (!py::isinstance<PyState>(other)) return false;
             const PyState& b = other.cast<const PyState&>();
             return a.game->spec() == b.game->spec() && a.game->Equal(a.bytes, b.bytes);
           })
      .def("__hash__", [](const PyState& s) { return py::hash(py::int_(s.game->Key(s.bytes))); })
      .def_property_readonly(
          "game", [](const PyState& s) { return s.game->spec(); },
          "The canonical spec of the position's game.");

  py::class_<PyGame>(m, "Game",
                     "A game of the catalog, made by gamebench.game(spec). Positions are\n"
                     "gamebench.State objects (or their text, wherever a position is taken);\n"
                     "moves are their text, as in the tool's best_moves.")
      .def_property_readonly("name", [](const PyGame& g) { return g.handle->name(); },
                             "The catalog name, e.g. 'tictactoe'.")
      .def_property_readonly("spec", [](const PyGame& g) { return g.handle->spec(); },
                             "The canonical spec: every parameter explicit.")
      .def_property_readonly("description", [](const PyGame& g) { return g.handle->description(); })
      .def_property_readonly(
          "scored", [](const PyGame& g) { return g.handle->scored(); },
          "False: values are win (1), draw (0), loss (-1); True: integer scores.")
      .def_property_readonly("min_score", [](const PyGame& g) { return g.handle->min_score(); })
      .def_property_readonly("max_score", [](const PyGame& g) { return g.handle->max_score(); })
      .def("start", [](const PyGame& g) { return g.Wrap(g.handle->Start()); },
           "The start position.")
      .def(
          "moves",
          [](const PyGame& g, const py::object& s) {
            return g.handle->Moves(StateBytes(*g.handle, s));
          },
          py::arg("position"),
          "The legal moves of a position, as text (empty when the game is over).")
      .def(
          "play",
          [](const PyGame& g, const py::object& s, const std::string& move) {
            return g.Wrap(Check(g.handle->Play(StateBytes(*g.handle, s), move)));
          },
          py::arg("position"), py::arg("move"),
          "The position after a move (given as text); an illegal move raises ValueError.")
      .def(
          "terminal",
          [](const PyGame& g, const py::object& s) {
            return g.handle->Terminal(StateBytes(*g.handle, s));
          },
          py::arg("position"),
          "None while the game goes on; when it is over, the value for the player to move\n"
          "(1 win, 0 draw, -1 loss; the score in scored games).")
      .def(
          "format",
          [](const PyGame& g, const py::object& s) {
            return g.handle->Format(StateBytes(*g.handle, s));
          },
          py::arg("position"), "The text of a position (what the tool's --position takes).")
      .def(
          "parse",
          [](const PyGame& g, const std::string& text) {
            return g.Wrap(Check(g.handle->Parse(text)));
          },
          py::arg("text"), "The position a text names; a malformed or illegal one raises ValueError.")
      .def(
          "key",
          [](const PyGame& g, const py::object& s) { return g.handle->Key(StateBytes(*g.handle, s)); },
          py::arg("position"),
          "The game's 64-bit key of a position (equal positions, equal keys).")
      .def("__repr__",
           [](const PyGame& g) { return absl::StrCat("gamebench.game('", g.handle->spec(), "')"); });

  py::class_<PyTable>(m, "Table",
                      "A retrograde table: every position reachable from the start with its value\n"
                      "and remoteness, from gamebench.analyze() or gamebench.load_table(). Methods\n"
                      "taking a position accept a gamebench.State or its text; None is the start.")
      .def_property_readonly("game", [](const PyTable& t) { return t.table->game; },
                             "The canonical spec of the table's game.")
      .def_property_readonly("positions", [](const PyTable& t) { return t.table->positions; })
      .def_property_readonly("wins", [](const PyTable& t) { return t.table->wins; })
      .def_property_readonly("losses", [](const PyTable& t) { return t.table->losses; })
      .def_property_readonly("draws", [](const PyTable& t) { return t.table->draws; })
      .def_property_readonly("index_size", [](const PyTable& t) { return t.table->index_size(); })
      .def("query", &PyTable::Query, py::arg("position") = py::none(),
           "What `gamebench query FILE --position POS --json` prints: game, position, value,\n"
           "winner (at the start), remoteness, best_moves, terminal. A position the table does\n"
           "not hold (not reachable from the start) raises ValueError.")
      .def(
          "value",
          [](const PyTable& t, const py::object& p) { return py::object(t.Query(p)["value"]); },
          py::arg("position") = py::none(), "'win', 'loss' or 'draw', for the player to move.")
      .def(
          "remoteness",
          [](const PyTable& t, const py::object& p) { return py::object(t.Query(p)["remoteness"]); },
          py::arg("position") = py::none(),
          "Plies to the end under optimal play (fastest win, slowest loss); None for a draw.")
      .def(
          "counts",
          [](const PyTable& t) {
            // Positions by value and remoteness: wins[k], losses[k] at remoteness k.
            std::vector<uint64_t> wins, losses;
            uint64_t draws = 0;
            {
              py::gil_scoped_release release;
              const RetrogradeTable& table = *t.table;
              for (uint64_t i = 0; i < table.index_size(); ++i) {
                const uint16_t e = table.entries[i];
                const auto tag = retro::TagOf(e);
                if (tag == retro::kDraw) ++draws;
                if (tag != retro::kWin && tag != retro::kLoss) continue;
                auto& v = tag == retro::kWin ? wins : losses;
                const size_t k = static_cast<size_t>(retro::LowOf(e));
                if (wins.size() <= k) wins.resize(k + 1), losses.resize(k + 1);
                ++v[k];
              }
            }
            py::dict out;
            out["wins"] = wins;
            out["losses"] = losses;
            out["draws"] = draws;
            return out;
          },
          "Counts per level: {'wins': [...], 'losses': [...], 'draws': n}, where wins[k] and\n"
          "losses[k] count the positions won or lost in exactly k plies.")
      .def(
          "save",
          [](const PyTable& t, const std::string& path) {
            absl::Status st;
            {
              py::gil_scoped_release release;
              st = SaveRetrogradeTable(*t.table, path);
            }
            if (!st.ok()) Raise(st);
          },
          py::arg("path"),
          "Writes the table file the tool writes (`analyze --save`), atomically; `gamebench\n"
          "query` and gamebench.load_table() read it.")
      .def("__repr__", [](const PyTable& t) {
        return absl::StrCat("gamebench.Table('", t.table->game, "', ", t.table->positions,
                            " positions)");
      });

  m.def("games", [] { return ListPart("games"); },
        "The game catalog: what `gamebench list --json` gives under \"games\" (name,\n"
        "description, params with defaults, capabilities).");
  m.def("solvers", [] { return ListPart("solvers"); },
        "The solver catalog: what `gamebench list --json` gives under \"solvers\" (name,\n"
        "description, the games each applies to).");
  m.def("game", [](const std::string& spec) { return PyGame{HandleFor(spec)}; }, py::arg("spec"),
        "The game a spec names, e.g. game('tictactoe') or game('nim(heaps=3;4;5)'), for\n"
        "playing positions in Python. A bad spec raises ValueError.");
  m.def("solve", &Solve, py::arg("spec"), py::arg("solver") = "tt",
        py::arg("position") = py::none(), py::arg("time_limit") = py::none(),
        py::arg("memory") = py::none(), py::arg("threads") = py::none(),
        "Solves one position, as `gamebench solve SPEC --json`, and returns that object.\n"
        "  spec        the game, e.g. 'tictactoe' or 'nim(heaps=3;4;5)'\n"
        "  solver      minimax, alphabeta, tt, retrograde or grundy (see solvers())\n"
        "  position    a gamebench.State or its text; None: the start\n"
        "  time_limit  seconds; a solve stopped by it has 'complete': False, 'value': None\n"
        "  memory      budget for the tables: bytes (int) or text like '512M'; a budget a\n"
        "              solver refuses raises MemoryError\n"
        "  threads     for parallel solvers; None: all cores\n"
        "  **options   the tool's other flags: tt_size='16M', symmetry=False,\n"
        "              ordering=False, best_moves=False, progress=True (progress on stderr)\n"
        "Runs without the GIL; Ctrl-C stops it (KeyboardInterrupt) within a second.");
  m.def("analyze", &Analyze, py::arg("spec"), py::arg("solver") = "retrograde",
        py::arg("time_limit") = py::none(), py::arg("memory") = py::none(),
        py::arg("threads") = py::none(), py::arg("save") = py::none(),
        py::arg("checkpoint") = py::none(), py::arg("checkpoint_every") = py::none(),
        "Returns (summary: dict, table: Table | None).\n\n"
        "Strongly solves a game, as `gamebench analyze SPEC --json`: the summary is that\n"
        "object; the table holds every reachable position (None when the time limit stopped\n"
        "the analysis). save=PATH also writes the table file; checkpoint=PATH saves progress\n"
        "every checkpoint_every seconds and resumes from it (see docs/checkpoints.md).\n"
        "time_limit, memory, threads and **options as in solve(); tiers=DIR runs the tiered\n"
        "analysis with its tier files in DIR (`--tiers DIR`; the table is then None, as for\n"
        "Connect Four, which takes that path anyway). Ctrl-C stops it.");
  m.def("load_table", &LoadTable, py::arg("path"),
        "Reads a table file written by `gamebench analyze --save` or Table.save(), checking\n"
        "its checksum and its game; a damaged or foreign file raises ValueError.");
  m.def("grundy", &Grundy, py::arg("spec"), py::arg("upto"), py::arg("method") = "rare-common",
        py::arg("stop_when_proved") = false, py::arg("time_limit") = py::none(),
        py::arg("progress") = false,
        "Returns (values: numpy.ndarray[uint16], info: dict).\n\n"
        "The nim-sequence g(0..upto) of a heap game's rule, as `gamebench grundy SPEC --upto N\n"
        "--json`: values as a NumPy array, info the rest of that object (rule, period,\n"
        "preperiod, proved, stopped, ...). stop_when_proved ends early once the octal\n"
        "periodicity theorem proves a period. Ctrl-C stops it.");
}
