"""Shared fixtures: the module under test and the tool binary of the same build.

ctest runs these with PYTHONPATH=<build>/python and GAMEBENCH_BINARY=<build>/gamebench
(python/CMakeLists.txt). pytest exits non-zero when it collects no tests, so an
empty run fails ctest instead of passing.
"""
import json
import os
import subprocess

import pytest

import gamebench

# Fields that measure this run (time, memory, machine), not the answer.
VOLATILE = {"seconds", "peak_memory_bytes", "forward_seconds", "backward_seconds",
            "terms_per_second"}


def tool_binary():
    path = os.environ.get("GAMEBENCH_BINARY")
    if not path:
        # The build tree: <build>/python/gamebench*.so beside <build>/gamebench.
        path = os.path.join(os.path.dirname(os.path.dirname(gamebench.__file__)), "gamebench")
    assert os.access(path, os.X_OK), f"no gamebench tool at {path} (set GAMEBENCH_BINARY)"
    return path


@pytest.fixture(scope="session")
def tool():
    """run(*args) -> (exit status, stdout, stderr) of the gamebench tool."""
    binary = tool_binary()

    def run(*args):
        p = subprocess.run([binary, *args], capture_output=True, text=True, timeout=300)
        return p.returncode, p.stdout, p.stderr

    return run


@pytest.fixture(scope="session")
def tool_json(tool):
    """The --json object a tool command prints (the command must succeed)."""
    def run(*args):
        status, out, err = tool(*args, "--json")
        assert status == 0, err
        return json.loads(out)

    return run


def stable(d):
    """A result without its volatile fields."""
    return {k: v for k, v in d.items() if k not in VOLATILE}
