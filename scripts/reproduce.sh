#!/usr/bin/env bash
# The README's first command: set up, build, and run the main job: reproduce
# the published results and compare the solvers, writing into results/.
# `--full` adds the long runs.
set -euo pipefail
case "${1:-}" in -h | --help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac  # the comment above
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/main_job.sh "$@"
