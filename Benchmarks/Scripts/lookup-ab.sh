#!/usr/bin/env bash
# Two builds of the lookup beside libsecret's, taken in turns: before/after figures for a change. Each round runs one
# process of CALLS lookups through each build's SecItemCopyMatching (LookupLoop secitem) and one through lookupv (the
# second build's LookupLoop), the order reversed every other round, and takes the mean wall time a call (LookupLoop's
# own clock) and the process's CPU a call (perf stat task-clock: both threads, set-up included). Prints medians over
# the rounds and the ratios to lookupv.
#
# usage: Benchmarks/Scripts/lookup-ab.sh BEFORE-DIR AFTER-DIR [ITEMS]   (default ITEMS: 10)
#   Each directory holds a LookupLoop executable: copy each build's Benchmarks/.build/release/LookupLoop into a
#   directory of its own, keeping the name (the name is the application identity: both must see the same item).
#   ROUNDS (default 9), CALLS (lookups a process, default 1000). Prefix with `taskset -c 0` for one core.
# Needs: perf, python3; runs inside its own dbus/with-keyring.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
(($# >= 2)) || { sed -n 2,12p "$0" >&2; exit 2; }
for directory in "$1" "$2"; do
  [[ -x $directory/LookupLoop ]] || { echo "lookup-ab: no executable $directory/LookupLoop" >&2; exit 2; }
done
export BEFORE=$1 AFTER=$2 ITEMS=${3:-10} ROUNDS=${ROUNDS:-9} CALLS=${CALLS:-1000}
exec "$root/dbus/with-keyring" bash -s <<'MEASURE'
set -euo pipefail
results=$(mktemp) stat=$(mktemp)
"$AFTER/LookupLoop" fill "$ITEMS" >/dev/null
for round in $(seq "$ROUNDS"); do
  order=(before after lookupv)
  if ((round % 2 == 0)); then order=(lookupv after before); fi
  for which in "${order[@]}"; do
    case $which in
      before) command=("$BEFORE/LookupLoop" secitem) ;;
      after) command=("$AFTER/LookupLoop" secitem) ;;
      lookupv) command=("$AFTER/LookupLoop" lookupv) ;;
    esac
    mean=$(perf stat -x, -e task-clock -o "$stat" "${command[@]}" "$CALLS" | awk '{print $4}')
    echo "$which $mean $(grep task-clock "$stat" | cut -d, -f1)" >>"$results"
  done
done
python3 - "$results" "$CALLS" "$ROUNDS" "$ITEMS" <<'REPORT'
import collections, statistics, sys
wall, cpu = collections.defaultdict(list), collections.defaultdict(list)
for line in open(sys.argv[1]):
    which, microseconds, milliseconds = line.split()
    wall[which].append(float(microseconds))
    cpu[which].append(float(milliseconds) * 1000 / int(sys.argv[2]))
print(f"{sys.argv[3]} rounds in turns at {sys.argv[4]} items; medians of the mean time a call and of the process's "
      "CPU a call (set-up included)\n")
print("| | wall | CPU of the process | wall / lookupv |")
print("|---|---|---|---|")
base = statistics.median(wall["lookupv"])
for which in ("before", "after", "lookupv"):
    w, c = statistics.median(wall[which]), statistics.median(cpu[which])
    print(f"| {which} | {w:.0f} µs (min {min(wall[which]):.0f}) | {c:.0f} µs | {w / base:.2f}× |")
REPORT
rm -f "$results" "$stat"
MEASURE
