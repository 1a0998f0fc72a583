# shellcheck shell=bash
# dbus/with-keyring --keychain: a keychain file made and unlocked the way a macOS CI script makes one, with the
# security tool, each step a process of its own, before CMD runs. Sourced by keyring-lib.sh, never run.
#
# The keychain is $KR_STATE/data/keychains/test.keychain-db ("test.keychain" in the keychains folder of the state
# directory's XDG_DATA_HOME); its password (random, printable, no newline) is $KR_STATE/keychain-password, given to
# the tool on standard input only. Its unlocked key goes to the user's kernel keyring (or the keychain agent), which
# with-keyring's cleanup invalidates with lock-keychain.

# kr_keychain_create: create, list, make default, lock, unlock (an earlier process than CMD's), no timeout.
kr_keychain_create() {
  local password=$KR_STATE/keychain-password
  (umask 077 && head -c 48 /dev/urandom | base64 -w0 | tr -d '+/=' >"$password")
  { cat "$password" && echo && cat "$password" && echo; } |
    "$security" create-keychain test.keychain >/dev/null 2>"$KR_STATE/keychain.log" ||
    kr_die "security create-keychain failed: $(cat "$KR_STATE/keychain.log")"
  "$security" list-keychains -d user -s test.keychain 2>>"$KR_STATE/keychain.log" ||
    kr_die "security list-keychains -s failed: $(cat "$KR_STATE/keychain.log")"
  "$security" default-keychain -s test.keychain 2>>"$KR_STATE/keychain.log" ||
    kr_die "security default-keychain -s failed: $(cat "$KR_STATE/keychain.log")"
  # A new keychain is unlocked: lock it, so that CMD finds it unlocked by the unlock of a process of its own.
  "$security" lock-keychain test.keychain 2>>"$KR_STATE/keychain.log" ||
    kr_die "security lock-keychain failed: $(cat "$KR_STATE/keychain.log")"
  { cat "$password" && echo; } | "$security" unlock-keychain test.keychain >/dev/null 2>>"$KR_STATE/keychain.log" ||
    kr_die "security unlock-keychain failed: $(cat "$KR_STATE/keychain.log")"
  "$security" set-keychain-settings test.keychain 2>>"$KR_STATE/keychain.log" ||
    kr_die "security set-keychain-settings failed: $(cat "$KR_STATE/keychain.log")"
}
