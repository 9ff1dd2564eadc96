#!/usr/bin/env python3
"""Outcome classes of Domineering rectangles, by solving both starts.

    scripts/domineering_table.py [--gamebench build/gamebench] [--solver tt]
        [--max 7] [--extra 8x8] [--time-limit 600] [--tt-size 1G]

For every m x n board with 1 <= m, n <= --max (and each --extra board) it
solves the empty board with Vertical first and with Horizontal first and
prints one markdown row: the outcome class (V: Vertical wins whoever starts,
H: Horizontal wins, 1st: the first player wins, 2nd: the second player wins),
then each start's value, nodes and seconds. A start that hits the time limit
is shown as unknown ("?").
"""

import argparse
import json
import subprocess
import sys


def solve(gamebench, rows, cols, first, solver, time_limit, tt_size):
    spec = f"domineering(rows={rows},cols={cols},first={first})"
    cmd = [gamebench, "solve", spec, "--solver", solver, "--json", "--no-best-moves",
           "--no-progress", "--time-limit", str(time_limit), "--tt-size", tt_size]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def outcome(v_first, h_first):
    """Outcome class from the two starts' values (for the player to move)."""
    if v_first is None or h_first is None:
        return "?"
    v_wins_first = v_first == "win"
    h_wins_first = h_first == "win"
    if v_wins_first and h_wins_first:
        return "1st"
    if not v_wins_first and not h_wins_first:
        return "2nd"
    return "V" if v_wins_first else "H"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--gamebench", default="build/gamebench")
    p.add_argument("--solver", default="tt")
    p.add_argument("--max", type=int, default=7)
    p.add_argument("--extra", action="append", default=[])
    p.add_argument("--time-limit", type=float, default=600)
    p.add_argument("--tt-size", default="1G")
    a = p.parse_args()
    boards = [(m, n) for m in range(1, a.max + 1) for n in range(1, a.max + 1)]
    boards += [tuple(int(x) for x in e.split("x")) for e in a.extra]
    print("| board | class | V first: value, nodes, s | H first: value, nodes, s |")
    print("|---|---|---|---|")
    for rows, cols in boards:
        cells = []
        values = []
        for first in ("vertical", "horizontal"):
            r = solve(a.gamebench, rows, cols, first, a.solver, a.time_limit, a.tt_size)
            value = r["value"] if r["complete"] else None
            values.append(value)
            cells.append(f"{value or '?'}, {r['nodes']:,}, {r['seconds']:.3f}")
        print(f"| {rows}x{cols} | {outcome(*values)} | {cells[0]} | {cells[1]} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
