"""Shared helpers of the main job: paths, progress log, number and text formatting, JSON output."""

import json
import math
import os
import re
import subprocess
import sys
import time


# The repository: scripts/gamebench_report/ is two levels below it.
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


START = time.monotonic()


def log(msg):
    print(f"main job [{time.monotonic() - START:7.1f} s] {msg}", file=sys.stderr, flush=True)


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


def esc(s):
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def short(s, n):
    return s if len(s) <= n else s[: n - 1] + "…"


def slug(s):
    return re.sub(r"[^A-Za-z0-9]+", "-", s).strip("-").lower()


def sh(cmd, cwd=ROOT):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, cwd=cwd).stdout.strip()
    except OSError:
        return ""


def dump(path, obj):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, indent=1, sort_keys=False, ensure_ascii=False)
        f.write("\n")
