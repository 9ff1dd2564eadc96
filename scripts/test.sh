#!/usr/bin/env bash
# The README's second command: set up, build, and run the whole test suite:
#   1. the Release build (scripts/setup.sh) and its tests;
#   2. the tests again under AddressSanitizer + UndefinedBehaviorSanitizer;
#   3. a short libFuzzer run of each fuzz target (GAMEBENCH_FUZZ_SECONDS, 12);
#   4. the tests again under ThreadSanitizer.
# GAMEBENCH_QUICK=1 stops after step 1 (for a quick local check; CI runs all).
set -euo pipefail
case "${1:-}" in -h | --help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac  # the comment above
cd "$(dirname "$0")/.."
SECONDS=0
stage() { echo "test.sh: $1 done at ${SECONDS}s" >&2; }
bash scripts/setup.sh
ctest --test-dir "${GAMEBENCH_BUILD_DIR:-build}" --output-on-failure -j"$(nproc)"
stage "release build and tests"
[ "${GAMEBENCH_QUICK:-0}" = 1 ] && exit 0
bash scripts/sanitize.sh address
stage "ASan+UBSan build and tests"
bash scripts/fuzz.sh "${GAMEBENCH_FUZZ_SECONDS:-12}"
stage "fuzzing"
bash scripts/sanitize.sh thread
stage "TSan build and tests"
