"""Gathering data: the environment, the solver comparison, the scaling runs, Google Benchmark."""

import glob
import json
import os
import platform
import re
import shlex
import statistics
import subprocess
import sys
import time

from .claims import check, game_names, json_text, spec_game
from .common import ROOT, fmt_int, fmt_time, log, sh
from .manifest import in_set
from .record import split_fields


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


def run_claims(tool, rows, full, time_limit, skip=frozenset()):
    results = []
    for row in rows:
        if not in_set(row, full):
            continue
        if row["id"] in skip:
            log(f"claim {row['id']}: skipped (--skip-claims)")
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
    counts = split_fields(first)[1]
    r["nondeterministic"] = any(split_fields(x["json"])[1] != counts for x in runs[1:])
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
