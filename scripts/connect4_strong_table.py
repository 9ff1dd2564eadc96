#!/usr/bin/env python3
"""Per-ply tables of `gamebench analyze 'connect4(w=W,h=H)' --json` outputs, as
markdown, with the totals checked against John Tromp's published counts of
reachable positions ("John's Connect Four Playground",
tromp.github.io/c4/c4.html, board-size table). Usage:
    connect4_strong_table.py RUN.json ...   > tables.md"""
import argparse
import json
import re

# (width, height) -> reachable positions, Tromp's table.
TROMP = {(4, 4): 161029, (5, 4): 3945711, (6, 4): 94910577, (7, 4): 2265792710,
         (4, 5): 1706255, (5, 5): 69763700, (6, 5): 2818972642, (7, 5): 112829665923,
         (4, 6): 15835683, (5, 6): 1044334437, (6, 6): 69173028785, (7, 6): 4531985219092}

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("runs", nargs="+", metavar="RUN.json", help="outputs of gamebench analyze --json")
    args = ap.parse_args()
    for path in args.runs:
        run = json.load(open(path))
        w, h = map(int, re.search(r"w=(\d+),h=(\d+)", run["game"]).groups())
        tromp = TROMP.get((w, h))
        check = ("equals Tromp's " if run["positions"] == tromp else "DIFFERS from Tromp's ") + f"{tromp:,}" if tromp else "no published count"
        print(f"### {w}×{h}: {run['positions']:,} positions ({check}); start: {run['value']} ({run['winner']})\n")
        print(f"{run['seconds']:.1f} s wall, peak {run['peak_memory_bytes'] / 2**20:.0f} MiB resident, "
              f"{run['ranks']} rank(s) x {run['threads']} thread(s), merged checksum `{run['checksum']}`.\n")
        print("| ply | positions | won | drawn | lost |")
        print("|---:|---:|---:|---:|---:|")
        for t in run["tiers"]:
            print(f"| {t['tier']} | {t['positions']:,} | {t['wins']:,} | {t['draws']:,} | {t['losses']:,} |")
        print(f"| total | {run['positions']:,} | {run['wins']:,} | {run['draws']:,} | {run['losses']:,} |\n")


if __name__ == "__main__":
    main()
