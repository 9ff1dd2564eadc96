#!/usr/bin/env python3
"""pns, dfpn, tt, alphabeta and ptt on the same starts: value, nodes, seconds,
peak memory, as a markdown table (results/proof_number_comparison.md).

    scripts/solver_comparison.py [--gamebench build/gamebench] [--time-limit 120]
        [--tt-size 256M]

Each case is one `gamebench solve --json` process per solver (so the peak
memory is that solve's), with best moves (as the tool solves by default).
A run stopped by the time limit shows its value as "?". Connect Four cases are
positions from Pons' test sets (bench/positions/connect4/), solved with
score=wdl. A solver this build does not have (not in `gamebench list --json`)
is left out of the table.
"""

import argparse
import json
import re
import subprocess
import sys

CASES = [
    "tictactoe",
    "kayles(n=16)",
    "kayles(n=24)",
    "sim(n=6)",
    "sim(n=7)",
    "sim(n=8)",
    "domineering(rows=4,cols=4)",
    "domineering(rows=5,cols=5)",
    "domineering(rows=4,cols=7)",
    "domineering(rows=6,cols=6)",
    "domineering(rows=7,cols=7)",
    # Pons' test sets: the first lines of Test_L3_R1 (end), Test_L2_R1
    # (middle), Test_L2_R2 (middle, harder) and Test_L1_R1 (beginning).
    ("connect4(score=wdl)", "2252576253462244111563365343671351441"),
    ("connect4(score=wdl)", "5554224333234511764415115"),
    ("connect4(score=wdl)", "274552224131661"),
    ("connect4(score=wdl)", "32164625"),
]
SOLVERS = ["pns", "dfpn", "tt", "alphabeta", "ptt"]


def run(gamebench, spec, position, solver, time_limit, tt_size):
    cmd = [gamebench, "solve", spec, "--solver", solver, "--json", "--no-progress",
           "--time-limit", str(time_limit), "--tt-size", tt_size]
    if position:
        cmd += ["--position", position]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        return None
    return json.loads(out.stdout)


def solvers_of(gamebench):
    """The solvers this build of the tool has."""
    listing = subprocess.run([gamebench, "list", "--json"], capture_output=True, text=True, check=True)
    return {s["name"] for s in json.loads(listing.stdout)["solvers"]}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--gamebench", default="build/gamebench")
    p.add_argument("--time-limit", type=float, default=120)
    p.add_argument("--tt-size", default="256M")
    p.add_argument("--solvers", default=",".join(SOLVERS), help="comma list")
    p.add_argument("--cases", default="", help="comma-free: a regex on the spec")
    a = p.parse_args()
    present = solvers_of(a.gamebench)
    print("| game | solver | value | nodes | seconds | peak memory (MiB) | notes |")
    print("|---|---|---|---|---|---|---|")
    for case in CASES:
        spec, position = case if isinstance(case, tuple) else (case, "")
        name = f"{spec} {position}".strip()
        if a.cases and not re.search(a.cases, name):
            continue
        for solver in a.solvers.split(","):
            if solver not in present:
                continue
            r = run(a.gamebench, spec, position, solver, a.time_limit, a.tt_size)
            if r is None:
                print(f"| {name} | {solver} | error | | | | |", flush=True)
                continue
            value = r["value"] if r["complete"] else "?"
            notes = []
            if "root_proof_number" in r and not r["complete"]:
                notes.append(f"root pn/dn {r['root_proof_number']}/{r['root_disproof_number']}")
            if "rebuilds" in r and r["rebuilds"]:
                notes.append(f"{r['rebuilds']} tree rebuilds")
            if "children_generated" in r:
                notes.append(f"{r['children_generated']:,} positions generated")
            mem = r.get("peak_memory_bytes", 0) / 2**20
            print(f"| {name} | {solver} | {value} | {r['nodes']:,} | {r['seconds']:.3f} | "
                  f"{mem:.0f} | {'; '.join(notes)} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
