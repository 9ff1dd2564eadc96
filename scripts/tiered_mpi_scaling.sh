#!/bin/sh
# Connect Four 5x5's tiered analysis on 1, 2 and 4 MPI ranks, partitioned by
# index range and by hash (docs/scaling.md): per run the wall time, the
# largest rank's peak resident memory, the bytes sent between ranks and the
# merged checksum (the same for every run). Usage, from the source tree after
# building gamebench-mpi in build/:
#   sh scripts/tiered_mpi_scaling.sh [SPEC] [OUTDIR]
# About 5 minutes on 2 idle cores. Run at normal priority and quote `uptime`.
set -eu
case "${1:-}" in -h | --help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac  # the comment above
SPEC=${1:-connect4(w=5,h=5)}
OUT=${2:-/tmp/gamebench-mpi-scaling}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
mkdir -p "$OUT"
uptime | tee "$OUT/uptime"
printf '| ranks | partition | wall (s) | max rank peak RSS (MiB) | traffic (MiB) | checksum |\n|---:|---|---:|---:|---:|---|\n'
for p in range hash; do
  for n in 1 2 4; do
    [ "$n" = 1 ] && [ "$p" = hash ] && continue  # one rank: both are the identity
    rm -rf "$OUT/tiers"
    mpirun --oversubscribe -np "$n" build/gamebench-mpi analyze "$SPEC" --tiers "$OUT/tiers" \
      --partition "$p" --threads 1 --json --no-progress >"$OUT/r${n}_$p.json"
    python3 - "$OUT/r${n}_$p.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print(f"| {r['ranks']} | {r['partition']} | {r['seconds']:.1f} | "
      f"{r['peak_memory_bytes_max_rank'] / 2**20:.0f} | {r['traffic_bytes'] / 2**20:.0f} | `{r['checksum']}` |")
PY
  done
done
rm -rf "$OUT/tiers"
uptime | tee -a "$OUT/uptime"
