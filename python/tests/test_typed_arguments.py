"""The module calls the operations' C++ functions with typed arguments: a
State is passed as it is (not formatted and parsed again), numbers and sizes
as values, and the results equal the tool's for the same input."""
import pytest

import gamebench
from conftest import stable

STATE_SOLVES = [
    # (spec, solver, position text): the search path and the heap path
    ("tictactoe", "tt", "X...O...."),
    ("tictactoe", "retrograde", "XO..X...."),
    ("nim(heaps=3;4;5)", "grundy", "1;4;5"),
    ("nim(heaps=2;3,misere=true)", "grundy", "1;3"),
    ("sum(kayles(n=5),nim(heaps=3;5))", "grundy", "4 | 3;2"),
    ("kayles(n=9)", "grundy", "3;5"),
    ("octal(code=0.137,n=12)", "tt", "7;4"),
]


@pytest.mark.parametrize("spec,solver,text", STATE_SOLVES)
def test_a_state_solves_as_its_text(tool_json, spec, solver, text):
    g = gamebench.game(spec)
    s = g.parse(text)
    expected = tool_json("solve", spec, "--solver", solver, "--position", text, "--threads", "1")
    by_state = gamebench.solve(spec, solver=solver, position=s, threads=1)
    by_text = gamebench.solve(spec, solver=solver, position=text, threads=1)
    assert stable(by_state) == stable(by_text) == stable(expected)


def test_a_state_of_another_game_is_refused():
    other = gamebench.game("tictactoe").start()
    for solver in ["tt", "grundy"]:
        with pytest.raises(ValueError, match="is not a position of nim"):
            gamebench.solve("nim", solver=solver, position=other)
    # The same game under a non-canonical spec is the same game.
    s = gamebench.game("nim").start()
    assert gamebench.solve("nim(heaps=3;5;7)", position=s)["value"] == "win"


def test_sizes_numbers_and_flags_are_values(tool_json):
    base = stable(gamebench.solve("kayles(n=12)", tt_size="64K", memory="1G"))
    assert stable(gamebench.solve("kayles(n=12)", tt_size=65536, memory=2**30)) == base
    assert base == stable(tool_json("solve", "kayles(n=12)", "--tt-size", "64K", "--memory", "1G"))
    # The defaults may be given: symmetry=True is --no-symmetry's absence.
    assert stable(gamebench.solve("kayles(n=12)", tt_size="64K", symmetry=True, ordering=True,
                                  best_moves=True, progress=False)) == base
    assert stable(gamebench.solve("kayles(n=12)", tt_size="64K", symmetry=False)) == stable(
        tool_json("solve", "kayles(n=12)", "--tt-size", "64K", "--no-symmetry"))
    for kwargs in [{"time_limit": "2"}, {"threads": 1.5}, {"symmetry": "no"}, {"memory": 1.5},
                   {"threads": True}]:
        with pytest.raises(TypeError):
            gamebench.solve("tictactoe", **kwargs)
    with pytest.raises(TypeError):
        gamebench.grundy("kayles", 10.5)


def test_analyze_hands_back_the_game_it_made(tool_json, tmp_path):
    summary, table = gamebench.analyze("tictactoe")
    assert table.game == summary["game"] == "tictactoe"
    g = gamebench.game("tictactoe")
    s = g.parse("XX.OO....")
    assert table.query(s) == table.query("XX.OO....")
    # The tiered path keeps its tables on disk: no table, the tool's summary.
    summary, table = gamebench.analyze("connect4(w=4,h=4)", threads=1)
    assert table is None
    expected = tool_json("analyze", "connect4(w=4,h=4)", "--threads", "1")
    volatile = {"peak_memory_bytes_max_rank"}
    assert {k: v for k, v in stable(summary).items() if k not in volatile} == {
        k: v for k, v in stable(expected).items() if k not in volatile}
    # tiers=DIR is the tool's --tiers DIR: the files stay there.
    tiers = str(tmp_path / "tiers")
    summary, table = gamebench.analyze("tictactoe", tiers=tiers, threads=1)
    assert table is None and summary["tier_dir"] == tiers and summary["positions"] == 5478
    with pytest.raises(TypeError):
        gamebench.analyze("tictactoe", tiers=3)
    # A solver that does not analyse is refused as the tool refuses it.
    with pytest.raises(ValueError, match="solves one position"):
        gamebench.analyze("connect4(w=4,h=4)", solver="tt")
