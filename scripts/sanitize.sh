#!/usr/bin/env bash
# Builds the test suite with a sanitizer (scripts/sanitizer_build.sh) and runs
# it through CTest:
#   bash scripts/sanitize.sh address   # AddressSanitizer + UndefinedBehaviorSanitizer
#   bash scripts/sanitize.sh thread    # ThreadSanitizer
# Extra arguments go to ctest (e.g. -R retrograde).
set -euo pipefail
case "${1:-}" in -h | --help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac  # the comment above
cd "$(dirname "$0")/.."
kind=${1:?usage: sanitize.sh address|thread [ctest args]}
shift
bash scripts/sanitizer_build.sh "$kind"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# tests/tsan.supp is empty by design (core/parallel.h says why).
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1:suppressions=$PWD/tests/tsan.supp}
# Sanitized code runs several times slower: the suite knows to use smaller
# instances when GAMEBENCH_SANITIZED is set.
export GAMEBENCH_SANITIZED=$kind
ctest --test-dir "build-$kind" --output-on-failure -j"$(nproc)" "$@"
