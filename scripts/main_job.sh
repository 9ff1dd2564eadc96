#!/usr/bin/env bash
# The main job (run by scripts/reproduce.sh after set-up and build): reproduces
# the published claims, compares the solvers, runs the scaling series and the
# Google Benchmark binaries, and regenerates results/ (REPORT.md, run.json and
# the other JSON files, figures/*.svg, bench/*.json). Progress on stderr.
#
#   bash scripts/main_job.sh          # default run (well under 15 minutes), into results/
#   bash scripts/main_job.sh --full   # adds the long runs, into results/full/
#
# Other flags go to scripts/report.py (see --help there). If the output folder
# already holds a run.json, the new run is compared with it at the end
# (`gamebench compare`), as information: the exit status is the report's.
set -euo pipefail
case "${1:-}" in -h | --help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac  # the comment above
cd "$(dirname "$0")/.."
build_dir=${GAMEBENCH_BUILD_DIR:-build}
if [ ! -x "$build_dir/gamebench" ]; then
  echo "main job: $build_dir/gamebench not found; run scripts/setup.sh first" >&2
  exit 1
fi
exec python3 scripts/report.py --build-dir "$build_dir" "$@"
