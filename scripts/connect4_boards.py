#!/usr/bin/env python3
"""Connect Four on every empty w x h board (w, h >= 4) up to a width + height,
solved from scratch within a budget per board, and checked against the
published outcome and last move (bench/connect4_boards_published.tsv:
Steininger's tables, Tromp's results for w + h <= 15).

    scripts/connect4_boards.py [--gamebench build/gamebench] [--max-sum 13]
        [--budget 13:600:1,14:1800:2,15:3600:2] [--tt-size 1G]
        [--records results/connect4_boards] [--out results/connect4_boards.md] [--force]

Each board runs `gamebench solve 'connect4(w=W,h=H)' --solver tt (ptt with
2 threads) --tt-size SIZE --time-limit S --no-best-moves --json`; the budget
for boards of width + height = k is `k:SECONDS:THREADS`. Each finished run is
kept as RECORDS/WxH.json and reused on the next run (--force runs it again),
so a long run never loses a board it finished. A board stopped by its time
limit is listed as "not finished in the budget".

The last move follows from Pons' score: on N = w*h cells a win with the
winner's last stone at move m is worth floor((N + 2 - m) / 2), the first
player's stones fall on odd moves and the second's on even ones, and a draw
ends on move N.
"""

import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def published_table(path):
    table = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            w, h, outcome, last = line.split()
            table[(int(w), int(h))] = (outcome, None if last == "-" else int(last))
    return table


def last_move(value, cells):
    """The move on which the game ends under perfect play, from Pons' score."""
    if value == 0:
        return cells
    v = abs(value)
    parity = 1 if value > 0 else 0  # the first player's stones are the odd moves
    for m in (cells + 2 - 2 * v, cells + 1 - 2 * v):
        if m % 2 == parity:
            return m
    raise ValueError(f"no move for value {value} on {cells} cells")


def parse_budget(text):
    budget = {}
    for part in text.split(","):
        k, seconds, threads = part.split(":")
        budget[int(k)] = (float(seconds), int(threads))
    return budget


