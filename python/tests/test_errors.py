"""Bad input raises ValueError with the tool's one-line message; a refused
memory budget raises MemoryError."""
import pytest

import gamebench


def tool_message(tool, *args):
    status, out, err = tool(*args)
    assert status == 2, (args, out, err)
    line = err.strip()
    assert "\n" not in line
    return line.split(": error: ", 1)[1]


BAD_SOLVES = [
    # (arguments of solve(), the same as tool flags)
    (("nosuchgame",), {}, ["nosuchgame"]),
    (("nim(heaps=3;x)",), {}, ["nim(heaps=3;x)"]),
    (("nim(heaps=3",), {}, ["nim(heaps=3"]),
    (("tictactoe",), {"solver": "nope"}, ["tictactoe", "--solver", "nope"]),
    (("tictactoe",), {"solver": "grundy"}, ["tictactoe", "--solver", "grundy"]),
    (("tictactoe",), {"position": "XXXXXXXXX"}, ["tictactoe", "--position", "XXXXXXXXX"]),
    (("tictactoe",), {"memory": "1K"}, ["tictactoe", "--memory", "1K"]),
    (("tictactoe",), {"time_limit": -1}, ["tictactoe", "--time-limit", "-1"]),
    (("tictactoe",), {"threads": 5000}, ["tictactoe", "--threads", "5000"]),
    (("tictactoe",), {"tt_size": "12"}, ["tictactoe", "--tt-size", "12"]),
    (("tictactoe",), {"colour": "red"}, ["tictactoe", "--colour", "red"]),
    (("sim(n=2)",), {}, ["sim(n=2)"]),
]


@pytest.mark.parametrize("args,kwargs,tool_args", BAD_SOLVES)
def test_bad_solve_raises_value_error_with_tool_message(tool, args, kwargs, tool_args):
    expected = tool_message(tool, "solve", *tool_args)
    with pytest.raises(ValueError) as e:
        gamebench.solve(*args, **kwargs)
    assert str(e.value) == expected


def test_refused_memory_budget_raises_memory_error(tool):
    expected = tool_message(tool, "solve", "dodgem(n=6)", "--solver", "retrograde",
                            "--memory", "2M")
    with pytest.raises(MemoryError) as e:
        gamebench.solve("dodgem(n=6)", solver="retrograde", memory="2M")
    assert str(e.value) == expected
    with pytest.raises(MemoryError):
        gamebench.analyze("dodgem(n=6)", memory=2 << 20)


def test_bad_analyze_and_grundy(tool):
    for args, kwargs, tool_args in [
        (("tictactoe",), {"solver": "tt"}, ["analyze", "tictactoe", "--solver", "tt"]),
        (("ends",), {}, ["analyze", "ends"]),
        (("tictactoe",), {"checkpoint_every": 5}, ["analyze", "tictactoe", "--checkpoint-every", "5"]),
    ]:
        with pytest.raises(ValueError) as e:
            gamebench.analyze(*args, **kwargs)
        assert str(e.value) == tool_message(tool, *tool_args)
    for args, kwargs, tool_args in [
        (("tictactoe", 5), {}, ["tictactoe", "--upto", "5"]),
        (("kayles", -1), {}, ["kayles", "--upto", "-1"]),
        (("kayles", 5), {"method": "fast"}, ["kayles", "--upto", "5", "--method", "fast"]),
        (("sum(kayles,nim)", 5), {}, ["sum(kayles,nim)", "--upto", "5"]),
    ]:
        with pytest.raises(ValueError) as e:
            gamebench.grundy(*args, **kwargs)
        assert str(e.value) == tool_message(tool, "grundy", *tool_args)


def test_damaged_table_file(tool, tmp_path):
    path = tmp_path / "t.tbl"
    _, table = gamebench.analyze("tictactoe")
    table.save(str(path))
    data = bytearray(path.read_bytes())
    data[100] ^= 1
    path.write_bytes(bytes(data))
    with pytest.raises(ValueError) as e:
        gamebench.load_table(str(path))
    assert str(e.value) == tool_message(tool, "query", str(path))
    with pytest.raises(ValueError):
        gamebench.load_table(str(tmp_path / "missing.tbl"))
    with pytest.raises(ValueError):
        table.save(str(tmp_path / "no" / "such" / "dir.tbl"))
    table.save(str(path))
    with pytest.raises(ValueError) as e:
        table.value("XXXOOO...")
    assert str(e.value) == tool_message(tool, "query", str(path), "--position", "XXXOOO...")


def test_game_api_errors():
    with pytest.raises(ValueError, match="unknown game"):
        gamebench.game("chess")
    g = gamebench.game("tictactoe")
    s = g.start()
    with pytest.raises(ValueError):
        g.parse("XX")
    with pytest.raises(ValueError):
        g.play(s, "d4")
    with pytest.raises(ValueError):
        g.play(g.play(s, "a1"), "a1")
    over = g.parse("XXXOO....")
    assert g.moves(over) == []
    with pytest.raises(ValueError):
        g.play(over, "c3")
    nim = gamebench.game("nim")
    with pytest.raises(ValueError, match="is not a position of"):
        g.moves(nim.start())
    with pytest.raises(TypeError):
        g.moves(42)
    with pytest.raises(TypeError):
        gamebench.solve("tictactoe", position=3)
