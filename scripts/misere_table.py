#!/usr/bin/env python3
"""Misère quotients of the two-digit octal games 0.d1d2, into results/misere.md.

    scripts/misere_table.py [--gamebench build/gamebench] [--upto 40]
        [--max-size 4096] [--time-limit 600] [--out results/misere.md]

For each code it runs `gamebench misere 'octal(code=0.d1d2)' --upto N
--max-size M --time-limit S --genus-upto 0 --json` and writes one row: heaps computed,
|Q|, |P|, the heap from which |Q| stays the same, the pretending function's
period (observed in the range), tame or wild, and why it stopped when it
did not reach N (a code stopped by --time-limit keeps the heaps it
finished). A row counts as stabilised when it reached N and |Q| has
stayed the same over at least the last half of the range (observed, not
proved: docs/misere.md).
"""

import argparse
import json
import subprocess


def run(gamebench, code, upto, max_size, time_limit):
    cmd = [gamebench, "misere", f"octal(code={code})", "--upto", str(upto),
           "--max-size", str(max_size), "--time-limit", str(time_limit), "--genus-upto", "0",
           "--json", "--no-progress"]
    # The tool stops itself between heap sizes and recalibration rounds; the
    # kill is only a guard against one step far longer than the limit.
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=4 * time_limit + 60)
    except subprocess.TimeoutExpired:
        return None
    lines = p.stdout.splitlines()
    return json.loads(lines[0]) if lines else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gamebench", default="build/gamebench")
    ap.add_argument("--upto", type=int, default=40)
    ap.add_argument("--max-size", type=int, default=4096)
    ap.add_argument("--time-limit", type=int, default=600,
                    help="wall seconds per code; past it the code stops with the heaps it finished")
    ap.add_argument("--out", default="results/misere.md")
    a = ap.parse_args()
    rows, stable, stopped = [], [], []
    for d1 in range(8):
        for d2 in range(8):
            if d1 == 0 and d2 == 0:
                continue
            code = f"0.{d1}{d2}"
            j = run(a.gamebench, code, a.upto, a.max_size, a.time_limit)
            if j is None or "error" in j:
                stopped.append(f"| {code} | - | - | - | - | - | ? | - | no result: one step ran "
                               f"past 4x --time-limit {a.time_limit} s and was killed |")
                continue
            tame = {True: "tame", False: "wild", None: "?"}[j["tame"]]
            period = f"{j['period']} from {j['preperiod']}" if j["periodic"] else "-"
            row = (f"| {code} | {j['upto']} | {j['size']} | {j['p_count']} | {j['stable_from']} "
                   f"| {period} | {tame} | {'yes' if j['verified'] else 'no'} |")
            if "stopped" in j:
                stopped.append(row + f" {j['stopped']} |")
            elif j["stable_from"] <= a.upto // 2:
                stable.append(row)
            else:
                rows.append(row)
    head = ("| code | heaps | \\|Q\\| | \\|P\\| | \\|Q\\| same from heap | pretending period "
            "(observed) | tame | verified |")
    rule = "|---|---|---|---|---|---|---|---|"
    with open(a.out, "w", encoding="utf-8") as f:
        f.write("# Misère quotients of the two-digit octal games\n\n")
        f.write(f"Made by `python3 scripts/misere_table.py --upto {a.upto} --max-size "
                f"{a.max_size} --time-limit {a.time_limit}`, which runs for each code 0.d1d2\n\n"
                f"    build/gamebench misere 'octal(code=0.d1d2)' --upto {a.upto} "
                f"--max-size {a.max_size} --time-limit {a.time_limit} --genus-upto 0 --json\n\n")
        f.write("Q is the misère quotient of the sums of heaps 1..N (Plambeck–Siegel), "
                "checked exactly by the walk of solvers/misere_quotient.h (column "
                "'verified'); |Q| 'same from heap' and the pretending function's period are "
                "observed in the range only; 'tame': every heap's class is a class of misère "
                "Nim in the joint quotient with Nim heaps (? when that joint quotient did not "
                "settle). docs/misere.md says what is proved and what is only computed.\n\n")
        f.write(f"## Stabilised within the budget (|Q| constant over the last half of 1..{a.upto})\n\n")
        f.write(head + "\n" + rule + "\n" + "\n".join(stable) + "\n\n")
        f.write(f"## Reached heap {a.upto}, |Q| still growing in the second half\n\n")
        f.write(head + "\n" + rule + "\n" + "\n".join(rows) + "\n\n")
        f.write("## Stopped before the end (the heaps before the stop are exact)\n\n")
        f.write(head[:-1] + "| why |\n" + rule + "---|\n" + "\n".join(stopped) + "\n\n")
        f.write("Stops are the budget's, not the game's: --max-size bounds the quotient and "
                "the candidates that recalibration (docs/misere.md) builds, and a step gives up "
                "after 64 recalibrations; --time-limit is wall time on this machine (a stop by it "
                "depends on the machine and its load, the heaps before it do not).\n")


if __name__ == "__main__":
    main()
