"""Starts `gamebench serve` for a test and talks to it (tests/serve/).

The tool's path comes from the environment (GAMEBENCH_BINARY, set by
CMakeLists.txt's registration of these tests). The server binds a free port
on loopback (--port 0) and the URL is read from the line it prints;
stop() sends SIGINT and expects a clean exit (status 0).
"""

import http.client
import json
import os
import re
import subprocess
import tempfile
import time
import urllib.parse

BINARY = os.environ.get("GAMEBENCH_BINARY", "build/gamebench")
SOURCE_DIR = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def run_tool(*args, timeout=120):
    """`gamebench ARGS...`: (exit status, stdout, stderr)."""
    p = subprocess.run([BINARY, *args], capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def solve_json(spec, position, solver="tt"):
    status, out, err = run_tool("solve", spec, "--position", position, "--solver", solver, "--json",
                                "--no-progress")
    if status != 0:
        raise AssertionError(f"solve {spec} {position}: {err}")
    return json.loads(out)


class Server:
    def __init__(self, *args, timeout=20):
        self.proc = subprocess.Popen([BINARY, "serve", "--port", "0", *args],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        m = re.search(r"http://([^/]+)/", line)
        if not m:
            err = self.proc.stderr.read()
            self.proc.kill()
            self.proc.wait()
            raise AssertionError(f"serve printed {line!r}, stderr {err!r}")
        self.url = m.group(0)
        self.host, port = m.group(1).rsplit(":", 1)
        self.port = int(port)
        self.timeout = timeout

    def raw(self, path, method="GET"):
        """(status, body bytes, content type) of a request for `path`, sent as it is."""
        conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            conn.request(method, path)
            res = conn.getresponse()
            return res.status, res.read(), res.getheader("Content-Type", "")
        finally:
            conn.close()

    def get(self, path):
        """(status, parsed JSON) of GET `path`."""
        status, body, _ = self.raw(path)
        return status, json.loads(body)

    def position(self, game, variant, position, move=None):
        q = "p=" + urllib.parse.quote(position, safe="")
        if move is not None:
            q += "&m=" + urllib.parse.quote(move, safe="")
        return self.get(f"/api/v1/{urllib.parse.quote(game)}/{urllib.parse.quote(variant, safe='')}"
                        f"/positions/?{q}")

    def rss_kib(self):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def stop(self, sig=2):
        self.proc.send_signal(sig)
        try:
            status = self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError("serve did not stop within 20 s of the signal")
        err = self.proc.stderr.read()
        self.proc.stdout.close()
        self.proc.stderr.close()
        return status, err

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.proc.poll() is None:
            self.stop()


def scratch_dir():
    """A folder under the tests' scratch folder (TMPDIR), to remove when done."""
    return tempfile.mkdtemp(prefix="serve-")


def mover_value(word):
    return {"win": 1, "tie": 0, "draw": 0, "lose": -1}[word]


def solve_word(value):
    """`solve --json`'s value (win/loss/draw) as the API says it."""
    return {"win": "win", "loss": "lose", "draw": "tie"}[value]
