"""The main job: reproduce the published claims, compare the solvers, and write
results/ (REPORT.md, machine-readable JSON, SVG figures).

Everything it runs is listed in committed manifests under bench/:
  bench/claims.tsv     published claims and the gamebench command that checks each
  bench/instances.tsv  game instances for the solver comparison
  bench/scaling.tsv    scaling runs (instance size, threads)
  bench/gbench.tsv     extra arguments for the Google Benchmark binaries
It learns what this build can do from `gamebench list --json` and
`gamebench help`, so claims and instances of games, solvers or commands that
are not (yet) in the build are reported as "not available in this build".

Data is gathered first (runners, claims), recorded as JSON (record), and
rendered from the JSON (markdown, plot): --render-only is the second half.
Python 3 standard library only. Progress goes to stderr; see docs/results.md.
"""

import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile
import time

from .common import ROOT, START, dump, fmt_time, log, sh
from .manifest import read_tsv
from .mcgs_corpus import families_of, run_corpus
from .markdown import CLAIM_FAILED_TO_RUN, remove_figures, write_report
from .record import RUN_FORMAT, run_records
from .runners import environment, run_claims, run_gbench, run_scaling, run_solvers
from .tool import Tool


def render(out_dir, tool, rendered_by=None):
    """Draws REPORT.md and the figures from the JSON of the run in OUT_DIR.
    The one rendering path: a run calls it once its JSON is written, and
    --render-only calls it alone (after a change to the report's layout),
    running nothing."""
    data = {}
    for name in ("run", "environment", "claims", "solvers", "scaling", "gbench"):
        path = os.path.join(out_dir, name + ".json")
        try:
            with open(path, encoding="utf-8") as f:
                data[name] = json.load(f)
        except OSError as e:
            sys.exit(f"main job: error: cannot read {path}: {e.strerror}")
        except ValueError as e:
            sys.exit(f"main job: error: {path} is not JSON ({e})")
    run = data["run"]
    if not isinstance(run, dict) or run.get("format") != RUN_FORMAT:
        sys.exit(f"main job: error: {os.path.join(out_dir, 'run.json')} is not a {RUN_FORMAT} file")
    remove_figures(out_dir)
    args = argparse.Namespace(full=bool(run.get("full")), time_limit=float(run.get("time_limit", 3)))
    write_report(out_dir, data["environment"], args, data["claims"], data["solvers"], data["scaling"],
                 data["gbench"], tool, float(run.get("total_seconds", 0)), rendered_by=rendered_by)


def render_only(out_dir, tool):
    """--render-only: the rendering half of a run, from the JSON already in OUT_DIR."""
    render(out_dir, tool, rendered_by=sh(["git", "rev-parse", "HEAD"]))
    log(f"drew {os.path.relpath(out_dir, ROOT)}/REPORT.md again from its JSON")
    return 0


