"""The run record: run.json's format and its records (exact counts vs measures), defined once."""

import re


RUN_FORMAT = "gamebench-run/1"

# A record splits a result into exact values (text, flags), exact counts
# (nodes, positions: a change is a finding) and measures (times, memory,
# rates: they vary between runs). `gamebench compare` reads the split as
# written here and never classifies keys itself, so the rule lives only here.
# Names of measures: times, memory and rates (nodes_per_s, positions_per_s,
# peak_rss_MiB ...) vary between runs; everything else must not.
MEASURE_RE = re.compile(r"(seconds|memory|per_second|_per_s$|_rate_s|wall|rss|MiB)")


def is_measure(key, benchmark=False):
    """Whether a result key is a measure. A benchmark's counters also count
    rates and byte sizes as measures (they are averaged over iterations)."""
    return bool(MEASURE_RE.search(key)) or (benchmark and ("rate" in key or "bytes" in key))


def split_fields(out, volatile=()):
    """Splits a JSON result into exact values, exact counts and measures
    (times, memory, rates: these vary between runs)."""
    values, counts, measures = {}, {}, {}
    for k, v in out.items():
        if is_measure(k) or k in volatile:
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
                if is_measure(k, benchmark=True):
                    measures[k] = v
                else:
                    counts[k] = v
            rec = {"id": f"gbench/{g['binary']}/{b['name']}", "kind": "benchmark",
                   "status": "error" if b.get("error") else "ok",
                   "values": {"label": b["label"]} if b["label"] else {},
                   "counts": counts, "measures": measures}
            recs.append(rec)
    return recs
