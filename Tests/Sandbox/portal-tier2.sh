#!/usr/bin/env bash
# Tier 2 of the file keyring: the XDG Secret portal in a stand-in for Flatpak. Run it under
# dbus/with-keyring (a private bus with a throwaway gnome-keyring):
#
#   dbus/with-keyring Tests/Sandbox/portal-tier2.sh [SECURITY_EXECUTABLE]
#
# It starts Debian's xdg-desktop-portal on that bus (XDG_CURRENT_DESKTOP=GNOME: gnome-keyring's
# org.freedesktop.impl.portal.Secret answers RetrieveSecret), then runs the `security` executable
# (this package's SecItem calls) and `secret-tool` (libsecret 0.20.5) inside bubblewrap with a fake
# /.flatpak-info on a tmpfs root (dbus/in-sandbox), and checks that
#   - the key comes from the portal (gnome-keyring creates the application's secret when we first ask,
#     and libsecret in the sandbox, whose only key source there is the portal, reads our file),
#   - libsecret in the same sandbox reads our items, and we read its items,
#   - a second application id gets a different key (and cannot open the first one's file),
#   - a process outside the sandbox still uses the Secret Service,
#   - an application moving into the sandbox moves its items from the Secret Service into its file (move-items),
#   - a missing portal and a refusing portal give their defined statuses in bounded time, and so do a
#     cancelled request and one never answered (Tests/Sandbox/fake-secret-portal.py stands in for the portal).
# Prints one line per check and "N passed, N failed"; exits non-zero on any failure.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
security=${1:-$root/.build/debug/security}
sandbox="$root/dbus/in-sandbox"
: "${WITH_KEYRING_DIR:?run this under dbus/with-keyring}"
[[ -x $security ]] || { echo "portal-tier2: $security not built (swift build)" >&2; exit 1; }

passed=0
failed=0
# Each check has a deadline: libsecret's own calls in a sandbox (secret-tool) wait for the portal without one, and
# one was seen waiting forever for xdg-desktop-portal's answer. Past CHECK_TIMEOUT seconds (default 120) the check's
# whole process group is killed and the check fails.
check_timeout=${CHECK_TIMEOUT:-120}
check() { # check NAME COMMAND...: one line, PASS or FAIL
  local name=$1
  shift
  local status=0 deadline=$((SECONDS + check_timeout))
  set -m # the command runs in a process group of its own, so that a timeout can kill all of it
  "$@" &
  local pid=$!
  set +m
  while kill -0 "$pid" 2>/dev/null; do
    if ((SECONDS >= deadline)); then
      echo "portal-tier2: \"$name\" still running after $check_timeout s: killed" >&2
      kill -KILL -- -"$pid" 2>/dev/null
      break
    fi
    sleep 0.1
  done
  wait "$pid" || status=$?
  if ((status == 0)); then
    echo "PASS: $name"
    passed=$((passed + 1))
  else
    echo "FAIL: $name"
    failed=$((failed + 1))
  fi
}

# libsecret_call COMMAND...: a call of libsecret's own in the sandbox (secret-tool), which waits for the portal with
# no deadline of its own and sometimes never returns (libsecret 0.20.5 with xdg-desktop-portal 1.16: seen in about
# one run in four, always a libsecret call, never ours): up to three attempts of 30 s each (timeout kills the
# attempt's whole process group), so that the check asks whether libsecret can read or write the file, not whether
# its portal wait returns.
libsecret_call() {
  local attempt status
  for attempt in 1 2 3; do
    status=0
    timeout -k 5 30 "$@" || status=$?
    ((status == 124 || status == 137)) || return "$status"
    echo "portal-tier2: libsecret did not return within 30 s (attempt $attempt of 3)" >&2
  done
  return 1
}

