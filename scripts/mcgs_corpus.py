#!/usr/bin/env python3
"""MCGS's test corpus family by family: runs `gamebench mcgs FAMILY_DIR` on
each folder of the corpus, each within a budget, and writes the table
(family, commands, passed, failed, skipped, over 500 ms, total time) with the
command, commit and load into OUT/mcgs_corpus.md and OUT/mcgs_corpus.json;
results/REPORT.md draws its MCGS section from that JSON. The main job runs
every family with --full; the default job does not run it (it takes minutes).

  python3 scripts/mcgs_corpus.py [--families a,b] [--budget 600] [--out results]

The code is scripts/gamebench_report/mcgs_corpus.py. Python 3 standard library only."""

import argparse
import os
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from gamebench_report.common import ROOT  # noqa: E402
from gamebench_report.mcgs_corpus import families_of, run_corpus  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default=os.environ.get("GAMEBENCH_BUILD_DIR", "build"))
    ap.add_argument("--corpus", default=os.path.join(ROOT, "bench", "mcgs", "autotests"))
    ap.add_argument("--families", default="", help="comma list of family folders (default: all)")
    ap.add_argument("--budget", type=float, default=600.0, help="seconds per family (default 600)")
    ap.add_argument("--memory", default=None, help="gamebench mcgs --memory SIZE (default: its own)")
    ap.add_argument("--out", default=os.path.join(ROOT, "results"))
    args = ap.parse_args()
    tool = os.path.abspath(os.path.join(args.build_dir, "gamebench"))
    if not os.access(tool, os.X_OK):
        sys.exit(f"mcgs_corpus: error: {tool} not found; build first")
    if not os.path.isdir(args.corpus):
        sys.exit(f"mcgs_corpus: error: no corpus folder {args.corpus}")
    known = families_of(args.corpus)
    families = [f for f in args.families.split(",") if f] or known
    for f in families:
        if f not in known:
            sys.exit(f"mcgs_corpus: error: no family {f} in {args.corpus} ({', '.join(known)})")
    os.makedirs(args.out, exist_ok=True)
    command = "python3 scripts/mcgs_corpus.py " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    data = run_corpus(tool, os.path.abspath(args.corpus), families, args.budget, args.out,
                      args.memory, command.strip())
    bad = [f["family"] for f in data["families"] if f["status"] == "error"]
    print(f"mcgs_corpus: {len(families)} families into {os.path.join(args.out, 'mcgs_corpus.md')}"
          f"{'; errors: ' + ', '.join(bad) if bad else ''}", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