def solve(gamebench, w, h, seconds, threads, tt_size):
    solver = ["--solver", "tt"] if threads == 1 else ["--solver", "ptt", "--threads", str(threads)]
    cmd = [gamebench, "solve", f"connect4(w={w},h={h})", *solver, "--tt-size", tt_size,
           "--time-limit", f"{seconds:g}", "--no-best-moves", "--json", "--no-progress"]
    load_before = os.getloadavg()[0]
    start = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds * 2 + 120)
    wall = time.monotonic() - start
    lines = p.stdout.splitlines()
    if p.returncode != 0 or not lines:
        sys.exit(f"connect4_boards: {w}x{h}: {' '.join(cmd[1:])} failed: {p.stderr.strip()}")
    out = json.loads(lines[0])
    out["wall_seconds"] = wall
    out["load_1min"] = [round(load_before, 2), round(os.getloadavg()[0], 2)]  # before, after
    out["command"] = "gamebench " + " ".join(a if "(" not in a else f"'{a}'" for a in cmd[1:])
    out["budget_seconds"] = seconds
    out["threads"] = threads
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gamebench", default=os.path.join(ROOT, "build", "gamebench"))
    ap.add_argument("--max-sum", type=int, default=13, help="largest width + height (at least 8)")
    ap.add_argument("--budget", default="13:600:1,14:1800:2,15:3600:2",
                    help="k:SECONDS:THREADS per width + height k; boards of a smaller k take the "
                         "smallest k's budget")
    ap.add_argument("--tt-size", default="1G")
    ap.add_argument("--records", default=os.path.join(ROOT, "results", "connect4_boards"))
    ap.add_argument("--out", default=os.path.join(ROOT, "results", "connect4_boards.md"))
    ap.add_argument("--force", action="store_true", help="solve again boards that have a record")
    a = ap.parse_args()
    try:
        budget = parse_budget(a.budget)
    except ValueError:
        sys.exit(f"connect4_boards: error: bad --budget '{a.budget}' (want k:SECONDS:THREADS,...)")
    if a.max_sum < 8 or a.max_sum > 40:
        sys.exit(f"connect4_boards: error: --max-sum {a.max_sum} out of range [8, 40]")
    published = published_table(os.path.join(ROOT, "bench", "connect4_boards_published.tsv"))
    os.makedirs(a.records, exist_ok=True)
    boards = sorted(((w, h) for w in range(4, a.max_sum - 3) for h in range(4, a.max_sum - 3)
                     if w + h <= a.max_sum and w * (h + 1) <= 128),
                    key=lambda b: (b[0] + b[1], b[1], b[0]))
    rows = []
    for w, h in boards:
        k = w + h
        seconds, threads = budget.get(k, budget[min(budget)] if k < min(budget) else budget[max(budget)])
        path = os.path.join(a.records, f"{w}x{h}.json")
        record = None
        if not a.force and os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                record = json.load(f)
        if record is None:
            print(f"connect4_boards: {w}x{h} ({seconds:g} s, {threads} thread(s)) ...",
                  file=sys.stderr, flush=True)
            record = solve(a.gamebench, w, h, seconds, threads, a.tt_size)
            with open(path + ".tmp", "w", encoding="utf-8") as f:
                json.dump(record, f, indent=1)
            os.replace(path + ".tmp", path)
        rows.append(((w, h), record))
        print(f"connect4_boards: {w}x{h}: value {record.get('value')} "
              f"({'complete' if record.get('complete', True) else 'not finished'}), "
              f"{record.get('nodes', 0):,} nodes, {record['wall_seconds']:.1f} s", file=sys.stderr)

    agree = disagree = unfinished = 0
    lines = []
    for (w, h), r in rows:
        cells = w * h
        pub_outcome, pub_last = published.get((w, h), ("-", None))
        finished = r.get("complete", True) and r.get("value") is not None
        solver = "tt" if r["threads"] == 1 else f"ptt, {r['threads']} threads"
        load = "–".join(f"{x:.2f}" for x in r.get("load_1min", []))
        cost = (f"{r.get('nodes', 0):,} | {r['wall_seconds']:.1f} s | {load} | "
                f"{r.get('peak_memory_bytes', 0) / 2**20:,.0f} MiB | {solver}")
        if not finished:
            unfinished += 1
            lines.append(f"| {w}×{h} | {cells} | {pub_outcome} | {pub_last or '-'} | "
                         f"not finished in the budget ({r['budget_seconds']:g} s) | - | - | - | {cost} |")
            continue
        value = int(r["value"])
        outcome = "first" if value > 0 else "second" if value < 0 else "draw"
        last = last_move(value, cells)
        same = outcome == pub_outcome and (pub_last is None or last == pub_last)
        agree += same
        disagree += not same
        lines.append(f"| {w}×{h} | {cells} | {pub_outcome} | {pub_last or '-'} | {value:+d} | {outcome} "
                     f"| {last} | {'yes' if same else '**NO**'} | {cost} |")
    with open(a.out, "w", encoding="utf-8") as f:
        f.write("# Connect Four on the empty w×h board, every size up to "
                f"w + h = {a.max_sum}\n\n")
        f.write(f"Made by `python3 scripts/connect4_boards.py --max-sum {a.max_sum} --budget {a.budget} "
                f"--tt-size {a.tt_size}`; each board's command and output are in "
                f"`{os.path.relpath(a.records, ROOT)}/WxH.json`. Value: Pons' score for the first "
                "player; last move: the move on which the game ends under perfect play, from the "
                "score (scripts/connect4_boards.py says how). Published: Steininger's tables "
                "(bench/connect4_boards_published.tsv names the source; Tromp solved w + h ≤ 15 in "
                "2006). Times are wall time on the machine of the run and depend on its load (quoted "
                "per board); nodes do not. A budget is wall time too, so a loaded machine can "
                "leave a board unfinished that an idle one finishes.\n\n")
        f.write(f"{agree} boards agree with the published outcome and last move, {disagree} "
                f"disagree, {unfinished} not finished in their budget.\n\n")
        f.write("| board | cells | published | published last move | our value | outcome | last move "
                "| agrees | nodes | wall | load (1 min, before–after) | peak memory | solver |\n")
        f.write("|---|---:|---|---:|---:|---|---:|---|---:|---:|---|---:|---|\n")
        f.write("\n".join(lines) + "\n")
    print(f"connect4_boards: {agree} agree, {disagree} disagree, {unfinished} not finished; "
          f"{os.path.relpath(a.out, ROOT)}", file=sys.stderr)
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
