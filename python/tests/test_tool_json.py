"""The module's dicts are the tool's --json objects (apart from timings)."""
import pytest

import gamebench
from conftest import stable

SOLVES = [
    # (spec, solver, position)
    ("tictactoe", "tt", None),
    ("tictactoe", "alphabeta", "X...O...."),
    ("tictactoe", "minimax", "XO.XO...."),
    ("tictactoe", "retrograde", None),
    ("nim(heaps=3;4;5)", "grundy", None),
    ("nim(heaps=2;3,misere=true)", "grundy", None),
    ("kayles(n=9)", "tt", None),
    ("sum(kayles(n=5),nim(heaps=3;5))", "grundy", None),
    ("ends(values=3;9;1;2;7)", "alphabeta", None),
    ("subtraction(n=30,set=1;3;4)", "tt", None),
    ("dodgem", "retrograde", None),
    ("sim(n=5)", "tt", None),
    ("grundy_game(n=9)", "minimax", None),
    ("octal(code=0.137,n=12)", "grundy", None),
]


@pytest.mark.parametrize("spec,solver,position", SOLVES)
def test_solve_equals_tool(tool_json, spec, solver, position):
    args = ["solve", spec, "--solver", solver, "--threads", "1"]
    if position is not None:
        args += ["--position", position]
    expected = tool_json(*args)
    got = gamebench.solve(spec, solver=solver, position=position, threads=1)
    assert stable(got) == stable(expected)
    assert set(got) == set(expected)


def test_solve_options_equal_tool_flags(tool_json):
    expected = tool_json("solve", "kayles(n=12)", "--tt-size", "64K", "--no-symmetry",
                         "--no-ordering", "--no-best-moves")
    got = gamebench.solve("kayles(n=12)", tt_size="64K", symmetry=False, ordering=False,
                          best_moves=False)
    assert stable(got) == stable(expected)


def test_solve_time_limit_is_incomplete():
    got = gamebench.solve("sim(n=6)", solver="minimax", time_limit=0.2)
    assert got["complete"] is False and got["value"] is None


def test_analyze_time_limit_gives_no_table():
    summary, table = gamebench.analyze("dodgem(n=5)", time_limit=0.2)
    assert summary["complete"] is False and summary["value"] is None and table is None


@pytest.mark.parametrize("spec", ["tictactoe", "dodgem", "kayles(n=7)", "nim(heaps=2;3;4)"])
def test_analyze_equals_tool(tool_json, spec):
    expected = tool_json("analyze", spec, "--threads", "2")
    summary, table = gamebench.analyze(spec, threads=2)
    assert stable(summary) == stable(expected)
    assert table.game == expected["game"]
    assert (table.positions, table.wins, table.losses, table.draws) == (
        expected["positions"], expected["wins"], expected["losses"], expected["draws"])
    counts = table.counts()
    assert sum(counts["wins"]) == expected["wins"]
    assert sum(counts["losses"]) == expected["losses"]
    assert counts["draws"] == expected["draws"]
    # Remoteness levels: the backward analysis ran one level per remoteness.
    assert len(counts["wins"]) <= expected["backward_levels"]


def test_table_files_shared_with_tool(tool, tool_json, tmp_path):
    # The tool writes, the module reads ...
    tool_file = str(tmp_path / "tool.tbl")
    tool_json("analyze", "tictactoe", "--save", tool_file)
    table = gamebench.load_table(tool_file)
    for position in [None, "X...O....", "XX.OO....", "XXXOO...."]:
        args = ["query", tool_file] + ([] if position is None else ["--position", position])
        assert table.query(position) == tool_json(*args)
    assert table.value("XX.OO....") == "win" and table.remoteness("XX.OO....") == 1
    assert table.value() == "draw" and table.remoteness() is None
    # ... and the module writes, the tool reads.
    summary, mine = gamebench.analyze("dodgem", save=str(tmp_path / "saved.tbl"))
    assert summary["file"] == str(tmp_path / "saved.tbl")
    module_file = str(tmp_path / "module.tbl")
    mine.save(module_file)
    for f in (module_file, str(tmp_path / "saved.tbl")):
        assert tool_json("query", f) == mine.query()
        status, out, err = tool("verify", f)
        assert status == 0, err
    g = gamebench.game("dodgem")
    s = g.play(g.start(), mine.query()["best_moves"][0])
    assert mine.query(s) == tool_json("query", module_file, "--position", g.format(s))


@pytest.mark.parametrize("spec,upto,extra", [
    ("kayles", 300, []),
    ("octal(code=0.07)", 2000, ["--stop-when-proved"]),
    ("grundy_game", 500, ["--method", "plain"]),
    ("subtraction(set=1;3;4)", 100, []),
])
def test_grundy_equals_tool(tool_json, spec, upto, extra):
    expected = tool_json("grundy", spec, "--upto", str(upto), *extra)
    kwargs = {"stop_when_proved": "--stop-when-proved" in extra}
    if "--method" in extra:
        kwargs["method"] = extra[extra.index("--method") + 1]
    values, info = gamebench.grundy(spec, upto, **kwargs)
    assert values.dtype.name == "uint16"
    assert values.tolist() == expected.pop("values")
    assert stable(info) == stable(expected)


def test_list_equals_tool(tool_json):
    expected = tool_json("list")
    assert gamebench.games() == expected["games"]
    assert gamebench.solvers() == expected["solvers"]
