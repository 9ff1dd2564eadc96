#!/usr/bin/env bash
# Configures and builds the test suite with a sanitizer, with clang (which
# scripts/setup.sh installs), into build-<kind>/:
#   bash scripts/sanitizer_build.sh address   # ASan + UBSan, and the libFuzzer targets
#   bash scripts/sanitizer_build.sh thread    # ThreadSanitizer
# -O1 -g1: sanitizer reports need line numbers, not full debug info, and this
# halves the build time on two cores. NDEBUG stays off, so asserts are live.
# No Python module: an instrumented module would need the sanitizer runtime
# preloaded into python; its tests run in the Release tree.
set -euo pipefail
case "${1:-}" in -h | --help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac  # the comment above
cd "$(dirname "$0")/.."
kind=${1:?usage: sanitizer_build.sh address|thread}
case "$kind" in
  address) extra=(-DGAMEBENCH_FUZZ=ON) runtime=__asan_init ;;
  thread) extra=(-DGAMEBENCH_SANITIZE=thread) runtime=__tsan_init ;;
  *) echo "sanitizer_build.sh: unknown sanitizer '$kind' (address or thread)" >&2; exit 2 ;;
esac
# ccache keyed by paths relative to this tree, and blind to the build
# directory, so that another clone of the same code (CI clones afresh)
# finds the objects of this one instead of compiling everything again.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD} CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}
build_dir=build-$kind
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_CXX_COMPILER=clang++ \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
      -DGAMEBENCH_BUILD_BENCH=OFF -DGAMEBENCH_PYTHON=OFF "${extra[@]}" >/dev/null
cmake --build "$build_dir" -j"$(nproc)"
# A sanitizer run that passes because the sanitizer is missing proves nothing.
if ! nm "$build_dir/gamebench" | grep " $runtime\$" >/dev/null; then
  echo "sanitizer_build.sh: $build_dir/gamebench has no $runtime: not instrumented" >&2
  exit 1
fi
