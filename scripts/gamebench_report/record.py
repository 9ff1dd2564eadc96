"""The run record: run.json's format and its records (exact values and counts
vs measures), split by the one table of fields, bench/record_fields.tsv."""

import os
import re

from .common import ROOT, log
from .manifest import read_tsv


RUN_FORMAT = "gamebench-run/1"

# Every field of a record is classified once, in bench/record_fields.tsv:
# value or count (exact: a change is an error of `gamebench compare`),
# count-on-one-thread (exact on one thread, a measure on more) or measure
# (times, memory, rates: they vary between runs). `gamebench compare` has the
# same table built in and classifies by it, not by the group a record puts a
# field in; the groups are for the reader of run.json.
FIELDS_PATH = os.path.join(ROOT, "bench", "record_fields.tsv")
CLASSES = ("value", "count", "count-on-one-thread", "measure")
_TABLE = None
_WARNED = set()


def read_field_table(path):
    """{(scope, field): class} from a table in the format of bench/record_fields.tsv."""
    table = {}
    for row in read_tsv(path):
        if row.get("scope") not in ("tool", "benchmark") or row.get("class") not in CLASSES:
            raise ValueError(f"{path}:{row['_line']}: expected scope tool|benchmark and class "
                             f"{'|'.join(CLASSES)}")
        if (row["scope"], row["field"]) in table:
            raise ValueError(f"{path}:{row['_line']}: {row['scope']}/{row['field']} is listed twice")
        table[(row["scope"], row["field"])] = row["class"]
    return table


def field_table():
    """The table of bench/record_fields.tsv (read once)."""
    global _TABLE
    if _TABLE is None:
        _TABLE = read_field_table(FIELDS_PATH)
    return _TABLE


def field_class(scope, key, threads=1):
    """value, count or measure for a field of a record of SCOPE (tool |
    benchmark) run on THREADS threads; None when the table does not list it."""
    c = field_table().get((scope, key))
    if c == "count-on-one-thread":
        return "count" if threads <= 1 else "measure"
    return c


def record_threads(out):
    threads = out.get("threads")
    return threads if isinstance(threads, int) and not isinstance(threads, bool) else 1


def benchmark_threads(name):
    """Google Benchmark names an argument called threads `threads:N`."""
    m = re.search(r"(?:^|/)threads:(\d+)(?:/|$)", name)
    return int(m.group(1)) if m else 1


def _is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def split_fields(out, scope="tool", threads=None):
    """Splits a JSON result into exact values, exact counts and measures by
    the table. A field the table does not list is kept as exact (values or
    counts by its type) with a warning; `gamebench compare` refuses it."""
    if threads is None:
        threads = record_threads(out)
    values, counts, measures = {}, {}, {}
    for k, v in out.items():
        c = field_class(scope, k, threads)
        if c is None:
            if (scope, k) not in _WARNED:
                _WARNED.add((scope, k))
                log(f"warning: field {scope}/{k} is not classified in bench/record_fields.tsv "
                    "(recorded as exact; `gamebench compare` reports it as an error)")
            c = "count" if _is_number(v) else "value"
        if c == "measure":
            if _is_number(v):
                measures[k] = v
        elif c == "count":
            counts[k] = v
        else:
            values[k] = v
    return values, counts, measures


def run_records(claims, solvers, scaling, gbench):
    """The flat list of records that `gamebench compare` reads."""
    recs = []

    def add(rid, kind, status, out=None, extra_measures=None):
        rec = {"id": rid, "kind": kind, "status": status}
        if out is not None:
            v, c, m = split_fields(out)
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
            fields = {"real_time_seconds": b["real_time"], "cpu_time_seconds": b["cpu_time"],
                      **b["counters"]}
            if b["label"]:
                fields["label"] = b["label"]
            values, counts, measures = split_fields(fields, "benchmark", benchmark_threads(b["name"]))
            rec = {"id": f"gbench/{g['binary']}/{b['name']}", "kind": "benchmark",
                   "status": "error" if b.get("error") else "ok",
                   "values": values, "counts": counts, "measures": measures}
            recs.append(rec)
    return recs