def compare_with_previous(tool_path, previous_text, new_path):
    """Prints `gamebench compare` of the previous run.json and the new one, as
    information: changed counts show here, but the job's status is its own."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        f.write(previous_text)
        old_path = f.name
    try:
        log(f"compared with the previous {os.path.relpath(new_path, ROOT)}:")
        subprocess.run([tool_path, "compare", old_path, new_path], stdout=sys.stderr,
                       stderr=sys.stderr, check=False)
    finally:
        os.remove(old_path)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--full", action="store_true", help="add the long runs (set `full` in the manifests)")
    ap.add_argument("--build-dir", default=os.environ.get("GAMEBENCH_BUILD_DIR", "build"))
    ap.add_argument("--out", default=None,
                    help="output folder (default results/; results/full/ with --full)")
    ap.add_argument("--time-limit", type=float, default=None,
                    help="seconds per solve (default 3; 30 with --full)")
    ap.add_argument("--claim-timeout", type=float, default=None,
                    help="seconds per claim's command (default 300; 3600 with --full)")
    ap.add_argument("--skip-claims", default="",
                    help="comma list of claim ids not to run (the sanitized test run leaves out "
                         "the claims that take minutes under a sanitizer)")
    ap.add_argument("--only", default="claims,solvers,scaling,gbench,boards,mcgs",
                    help="comma list of parts to run (claims, solvers, scaling, gbench; boards: "
                         "the Connect Four board table, and mcgs: MCGS's corpus per family, "
                         "with --full only)")
    ap.add_argument("--manifests", default=os.path.join(ROOT, "bench"),
                    help="folder of the manifests claims.tsv, instances.tsv, scaling.tsv and "
                         "gbench.tsv (default bench/; the tests run a small one, tests/report/small_job/)")
    ap.add_argument("--render-only", action="store_true",
                    help="run nothing: draw REPORT.md and figures again from the JSON in the output folder")
    args = ap.parse_args()
    # --full gives a solver 30 s per solve, not more: the runs that need more
    # (minimax on the larger instances) are beyond any limit worth waiting
    # for, and each one costs the whole limit.
    if args.time_limit is None:
        args.time_limit = 30.0 if args.full else 3.0
    if args.out is None:
        args.out = os.path.join("results", "full") if args.full else "results"
    if args.claim_timeout is None:
        args.claim_timeout = 3600.0 if args.full else 300.0
    manifests = os.path.abspath(args.manifests)
    os.chdir(ROOT)
    build_dir = os.path.abspath(args.build_dir)
    out_dir = os.path.abspath(args.out)
    tool_path = os.path.join(build_dir, "gamebench")
    if not os.access(tool_path, os.X_OK):
        sys.exit(f"main job: error: {tool_path} not found; build first (bash scripts/setup.sh)")
    if args.render_only:
        return render_only(out_dir, Tool(tool_path))
    os.makedirs(out_dir, exist_ok=True)
    # The previous run in this folder, to compare the new one with at the end.
    previous = None
    try:
        with open(os.path.join(out_dir, "run.json"), encoding="utf-8") as f:
            previous = f.read()
    except OSError:
        pass
    remove_figures(out_dir)
    parts = set(args.only.split(","))
    tool = Tool(tool_path)
    env = environment(build_dir)
    env["date"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    log(f"commit {env['git']['commit'][:12]}; games: {' '.join(tool.games)}; "
        f"solvers: {' '.join(tool.solvers)}; commands: {' '.join(tool.commands)}")

    b = manifests
    skip = set(filter(None, args.skip_claims.split(",")))
    claims = run_claims(tool, read_tsv(os.path.join(b, "claims.tsv")), args.full,
                        args.claim_timeout, skip) if "claims" in parts else []
    solvers = run_solvers(tool, read_tsv(os.path.join(b, "instances.tsv")), args.full,
                          args.time_limit) if "solvers" in parts else []
    scaling = run_scaling(tool, read_tsv(os.path.join(b, "scaling.tsv")), args.full,
                          args.time_limit) if "scaling" in parts else []
    gbench = run_gbench(build_dir, out_dir, read_tsv(os.path.join(b, "gbench.tsv")), args.full,
                        timeout=3600 if args.full else 600) if "gbench" in parts else []
    # Connect Four on every board up to w + h = 14 (full mode only: hours);
    # each finished board is kept, so an interrupted run resumes.
    boards_failed = False
    if args.full and "boards" in parts:
        log("connect4 boards: scripts/connect4_boards.py --max-sum 14")
        r = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "connect4_boards.py"),
                            "--gamebench", tool_path, "--max-sum", "14",
                            "--records", os.path.join(out_dir, "connect4_boards"),
                            "--out", os.path.join(out_dir, "connect4_boards.md")])
        boards_failed = r.returncode != 0
    # MCGS's corpus family by family (full mode only: the families take
    # minutes to hours); the default report shows the committed table.
    if args.full and "mcgs" in parts and "mcgs" in tool.commands:
        corpus = os.path.join(ROOT, "bench", "mcgs", "autotests")
        run_corpus(tool_path, corpus, families_of(corpus), 900.0, out_dir,
                   command="bash scripts/main_job.sh --full")
    total = time.monotonic() - START
    env["machine"]["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]

    dump(os.path.join(out_dir, "environment.json"), env)
    dump(os.path.join(out_dir, "claims.json"), claims)
    dump(os.path.join(out_dir, "solvers.json"), solvers)
    dump(os.path.join(out_dir, "scaling.json"), scaling)
    dump(os.path.join(out_dir, "gbench.json"), gbench)
    run = {"format": RUN_FORMAT, "commit": env["git"]["commit"], "dirty": env["git"]["dirty"],
           "date": env["date"], "full": args.full, "time_limit": args.time_limit,
           "machine": env["machine"], "total_seconds": total,
           "records": run_records(claims, solvers, scaling, gbench)}
    dump(os.path.join(out_dir, "run.json"), run)
    # Rendered from the JSON just written, by the path --render-only takes.
    render(out_dir, tool)
    if previous is not None and "compare" in tool.commands:
        compare_with_previous(tool_path, previous, os.path.join(out_dir, "run.json"))
    bad = [c["id"] for c in claims if c["status"] == "mismatch" or c["status"] in CLAIM_FAILED_TO_RUN]
    disagree = [i["spec"] for i in solvers if not i.get("agree", True)]
    log(f"done in {fmt_time(total)}: {sum(c['status'] == 'match' for c in claims)} claims reproduced, "
        f"{len(bad)} failed{(' (' + ', '.join(bad) + ')') if bad else ''}, "
        f"{sum(c['status'] == 'unavailable' for c in claims)} not available; report in "
        f"{os.path.relpath(out_dir, ROOT)}/REPORT.md")
    if disagree:
        log("solvers disagree on: " + ", ".join(disagree))
    errors = [f"{i['spec']} {s}" for i in solvers for s, r in i["runs"].items() if r["status"] == "error"]
    if errors:
        log("solver runs that failed (see REPORT.md): " + ", ".join(errors))
    if boards_failed:
        log("connect4 boards: a board disagrees with the published table (connect4_boards.md)")
    return 1 if bad or disagree or boards_failed else 0
