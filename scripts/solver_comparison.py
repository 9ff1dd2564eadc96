#!/usr/bin/env python3
"""pns, dfpn, tt and alphabeta on the same starts: value, nodes, seconds, peak
memory, as a markdown table (results/proof_number_comparison.md).

    scripts/solver_comparison.py [--gamebench build/gamebench] [--time-limit 120]
        [--tt-size 256M]

Each case is one `gamebench solve --json` process per solver (so the peak
memory is that solve's), with best moves (as the tool solves by default).
A run stopped by the time limit shows its value as "?". Connect Four (the Pons
test sets, score=wdl) goes in CASES once that game is in the catalog.
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
    # "connect4(...)": added when the Connect Four branch is merged.
]
SOLVERS = ["pns", "dfpn", "tt", "alphabeta"]


def run(gamebench, spec, solver, time_limit, tt_size):
    cmd = [gamebench, "solve", spec, "--solver", solver, "--json", "--no-progress",
           "--time-limit", str(time_limit), "--tt-size", tt_size]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        return None
    return json.loads(out.stdout)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--gamebench", default="build/gamebench")
    p.add_argument("--time-limit", type=float, default=120)
    p.add_argument("--tt-size", default="256M")
    p.add_argument("--solvers", default=",".join(SOLVERS), help="comma list")
    p.add_argument("--cases", default="", help="comma-free: a regex on the spec")
    a = p.parse_args()
    print("| game | solver | value | nodes | seconds | peak memory (MiB) | notes |")
    print("|---|---|---|---|---|---|---|")
    for spec in CASES:
        if a.cases and not re.search(a.cases, spec):
            continue
        for solver in a.solvers.split(","):
            r = run(a.gamebench, spec, solver, a.time_limit, a.tt_size)
            if r is None:
                print(f"| {spec} | {solver} | error | | | | |", flush=True)
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
            print(f"| {spec} | {solver} | {value} | {r['nodes']:,} | {r['seconds']:.3f} | "
                  f"{mem:.0f} | {'; '.join(notes)} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
