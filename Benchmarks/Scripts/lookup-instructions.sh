#!/usr/bin/env bash
# The instructions a lookup executes, counted by callgrind: a deterministic figure for before/after comparisons of
# CPU work, which this machine's wall and CPU times (a shared 2-vCPU VM) cannot resolve below ~5%. For each LookupLoop
# given, and for lookupv through the last one: the process's instructions (both threads) over 400 lookups minus those
# over 200, divided by 200, so that start-up and the first call's connection and session are not counted. Swift's
# hashing is made deterministic (SWIFT_DETERMINISTIC_HASHING=1): with random seeds a dictionary's probes, and so the
# count, vary by ~10,000 instructions a lookup between runs.
#
# usage: Benchmarks/Scripts/lookup-instructions.sh [--keep] LOOKUPLOOP... [ITEMS]   (default ITEMS: 10)
#   Each LOOKUPLOOP is a LookupLoop executable (Benchmarks/.build/release/LookupLoop, or a copy in a directory of its
#   own keeping the name: the name is the application identity). Debian 12's valgrind cannot read the DWARF 5 of
#   Swift 6's toolchain: a copy without debug information is measured (symbols kept). --keep leaves the callgrind
#   profiles (callgrind.<n>.<calls>.out, for callgrind_annotate) in the current directory.
# Needs: valgrind, objcopy (binutils); runs inside its own dbus/with-keyring. ~25 s a binary.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
keep=0
if [[ ${1:-} == --keep ]]; then keep=1; shift; fi
items=10
binaries=()
for argument in "$@"; do
  if [[ $argument =~ ^[0-9]+$ ]]; then items=$argument; else binaries+=("$(realpath "$argument")"); fi
done
((${#binaries[@]} > 0)) || { sed -n 2,15p "$0" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
index=0
for binary in "${binaries[@]}"; do
  [[ -x $binary ]] || { echo "lookup-instructions: no executable $binary" >&2; exit 2; }
  mkdir -p "$work/$index"
  objcopy --strip-debug "$binary" "$work/$index/LookupLoop"
  index=$((index + 1))
done
export WORK=$work ITEMS=$items COUNT=${#binaries[@]} KEEP=$keep OUT=$PWD SWIFT_DETERMINISTIC_HASHING=1
exec "$root/dbus/with-keyring" bash -s <<'MEASURE'
set -euo pipefail
last=$((COUNT - 1))
"$WORK/$last/LookupLoop" fill "$ITEMS" >/dev/null
# The instructions of one run of MODE with CALLS lookups.
count() {  # binary-index mode calls
  local out="$WORK/callgrind.$1.$2.$3"
  valgrind --tool=callgrind --callgrind-out-file="$out.out" "$WORK/$1/LookupLoop" "$2" "$3" >/dev/null 2>"$out.log"
  if ((KEEP)); then cp "$out.out" "$OUT/callgrind.$1.$2.$3.out"; fi
  grep -o 'Collected : [0-9]*' "$out.log" | grep -o '[0-9]*$'
}
perLookup() {  # binary-index mode
  local few many
  few=$(count "$1" "$2" 200)
  many=$(count "$1" "$2" 400)
  echo $(((many - few) / 200))
}
baseline=$(perLookup "$last" lookupv)
echo "instructions a lookup at $ITEMS items (callgrind, both threads, set-up excluded)"
for index in $(seq 0 "$last"); do
  mine=$(perLookup "$index" secitem)
  python3 -c "import sys; print(f'LookupLoop #{sys.argv[1]} secitem: {int(sys.argv[2]):,} ({int(sys.argv[2]) / int(sys.argv[3]):.3f}x lookupv)')" \
    "$index" "$mine" "$baseline"
done
python3 -c "import sys; print(f'lookupv: {int(sys.argv[1]):,}')" "$baseline"
MEASURE
