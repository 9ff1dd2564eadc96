"""The claim checker: a claim's expected tokens (key=value, sets, ranges) against the tool's JSON.
Pure functions: running the claims is in runners.py."""

import json
import re


def game_names(spec):
    """Every game name in a spec: the outer one and those of nested specs."""
    return [spec_game(spec)] + re.findall(r"[(,]\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(", spec)


def spec_game(spec):
    m = re.match(r"\s*([A-Za-z_][A-Za-z0-9_]*)", spec)
    return m.group(1) if m else spec


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
