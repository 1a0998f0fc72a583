#!/bin/sh
# Moving N generic passwords (default 1000) from the Secret Service's login collection to a keychain file and back,
# with the security tool: the wall time of each move and the D-Bus method calls it sent to the Secret Service.
# Run it on a private keyring, with the tool built (swift build --product security):
#   dbus/with-keyring Benchmarks/Scripts/migration.sh [N]
set -eu
count=${1:-1000}
security=${SECURITY:-$(cd "$(dirname "$0")/../.." && pwd)/.build/debug/security}
service="measure-migration-$$"
work=$(mktemp -d)
monitor=
export XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config"
trap '[ -n "$monitor" ] && kill "$monitor" 2>/dev/null; rm -rf "$work"' EXIT

i=0
while [ "$i" -lt "$count" ]; do
  printf 'secret-%d' "$i" | secret-tool store --label="measure $i" service "$service" account "a$i"
  i=$((i + 1))
done
keychain="$work/measure.keychain"
"$security" create-keychain -p measure-password "$keychain"
collection=/org/freedesktop/secrets/collection/login

measure() {
  dbus-monitor --session "type='method_call',destination='org.freedesktop.secrets'" >"$work/calls" 2>/dev/null &
  monitor=$!
  sleep 0.5
  start=$(date +%s.%N)
  "$security" move-items -i -s "$service" "$1" "$2" >"$work/report"
  end=$(date +%s.%N)
  sleep 0.5
  kill "$monitor"
  wait "$monitor" 2>/dev/null || true
  moved=$(grep -c '^copied:' "$work/report" || true)
  calls=$(grep -c '^method call' "$work/calls" || true)
  printf '%s -> %s: %s items moved in %.2f s, %s D-Bus method calls to the Secret Service\n' \
    "$3" "$4" "$moved" "$(echo "$end - $start" | bc)" "$calls"
  for member in SearchItems GetSecrets CreateItem Delete Get GetAll OpenSession; do
    printf '  %s: %s\n' "$member" "$(grep -c "member=$member\$" "$work/calls" || true)"
  done
}

measure "$collection" "$keychain" "login collection" "keychain file"
measure "$keychain" "$collection" "keychain file" "login collection"
