"""MCGS's test corpus family by family: `gamebench mcgs FAMILY_DIR` on each
folder of the corpus (bench/mcgs/autotests/ by default), each within a
budget of seconds, tallied from the CSV it writes (MCGS's columns: Status,
Time (ms)). Writes mcgs_corpus.json and mcgs_corpus.md into the output
folder; REPORT.md draws its section from mcgs_corpus.json when the folder
has one (mcgs_corpus_section).

Run alone by scripts/mcgs_corpus.py; the main job runs it with --full only
(every family takes minutes to hours on the 2-core machine), so the default
report shows the table committed in results/ with its command, commit and
load."""

import csv
import datetime
import json
import os
import subprocess
import tempfile
import time

from .common import ROOT, fmt_time, log, md_escape, sh

# MCGS's default time limit per command (its --run-tests).
MCGS_LIMIT_MS = 500.0


def families_of(corpus):
    """The family folders of the corpus, sorted."""
    return sorted(d for d in os.listdir(corpus) if os.path.isdir(os.path.join(corpus, d)))


def tally(csv_path):
    """Per file and in all: commands, passed, failed, completed, skipped,
    over 500 ms, and the sum of the commands' times (ms)."""
    files = {}
    with open(csv_path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            t = files.setdefault(row["File"], {"file": row["File"], "commands": 0, "pass": 0, "fail": 0,
                                              "completed": 0, "skipped": 0, "over_500ms": 0,
                                              "time_ms": 0.0, "max_ms": 0.0})
            t["commands"] += 1
            status = row["Status"]
            key = {"PASS": "pass", "FAIL": "fail", "COMPLETED": "completed"}.get(status, "skipped")
            t[key] += 1
            try:
                ms = float(row["Time (ms)"])
            except ValueError:
                ms = 0.0
            t["time_ms"] += ms
            t["max_ms"] = max(t["max_ms"], ms)
            t["over_500ms"] += ms > MCGS_LIMIT_MS
    return [files[k] for k in sorted(files)]


def run_family(tool_path, corpus, family, budget, memory=None):
    """One family: its tally, the wall time, and status "ok", "dnf" (over
    the budget: the files finished before are tallied) or "error"."""
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        out_csv = f.name
    cmd = [tool_path, "mcgs", os.path.join(corpus, family), "--out", out_csv, "--json"]
    if memory:
        cmd += ["--memory", memory]
    start = time.monotonic()
    status, detail = "ok", ""
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=budget)
        if r.returncode != 0:
            status, detail = "error", (r.stderr.strip().splitlines() or ["exit %d" % r.returncode])[-1]
    except subprocess.TimeoutExpired:
        status, detail = "dnf", f"over the budget of {budget:g} s"
    wall = time.monotonic() - start
    try:
        files = tally(out_csv)
    except (OSError, KeyError, csv.Error):
        files = []
    finally:
        os.remove(out_csv)
    total = {k: sum(t[k] for t in files) for k in ("commands", "pass", "fail", "completed", "skipped",
                                                   "over_500ms", "time_ms")}
    return {"family": family, "status": status, "detail": detail, "wall_seconds": wall,
            "files": files, **total}


def run_corpus(tool_path, corpus, families, budget, out_dir, memory=None, command=None):
    """Runs the families and writes mcgs_corpus.json and mcgs_corpus.md."""
    load_start = [round(x, 2) for x in os.getloadavg()]
    results = []
    for family in families:
        log(f"mcgs corpus: {family} (budget {budget:g} s)")
        results.append(run_family(tool_path, corpus, family, budget, memory))
    data = {"command": command or "", "corpus": os.path.relpath(corpus, ROOT),
            "budget_seconds": budget, "memory": memory or "default",
            "commit": sh(["git", "rev-parse", "HEAD"]),
            "dirty": bool(sh(["git", "status", "--porcelain", "--untracked-files=no"])),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "cores": os.cpu_count(), "load_average_at_start": load_start,
            "load_average_at_end": [round(x, 2) for x in os.getloadavg()], "families": results}
    with open(os.path.join(out_dir, "mcgs_corpus.json"), "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    with open(os.path.join(out_dir, "mcgs_corpus.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(corpus_markdown(data, per_file=True)) + "\n")
    return data


def _row(name, t, status=None):
    where = {"ok": "", "dnf": " (did not finish)", "error": " (error)"}.get(status or "ok", "")
    return (f"| {md_escape(name)}{where} | {t['commands']} | {t['pass']} | {t['fail']} | "
            f"{t['skipped']} | {t['over_500ms']} | {fmt_time(t['time_ms'] / 1000.0)} |")


def corpus_markdown(data, per_file=False, heading="#"):
    L = [f"{heading} MCGS's test corpus, family by family\n"]
    dirty = " (with uncommitted changes)" if data.get("dirty") else ""
    L.append(f"Generated by `{md_escape(data.get('command') or 'scripts/mcgs_corpus.py')}` on commit "
             f"`{data['commit'][:12]}`{dirty}, {data['date']}: `gamebench mcgs FAMILY_DIR` on each folder "
             f"of `{data['corpus']}`, at most {data['budget_seconds']:g} s a family, CGT memory "
             f"{data['memory']}. Load average (1, 5, 15 min) at the start "
             f"{', '.join(map(str, data['load_average_at_start']))}, at the end "
             f"{', '.join(map(str, data['load_average_at_end']))}, on {data['cores']} cores: with a load "
             f"above the cores the times are upper bounds, not measurements; the counts are exact.\n")
    L.append("Time: the sum of the commands' times (MCGS's Time (ms) column, which includes building "
             "the block's forms); over 500 ms: commands over MCGS's default limit. Skipped commands "
             "(games not implemented, over the memory budget) are never counted as passed. A family "
             "that did not finish within its budget counts the files it finished.\n")
    L.append("| family | commands | passed | failed | skipped | over 500 ms | total time |")
    L.append("|---|---|---|---|---|---|---|")
    for fam in data["families"]:
        L.append(_row(fam["family"], fam, fam["status"]))
    total = {k: sum(f[k] for f in data["families"]) for k in ("commands", "pass", "fail", "skipped",
                                                              "over_500ms", "time_ms")}
    L.append(_row("total", total))
    L.append("")
    notes = [f"- {f['family']}: {md_escape(f['detail'])}" for f in data["families"] if f["detail"]]
    if notes:
        L += notes + [""]
    if per_file:
        L.append(f"{heading}# Per file\n")
        L.append("| file | commands | passed | failed | skipped | over 500 ms | total time | longest |")
        L.append("|---|---|---|---|---|---|---|---|")
        for fam in data["families"]:
            for t in fam["files"]:
                L.append(_row(f"{fam['family']}/{t['file']}", t)[:-1] +
                         f"| {fmt_time(t['max_ms'] / 1000.0)} |")
        L.append("")
    return L


def mcgs_corpus_section(out_dir):
    """The REPORT.md section, from OUT_DIR/mcgs_corpus.json; [] when absent."""
    try:
        with open(os.path.join(out_dir, "mcgs_corpus.json"), encoding="utf-8") as f:
            data = json.load(f)
        L = corpus_markdown(data, heading="##")
    except (OSError, ValueError, KeyError, TypeError):
        return []
    L.append("Per file: [mcgs_corpus.md](mcgs_corpus.md).\n")
    return L
