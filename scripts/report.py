#!/usr/bin/env python3
"""The main job: reproduce the published claims, compare the solvers, and write
results/. The code is the package scripts/gamebench_report/ (see its main.py
and docs/results.md); this file only starts it."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from gamebench_report.main import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
