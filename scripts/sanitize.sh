#!/usr/bin/env bash
# Builds the test suite with a sanitizer and runs it through CTest.
#   bash scripts/sanitize.sh address   # AddressSanitizer + UndefinedBehaviorSanitizer
#   bash scripts/sanitize.sh thread    # ThreadSanitizer
# Extra arguments go to ctest (e.g. -R retrograde).
set -euo pipefail
cd "$(dirname "$0")/.."
kind=${1:?usage: sanitize.sh address|thread [ctest args]}
shift
case "$kind" in address|thread) ;; *) echo "sanitize.sh: unknown sanitizer '$kind'" >&2; exit 2;; esac
build_dir=build-$kind
if [ ! -f "$build_dir/build.ninja" ]; then
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DGAMEBENCH_SANITIZE="$kind" -DGAMEBENCH_BUILD_BENCH=OFF
fi
cmake --build "$build_dir" -j"$(nproc)"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# tests/tsan.supp: oneTBB-internal false positives only (each entry says why).
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1:suppressions=$PWD/tests/tsan.supp}
# Sanitized code runs several times slower: the suite knows to use smaller
# instances when GAMEBENCH_SANITIZED is set.
export GAMEBENCH_SANITIZED=$kind
ctest --test-dir "$build_dir" --output-on-failure -j"$(nproc)" "$@"
