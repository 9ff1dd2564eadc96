#!/usr/bin/env bash
# Installs what is missing (Debian 12, as root) and builds gamebench in Release
# mode into build/. Idempotent: with everything present and nothing changed,
# it only checks and returns.
set -euo pipefail
case "${1:-}" in -h | --help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac  # the comment above
cd "$(dirname "$0")/.."

packages=(build-essential cmake ninja-build pkg-config git python3 ccache
          libabsl-dev libtbb-dev libbenchmark-dev libgtest-dev libgmock-dev
          clang libclang-rt-dev
          pybind11-dev python3-dev python3-numpy python3-pytest
          libopenmpi-dev openmpi-bin
          libcpp-httplib-dev chromium chromium-driver python3-selenium)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: missing packages (${missing[*]}); run as root or install them" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# ccache keyed by paths relative to this tree, and blind to the build
# directory, so that another clone of the same code (CI clones afresh)
# finds the objects of this one instead of compiling everything again.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD} CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}
build_dir=${GAMEBENCH_BUILD_DIR:-build}
if [ ! -f "$build_dir/build.ninja" ]; then
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
cmake --build "$build_dir" -j"$(nproc)"
