# shellcheck shell=bash
# KWallet as the Secret Service provider (dbus/with-keyring --kwallet). Sourced by dbus/keyring-lib.sh,
# never run. In a --kwallet state directory:
#   kwallet.key        the wallet's key (56 random bytes, 0600); read only by dbus/kwallet-pam.py
#   keyring.pid        the current kwalletd5;  keyring.log  its output (both starts)
#   config/kwalletrc   written before the first start (no first-use wizard, one wallet, no idle close)
#   data/kwalletd/     kdewallet.kwl (the encrypted wallet) and kdewallet_attributes.json (plain JSON)
# kwalletd5 is opened only through its PAM login path (dbus/kwallet-pam.py): its own dialogs never return
# on QT_QPA_PLATFORM=offscreen.

KR_KWALLETD=org.kde.kwalletd5
KR_KWALLET_PATH=/modules/kwalletd5
KR_KWALLET_WALLET=kdewallet

# --root: KDE Frameworks 6.14+'s ksecretd from the root (sid) instead of kwalletd5. It keeps kwalletd5's PAM login
# handshake, but one login both creates and opens the wallet, its collection is unlocked at once, and it serves no
# isOpen/pamOpen any more (6.29+): a locked wallet is opened again by a new PAM login (keyring-ctl unlock restarts it).
kr_ksecretd() { ((${#KR_WRAP[@]} > 0)); }
kr_kwallet_match() { if kr_ksecretd; then echo ksecretd; else echo kwallet; fi; }

# The python3 that runs dbus/kwallet-pam.py: Debian's own (it has jeepney), else the first in PATH.
kr_python() {
  if [[ -x /usr/bin/python3 ]]; then
    echo /usr/bin/python3
  else
    command -v python3 || kr_die "python3 is needed for KWallet's PAM login"
  fi
}

# Writes the kwalletrc and the random key of a fresh --kwallet state directory.
kr_kwallet_prepare() {
  local api_enabled=true
  kr_kwallet_api_only && api_enabled=false
  mkdir -p "$XDG_CONFIG_HOME"
  cat >"$XDG_CONFIG_HOME/kwalletrc" <<EOF
[Wallet]
First Use=false
Enabled=true
Use One Wallet=true
Default Wallet=kdewallet
Local Wallet=kdewallet
Launch Manager=false
Leave Open=true
Close When Idle=false
Prompt on Open=false

[org.freedesktop.secrets]
apiEnabled=$api_enabled

[Migration]
alreadyMigrated=true
EOF
  (umask 077 && head -c 56 /dev/urandom >"$KR_STATE/kwallet.key")
}

# WITH_KEYRING_KWALLET_SECRET_SERVICE=off: kwalletd5 with its Secret Service turned off (kwalletrc
# [org.freedesktop.secrets] apiEnabled=false), as KWallet before 5.97 has none: the KWallet API alone, its wallet
# created and opened by the PAM login (one start), nothing to wait for on org.freedesktop.secrets.
kr_kwallet_api_only() { [[ ${WITH_KEYRING_KWALLET_SECRET_SERVICE:-on} == off ]] && ! kr_ksecretd; }

# True when kwalletd5 answers isOpen("kdewallet") with true.
kr_kwallet_is_open() {
  [[ $(kr_gdbus -d "$KR_KWALLETD" -o "$KR_KWALLET_PATH" -m org.kde.KWallet.isOpen "$KR_KWALLET_WALLET" \
    2>/dev/null) == "(true,)" ]]
}

# Starts kwalletd5 through dbus/kwallet-pam.py (which execs it, so the pid is kwalletd5's) with a clean
# descriptor table, its output in keyring.log, and records the pid.
kr_kwallet_spawn() {
  local pid python
  python=$(kr_python)
  if kr_ksecretd; then
    # The root's sh records its own pid, which becomes ksecretd's by exec (no pid namespace: the host's pid).
    rm -f "$KR_STATE/keyring.pid"
    export KWALLET_PAM_DAEMON="${KR_WRAP[*]} /bin/sh -c 'echo \$\$ >$KR_STATE/keyring.pid && exec /usr/bin/ksecretd \"\$@\"' sh"
  fi
  (
    kr_close_inherited_fds
    cd "$HOME" || exit 1
    exec "$python" -S "$KR_HERE/kwallet-pam.py" exec "$KR_STATE/kwallet.key"
  ) </dev/null >>"$KR_STATE/keyring.log" 2>&1 &
  pid=$!
  unset KWALLET_PAM_DAEMON
  disown "$pid" 2>/dev/null || true
  if kr_ksecretd; then
    local deadline=$(($(kr_now_ms) + KR_TIMEOUT * 1000))
    until [[ -s $KR_STATE/keyring.pid ]]; do
      kr_running "$pid" || kr_die "ksecretd exited at once; its log:
$(tail -n 20 "$KR_STATE/keyring.log" 2>/dev/null)"
      (($(kr_now_ms) <= deadline)) || kr_die "timed out after ${KR_TIMEOUT}s waiting for ksecretd to start"
      sleep 0.01
    done
  else
    echo "$pid" >"$KR_STATE/keyring.pid"
  fi
}

# Waits until "$2" (a command) succeeds, failing when kwalletd5 exits or the timeout passes ("$1" says what is awaited).
kr_kwallet_wait() {
  kr_wait_for kwalletd5 "$@"
}

kr_kwallet_has_collection() { kr_read_alias default >/dev/null; }

# Starts kwalletd5 on an existing wallet and waits until org.freedesktop.secrets has an owner, the
# "default" alias resolves and the collection is unlocked (the PAM login opened the wallet, but the
# Secret Service side reports it Locked until an Unlock, whose prompt completes without a dialog).
kr_kwallet_start() {
  [[ -s $KR_STATE/kwallet.key ]] || kr_die "no KWallet key in $KR_STATE (not a --kwallet environment?)"
  kr_kwallet_spawn
  kr_kwallet_wait "$KR_SECRETS and its 'default' alias" kr_kwallet_has_collection
  kr_kwallet_unlock
}

# True when kwalletd5 logged that its PAM open failed (kwalletd's main.cpp: "Wallet failed to get opened by PAM,
# error code is N"). N = -2 is Backend::openInternal's: the new kdewallet.kwl could not be created, written (sync) or
# read back. Seen once in CI (a KeePassXC pass, at 5f01e29), not reproduced in 480 parallel starts; the daemon then
# waits forever.
kr_kwallet_pam_failed() { grep -q "failed to get opened by PAM" "$KR_STATE/keyring.log" 2>/dev/null; }
kr_kwallet_open_or_failed() { kr_kwallet_pam_failed || kr_kwallet_is_open; }

# A fresh wallet: kwalletd5's first PAM start only creates kdewallet (its Secret Service side lists the
# collections that existed when it started, so it has none, and a store would wait on a dialog forever).
# So start once, wait until the wallet is open (hence on disk), end that daemon and start it again.
# A first start whose PAM open fails is ended at once and made again once from an empty wallet directory, with
# the failure, the log and the directory's listing on standard error; a second failure is fatal.
kr_kwallet_create() {
  local pid attempt failure wallets=$XDG_DATA_HOME/kwalletd
  kr_kwallet_prepare
  if kr_ksecretd; then
    kr_kwallet_start
    return
  fi
  for attempt in 1 2; do
    kr_kwallet_spawn
    pid=$(kr_keyring_pid)
    kr_kwallet_wait "kwalletd5 to create $KR_KWALLET_WALLET" kr_kwallet_open_or_failed
    kr_kwallet_pam_failed || break
    failure="kwalletd5's PAM open of $KR_KWALLET_WALLET failed (start $attempt, pid $pid); its log:
$(tail -n 20 "$KR_STATE/keyring.log")
$wallets: $(ls -la "$wallets" 2>&1)"
    kr_end_process "$pid" kwallet
    kr_wait_gone "$pid"
    kr_wait_no_owner
    ((attempt == 1)) || kr_die "$failure"
    kr_say "warning: $failure
starting it once more from an empty wallet directory"
    mv "$KR_STATE/keyring.log" "$KR_STATE/keyring.failed-start.log"
    rm -rf "$wallets"
  done
  [[ $(stat -c %s "$wallets/$KR_KWALLET_WALLET.kwl" 2>/dev/null || echo 0) -ge 60 ]] ||
    kr_die "kwalletd5 did not write $wallets/$KR_KWALLET_WALLET.kwl"
  kr_kwallet_api_only && return 0 # created and open; no Secret Service to start it again for
  kr_end_process "$pid" kwallet
  kr_wait_gone "$pid"
  kr_wait_no_owner
  kr_kwallet_start
}

# Opens the wallet with the key if it is closed (pamOpen over D-Bus: dbus/kwallet-pam.py open), then
# unlocks the default collection: Service.Unlock returns a prompt, which completes at once, without a
# dialog, for an open wallet. No restart: clients keep their connection. Checks that Locked is false.
kr_kwallet_unlock() {
  local collection reply prompt deadline
  if kr_ksecretd; then
    collection=$(kr_read_alias default) || kr_die "no 'default' collection to unlock"
    if [[ $(kr_collection_locked "$collection") == true ]]; then
      kr_kwallet_quit
      kr_kwallet_spawn
      kr_kwallet_wait "$KR_SECRETS and its 'default' alias" kr_kwallet_has_collection
    fi
  elif ! kr_kwallet_is_open; then
    "$(kr_python)" "$KR_HERE/kwallet-pam.py" open "$KR_STATE/kwallet.key" || kr_die "KWallet's pamOpen failed"
  fi
  collection=$(kr_read_alias default) || kr_die "no 'default' collection to unlock"
  reply=$(kr_gdbus -d "$KR_SECRETS" -o "$KR_SERVICE_PATH" -m org.freedesktop.Secret.Service.Unlock \
    "['$collection']") || kr_die "Service.Unlock of $collection failed"
  prompt=${reply##*objectpath \'}
  prompt=${prompt%%\'*}
  if [[ $prompt == /org/* ]]; then
    kr_gdbus -d "$KR_SECRETS" -o "$prompt" -m org.freedesktop.Secret.Prompt.Prompt '' >/dev/null ||
      kr_die "Prompt.Prompt of $prompt failed"
  fi
  deadline=$(($(kr_now_ms) + KR_TIMEOUT * 1000))
  until [[ $(kr_collection_locked "$collection") == false ]]; do
    (($(kr_now_ms) <= deadline)) || kr_die "$collection is still locked ${KR_TIMEOUT}s after its Unlock prompt"
    sleep 0.01
  done
}

# Locks the default collection (Service.Lock closes the wallet; no prompt). Locking it again is not an
# error here, as with gnome-keyring (KWallet itself answers InvalidArgs "Can't lock object").
kr_kwallet_lock() {
  local collection
  collection=$(kr_read_alias default) || kr_die "no 'default' collection to lock (no provider running?)"
  [[ $(kr_collection_locked "$collection") == true ]] || kr_lock
}

# Ends kwalletd5 the way a session logout does (QCoreApplication.quit over D-Bus): it writes the wallet
# first. SIGKILL (keyring-ctl kill) loses what changed in the last ~5 s. Waits until it is gone.
kr_kwallet_quit() {
  local pid i match daemon=$KR_KWALLETD
  pid=$(kr_keyring_pid)
  match=$(kr_kwallet_match)
  kr_alive "$pid" "$match" || return 0
  kr_ksecretd && daemon=org.kde.ksecretd
  kr_gdbus -d "$daemon" -o /MainApplication -m org.qtproject.Qt.QCoreApplication.quit >/dev/null 2>&1 || true
  for ((i = 0; i < 250; i++)); do
    kr_alive "$pid" "$match" || break
    sleep 0.02
  done
  kr_end_process "$pid" "$match"
  kr_wait_no_owner
}
