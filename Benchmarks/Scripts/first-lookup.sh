#!/usr/bin/env bash
# A process's first lookup of an item beside libsecret's, measured in turns: the lookup that no earlier search of the
# process read ahead (`ReadAheadPaths`), so it takes the two round trips `secret_password_lookupv_sync` takes. Each
# round runs one process of LookupLoop's `first` mode (SecItemCopyMatching of FIRST different items of its own, each
# once) and one of `firstv` (lookupv of the same items, each once), which goes first alternating; medians over the
# rounds of the mean time a call, and their ratio. The keyring holds ITEMS items of another client, the process's own
# item and the FIRST items looked up.
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
for round in $(seq "$ROUNDS"); do
  modes=(first firstv)
  if ((round % 2 == 0)); then modes=(firstv first); fi
  for mode in "${modes[@]}"; do echo "$mode $("$LOOP" "$mode" "$FIRST" | awk '{print $4}')" >>"$results"; done
done
python3 - "$results" "$ROUNDS" "$ITEMS" "$FIRST" <<'REPORT'
import collections, statistics, sys
times = collections.defaultdict(list)
for line in open(sys.argv[1]):
    mode, microseconds = line.split()
    times[mode].append(float(microseconds))
items, first = int(sys.argv[3]), int(sys.argv[4])
print(f"{sys.argv[2]} rounds in turns; {first} first lookups a process; the keyring holds {items + 1 + first} items\n")
print("| | mean a lookup (median of the rounds) | min–max of the rounds |")
print("|---|---|---|")
for mode, name in (("first", "SecItemCopyMatching, first lookup"), ("firstv", "lookupv")):
    print(f"| {name} | {statistics.median(times[mode]):.0f} µs | {min(times[mode]):.0f}–{max(times[mode]):.0f} µs |")
ratio = statistics.median(times["first"]) / statistics.median(times["firstv"])
print(f"\nfirst lookup / lookupv: {ratio:.2f}×")
REPORT
rm -f "$results"
MEASURE