work=$(mktemp -d "${TMPDIR:-/tmp}/portal-tier2.XXXXXXXX")
portal_pid=
cleanup() {
  [[ -n $portal_pid ]] && kill "$portal_pid" 2>/dev/null && wait "$portal_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

start_portal() {
  (
    exec env XDG_CURRENT_DESKTOP=GNOME /usr/libexec/xdg-desktop-portal
  ) </dev/null >>"$work/portal.log" 2>&1 &
  portal_pid=$!
  local i
  for ((i = 0; i < 200; i++)); do
    gdbus call --session -d org.freedesktop.portal.Desktop -o /org/freedesktop/portal/desktop \
      -m org.freedesktop.DBus.Properties.Get org.freedesktop.portal.Secret version >/dev/null 2>&1 && return 0
    sleep 0.05
  done
  echo "portal-tier2: xdg-desktop-portal did not start: $(cat "$work/portal.log")" >&2
  exit 1
}
stop_portal() {
  kill "$portal_pid" 2>/dev/null
  wait "$portal_pid" 2>/dev/null
  portal_pid=
}

service="tier2-$$-$RANDOM"
one="$work/one"
two="$work/two"
in_one() { "$sandbox" org.example.One "$one" -- "$@"; }
in_two() { "$sandbox" org.example.Two "$two" -- "$@"; }

# The items gnome-keyring holds for APP_ID's portal secret (its Secret portal backend keeps one per
# application, attribute app_id; it does not let other clients read them).
portal_items() {
  gdbus call --session -d org.freedesktop.secrets -o /org/freedesktop/secrets \
    -m org.freedesktop.Secret.Service.SearchItems "{'app_id': '$1'}" | grep -o "objectpath '[^']*'" | wc -l
}

start_portal
check "the Secret portal answers version 1" \
  bash -c 'gdbus call --session -d org.freedesktop.portal.Desktop -o /org/freedesktop/portal/desktop \
    -m org.freedesktop.DBus.Properties.Get org.freedesktop.portal.Secret version | grep -q "uint32 1"'

# Our item, in application One's sandbox.
check "no portal secret exists for org.example.One yet" test "$(portal_items org.example.One)" = 0
check "SecItemAdd in the sandbox succeeds" in_one "$security" add-generic-password -s "$service" -a alice -w one-secret
check "the item is in the application's keyring file" test -s "$one/keyrings/default.keyring"
check "the key comes from the portal: gnome-keyring now keeps org.example.One's portal secret" \
  test "$(portal_items org.example.One)" = 1
# libsecret 0.20.5 in a sandbox has no other source for its key than the portal's secret.
check "libsecret in the same sandbox reads our item" \
  libsecret_call bash -c '[[ $("$@" secret-tool lookup service '"$service"' account alice) == one-secret ]]' _ \
  "$sandbox" org.example.One "$one" --
check "libsecret in the same sandbox stores an item" \
  libsecret_call bash -c 'printf bob-secret | "$@" secret-tool store --label bob service '"$service"' account bob' _ \
  "$sandbox" org.example.One "$one" --
check "SecItemCopyMatching in the sandbox reads libsecret's item" \
  bash -c '[[ $("$@" '"$security"' find-generic-password -s '"$service"' -a bob -w) == bob-secret ]]' _ \
  "$sandbox" org.example.One "$one" --

# A second application.
check "SecItemAdd in a second application's sandbox succeeds" \
  in_two "$security" add-generic-password -s "$service" -a carol -w two-secret
check "the second application gets a portal secret of its own" test "$(portal_items org.example.Two)" = 1
check "libsecret in the second sandbox reads the second application's item" \
  libsecret_call bash -c '[[ $("$@" secret-tool lookup service '"$service"' account carol) == two-secret ]]' _ \
  "$sandbox" org.example.Two "$two" --
check "the second application cannot open the first one's file: errSecAuthFailed" \
  bash -c '"$@" '"$security"' find-generic-password -s '"$service"' -a alice 2>&1 | grep -q "passphrase you entered is not correct"' _ \
  "$sandbox" org.example.Two "$one" --

# Outside the sandbox: the Secret Service.
check "outside the sandbox the file's item is not found (exit 44)" \
  bash -c 'SECRET_BACKEND= "'"$security"'" find-generic-password -s '"$service"' -a alice >/dev/null 2>&1; [[ $? == 44 ]]'
check "outside the sandbox SecItemAdd stores in the Secret Service" \
  bash -c 'SECRET_BACKEND= "'"$security"'" add-generic-password -s '"$service"' -a outside -w out-secret &&
    [[ $(SECRET_BACKEND=service secret-tool lookup service '"$service"' account outside) == out-secret ]]'
check "... and not in the sandbox's file" \
  bash -c '! "$@" '"$security"' find-generic-password -s '"$service"' -a outside >/dev/null 2>&1' _ \
  "$sandbox" org.example.One "$one" --
check "KEYCHAIN_STORE=secret-service in the sandbox uses the Secret Service" \
  bash -c '[[ $(KEYCHAIN_STORE=secret-service "$@" '"$security"' find-generic-password -s '"$service"' -a outside -w) == out-secret ]]' _ \
  "$sandbox" org.example.One "$one" --

# An application moving into the sandbox (it still holds --talk-name=org.freedesktop.secrets, which this stand-in
# does not filter) moves its items from the Secret Service into its keyring file (README, "In a Flatpak").
login_collection=/org/freedesktop/secrets/collection/login
check "move-items in the sandbox moves the Secret Service's item into the application's keyring file" \
  bash -c '"$@" '"$security"' move-items -s '"$service"' -a outside '"$login_collection"' login | grep -q "^copied: genp"' _ \
  "$sandbox" org.example.One "$one" --
check "... the sandbox's SecItem calls find it in the file" \
  bash -c '[[ $("$@" '"$security"' find-generic-password -s '"$service"' -a outside -w) == out-secret ]]' _ \
  "$sandbox" org.example.One "$one" --
check "... libsecret in the sandbox finds it by the same attributes" \
  libsecret_call bash -c '[[ $("$@" secret-tool lookup service '"$service"' account outside) == out-secret ]]' _ \
  "$sandbox" org.example.One "$one" --
check "... and the Secret Service no longer holds it" \
  bash -c '[[ -z $(SECRET_BACKEND=service secret-tool lookup service '"$service"' account outside) ]]'
check "... and a second run has nothing left to move" \
  bash -c '[[ -z $("$@" '"$security"' move-items -s '"$service"' -a outside '"$login_collection"' login) ]]' _ \
  "$sandbox" org.example.One "$one" --

# A missing portal.
stop_portal
check "without a portal, libsecret's rule falls back to the Secret Service (the file's item is not found)" \
  bash -c '"$@" '"$security"' find-generic-password -s '"$service"' -a alice >/dev/null 2>&1; [[ $? == 44 ]]' _ \
  "$sandbox" org.example.One "$one" --
check "without a portal, KEYCHAIN_STORE=file is errSecNotAvailable within 5 s" \
  bash -c 'start=$SECONDS; out=$(KEYCHAIN_STORE=file timeout 20 "$@" '"$security"' find-generic-password -s '"$service"' -a alice 2>&1);
    [[ $out == *"No keychain is available"* ]] && ((SECONDS - start <= 5))' _ \
  "$sandbox" org.example.One "$one" --

# A refusing portal: gnome-keyring's backend cannot give a secret while its login collection is
# locked (its unlock prompt has nobody to answer on this bus).
start_portal
"$root/dbus/keyring-ctl" lock >/dev/null
check "a refusing portal (locked login collection) is a defined status within 30 s" \
  bash -c 'start=$SECONDS; out=$(timeout 60 "$@" '"$security"' find-generic-password -s '"$service"' -a x 2>&1);
    echo "    $out" | head -2; [[ $out == *"passphrase you entered is not correct"* || $out == *"User canceled the operation"* ]] && ((SECONDS - start <= 30))' _ \
  "$sandbox" org.example.Three "$work/three" --
"$root/dbus/keyring-ctl" unlock >/dev/null

# What gnome-keyring's backend never does headless, from a stand-in portal (Tests/Sandbox/fake-secret-portal.py):
# a cancelled request, and one that is never answered.
stop_portal
fake_portal() {
  local mode=$1
  coproc FAKE { exec /usr/bin/python3 -u "$here/fake-secret-portal.py" "$mode" 2>>"$work/fake-portal.log"; }
  portal_pid=$FAKE_PID
  local line
  read -r -t 10 line <&"${FAKE[0]}"
  [[ $line == ready ]] || { echo "portal-tier2: the stand-in portal did not start" >&2; exit 1; }
}
fake_portal cancel
check "a cancelled portal request is errSecUserCanceled" \
  bash -c 'out=$("$@" '"$security"' find-generic-password -s '"$service"' -a x 2>&1); [[ $out == *"User canceled the operation"* ]]' _ \
  "$sandbox" org.example.Four "$work/four" --
stop_portal
fake_portal hang
check "a portal that never answers is errSecNotAvailable within the call's deadline (25 s)" \
  bash -c 'start=$SECONDS; out=$(timeout 60 "$@" '"$security"' find-generic-password -s '"$service"' -a x 2>&1);
    [[ $out == *"No keychain is available"* ]] && ((SECONDS - start <= 35))' _ \
  "$sandbox" org.example.Five "$work/five" --
stop_portal

echo "portal-tier2: $passed passed, $failed failed"
((failed == 0))
