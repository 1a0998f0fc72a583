#!/usr/bin/env bash
# A process's first lookup of an item beside libsecret's, measured in turns: the lookup that no earlier search of the
# process read ahead (`ReadAheadPaths`). Each round runs three processes, in an order that rotates:
#   - `first` in a fresh runtime directory: SecItemCopyMatching of FIRST different items of its own, each once, none
#     of them looked up by any process before (an empty `SharedReadAheadPaths` file): the two round trips
#     `secret_password_lookupv_sync` takes;
#   - `first` in a runtime directory kept over the rounds, where an earlier process made the same lookups (a priming
#     run before the rounds): the shared file names each item, so each lookup is one round trip;
#   - `firstv`: lookupv of the same items, each once.
# Medians over the rounds of the mean time a call, and the ratios to lookupv; beside them the medians over the rounds
# of each process's median call (a few slow calls move a process's mean, and processes differ: the median call shows
# what a lookup costs when nothing else intervenes). The keyring holds ITEMS items of another client, the process's
# own item and the FIRST items looked up.
#
# usage: Benchmarks/Scripts/first-lookup.sh [ITEMS] [FIRST]   (defaults: 10 and 200)
#   ROUNDS (default 9). Prefix with `taskset -c 0` for one core.
# Needs: swift build -c release --package-path Benchmarks --product LookupLoop; runs inside its own dbus/with-keyring.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
loop=$root/Benchmarks/.build/release/LookupLoop
[[ -x $loop ]] || { echo "first-lookup: build it first: swift build -c release --package-path Benchmarks --product LookupLoop" >&2; exit 2; }
export ITEMS=${1:-10} FIRST=${2:-200} ROUNDS=${ROUNDS:-9} LOOP=$loop
exec "$root/dbus/with-keyring" bash -s <<'MEASURE'
set -euo pipefail
results=$(mktemp)
"$LOOP" fill "$ITEMS" >/dev/null
"$LOOP" fillfirst "$FIRST"
# The runtime directory (XDG_RUNTIME_DIR, where the shared read-ahead file lives) of the processes that follow another
# process's lookups, primed by one such process; the bus is named by DBUS_SESSION_BUS_ADDRESS, not found there.
warm=$(mktemp -d)
XDG_RUNTIME_DIR=$warm "$LOOP" first "$FIRST" >/dev/null
run() {
  case $1 in
    cold) fresh=$(mktemp -d); XDG_RUNTIME_DIR=$fresh "$LOOP" first "$FIRST"; rm -rf "$fresh" ;;
    warm) XDG_RUNTIME_DIR=$warm "$LOOP" first "$FIRST" ;;
    firstv) "$LOOP" firstv "$FIRST" ;;
  esac
}
for round in $(seq "$ROUNDS"); do
  modes=(cold warm firstv)
  shift=$((round % 3))
  modes=("${modes[@]:shift}" "${modes[@]:0:shift}")
  for mode in "${modes[@]}"; do echo "$mode $(run "$mode" | awk '{gsub(",", ""); print $4, $9}')" >>"$results"; done
done
rm -rf "$warm"
python3 - "$results" "$ROUNDS" "$ITEMS" "$FIRST" <<'REPORT'
import collections, statistics, sys
times, medians = collections.defaultdict(list), collections.defaultdict(list)
for line in open(sys.argv[1]):
    mode, microseconds, median = line.split()
    times[mode].append(float(microseconds))
    medians[mode].append(float(median))
items, first = int(sys.argv[3]), int(sys.argv[4])
print(f"{sys.argv[2]} rounds in turns; {first} first lookups a process; the keyring holds {items + 1 + first} items\n")
print("| | mean a lookup (median of the rounds) | min–max of the rounds | median lookup (median of the rounds) |")
print("|---|---|---|---|")
for mode, name in (
    ("cold", "SecItemCopyMatching, first lookup by any process"),
    ("warm", "SecItemCopyMatching, first lookup of this process, after another process's"),
    ("firstv", "lookupv"),
):
    print(f"| {name} | {statistics.median(times[mode]):.0f} µs | {min(times[mode]):.0f}–{max(times[mode]):.0f} µs "
          f"| {statistics.median(medians[mode]):.0f} µs |")
for mode, name in (("cold", "first lookup by any process"), ("warm", "first lookup after another process's")):
    ratio = statistics.median(times[mode]) / statistics.median(times["firstv"])
    median_ratio = statistics.median(medians[mode]) / statistics.median(medians["firstv"])
    print(f"\n{name} / lookupv: {ratio:.2f}× (median lookups: {median_ratio:.2f}×)")
REPORT
rm -f "$results"
MEASURE
