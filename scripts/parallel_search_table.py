#!/usr/bin/env python3
"""The scaling table and figure of the parallel search (results/parallel_search.md).

Reads the JSON of build/bench/parallel_search_bench (--benchmark_out), prints
a markdown table (per instance: tt, then each scheme on 1 and 2 threads: wall,
process CPU, nodes, the main thread's nodes, the speed-ups of 2 threads over
1 of the same scheme, and of 2 threads over tt) and draws results/parallel_search_speedup.svg
(outside results/figures/, which the main job redraws)
with the machine's core count in its title.

    python3 scripts/parallel_search_table.py RUN.json [--figure PATH]

Two speed-ups are given because the machine may be shared: `wall` is the
measured one; `path` = nodes of 1 thread / nodes of the main thread with 2,
the speed-up the node counts allow when both threads get a core each (the
main thread searches until each search ends, so its nodes are the critical
path), which does not depend on the machine's load.
"""

import argparse
import json
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__))))
from gamebench_report.plot import svg_chart  # noqa: E402

NAMES = {"0": "tt", "1": "lazy-smp", "2": "abdada"}


def load(paths):
    """{instance: {(solver, threads): [runs]}} and the benchmark context."""
    data, context = {}, {}
    for path in paths:
        with open(path) as f:
            j = json.load(f)
        context = j.get("context", context)
        for b in j["benchmarks"]:
            if b.get("run_type") == "aggregate" or b.get("error_occurred"):
                continue
            m = re.match(r"BM_Parallel/([^/]+)/solver:(\d)/threads:(\d+)", b["name"])
            if not m:
                continue
            inst, solver, threads = m.group(1), NAMES[m.group(2)], int(m.group(3))
            data.setdefault(inst, {}).setdefault((solver, threads), []).append(b)
    return data, context


def med(runs, key):
    return statistics.median(r[key] for r in runs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("runs", nargs="+")
    ap.add_argument("--figure", default="results/parallel_search_speedup.svg")
    args = ap.parse_args()
    data, ctx = load(args.runs)
    cores = ctx.get("num_cpus", os.cpu_count())
    print(f"Machine: {cores} cores ({ctx.get('mhz_per_cpu', '?')} MHz); "
          f"load average during the run as Google Benchmark saw it: {ctx.get('load_avg', '?')}.\n")
    print("| instance | solver | threads | wall (ms) | process CPU (ms) | nodes | main-thread nodes "
          "| wall speed-up 2 vs 1 | path speed-up 2 vs 1 | wall speed-up 2 vs tt |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    labels, series = [], {}
    for inst, rows in data.items():
        labels.append(inst)
        for key in sorted(rows, key=lambda k: (k[0] != "tt", k)):
            solver, threads = key
            runs = rows[key]
            wall, cpu = med(runs, "real_time"), med(runs, "cpu_time")
            nodes, main = med(runs, "nodes"), med(runs, "main_nodes")
            sw = sp = st = ""
            if threads == 2 and (solver, 1) in rows:
                one = rows[(solver, 1)]
                w = med(one, "real_time") / wall
                p = med(one, "nodes") / main
                sw, sp = f"{w:.2f}×", f"{p:.2f}×"
                if ("tt", 1) in rows:
                    st = f"{med(rows[('tt', 1)], 'real_time') / wall:.2f}×"
                series.setdefault(f"{solver} wall", {})[inst] = w
                series.setdefault(f"{solver} path", {})[inst] = p
            print(f"| {inst} | {solver} | {threads} | {wall:,.0f} | {cpu:,.0f} | {nodes:,.0f} | "
                  f"{main:,.0f} | {sw} | {sp} | {st} |")
    chart = {name: [v.get(i) for i in labels] for name, v in series.items()}
    svg_chart(args.figure, f"ptt: speed-up of 2 threads over 1 (measured on {cores} cores)",
              labels, chart, "speed-up", "instance", log_y=False)
    print(f"\n![speed-up of 2 threads over 1, {cores} cores]({os.path.relpath(args.figure, 'results')})")


if __name__ == "__main__":
    main()
