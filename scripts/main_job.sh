#!/usr/bin/env bash
# The main job (run by scripts/reproduce.sh after set-up and build): reproduces
# the published claims, compares the solvers, runs the scaling series and the
# Google Benchmark binaries, and regenerates results/ (REPORT.md, run.json and
# the other JSON files, figures/*.svg, bench/*.json). Progress on stderr.
#
#   bash scripts/main_job.sh          # default run (well under 15 minutes)
#   bash scripts/main_job.sh --full   # adds the long runs
#
# Other flags go to scripts/report.py (see --help there). If a previous
# results/run.json exists, the new run is compared with it at the end
# (`gamebench compare`), as information: the exit status is the report's.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${GAMEBENCH_BUILD_DIR:-build}
if [ ! -x "$build_dir/gamebench" ]; then
  echo "main job: $build_dir/gamebench not found; run scripts/setup.sh first" >&2
  exit 1
fi
previous=""
if [ -f results/run.json ]; then
  previous=$(mktemp)
  cp results/run.json "$previous"
fi
status=0
python3 scripts/report.py --build-dir "$build_dir" "$@" || status=$?
if [ -n "$previous" ]; then
  if "$build_dir/gamebench" help 2>/dev/null | grep -q '^  compare '; then
    echo "main job: compared with the previous results/run.json:" >&2
    "$build_dir/gamebench" compare "$previous" results/run.json >&2 || true
  fi
  rm -f "$previous"
fi
exit "$status"
