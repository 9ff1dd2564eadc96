#!/usr/bin/env bash
# The main job: runs every benchmark in build/bench/ and writes Google
# Benchmark's JSON into results/bench/. (The report is built from these files.)
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${GAMEBENCH_BUILD_DIR:-build}
mkdir -p results/bench
for b in "$build_dir"/bench/*_bench; do
  [ -x "$b" ] || continue
  name=$(basename "$b")
  echo "main job: $name" >&2
  "$b" --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
       --benchmark_out="results/bench/$name.json" --benchmark_out_format=json
done
