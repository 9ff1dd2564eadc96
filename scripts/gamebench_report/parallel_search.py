"""The parallel search's scaling table in REPORT.md: from the medians of
parallel_search_bench (benchmark names BM_Parallel/<instance>/solver:S/
threads:T, labels tt, lazy-smp, abdada), the speed-up of 2 threads over 1
per instance, printed beside the machine's core count, since a reader on 64
cores must know what was measured where. results/parallel_search.md holds
the idle-machine run of every instance; this section is the run of the job."""

import os
import re

from .common import fmt_int, fmt_time
from .plot import svg_chart

NAME = re.compile(r"BM_Parallel/([^/]+)/solver:(\d+)/threads:(\d+)")


def parallel_rows(gbench):
    """{instance: {(label, threads): benchmark}} from the job's results."""
    rows = {}
    for gb in gbench:
        if gb["binary"] != "parallel_search_bench":
            continue
        for b in gb["benchmarks"]:
            m = NAME.match(b["name"])
            if m and not b.get("error"):
                rows.setdefault(m.group(1), {})[(b["label"], int(m.group(3)))] = b
    return rows


def parallel_search_section(gbench, cores, out_dir):
    """Markdown lines (empty when the benchmark did not run)."""
    rows = parallel_rows(gbench)
    if not rows:
        return []
    L = [f"### Parallel search: 2 threads over 1 (measured on {cores} cores)\n",
         "`ptt` (ABDADA, `solvers/ptt.h`) on 1 and 2 threads against `tt`, one binary, one table "
         "size, value only: wall time, and the speed-up of 2 threads over `ptt` on 1 (the same "
         "search as tt) and over tt. Searches under a second get little or nothing; "
         "`results/parallel_search.md` has the idle-machine run of the hard instances "
         "(`--full` runs them here too).\n",
         "| instance | tt | ptt, 1 thread | ptt, 2 threads | 2 vs 1 | 2 vs tt | nodes, 2 threads vs 1 |",
         "|---|---:|---:|---:|---:|---:|---:|"]
    labels, one_vs, tt_vs = [], [], []
    for inst, r in rows.items():
        tt, one, two = r.get(("tt", 1)), r.get(("abdada", 1)), r.get(("abdada", 2))
        if not (one and two):
            continue
        s1 = one["real_time"] / two["real_time"]
        st = tt["real_time"] / two["real_time"] if tt else None
        n1, n2 = one["counters"].get("nodes"), two["counters"].get("nodes")
        extra = f"{n2 / n1 - 1:+.1%} ({fmt_int(n2)})" if n1 and n2 else ""
        L.append(f"| {inst} | {fmt_time(tt['real_time']) if tt else ''} | {fmt_time(one['real_time'])} | "
                 f"{fmt_time(two['real_time'])} | {s1:.2f}× | {f'{st:.2f}×' if st else ''} | {extra} |")
        labels.append(inst)
        one_vs.append(s1)
        tt_vs.append(st)
    fname = "figures/parallel-search-job-speedup.svg"
    if svg_chart(os.path.join(out_dir, fname), f"ptt: speed-up of 2 threads (measured on {cores} cores)",
                 labels, {"over ptt, 1 thread": one_vs, "over tt": tt_vs}, "speed-up", "instance",
                 log_y=False):
        L.append(f"\n![ptt: speed-up of 2 threads, {cores} cores]({fname})")
    L.append("")
    return L
