#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan+UBSan: they live in the
# address-sanitizer build, build-address/) and runs each for SECONDS
# (default 20) on a copy of its seed corpus in tests/fuzz/.
# A longer campaign: bash scripts/fuzz.sh 3600
set -euo pipefail
case "${1:-}" in -h | --help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac  # the comment above
cd "$(dirname "$0")/.."
seconds=${1:-20}
build_dir=${GAMEBENCH_FUZZ_BUILD_DIR:-build-address}
[ -n "${GAMEBENCH_FUZZ_BUILD_DIR:-}" ] || bash scripts/sanitizer_build.sh address
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# What a target writes (fuzz_table's input file) goes in the work folder too.
export TMPDIR=$work
for target in "$build_dir"/fuzz/fuzz_*; do
  name=$(basename "$target")
  corpus="tests/fuzz/${name#fuzz_}"
  mkdir -p "$work/$name"
  [ -d "$corpus" ] && cp -r "$corpus"/. "$work/$name"/
  echo "fuzz: $name for ${seconds}s" >&2
  # Table files are bigger than specs and positions: room for dodgem(n=3)'s.
  max_len=4096
  [ "$name" = fuzz_table ] && max_len=8192
  "$target" -max_total_time="$seconds" -max_len="$max_len" -print_final_stats=1 \
            -artifact_prefix="$work/" "$work/$name" 2>"$work/$name.log" || {
    tail -40 "$work/$name.log" >&2
    echo "fuzz: $name FAILED" >&2
    exit 1
  }
  grep -E "stat::number_of_executed_units" "$work/$name.log" >&2 || true
done
echo "fuzz: all targets ran ${seconds}s without a failure" >&2
