"""Running the gamebench tool and classifying each run (by the JSON error code, never by message text)."""

import json
import subprocess
import time

from .claims import game_names


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
        # The first argument is a game spec unless it is a flag or a path (mcgs FILE|DIR).
        if len(args) > 1 and not args[1].startswith("--") and "/" not in args[1]:
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
            status = REFUSAL_STATUS.get(error_code(p.stdout), "error")
        return {"status": status, "json": None, "stderr": err, "wall": wall}


# A refusal (exit status 2) with --json prints {"error": {"code", "message"}}
# on stdout; its code (an absl status code in lower case) says what kind it
# is. Codes not listed are errors.
REFUSAL_STATUS = {
    "not_found": "unavailable",        # unknown command, game or solver
    "unimplemented": "n/a",            # the solver does not apply to the game
    "resource_exhausted": "memory",    # applies, but over the memory budget: not a failure
}


def error_code(stdout):
    """The code of the JSON error object on the last line of stdout, or None."""
    lines = [l for l in stdout.splitlines() if l.strip()]
    try:
        obj = json.loads(lines[-1]) if lines else None
    except json.JSONDecodeError:
        return None
    if isinstance(obj, dict) and isinstance(obj.get("error"), dict):
        return obj["error"].get("code")
    return None
