#!/usr/bin/env bash
# The lookup and the delete by primary key beside libsecret's, measured in turns: round after round, each command
# once a round (LookupLoop, one process of CALLS calls each; which goes first alternates), so that a change of load on
# a shared machine hits both alike. package-benchmark runs each benchmark in one stretch, minutes apart from its libsecret twin, and on a busy
# 2-core machine the ratio of two such medians moved by 0.3 between runs of the same build; taken in turns it holds
# within a few hundredths. At each keyring size (items of another client stored through libsecret, as the benchmarks'
# fill items, beside the process's own item), medians over the rounds of the mean time a call, and their ratio.
#
# usage: Benchmarks/Scripts/lookup-interleaved.sh [SIZES…]   (default: 10 500 2000)
#   ROUNDS (default 7), CALLS (lookups a process, default 1000), DELETE_CALLS (default 100; 0: no delete rounds),
#   RUNTIME_DIR_ON_TMPFS=1: the processes' XDG_RUNTIME_DIR (where this package's lock and read-ahead files live) in a
#   fresh directory of /dev/shm, as a login session's /run/user/<uid>, instead of with-keyring's, which is wherever
#   TMPDIR is (a disk on some machines: a delete's line of writers then creates and removes a file there).
#   WITH_KEYRING_OPTIONS: options for dbus/with-keyring, e.g. "--root sid" (GNOME Keyring 51) or "--root sid --kwallet"
#   (ksecretd 6.30): the daemon under test; the clients (this package, libsecret) stay the host's.
# Needs: swift build -c release --package-path Benchmarks --product LookupLoop; runs inside its own dbus/with-keyring.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
loop=$root/Benchmarks/.build/release/LookupLoop
[[ -x $loop ]] || { echo "lookup-interleaved: build it first: swift build -c release --package-path Benchmarks --product LookupLoop" >&2; exit 2; }
if (($# == 0)); then set -- 10 500 2000; fi
export ROUNDS=${ROUNDS:-7} CALLS=${CALLS:-1000} DELETE_CALLS=${DELETE_CALLS:-100} LOOP=$loop
export RUNTIME_DIR_ON_TMPFS=${RUNTIME_DIR_ON_TMPFS:-0}
# shellcheck disable=SC2086 # the options are words
exec "$root/dbus/with-keyring" ${WITH_KEYRING_OPTIONS:-} bash -s -- "$@" <<'MEASURE'
set -euo pipefail
results=$(mktemp)
if ((RUNTIME_DIR_ON_TMPFS)); then
  XDG_RUNTIME_DIR=$(mktemp -d /dev/shm/lookup-interleaved.XXXXXX)
  export XDG_RUNTIME_DIR
  trap 'rm -rf "$XDG_RUNTIME_DIR"' EXIT
fi
for size in "$@"; do
  "$LOOP" fill "$size" >/dev/null
  for round in $(seq "$ROUNDS"); do
    # Which implementation goes first alternates, so that neither always follows the other's (or a delete's) work.
    lookups=(secitem lookupv) deletes=(delete clearv)
    if ((round % 2 == 0)); then lookups=(lookupv secitem) deletes=(clearv delete); fi
    for mode in "${lookups[@]}"; do echo "$size $mode $("$LOOP" "$mode" "$CALLS" | awk '{print $4}')"; done
    if ((DELETE_CALLS > 0)); then
      for mode in "${deletes[@]}"; do echo "$size $mode $("$LOOP" "$mode" "$DELETE_CALLS" | awk '{print $4}')"; done
    fi
  done >>"$results"
done
python3 - "$results" "$ROUNDS" <<'REPORT'
import collections, statistics, sys
times = collections.defaultdict(list)
for line in open(sys.argv[1]):
    size, mode, microseconds = line.split()
    times[(int(size), mode)].append(float(microseconds))
print(f"{sys.argv[2]} interleaved rounds; medians of the mean time a call (min–max over the rounds)\n")
print("| items | SecItemCopyMatching | lookupv | ratio | SecItemDelete | clearv | ratio |")
print("|---|---|---|---|---|---|---|")
def cell(values):
    return f"{statistics.median(values):.0f} µs ({min(values):.0f}–{max(values):.0f})" if values else "—"
def ratio(a, b):
    return f"{statistics.median(a) / statistics.median(b):.2f}×" if a and b else "—"
for size in sorted({size for size, _ in times}):
    get = lambda mode: times.get((size, mode), [])
    print(f"| {size:,} | {cell(get('secitem'))} | {cell(get('lookupv'))} | {ratio(get('secitem'), get('lookupv'))} "
          f"| {cell(get('delete'))} | {cell(get('clearv'))} | {ratio(get('delete'), get('clearv'))} |")
REPORT
rm -f "$results"
MEASURE
