"""The game API of every catalog game agrees with the C++ solvers: positions
along seeded random playouts are solved by the tool's code (gamebench.solve)
and checked against the moves, plays and terminal values the API gives."""
import random

import pytest

import gamebench

GAMES = [g["name"] for g in gamebench.games()]
TT = {"tt_size": "1M", "threads": 1}


def solver_for(name):
    """A solver that applies to the game: tt, or retrograde for loopy games."""
    for s in gamebench.solvers():
        if s["name"] == "tt" and name in s["games"]:
            return "tt"
    return "retrograde"


def playout(g, rng):
    s, line = g.start(), []
    while True:
        line.append(s)
        moves = g.moves(s)
        if not moves or len(line) > 200:
            return line
        s = g.play(s, rng.choice(moves))


def test_catalog_is_covered():
    assert len(GAMES) >= 10 and "tictactoe" in GAMES


@pytest.mark.parametrize("name", GAMES)
def test_game_api_against_solvers(name):
    g = gamebench.game(name)
    assert g.name == name
    assert gamebench.game(g.spec).spec == g.spec
    solver = solver_for(name)
    rng = random.Random(name)
    checked = 0
    for _ in range(3):
        line = playout(g, rng)
        # The last plies of each line: small enough to solve quickly anywhere.
        for s in line[-6:]:
            text = g.format(s)
            # Text round trip, equality, hashing, keys.
            again = g.parse(text)
            assert again == s and hash(again) == hash(s) and g.key(again) == g.key(s)
            assert str(s) == text
            moves = g.moves(s)
            value = g.terminal(s)
            # Contract: terminal iff no legal move.
            assert (value is None) == bool(moves)
            assert len(set(moves)) == len(moves)
            result = gamebench.solve(g.spec, solver=solver, position=s, **TT)
            assert result["position"] == text and result["complete"]
            if value is not None:
                assert result["best_moves"] == []
                assert result["value"] == (value if g.scored else
                                           {1: "win", 0: "draw", -1: "loss"}[value])
                continue
            assert set(result["best_moves"]) <= set(moves) and result["best_moves"]
            children = {m: g.play(s, m) for m in moves}
            assert all(c != s for c in children.values()) or name == "dodgem"
            if g.scored:
                continue
            # Negamax through the API's moves: the value is the best of the
            # negated children's values, and best moves are those achieving it.
            rank = {"loss": -1, "draw": 0, "win": 1}
            child_values = {
                m: -rank[gamebench.solve(g.spec, solver=solver, position=c, **TT)["value"]]
                for m, c in children.items()}
            assert rank[result["value"]] == max(child_values.values())
            best = {m for m, v in child_values.items() if v == rank[result["value"]]}
            assert set(result["best_moves"]) == best
            checked += 1
    assert checked > 0 or g.scored


def negamax(g, s):
    """Plain negamax for a win/loss/draw game: 1 win, 0 draw, -1 loss."""
    value = g.terminal(s)
    if value is not None:
        return value
    return max(-negamax(g, g.play(s, m)) for m in g.moves(s))


def test_docs_example_negamax_tictactoe():
    # docs/python.md's example, on a position a few plies in so that it is
    # quick, and from the start as well (549,946 nodes in Python: a few seconds).
    g = gamebench.game("tictactoe")
    names = {1: "win", 0: "draw", -1: "loss"}
    for text in ["X...O....", "XO..X....", "XX.OO...."]:
        s = g.parse(text)
        assert names[negamax(g, s)] == gamebench.solve("tictactoe", position=s)["value"]
    assert names[negamax(g, g.start())] == gamebench.solve("tictactoe")["value"] == "draw"
