#!/usr/bin/env python3
"""The main job: reproduce the published claims, compare the solvers, and write
results/ (REPORT.md, machine-readable JSON, SVG figures).

Everything it runs is listed in committed manifests under bench/:
  bench/claims.tsv     published claims and the gamebench command that checks each
  bench/instances.tsv  game instances for the solver comparison
  bench/scaling.tsv    scaling runs (instance size, threads)
  bench/gbench.tsv     extra arguments for the Google Benchmark binaries
It learns what this build can do from `gamebench list --json` and
`gamebench help`, so claims and instances of games, solvers or commands that
are not (yet) in the build are reported as "not available in this build".

Python 3 standard library only. Progress goes to stderr; see docs/results.md.
"""

import argparse
import datetime
import glob
import json
import math
import os
import platform
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUN_FORMAT = "gamebench-run/1"
START = time.monotonic()


def log(msg):
    print(f"main job [{time.monotonic() - START:7.1f} s] {msg}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------- manifests

def read_tsv(path):
    """Rows of a tab-separated manifest as dicts; '#' lines are comments, the
    first other line is the header."""
    rows, header = [], None
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\n").rstrip("\r")
            if not line.strip() or line.startswith("#"):
                continue
            cells = [c.strip() for c in line.split("\t")]
            if header is None:
                header = cells
                continue
            row = {h: (cells[i] if i < len(cells) else "") for i, h in enumerate(header)}
            row["_line"] = lineno
            rows.append(row)
    return rows


def in_set(row, full):
    return row.get("set", "default") == "default" or (full and row.get("set") == "full")


# ---------------------------------------------------------------- the tool

class Tool:
    """The gamebench binary and what this build of it knows."""

    def __init__(self, path):
        self.path = path
        listing = json.loads(subprocess.run([path, "list", "--json"], capture_output=True,
                                            text=True, check=True).stdout)
        self.games = [g["name"] for g in listing["games"]]
        self.game_info = {g["name"]: g for g in listing["games"]}
        self.solvers = [s["name"] for s in listing["solvers"]]
        self.applies = {s["name"]: set(s["games"]) for s in listing["solvers"]}
        usage = subprocess.run([path, "help"], capture_output=True, text=True).stdout
        self.commands = []
        in_commands = False
        for line in usage.splitlines():
            if line.startswith("commands:"):
                in_commands = True
            elif in_commands and line.startswith("  "):
                self.commands.append(line.split()[0])
            elif in_commands and not line.strip():
                if self.commands:
                    in_commands = False

    def unavailable_reason(self, args):
        """Why `args` cannot run in this build, or None."""
        if not args:
            return "empty command"
        if args[0] not in self.commands:
            return f"command '{args[0]}' is not in this build"
        if len(args) > 1 and not args[1].startswith("--"):
            for name in game_names(args[1]):
                if name not in self.games:
                    return f"game '{name}' is not in this build"
        if "--solver" in args:
            i = args.index("--solver")
            if i + 1 < len(args) and args[i + 1] not in self.solvers:
                return f"solver '{args[i + 1]}' is not in this build"
        return None

    def run(self, args, timeout):
        """Runs gamebench ARGS. Returns dict(status, json, stderr, wall):
        status is ok | dnf (time limit) | n/a (solver does not apply) |
        memory (refused: over the memory budget) | unavailable (unknown command, game or solver) | error."""
        t0 = time.monotonic()
        try:
            p = subprocess.run([self.path] + args, capture_output=True, text=True,
                               timeout=timeout)
        except subprocess.TimeoutExpired:
            return {"status": "dnf", "json": None, "stderr": f"killed after {timeout:g} s",
                    "wall": time.monotonic() - t0}
        wall = time.monotonic() - t0
        err = p.stderr.strip().splitlines()
        err = err[-1] if err else ""
        out = None
        if p.returncode == 0:
            lines = [l for l in p.stdout.splitlines() if l.strip()]
            try:
                out = json.loads(lines[-1]) if lines else None
            except json.JSONDecodeError:
                out = None
            if not isinstance(out, dict):
                return {"status": "error", "json": None, "wall": wall,
                        "stderr": "no JSON object on stdout"}
            status = "dnf" if out.get("complete") is False else "ok"
            return {"status": status, "json": out, "stderr": err, "wall": wall}
        status = "error"
        if p.returncode < 0:
            err = f"crashed (signal {-p.returncode})" + (f": {err}" if err else "")
        elif not err:
            err = f"exit status {p.returncode}"
        if p.returncode == 2:
            if re.search(r"unknown (command|game|solver)", err):
                status = "unavailable"
            elif "does not apply" in err:
                status = "n/a"
            elif "over the memory budget" in err:
                # Applies, but not at this size: refused up front, not a failure.
                status = "memory"
        return {"status": status, "json": None, "stderr": err, "wall": wall}


def game_names(spec):
    """Every game name in a spec: the outer one and those of nested specs."""
    return [spec_game(spec)] + re.findall(r"[(,]\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(", spec)


def spec_game(spec):
    m = re.match(r"\s*([A-Za-z_][A-Za-z0-9_]*)", spec)
    return m.group(1) if m else spec


# ---------------------------------------------------------------- values

# Names of measures: times, memory and rates (nodes_per_s, positions_per_s,
# peak_rss_MiB ...) vary between runs; everything else must not.
MEASURE_RE = re.compile(r"(seconds|memory|per_second|_per_s$|_rate_s|wall|rss|MiB)")


def json_text(v):
    """A JSON value as the manifests write it."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return json.dumps(v)
    if isinstance(v, str):
        return v
    if isinstance(v, list):
        return "{" + ",".join(json_text(x) for x in v) + "}"
    return json.dumps(v, sort_keys=True)


def lookup(obj, key):
    for part in key.split("."):
        if not isinstance(obj, dict) or part not in obj:
            return False, None
        obj = obj[part]
    return True, obj


def check(out, token):
    """One check of a claim's `expect` column against the JSON output.
    Returns (ok, key, actual_text, expected_text)."""
    m = re.match(r"^([A-Za-z0-9_.]+)(\[\])?=(.*)$", token)
    if not m:
        return False, token, "bad check", token
    key, contains, want = m.group(1), bool(m.group(2)), m.group(3)
    found, v = lookup(out, key)
    if not found:
        return False, key, "(missing)", want
    if contains:
        ok = isinstance(v, list) and want in [json_text(x) for x in v]
        return ok, key, json_text(v), "∋ " + want
    if want.startswith("{") and want.endswith("}"):
        want_set = sorted(x for x in want[1:-1].split(",") if x)
        ok = isinstance(v, list) and sorted(json_text(x) for x in v) == want_set
        return ok, key, json_text(v), want
    return json_text(v) == want, key, json_text(v), want


def split_fields(out, volatile=()):
    """Splits a JSON result into exact values, exact counts and measures
    (times, memory, rates: these vary between runs)."""
    values, counts, measures = {}, {}, {}
    for k, v in out.items():
        if MEASURE_RE.search(k) or k in volatile:
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                measures[k] = v
        elif isinstance(v, bool) or v is None or isinstance(v, (str, list, dict)):
            values[k] = v
        else:
            counts[k] = v
    return values, counts, measures


def volatile_keys(out):
    """Counts that a multi-threaded run may not reproduce exactly."""
    threads = out.get("threads")
    if isinstance(threads, int) and threads > 1:
        return {k for k in out if k == "nodes" or k.startswith("tt_")}
    return set()


# ---------------------------------------------------------------- formatting

def fmt_time(s):
    if s is None:
        return "–"
    if s < 1e-6:
        return f"{s * 1e9:.0f} ns"
    if s < 1e-3:
        return f"{s * 1e6:.1f} µs"
    if s < 1:
        return f"{s * 1e3:.2f} ms"
    if s < 120:
        return f"{s:.2f} s"
    return f"{s / 60:.1f} min"


def fmt_int(n):
    return "–" if n is None else f"{int(n):,}"


def fmt_bytes(b):
    if b is None:
        return "–"
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if b >= size:
            return f"{b / size:.1f} {unit}"
    return f"{int(b)} B"


def fmt_ratio(r):
    if r is None:
        return "–"
    if r >= 100 or r < 0.01:
        return f"{r:.2e}".replace("e+0", "e").replace("e-0", "e-")
    return f"{r:.3g}"


def md_escape(s):
    return str(s).replace("|", "\\|").replace("\n", " ")


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


# ---------------------------------------------------------------- SVG

PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
           "#17becf", "#7f7f7f", "#bcbd22"]


def svg_chart(path, title, x_labels, series, y_label, x_label="", log_y=True):
    """A line chart over categorical x with one line per series (None: no
    point). Log y by default. Returns False (and writes nothing) when there is
    nothing to draw."""
    pts = [v for ys in series.values() for v in ys if v is not None and v > 0]
    if not pts or not x_labels:
        return False
    W, H, L, R, T, B = 760, 430, 80, 170, 40, 90
    pw, ph = W - L - R, H - T - B
    if log_y:
        lo = 10 ** math.floor(math.log10(min(pts)))
        hi = 10 ** math.ceil(math.log10(max(pts)))
        if hi <= lo:
            hi = lo * 10
        def y(v):
            return T + (1 - (math.log10(v) - math.log10(lo)) / (math.log10(hi) - math.log10(lo))) * ph
        ticks = [10 ** e for e in range(int(round(math.log10(lo))), int(round(math.log10(hi))) + 1)]
    else:
        lo, hi = 0.0, max(pts) * 1.1
        def y(v):
            return T + (1 - (v - lo) / (hi - lo)) * ph
        step = 10 ** math.floor(math.log10(hi / 2))
        ticks = [i * step for i in range(int(hi / step) + 1)]

    def x(i):
        return L + (i + 0.5) * pw / len(x_labels)

    def tick_text(v):
        if not log_y:
            return f"{v:g}"
        e = int(round(math.log10(v)))
        return f"1e{e}" if abs(e) > 3 else f"{v:g}"

    o = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
         f'viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">',
         f'<rect width="{W}" height="{H}" fill="white"/>',
         f'<text x="{W / 2:.1f}" y="22" text-anchor="middle" font-size="15">{esc(title)}</text>']
    for t in ticks:
        ty = y(t)
        o.append(f'<line x1="{L}" y1="{ty:.1f}" x2="{L + pw}" y2="{ty:.1f}" stroke="#ddd"/>')
        o.append(f'<text x="{L - 6}" y="{ty + 4:.1f}" text-anchor="end">{tick_text(t)}</text>')
    o.append(f'<rect x="{L}" y="{T}" width="{pw}" height="{ph}" fill="none" stroke="#333"/>')
    rotate = max(len(s) for s in x_labels) > 6
    for i, lab in enumerate(x_labels):
        tx = x(i)
        if rotate:
            o.append(f'<text x="{tx:.1f}" y="{T + ph + 14}" text-anchor="end" font-size="10" '
                     f'transform="rotate(-30 {tx:.1f} {T + ph + 14})">{esc(short(lab, 28))}</text>')
        else:
            o.append(f'<text x="{tx:.1f}" y="{T + ph + 16}" text-anchor="middle">{esc(lab)}</text>')
    if x_label:
        o.append(f'<text x="{L + pw / 2:.1f}" y="{H - 8}" text-anchor="middle">{esc(x_label)}</text>')
    o.append(f'<text x="18" y="{T + ph / 2:.1f}" text-anchor="middle" '
             f'transform="rotate(-90 18 {T + ph / 2:.1f})">{esc(y_label)}{" (log scale)" if log_y else ""}</text>')
    for k, (name, ys) in enumerate(series.items()):
        color = PALETTE[k % len(PALETTE)]
        seg = []
        for i, v in enumerate(ys + [None]):
            if v is not None and v > 0:
                seg.append(f"{x(i):.1f},{y(v):.1f}")
            else:
                if len(seg) > 1:
                    o.append(f'<polyline points="{" ".join(seg)}" fill="none" stroke="{color}" stroke-width="2"/>')
                seg = []
        for i, v in enumerate(ys):
            if v is not None and v > 0:
                o.append(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="3.5" fill="{color}"/>')
        ly = T + 10 + 20 * k
        o.append(f'<line x1="{L + pw + 15}" y1="{ly}" x2="{L + pw + 40}" y2="{ly}" stroke="{color}" stroke-width="3"/>')
        o.append(f'<text x="{L + pw + 46}" y="{ly + 4}">{esc(short(name, 18))}</text>')
    o.append("</svg>")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(o) + "\n")
    return True


def esc(s):
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def short(s, n):
    return s if len(s) <= n else s[: n - 1] + "…"


def slug(s):
    return re.sub(r"[^A-Za-z0-9]+", "-", s).strip("-").lower()


# ---------------------------------------------------------------- environment

def sh(cmd, cwd=ROOT):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, cwd=cwd).stdout.strip()
    except OSError:
        return ""


def environment(build_dir):
    env = {}
    cpu = ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = 0
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    mem = int(line.split()[1]) * 1024
    except OSError:
        pass
    env["machine"] = {"cpu": cpu, "cores": os.cpu_count(), "memory_bytes": mem,
                      "os": platform.platform(), "python": platform.python_version(),
                      "load_average_at_start": [round(x, 2) for x in os.getloadavg()]}
    cache = {}
    try:
        with open(os.path.join(build_dir, "CMakeCache.txt")) as f:
            for line in f:
                m = re.match(r"^([A-Za-z_]+):[A-Z]+=(.*)$", line.rstrip("\n"))
                if m:
                    cache[m.group(1)] = m.group(2)
    except OSError:
        pass
    cxx = cache.get("CMAKE_CXX_COMPILER", "c++")
    flags = ""
    try:
        with open(os.path.join(build_dir, "compile_commands.json")) as f:
            for entry in json.load(f):
                if entry["file"].endswith("tool/main.cc"):
                    parts = shlex.split(entry["command"])
                    keep, skip = [], False
                    for p in parts[1:]:
                        if skip:
                            skip = False
                            continue
                        if p in ("-o", "-c", "-MF", "-MT"):
                            skip = True
                            continue
                        # Include paths and the suite's own path definitions say nothing
                        # about the code generated; -DNDEBUG does.
                        if (p.startswith(("-I", "-isystem")) or p.endswith(".cc") or p == "-MD"
                                or (p.startswith("-D") and p != "-DNDEBUG")):
                            continue
                        keep.append(p)
                    flags = " ".join(keep)
    except (OSError, ValueError, KeyError):
        pass
    env["build"] = {"compiler": cxx, "compiler_version": sh([cxx, "--version"]).splitlines()[0]
                    if sh([cxx, "--version"]) else "",
                    "build_type": cache.get("CMAKE_BUILD_TYPE", ""),
                    "cxx_flags": flags, "generator": cache.get("CMAKE_GENERATOR", ""),
                    "cmake": sh(["cmake", "--version"]).splitlines()[0] if sh(["cmake", "--version"]) else ""}
    pkgs = ["libabsl-dev", "libtbb-dev", "libbenchmark-dev", "libgtest-dev", "libgmock-dev",
            "cmake", "ninja-build", "g++", "clang", "python3"]
    libs = {}
    for line in sh(["dpkg-query", "-W", "-f", "${Package}\t${Version}\t${db:Status-Abbrev}\n"] + pkgs).splitlines():
        parts = line.split("\t")
        if len(parts) >= 3 and parts[2].startswith("ii"):
            libs[parts[0].split(":")[0]] = parts[1]
    env["packages"] = libs
    commit = sh(["git", "rev-parse", "HEAD"])
    dirty = bool(sh(["git", "status", "--porcelain", "--", ".", ":!results"]))
    env["git"] = {"commit": commit, "describe": sh(["git", "log", "-1", "--format=%h %s"]),
                  "dirty": dirty, "branch": sh(["git", "rev-parse", "--abbrev-ref", "HEAD"])}
    return env


# ---------------------------------------------------------------- the runs

def run_claims(tool, rows, full, time_limit):
    results = []
    for row in rows:
        if not in_set(row, full):
            continue
        args = shlex.split(row["command"])
        rec = {"id": row["id"], "claim": row["claim"], "source": row["source"],
               "command": "gamebench " + row["command"], "expect": row["expect"],
               "set": row["set"]}
        reason = tool.unavailable_reason(args)
        if reason:
            rec.update(status="unavailable", detail=reason)
            log(f"claim {row['id']}: not available ({reason})")
            results.append(rec)
            continue
        log(f"claim {row['id']}: gamebench {row['command']}")
        r = tool.run(args, timeout=time_limit)
        rec["wall_seconds"] = r["wall"]
        if r["status"] != "ok":
            rec.update(status="unavailable" if r["status"] == "unavailable" else r["status"],
                       detail=r["stderr"])
            log(f"  -> {rec['status']}: {r['stderr']}")
            results.append(rec)
            continue
        out = r["json"]
        checks = [check(out, t) for t in row["expect"].split()]
        rec["json"] = out
        rec["checks"] = [{"key": k, "ok": ok, "actual": a, "expected": e} for ok, k, a, e in checks]
        rec["status"] = "match" if checks and all(c[0] for c in checks) else "mismatch"
        rec["detail"] = " ".join(f"{k}={a}" for _, k, a, _ in checks)
        log(f"  -> {rec['status']} ({rec['detail']}) in {fmt_time(r['wall'])}")
        results.append(rec)
    return results


def solve_args(spec, solver, position, time_limit):
    args = ["solve", spec, "--solver", solver, "--json", "--time-limit", f"{time_limit:g}"]
    if position and position != "-":
        args += ["--position", position]
    return args


def timed_solve(tool, args, time_limit):
    """Runs a solve; repeats fast ones (up to 3 runs) and keeps the median time.
    Flags a run whose counts differ between repeats."""
    r = tool.run(args, timeout=time_limit * 3 + 30)
    if r["status"] != "ok":
        return r
    runs = [r]
    while len(runs) < 3 and runs[0]["json"].get("seconds", 1) < 0.1:
        again = tool.run(args, timeout=time_limit * 3 + 30)
        if again["status"] != "ok":
            break
        runs.append(again)
    first = runs[0]["json"]
    r["repeats"] = len(runs)
    r["seconds_median"] = statistics.median(x["json"].get("seconds", x["wall"]) for x in runs)
    r["wall_median"] = statistics.median(x["wall"] for x in runs)
    vol = volatile_keys(first)
    _, c0, _ = split_fields(first, vol)
    r["nondeterministic"] = any(split_fields(x["json"], vol)[1] != c0 for x in runs[1:])
    return r


def run_solvers(tool, rows, full, time_limit):
    results = []
    for row in rows:
        if not in_set(row, full):
            continue
        spec, pos = row["spec"], row.get("position", "-") or "-"
        game = spec_game(spec)
        inst = {"spec": spec, "position": pos, "game": game, "note": row.get("note", ""),
                "set": row["set"], "runs": {}}
        missing = [n for n in game_names(spec) if n not in tool.games]
        if missing:
            inst["status"] = "unavailable"
            inst["detail"] = f"game '{missing[0]}' is not in this build"
            log(f"solvers on {spec}: not available ({inst['detail']})")
            results.append(inst)
            continue
        inst["status"] = "ok"
        for solver in tool.solvers:
            if game not in tool.applies.get(solver, set()):
                inst["runs"][solver] = {"status": "n/a", "detail": "does not apply"}
                continue
            log(f"solve {spec}{'' if pos == '-' else ' @' + pos} --solver {solver}")
            r = timed_solve(tool, solve_args(spec, solver, pos, time_limit), time_limit)
            run = {"status": r["status"], "detail": r.get("stderr", "")}
            if r["status"] == "dnf":
                run["detail"] = f"did not finish in {time_limit:g} s"
                if r["json"]:
                    run["nodes_reached"] = r["json"].get("nodes")
            if r["status"] == "ok":
                out = r["json"]
                run.update(json=out, seconds=r["seconds_median"], wall_seconds=r["wall_median"],
                           repeats=r["repeats"], nondeterministic=r["nondeterministic"])
            log(f"  -> {run['status']}" + (f" {json_text(r['json'].get('value'))} "
                                           f"{fmt_int(r['json'].get('nodes'))} nodes "
                                           f"{fmt_time(run.get('seconds'))}"
                                           if r["status"] == "ok" else f" {run['detail']}"))
            inst["runs"][solver] = run
        vals = {json_text(r["json"].get("value")) for r in inst["runs"].values() if r["status"] == "ok"}
        inst["agree"] = len(vals) <= 1
        results.append(inst)
    return results


def run_scaling(tool, rows, full, time_limit):
    results = []
    for row in rows:
        if not in_set(row, full):
            continue
        points = []
        for tok in row["values"].split():
            label, _, subst = tok.partition("=")
            points.append((label, subst) if subst else (tok, tok))
        template = row["command"]
        sc = {"id": row["id"], "kind": row["kind"], "title": row["title"],
              "x_label": row["x_label"], "command": template, "set": row["set"],
              "x": [p[0] for p in points], "series": {}}
        probe = shlex.split(template.replace("{x}", points[0][1])
                            .replace("{solver}", tool.solvers[0] if tool.solvers else "-"))
        reason = tool.unavailable_reason(probe)
        if reason:
            sc.update(status="unavailable", detail=reason)
            log(f"scaling {row['id']}: not available ({reason})")
            results.append(sc)
            continue
        sc["status"] = "ok"
        if "{solver}" in template:
            game = spec_game(probe[1]) if len(probe) > 1 else ""
            wanted = tool.solvers if row["solvers"] in ("*", "") else row["solvers"].split(",")
            solvers = [s for s in wanted if s in tool.solvers and game in tool.applies.get(s, set())]
        else:
            solvers = ["-"]
        for solver in solvers:
            series = []
            stopped = False
            for label, subst in points:
                if stopped:
                    series.append({"x": label, "status": "skipped",
                                   "detail": "a smaller instance did not finish"})
                    continue
                args = shlex.split(template.replace("{x}", subst).replace("{solver}", solver))
                if args[0] == "solve" and "--time-limit" not in args:
                    args += ["--time-limit", f"{time_limit:g}"]
                log(f"scaling {row['id']} {solver if solver != '-' else ''} x={label}")
                r = timed_solve(tool, args, time_limit)
                pt = {"x": label, "command": "gamebench " + shlex.join(args), "status": r["status"]}
                if r["status"] == "ok":
                    out = r["json"]
                    pt.update(json=out, seconds=r["seconds_median"], wall_seconds=r["wall_median"],
                              nondeterministic=r["nondeterministic"])
                    log(f"  -> {fmt_time(pt['seconds'])}")
                else:
                    pt["detail"] = (f"did not finish in {time_limit:g} s" if r["status"] == "dnf"
                                    else r.get("stderr", ""))
                    log(f"  -> {r['status']}: {pt['detail']}")
                    stopped = True
                series.append(pt)
            sc["series"][solver] = series
        results.append(sc)
    return results


def run_gbench(build_dir, out_dir, rows, full, timeout):
    """Runs every build/bench/*_bench; returns per binary the median of each
    benchmark (real and CPU time in seconds, counters)."""
    results = []
    os.makedirs(os.path.join(out_dir, "bench"), exist_ok=True)
    by_binary = {}
    for row in rows:
        by_binary.setdefault(row["binary"], {})[row["set"]] = row.get("args", "")
    reps, min_time = (5, 0.2) if full else (3, 0.05)
    env = dict(os.environ, GAMEBENCH_FULL="1" if full else "0", GAMEBENCH_SOURCE_DIR=ROOT)
    for path in sorted(glob.glob(os.path.join(build_dir, "bench", "*_bench"))):
        name = os.path.basename(path)
        if not os.access(path, os.X_OK):
            continue
        sets = by_binary.get(name, {"default": ""})
        if full and "full" in sets:
            extra = sets["full"]
        elif "default" in sets:
            extra = sets["default"]
        else:
            log(f"benchmark {name}: only in --full")
            continue
        out_json = os.path.join(out_dir, "bench", name + ".json")
        cmd = [path, f"--benchmark_repetitions={reps}", f"--benchmark_min_time={min_time}",
               "--benchmark_display_aggregates_only=true", f"--benchmark_out={out_json}",
               "--benchmark_out_format=json"] + shlex.split(extra)
        log(f"benchmark {name} ({reps} repetitions)")
        t0 = time.monotonic()
        try:
            p = subprocess.run(cmd, stdout=sys.stderr, stderr=sys.stderr, timeout=timeout, env=env)
            status = "ok" if p.returncode == 0 else f"exit status {p.returncode}"
        except subprocess.TimeoutExpired:
            status = f"killed after {timeout} s"
        entry = {"binary": name, "status": status, "args": " ".join(cmd[1:]).replace(ROOT + "/", ""),
                 "wall_seconds": time.monotonic() - t0, "benchmarks": []}
        try:
            with open(out_json) as f:
                data = json.load(f)
        except (OSError, ValueError):
            data = {"benchmarks": []}
        for b in data.get("benchmarks", []):
            if b.get("aggregate_name") != "median" and not (reps == 1 and b.get("run_type") == "iteration"):
                continue
            scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[b.get("time_unit", "ns")]
            known = {"name", "family_index", "per_family_instance_index", "run_name", "run_type",
                     "repetitions", "threads", "aggregate_name", "aggregate_unit", "iterations",
                     "real_time", "cpu_time", "time_unit", "repetition_index", "label",
                     "error_occurred", "error_message"}
            counters = {k: v for k, v in b.items() if k not in known}
            entry["benchmarks"].append({"name": b.get("run_name", b["name"]),
                                        "real_time": b["real_time"] * scale,
                                        "cpu_time": b["cpu_time"] * scale,
                                        "label": b.get("label", ""), "counters": counters,
                                        "error": b.get("error_message")})
        results.append(entry)
    return results


# ---------------------------------------------------------------- run.json

def run_records(claims, solvers, scaling, gbench):
    """The flat list of records that `gamebench compare` reads."""
    recs = []

    def add(rid, kind, status, out=None, extra_measures=None):
        rec = {"id": rid, "kind": kind, "status": status}
        if out is not None:
            v, c, m = split_fields(out, volatile_keys(out))
            rec["values"], rec["counts"], rec["measures"] = v, c, m
        if extra_measures:
            rec.setdefault("measures", {}).update(extra_measures)
        recs.append(rec)

    for c in claims:
        out = c.get("json")
        if out is not None:
            out = {k: v for k, v in out.items()}
        add("claim/" + c["id"], "claim", c["status"], out,
            {"wall_seconds": c["wall_seconds"]} if "wall_seconds" in c else None)
    for inst in solvers:
        key = inst["spec"] + ("" if inst["position"] == "-" else "@" + inst["position"])
        if inst["status"] != "ok":
            add(f"solve/{key}", "solve", inst["status"])
            continue
        for solver, run in inst["runs"].items():
            if run["status"] == "n/a":
                continue
            add(f"solve/{key}/{solver}", "solve", run["status"], run.get("json"),
                {"seconds": run["seconds"], "wall_seconds": run["wall_seconds"]}
                if run["status"] == "ok" else None)
    for sc in scaling:
        if sc["status"] != "ok":
            add(f"scaling/{sc['id']}", "scaling", sc["status"])
            continue
        for solver, series in sc["series"].items():
            for pt in series:
                add(f"scaling/{sc['id']}/{solver}/{pt['x']}", "scaling", pt["status"], pt.get("json"),
                    {"seconds": pt["seconds"], "wall_seconds": pt["wall_seconds"]}
                    if pt["status"] == "ok" else None)
    for g in gbench:
        for b in g["benchmarks"]:
            counts, measures = {}, {"real_time_seconds": b["real_time"], "cpu_time_seconds": b["cpu_time"]}
            for k, v in b["counters"].items():
                if MEASURE_RE.search(k) or "rate" in k or "bytes" in k:
                    measures[k] = v
                else:
                    counts[k] = v
            rec = {"id": f"gbench/{g['binary']}/{b['name']}", "kind": "benchmark",
                   "status": "error" if b.get("error") else "ok",
                   "values": {"label": b["label"]} if b["label"] else {},
                   "counts": counts, "measures": measures}
            recs.append(rec)
    return recs


# ---------------------------------------------------------------- the report

STATUS_TEXT = {"match": "✅ match", "mismatch": "❌ MISMATCH", "unavailable": "not available in this build",
               "error": "❌ error", "dnf": "did not finish", "n/a": "does not apply",
               "memory": "over the memory budget"}
# A claim with one of these statuses was not reproduced (besides "mismatch").
CLAIM_FAILED_TO_RUN = ("error", "dnf", "memory")


def write_report(out_dir, env, args, claims, solvers, scaling, gbench, tool, total_seconds,
                 rendered_by=None):
    L = []
    g = env["git"]
    L.append("# gamebench results\n")
    L.append(f"Generated by `bash scripts/main_job.sh{' --full' if args.full else ''}` on commit "
             f"`{g['commit'][:12]}`{' (with uncommitted changes)' if g['dirty'] else ''} "
             f"({md_escape(g['describe'])}), {env['date']}. "
             f"The whole run took {fmt_time(total_seconds)}. "
             f"Mode: {'full (long runs included)' if args.full else 'default (`--full` adds the long runs)'}; "
             f"time limit per solve {args.time_limit:g} s.\n")
    if rendered_by:
        L.append(f"This page was drawn again from the run's JSON (`scripts/report.py --render-only`) "
                 f"on commit `{rendered_by[:12]}`; the measurements are those of the run above.\n")
    L.append("Every value and count below is reproduced exactly by re-running on the same commit; "
             "times and memory vary. Machine-readable: `run.json` (the format `gamebench compare` reads), "
             "`claims.json`, `solvers.json`, `scaling.json`, `environment.json`, and Google Benchmark's "
             "own output in `bench/`. How to read this: `docs/results.md`.\n")
    if not args.full:
        try:
            with open(os.path.join(out_dir, "full", "run.json"), encoding="utf-8") as f:
                full_run = json.load(f)
            L.append(f"The long runs (`bash scripts/main_job.sh --full`: K7 and K8, Dodgem 5×5, long "
                     f"nim-sequences, 30 s per solve) are in [full/REPORT.md](full/REPORT.md), from "
                     f"commit `{str(full_run.get('commit', '?'))[:12]}`, {full_run.get('date', '?')}.\n")
        except (OSError, ValueError, AttributeError):
            pass
    L.append(f"This build has the games {', '.join('`' + x + '`' for x in tool.games)}, the solvers "
             f"{', '.join('`' + x + '`' for x in tool.solvers)} and the commands "
             f"{', '.join('`' + x + '`' for x in tool.commands)}.\n")

    # 1. reproduction table
    n = {s: sum(1 for c in claims if c["status"] == s) for s in STATUS_TEXT}
    L.append("## 1. Reproduction of published results\n")
    L.append(f"{n['match']} of {len(claims)} claims reproduced, {n['mismatch']} mismatched, "
             f"{sum(n[s] for s in CLAIM_FAILED_TO_RUN)} failed to run, {n['unavailable']} not available in this build "
             f"(their game, solver or command is not in this build yet).\n")
    L.append("| id | claim | source | suite's result | match | time | solver's time | command |")
    L.append("|---|---|---|---|---|---|---|---|")
    for c in claims:
        result = c.get("detail", "") if c["status"] in ("match", "mismatch") else md_escape(c.get("detail", ""))
        if c["status"] == "mismatch":
            result = "; ".join(f"{x['key']}={x['actual']} (published {x['expected']})"
                               for x in c["checks"] if not x["ok"]) or result
        L.append(f"| {c['id']} | {md_escape(c['claim'])} | {md_escape(c['source'])} | "
                 f"{md_escape(result)} | {STATUS_TEXT[c['status']]} | {fmt_time(c.get('wall_seconds'))} | "
                 f"{fmt_time((c.get('json') or {}).get('seconds'))} | "
                 f"`{md_escape(c['command'])}` |")
    L.append("")
    L.append("Time: the wall-clock time of the whole `gamebench` run (process start to exit, "
             "including setting up tables); solver's time: the `seconds` the command reports.\n")

    # 2. solver comparison
    L.append("## 2. Solver comparison\n")
    L.append(f"Each applicable solver on each instance of `bench/instances.tsv` through "
             f"`gamebench solve SPEC --solver S --json --time-limit {args.time_limit:g}`. Time: the "
             f"solver's own clock (median of up to 3 runs when under 0.1 s). Memory: the process's peak "
             f"resident memory (includes the transposition table, 64 MiB by default). Ratios are to "
             f"plain `minimax` on the same instance (below 1: cheaper than minimax).\n")
    by_game = {}
    for inst in solvers:
        by_game.setdefault(inst["game"], []).append(inst)
    figures = []
    for game, insts in by_game.items():
        L.append(f"### {game}\n")
        if all(i["status"] == "unavailable" for i in insts):
            L.append(f"Not available in this build ({insts[0]['detail']}); instances listed: " +
                     ", ".join(f"`{i['spec']}`" for i in insts) + ".\n")
            continue
        L.append("| instance | solver | value | time | nodes | nodes/s | peak memory | time ÷ minimax | nodes ÷ minimax | table hit rate |")
        L.append("|---|---|---|---|---|---|---|---|---|---|")
        for inst in insts:
            label = inst["spec"] + ("" if inst["position"] == "-" else f" @ {inst['position']}")
            if inst["status"] != "ok":
                L.append(f"| `{md_escape(label)}` | – | {STATUS_TEXT[inst['status']]} | | | | | | | |")
                continue
            base = inst["runs"].get("minimax", {})
            for solver, run in inst["runs"].items():
                if run["status"] == "n/a":
                    continue
                if run["status"] != "ok":
                    reached = f" (reached {fmt_int(run['nodes_reached'])} nodes)" if run.get("nodes_reached") else ""
                    L.append(f"| `{md_escape(label)}` | {solver} | {md_escape(run['detail'])}{reached} | | | | | | | |")
                    continue
                out = run["json"]
                rt = rn = None
                if base.get("status") == "ok":
                    rt = run["seconds"] / base["seconds"] if base["seconds"] > 0 else None
                    rn = out.get("nodes", 0) / base["json"]["nodes"] if base["json"].get("nodes") else None
                elif base.get("status") == "dnf" and solver != "minimax":
                    rt = None
                nps = out.get("nodes") / run["seconds"] if out.get("nodes") and run["seconds"] > 0 else None
                hit = out.get("tt_hit_rate")
                flag = " ⚠ nondeterministic counts" if run.get("nondeterministic") else ""
                L.append(f"| `{md_escape(label)}` | {solver} | {json_text(out.get('value'))}{flag} | "
                         f"{fmt_time(run['seconds'])} | {fmt_int(out.get('nodes'))} | "
                         f"{fmt_int(nps) if nps else '–'} | {fmt_bytes(out.get('peak_memory_bytes'))} | "
                         f"{fmt_ratio(rt) if rt is not None else ('minimax did not finish' if base.get('status') == 'dnf' else '–')} | "
                         f"{fmt_ratio(rn)} | {f'{hit:.3f}' if isinstance(hit, (int, float)) else '–'} |")
            if not inst.get("agree", True):
                L.append(f"| `{md_escape(label)}` | ❌ | SOLVERS DISAGREE ON THE VALUE | | | | | | | |")
        L.append("")
        # Figures: time and nodes per solver across this game's instances.
        ok_insts = [i for i in insts if i["status"] == "ok"]
        names = [s for s in tool.solvers if any(i["runs"].get(s, {}).get("status") == "ok" for i in ok_insts)]
        xl = [i["spec"] + ("" if i["position"] == "-" else "@" + i["position"]) for i in ok_insts]
        for what, key, ylab in (("time", "seconds", "seconds"), ("nodes", "nodes", "nodes")):
            series = {}
            for s in names:
                ys = []
                for i in ok_insts:
                    run = i["runs"].get(s, {})
                    if run.get("status") != "ok":
                        ys.append(None)
                    else:
                        ys.append(run["seconds"] if key == "seconds" else run["json"].get("nodes"))
                series[s] = ys
            fname = f"figures/solvers-{slug(game)}-{what}.svg"
            if svg_chart(os.path.join(out_dir, fname), f"{game}: {what} per solver", xl, series, ylab):
                L.append(f"![{game}: {what} per solver]({fname})")
                figures.append(fname)
        L.append("")

    # Between solvers: geometric means of pairwise ratios.
    pairs = []
    for a in tool.solvers:
        for b in tool.solvers:
            if a == b:
                continue
            rt, rn = [], []
            for inst in solvers:
                ra, rb = inst["runs"].get(a, {}), inst["runs"].get(b, {})
                if ra.get("status") == "ok" and rb.get("status") == "ok":
                    if ra["seconds"] > 0 and rb["seconds"] > 0:
                        rt.append(ra["seconds"] / rb["seconds"])
                    if ra["json"].get("nodes") and rb["json"].get("nodes"):
                        rn.append(ra["json"]["nodes"] / rb["json"]["nodes"])
            if rt or rn:
                pairs.append((a, b, len(rt), geomean(rt), geomean(rn)))
    if pairs:
        L.append("### Between solvers\n")
        L.append("Geometric mean over the instances both solvers finished, of solver A's cost divided by "
                 "solver B's (below 1: A is cheaper).\n")
        L.append("| A | B | instances | time A ÷ B | nodes A ÷ B |")
        L.append("|---|---|---|---|---|")
        for a, b, k, t, nn in pairs:
            L.append(f"| {a} | {b} | {k} | {fmt_ratio(t)} | {fmt_ratio(nn)} |")
        L.append("")

    # 3. scaling
    L.append("## 3. Scaling\n")
    L.append("From `bench/scaling.tsv`. A solver's series ends at the first size it does not finish "
             f"within the time limit ({args.time_limit:g} s for `solve`).\n")
    for sc in scaling:
        L.append(f"### {sc['title']} (`{sc['id']}`)\n")
        if sc["status"] != "ok":
            L.append(f"Not available in this build ({sc['detail']}). Command: `gamebench {md_escape(sc['command'])}`.\n")
            continue
        L.append(f"Command: `gamebench {md_escape(sc['command'])}`\n")
        cols = sc["x"]
        L.append(f"| solver | measure | " + " | ".join(f"{sc['x_label']} = {x}" for x in cols) + " |")
        L.append("|---|---|" + "---|" * len(cols))
        time_series, node_series = {}, {}
        count_key = None
        for solver, series in sc["series"].items():
            for pt in series:
                if pt["status"] == "ok":
                    for k in ("nodes", "positions", "pairs_examined"):
                        if k in pt["json"]:
                            count_key = count_key or k
        for solver, series in sc["series"].items():
            cells_t, cells_n = [], []
            ts, ns = [], []
            # What each point found: a solve's value; a nim-sequence's period
            # (with its pre-period) and largest value.
            found = {}
            oks = [pt["json"] for pt in series if pt["status"] == "ok"]
            if any("value" in j for j in oks):
                found["value"] = lambda j: json_text(j.get("value"))
            if any("period" in j for j in oks):
                found["period"] = lambda j: (
                    "none found" if j.get("period") is None else
                    f"{fmt_int(j['period'])} from {fmt_int(j.get('preperiod'))}"
                    f"{' (proved)' if j.get('proved') else ''}")
            if any("max_value" in j for j in oks):
                found["max value"] = lambda j: fmt_int(j.get("max_value"))
            cells_v = {k: [] for k in found}
            for pt in series:
                if pt["status"] == "ok":
                    cells_t.append(fmt_time(pt["seconds"]))
                    cells_n.append(fmt_int(pt["json"].get(count_key)) if count_key else "–")
                    for k, f in found.items():
                        cells_v[k].append(f(pt["json"]))
                    ts.append(pt["seconds"])
                    ns.append(pt["json"].get(count_key) if count_key else None)
                else:
                    cells_t.append("DNF" if pt["status"] in ("dnf", "skipped") else pt["status"])
                    cells_n.append("")
                    for k in found:
                        cells_v[k].append("")
                    ts.append(None)
                    ns.append(None)
            solvers_seen = {pt["json"].get("solver") for pt in series if pt["status"] == "ok"}
            name = solver if solver != "-" else (
                solvers_seen.pop() if len(solvers_seen) == 1 and None not in solvers_seen else "(command)")
            L.append(f"| {name} | time | " + " | ".join(cells_t) + " |")
            if count_key:
                L.append(f"| {name} | {count_key} | " + " | ".join(cells_n) + " |")
            for k, cells in cells_v.items():
                L.append(f"| {name} | {k} | " + " | ".join(cells) + " |")
            time_series[name] = ts
            node_series[name] = ns
            if sc["kind"] == "threads" and ts and ts[0]:
                L.append(f"| {name} | speed-up | " + " | ".join(
                    fmt_ratio(ts[0] / t) if t else "" for t in ts) + " |")
        L.append("")
        fname = f"figures/scaling-{slug(sc['id'])}-time.svg"
        if svg_chart(os.path.join(out_dir, fname), sc["title"] + ": time", cols, time_series, "seconds",
                     sc["x_label"]):
            L.append(f"![{sc['title']}: time]({fname})")
        if count_key:
            fname = f"figures/scaling-{slug(sc['id'])}-{count_key}.svg"
            if svg_chart(os.path.join(out_dir, fname), f"{sc['title']}: {count_key}", cols, node_series,
                         count_key, sc["x_label"]):
                L.append(f"![{sc['title']}: {count_key}]({fname})")
        if sc["kind"] == "threads":
            sp = {k: [(v[0] / t) if (t and v and v[0]) else None for t in v] for k, v in time_series.items()}
            fname = f"figures/scaling-{slug(sc['id'])}-speedup.svg"
            if svg_chart(os.path.join(out_dir, fname), sc["title"] + ": speed-up", cols, sp, "speed-up",
                         sc["x_label"], log_y=False):
                L.append(f"![{sc['title']}: speed-up]({fname})")
        L.append("")

    # 4. Google Benchmark
    L.append("## 4. Google Benchmark\n")
    L.append("Every `build/bench/*_bench` binary, medians of the repetitions (`--benchmark_repetitions`). "
             "Google Benchmark's own JSON is in `bench/<binary>.json`. The wall time of `solve_bench` "
             "includes allocating and clearing the solver's tables; `solver_seconds` is the solver's own "
             "clock. Debian's libbenchmark warns that it \"was built as DEBUG\": that is the library's "
             "own code, not the code timed, which is built as listed under Environment.\n")
    if not gbench:
        L.append("No benchmark binaries were run.\n")
    for gb in gbench:
        L.append(f"### {gb['binary']}\n")
        L.append(f"`{md_escape(gb['args'])}` — {gb['status']}, {fmt_time(gb['wall_seconds'])} in all.\n")
        if not gb["benchmarks"]:
            L.append("No results.\n")
            continue
        keys = []
        for b in gb["benchmarks"]:
            for k in b["counters"]:
                if k not in keys:
                    keys.append(k)
        L.append("| benchmark | real time | CPU time | " + " | ".join(keys) + " | label |")
        L.append("|---|---|---|" + "---|" * len(keys) + "---|")
        for b in gb["benchmarks"]:
            cells = []
            for k in keys:
                v = b["counters"].get(k)
                if v is None:
                    cells.append("")
                elif "seconds" in k and "per_second" not in k:
                    cells.append(fmt_time(v))
                elif "bytes" in k and "bytes_per" not in k:
                    cells.append(fmt_bytes(v))
                elif isinstance(v, float) and v < 10 and v != int(v):
                    cells.append(f"{v:.3f}")
                elif isinstance(v, float) and v < 1000 and v != int(v):
                    cells.append(f"{v:.1f}")
                else:
                    cells.append(fmt_int(v))
            L.append(f"| `{md_escape(b['name'])}` | {fmt_time(b['real_time'])} | {fmt_time(b['cpu_time'])} | "
                     + " | ".join(cells) + f" | {md_escape(b['error'] or b['label'])} |")
        L.append("")

    # 5. environment
    m, bld = env["machine"], env["build"]
    L.append("## 5. Environment\n")
    L.append(f"- Machine: {m['cpu']}, {m['cores']} cores, {fmt_bytes(m['memory_bytes'])} memory; {m['os']}")
    la0, la1 = m["load_average_at_start"], m.get("load_average_at_end", [])
    L.append(f"- Load average (1, 5, 15 min) at the start {', '.join(map(str, la0))}; at the end "
             f"{', '.join(map(str, la1))}. A load above the number of cores means other processes "
             f"competed for the CPU and inflated the times (values and counts are unaffected).")
    L.append(f"- Compiler: `{bld['compiler']}` ({bld['compiler_version']}); {bld['cmake']}; generator {bld['generator']}")
    L.append(f"- Build type: {bld['build_type']}; flags (compile line of `tool/main.cc`): `{bld['cxx_flags']}`")
    L.append("- Packages (dpkg-query): " + ", ".join(f"{k} {v}" for k, v in sorted(env["packages"].items())))
    L.append(f"- Git: commit `{g['commit']}` on `{g['branch']}`{', with uncommitted changes' if g['dirty'] else ''}")
    L.append(f"- Python {m['python']} (report generator `scripts/report.py`)")
    L.append("")
    with open(os.path.join(out_dir, "REPORT.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(L) + "\n")


# ---------------------------------------------------------------- main

def dump(path, obj):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, indent=1, sort_keys=False, ensure_ascii=False)
        f.write("\n")


def remove_figures(out_dir):
    """Figures are drawn anew each time: remove the old ones, so none is left
    from a game or series no longer in the run."""
    for old in glob.glob(os.path.join(out_dir, "figures", "*.svg")):
        os.remove(old)


def render_only(out_dir, tool):
    """Draws REPORT.md and the figures again from the JSON of the run in
    OUT_DIR (after a change to the report's layout), without running anything."""
    data = {}
    for name in ("run", "environment", "claims", "solvers", "scaling", "gbench"):
        path = os.path.join(out_dir, name + ".json")
        try:
            with open(path, encoding="utf-8") as f:
                data[name] = json.load(f)
        except OSError as e:
            sys.exit(f"main job: error: cannot read {path}: {e.strerror}")
        except ValueError as e:
            sys.exit(f"main job: error: {path} is not JSON ({e})")
    run = data["run"]
    if not isinstance(run, dict) or run.get("format") != RUN_FORMAT:
        sys.exit(f"main job: error: {os.path.join(out_dir, 'run.json')} is not a {RUN_FORMAT} file")
    remove_figures(out_dir)
    args = argparse.Namespace(full=bool(run.get("full")), time_limit=float(run.get("time_limit", 3)))
    commit = sh(["git", "rev-parse", "HEAD"])
    write_report(out_dir, data["environment"], args, data["claims"], data["solvers"], data["scaling"],
                 data["gbench"], tool, float(run.get("total_seconds", 0)), rendered_by=commit)
    log(f"drew {os.path.relpath(out_dir, ROOT)}/REPORT.md again from its JSON")
    return 0


def compare_with_previous(tool_path, previous_text, new_path):
    """Prints `gamebench compare` of the previous run.json and the new one, as
    information: changed counts show here, but the job's status is its own."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        f.write(previous_text)
        old_path = f.name
    try:
        log(f"compared with the previous {os.path.relpath(new_path, ROOT)}:")
        subprocess.run([tool_path, "compare", old_path, new_path], stdout=sys.stderr,
                       stderr=sys.stderr, check=False)
    finally:
        os.remove(old_path)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--full", action="store_true", help="add the long runs (set `full` in the manifests)")
    ap.add_argument("--build-dir", default=os.environ.get("GAMEBENCH_BUILD_DIR", "build"))
    ap.add_argument("--out", default=None,
                    help="output folder (default results/; results/full/ with --full)")
    ap.add_argument("--time-limit", type=float, default=None,
                    help="seconds per solve (default 3; 30 with --full)")
    ap.add_argument("--claim-timeout", type=float, default=None,
                    help="seconds per claim's command (default 300; 3600 with --full)")
    ap.add_argument("--only", default="claims,solvers,scaling,gbench",
                    help="comma list of parts to run (claims, solvers, scaling, gbench)")
    ap.add_argument("--render-only", action="store_true",
                    help="run nothing: draw REPORT.md and figures again from the JSON in the output folder")
    args = ap.parse_args()
    # --full gives a solver 30 s per solve, not more: the runs that need more
    # (minimax on the larger instances) are beyond any limit worth waiting
    # for, and each one costs the whole limit.
    if args.time_limit is None:
        args.time_limit = 30.0 if args.full else 3.0
    if args.out is None:
        args.out = os.path.join("results", "full") if args.full else "results"
    if args.claim_timeout is None:
        args.claim_timeout = 3600.0 if args.full else 300.0
    os.chdir(ROOT)
    build_dir = os.path.abspath(args.build_dir)
    out_dir = os.path.abspath(args.out)
    tool_path = os.path.join(build_dir, "gamebench")
    if not os.access(tool_path, os.X_OK):
        sys.exit(f"main job: error: {tool_path} not found; build first (bash scripts/setup.sh)")
    if args.render_only:
        return render_only(out_dir, Tool(tool_path))
    os.makedirs(out_dir, exist_ok=True)
    # The previous run in this folder, to compare the new one with at the end.
    previous = None
    try:
        with open(os.path.join(out_dir, "run.json"), encoding="utf-8") as f:
            previous = f.read()
    except OSError:
        pass
    remove_figures(out_dir)
    parts = set(args.only.split(","))
    tool = Tool(tool_path)
    env = environment(build_dir)
    env["date"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    log(f"commit {env['git']['commit'][:12]}; games: {' '.join(tool.games)}; "
        f"solvers: {' '.join(tool.solvers)}; commands: {' '.join(tool.commands)}")

    b = os.path.join(ROOT, "bench")
    claims = run_claims(tool, read_tsv(os.path.join(b, "claims.tsv")), args.full,
                        args.claim_timeout) if "claims" in parts else []
    solvers = run_solvers(tool, read_tsv(os.path.join(b, "instances.tsv")), args.full,
                          args.time_limit) if "solvers" in parts else []
    scaling = run_scaling(tool, read_tsv(os.path.join(b, "scaling.tsv")), args.full,
                          args.time_limit) if "scaling" in parts else []
    gbench = run_gbench(build_dir, out_dir, read_tsv(os.path.join(b, "gbench.tsv")), args.full,
                        timeout=3600 if args.full else 600) if "gbench" in parts else []
    total = time.monotonic() - START
    env["machine"]["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]

    dump(os.path.join(out_dir, "environment.json"), env)
    dump(os.path.join(out_dir, "claims.json"), claims)
    dump(os.path.join(out_dir, "solvers.json"), solvers)
    dump(os.path.join(out_dir, "scaling.json"), scaling)
    dump(os.path.join(out_dir, "gbench.json"), gbench)
    run = {"format": RUN_FORMAT, "commit": env["git"]["commit"], "dirty": env["git"]["dirty"],
           "date": env["date"], "full": args.full, "time_limit": args.time_limit,
           "machine": env["machine"], "total_seconds": total,
           "records": run_records(claims, solvers, scaling, gbench)}
    dump(os.path.join(out_dir, "run.json"), run)
    write_report(out_dir, env, args, claims, solvers, scaling, gbench, tool, total)
    if previous is not None and "compare" in tool.commands:
        compare_with_previous(tool_path, previous, os.path.join(out_dir, "run.json"))
    bad = [c["id"] for c in claims if c["status"] == "mismatch" or c["status"] in CLAIM_FAILED_TO_RUN]
    disagree = [i["spec"] for i in solvers if not i.get("agree", True)]
    log(f"done in {fmt_time(total)}: {sum(c['status'] == 'match' for c in claims)} claims reproduced, "
        f"{len(bad)} failed{(' (' + ', '.join(bad) + ')') if bad else ''}, "
        f"{sum(c['status'] == 'unavailable' for c in claims)} not available; report in "
        f"{os.path.relpath(out_dir, ROOT)}/REPORT.md")
    if disagree:
        log("solvers disagree on: " + ", ".join(disagree))
    errors = [f"{i['spec']} {s}" for i in solvers for s, r in i["runs"].items() if r["status"] == "error"]
    if errors:
        log("solver runs that failed (see REPORT.md): " + ", ".join(errors))
    return 1 if bad or disagree else 0


if __name__ == "__main__":
    sys.exit(main())
