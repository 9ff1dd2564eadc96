#!/bin/sh
# The tiered analysis on 1, 2 and 4 MPI ranks (and in one process, `gamebench
# analyze --tiers`) gives the same counts, the same start value and the same
# per-tier checksums (of every position's entry, the shards merged); a rank
# killed mid-run stops the job, and a rerun resumes from the tiers every rank
# finished and ends with the same tables; ranks started with different specs
# refuse to run. Usage: ranks_agree.sh GAMEBENCH_MPI GAMEBENCH MPIEXEC
set -u
MPI_TOOL=$1
TOOL=$2
MPIEXEC=${3:-mpirun}
# As root, Open MPI refuses to start without these.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# No progress lines, no network transports to probe on a CI machine.
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
WORK=$(mktemp -d "${TMPDIR:-/tmp}/gamebench-mpi-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# What must agree: the counts, the value, every checksum (top level and per tier).
digest() {
  sed 's/"seconds":[^,]*,//; s/"forward_seconds":[^,]*,//; s/"backward_seconds":[^,]*,//' "$1" |
    grep -o '"\(positions\|wins\|losses\|draws\|value\|checksum\)":[^,}]*' | tr '\n' ' '
}

# Connect Four 5x5 (69.8 M positions) is the issue's size: about a minute in
# all (4x5 runs below, by hash).
for spec in 'tictactoe' 'sim(n=6)' 'dodgem(n=4)' 'connect4(w=5,h=5)'; do
  "$TOOL" analyze "$spec" --tiers "$WORK/serial" --threads 2 --json --no-progress >"$WORK/serial.json" ||
    fail "$spec: gamebench analyze --tiers"
  want=$(digest "$WORK/serial.json")
  [ -n "$want" ] || fail "$spec: no output"
  rm -rf "$WORK/serial"
  for n in 1 2 4; do
    "$MPIEXEC" --oversubscribe -np $n "$MPI_TOOL" analyze "$spec" --tiers "$WORK/r$n" --threads 1 \
      --json --no-progress >"$WORK/r$n.json" 2>"$WORK/r$n.err" || { cat "$WORK/r$n.err"; fail "$spec: $n ranks"; }
    got=$(digest "$WORK/r$n.json")
    [ "$got" = "$want" ] || fail "$spec on $n ranks: $got != $want"
    rm -rf "$WORK/r$n"
  done
  echo "ok: $spec on 1, 2, 4 ranks: $(echo "$want" | cut -c1-100)"
done

# Partitioned by hash on 4 ranks: the same tables; verify and query read them.
for spec in 'dodgem(n=4)' 'connect4(w=4,h=5)'; do
  "$TOOL" analyze "$spec" --tiers "$WORK/serial" --threads 1 --json --no-progress >"$WORK/serial.json" ||
    fail "$spec: gamebench analyze --tiers"
  want=$(digest "$WORK/serial.json")
  wsum=$(grep -o '"checksum":"[0-9a-f]*"' "$WORK/serial.json" | head -1)
  "$MPIEXEC" --oversubscribe -np 4 "$MPI_TOOL" analyze "$spec" --tiers "$WORK/h4" --partition hash \
    --threads 1 --json --no-progress >"$WORK/h4.json" 2>"$WORK/h4.err" || { cat "$WORK/h4.err"; fail "$spec: hash"; }
  got=$(digest "$WORK/h4.json")
  [ "$got" = "$want" ] || fail "$spec on 4 ranks by hash: $got != $want"
  "$TOOL" verify "$WORK/h4" --json >"$WORK/v.json" 2>&1 || { cat "$WORK/v.json"; fail "$spec: verify of hash shards"; }
  grep -q "$wsum" "$WORK/v.json" || fail "$spec: verify's checksum $(cat "$WORK/v.json") != $wsum"
  "$TOOL" query "$WORK/h4" --json >"$WORK/q.json" 2>&1 || { cat "$WORK/q.json"; fail "$spec: query"; }
  "$TOOL" query "$WORK/serial" --json >"$WORK/q1.json" 2>&1 || fail "$spec: query (one process)"
  cmp -s "$WORK/q.json" "$WORK/q1.json" || fail "$spec: query differs: $(cat "$WORK/q.json")"
  rm -rf "$WORK/h4" "$WORK/serial"
  echo "ok: $spec on 4 ranks by hash; verify and query read the shards"
done

# Loopy tiers (the fixpoint distributed over the ranks, tier_fixpoint.h) on an
# odd number of ranks, misere Dodgem too: the same tables as one process.
for spec in 'dodgem(n=4)' 'dodgem(n=4,misere=true)'; do
  "$TOOL" analyze "$spec" --tiers "$WORK/serial" --threads 1 --json --no-progress >"$WORK/serial.json" ||
    fail "$spec: gamebench analyze --tiers"
  want=$(digest "$WORK/serial.json")
  for p in range hash; do
    "$MPIEXEC" --oversubscribe -np 3 "$MPI_TOOL" analyze "$spec" --tiers "$WORK/r3" --partition $p \
      --threads 1 --json --no-progress >"$WORK/r3.json" 2>"$WORK/r3.err" || { cat "$WORK/r3.err"; fail "$spec: 3 ranks"; }
    got=$(digest "$WORK/r3.json")
    [ "$got" = "$want" ] || fail "$spec on 3 ranks by $p: $got != $want"
    rm -rf "$WORK/r3"
  done
  rm -rf "$WORK/serial"
  echo "ok: $spec on 3 ranks by range and by hash"
done

# Rank 1 of 2 dies right after its third tier is on disk: the job stops.
spec='connect4(w=4,h=4)'
"$TOOL" analyze "$spec" --json --no-progress >"$WORK/ref.json" || fail "reference run"
want=$(digest "$WORK/ref.json")
if GAMEBENCH_TIER_KILL_AFTER=3 GAMEBENCH_TIER_KILL_RANK=1 "$MPIEXEC" --oversubscribe -np 2 \
  "$MPI_TOOL" analyze "$spec" --tiers "$WORK/kill" --threads 1 --json --no-progress \
  >"$WORK/kill.json" 2>"$WORK/kill.err"; then
  fail "a killed rank did not stop the job"
fi
ls "$WORK/kill" | grep -q 'tier-16.values.1-of-2' || fail "the killed run left no finished tier"
# The rerun resumes and ends with the same tables.
"$MPIEXEC" --oversubscribe -np 2 "$MPI_TOOL" analyze "$spec" --tiers "$WORK/kill" --threads 1 \
  --json --no-progress >"$WORK/resume.json" 2>"$WORK/resume.err" || { cat "$WORK/resume.err"; fail "rerun"; }
got=$(digest "$WORK/resume.json")
[ "$got" = "$want" ] || fail "resumed run: $got != $want"
grep -q '"forward_resumed":true' "$WORK/resume.json" || fail "the rerun repeated the forward pass"
grep -q '"tiers_resumed":0,' "$WORK/resume.json" && fail "the rerun resumed no tier"
echo "ok: a killed rank stops the job; the rerun resumes"

# A sharded table is refused by a run with another number of ranks.
if "$MPIEXEC" --oversubscribe -np 4 "$MPI_TOOL" analyze "$spec" --tiers "$WORK/kill" --threads 1 \
  --no-progress >/dev/null 2>"$WORK/ranks.err"; then
  fail "a directory of 2-rank shards was accepted by 4 ranks"
fi
grep -q "holds the files of a run with 2 ranks" "$WORK/ranks.err" || { cat "$WORK/ranks.err"; fail "message"; }
echo "ok: shards of another rank count refused"

# ... and by a run with the other partition.
if "$MPIEXEC" --oversubscribe -np 2 "$MPI_TOOL" analyze "$spec" --tiers "$WORK/kill" --partition hash \
  --threads 1 --no-progress >/dev/null 2>"$WORK/part.err"; then
  fail "a directory partitioned by range was accepted by a run partitioned by hash"
fi
grep -q "partitioned by range, not by hash" "$WORK/part.err" || { cat "$WORK/part.err"; fail "message"; }
[ "$(grep -c 'error' "$WORK/part.err")" = 1 ] || { cat "$WORK/part.err"; fail "not one line"; }
echo "ok: shards of the other partition refused"

# A missing shard: verify names it.
rm "$WORK/kill/tier-10.values.1-of-2"
if "$TOOL" verify "$WORK/kill" >/dev/null 2>"$WORK/miss.err"; then fail "verify accepted a missing shard"; fi
grep -q "missing (shard 1 of 2 of tier 10)" "$WORK/miss.err" || { cat "$WORK/miss.err"; fail "message"; }
echo "ok: a missing shard is named"

# Ranks started on different games refuse, all of them.
if "$MPIEXEC" --oversubscribe -np 1 "$MPI_TOOL" analyze tictactoe --tiers "$WORK/x" --no-progress : \
  -np 1 "$MPI_TOOL" analyze 'sim(n=4)' --tiers "$WORK/x" --no-progress >/dev/null 2>"$WORK/agree.err"; then
  fail "ranks on different games ran"
fi
grep -q "ranks disagree" "$WORK/agree.err" || { cat "$WORK/agree.err"; fail "no 'ranks disagree' message"; }
echo "ok: ranks on different specs refuse"
