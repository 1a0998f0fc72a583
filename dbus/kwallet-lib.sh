# shellcheck shell=bash
# KWallet as the Secret Service provider (dbus/with-keyring --kwallet). Sourced by dbus/keyring-lib.sh,
# never run. In a --kwallet state directory:
#   kwallet.key        the wallet's key (56 random bytes, 0600); read only by dbus/kwallet-pam.py
#   keyring.pid        the current daemon (kwalletd5, kwalletd6 or ksecretd);  keyring.log  its output (every start)
#   kwallet-api.pid    ksecretd only: the KWallet API's kwalletd6 (a client of ksecretd);  kwallet-api.log  its output
#   config/kwalletrc   written before the first start (no first-use wizard, one wallet, no idle close)
#   data/kwalletd/     kdewallet.kwl (the encrypted wallet) and kdewallet_attributes.json (plain JSON)
# The daemon is opened only through its PAM login path (dbus/kwallet-pam.py): its own dialogs never return
# on QT_QPA_PLATFORM=offscreen.
#
# Which KWallet runs (kr_kwallet_daemon): the host's kwalletd5 (Debian 12), or, under --root, the root's
#   kwalletd6  KDE Frameworks 6.13 and earlier (trixie): kwalletd5 renamed; it serves the Secret Service and the
#              KWallet API (org.kde.kwalletd6 and org.kde.kwalletd5, /modules/kwalletd6 and /modules/kwalletd5) itself,
#              and takes the same two PAM starts
#   ksecretd   6.14 and later (sid): the Secret Service; one PAM login creates and opens the wallet. The KWallet API is
#              a separate kwalletd6, a Secret Service client of ksecretd (through org.kde.secretservicecompat),
#              started beside it and ended with it
# with-keyring exports which one as WITH_KEYRING_KWALLET, and the KWallet API's bus name as WITH_KEYRING_KWALLET_API
# (its object path is /modules/ and the name's last part), so that tests talk to the KWallet API that KDE's clients
# of that version use.

KR_KWALLETD=org.kde.kwalletd5 # isOpen and pamOpen: kwalletd6 up to 6.13 owns this name too
KR_KWALLET_PATH=/modules/kwalletd5
KR_KWALLET_WALLET=kdewallet

# Prints kwalletd5, kwalletd6 or ksecretd (see above), from the state directory's root.
kr_kwallet_daemon() {
  if [[ -z ${KR_KWALLET_DAEMON:-} ]]; then
    local root
    root=$(cat "$KR_STATE/root" 2>/dev/null) || root=
    if [[ -z $root ]]; then
      KR_KWALLET_DAEMON=kwalletd5
    elif [[ -x $root/usr/bin/ksecretd ]]; then
      KR_KWALLET_DAEMON=ksecretd
    else
      KR_KWALLET_DAEMON=kwalletd6
    fi
  fi
  echo "$KR_KWALLET_DAEMON"
}
kr_ksecretd() { [[ $(kr_kwallet_daemon) == ksecretd ]]; }
# The bus name of the KWallet API that this version's own clients (kwallet-query, KDE applications) call.
kr_kwallet_api() { if [[ $(kr_kwallet_daemon) == kwalletd5 ]]; then echo org.kde.kwalletd5; else echo org.kde.kwalletd6; fi; }
# What the daemon's command line contains (kr_alive): kwalletd5 starts as kwallet-pam.py; a root's daemon is recorded by
# its own pid.
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

# True when kwalletd5 (or kwalletd6 up to 6.13) answers isOpen("kdewallet") with true.
kr_kwallet_is_open() {
  [[ $(kr_gdbus -d "$KR_KWALLETD" -o "$KR_KWALLET_PATH" -m org.kde.KWallet.isOpen "$KR_KWALLET_WALLET" \
    2>/dev/null) == "(true,)" ]]
}

# Starts the daemon through dbus/kwallet-pam.py (which execs it, so the pid is kwalletd5's) with a clean
# descriptor table, its output in keyring.log, and records the pid.
kr_kwallet_spawn() {
  local pid python daemon
  python=$(kr_python)
  daemon=$(kr_kwallet_daemon)
  if ((${#KR_WRAP[@]} > 0)); then
    # The root's sh records its own pid, which becomes the daemon's by exec (no pid namespace: the host's pid).
    rm -f "$KR_STATE/keyring.pid"
    export KWALLET_PAM_DAEMON="${KR_WRAP[*]} /bin/sh -c 'echo \$\$ >$KR_STATE/keyring.pid && exec /usr/bin/$daemon \"\$@\"' sh"
  fi
  (
    kr_close_inherited_fds
    cd "$HOME" || exit 1
    exec "$python" -S "$KR_HERE/kwallet-pam.py" exec "$KR_STATE/kwallet.key"
  ) </dev/null >>"$KR_STATE/keyring.log" 2>&1 &
  pid=$!
  unset KWALLET_PAM_DAEMON
  disown "$pid" 2>/dev/null || true
  if ((${#KR_WRAP[@]} > 0)); then
    local deadline=$(($(kr_now_ms) + KR_TIMEOUT * 1000))
    until [[ -s $KR_STATE/keyring.pid ]]; do
      kr_running "$pid" || kr_die "$daemon exited at once; its log:
$(tail -n 20 "$KR_STATE/keyring.log" 2>/dev/null)"
      (($(kr_now_ms) <= deadline)) || kr_die "timed out after ${KR_TIMEOUT}s waiting for $daemon to start"
      sleep 0.01
    done
  else
    echo "$pid" >"$KR_STATE/keyring.pid"
  fi
}

# Waits until "$2" (a command) succeeds, failing when the daemon exits or the timeout passes ("$1" says what is awaited).
kr_kwallet_wait() {
  kr_wait_for "$(kr_kwallet_daemon)" "$@"
}

# True when bus name $1 has an owner.
kr_name_owned() {
  kr_gdbus -d org.freedesktop.DBus -o /org/freedesktop/DBus -m org.freedesktop.DBus.GetNameOwner "$1" >/dev/null 2>&1
}
kr_kwallet_api_ready() { kr_name_owned org.kde.kwalletd6 && kr_name_owned org.kde.kwalletd5; }

# ksecretd: starts the KWallet API's kwalletd6 from the root (a Secret Service client of ksecretd; on a desktop the
# bus activates it for the first client of org.kde.kwalletd6 or org.kde.kwalletd5) and waits until it owns both names
# (~0.2 s). Started here rather than made activatable: with ksecretd gone an activatable one would be started by every
# client that looks for a KWallet to activate, and wait for a Secret Service that never comes.
kr_kwallet_api_start() {
  local pid deadline
  kr_kwallet_api_end
  (
    kr_close_inherited_fds
    cd "$HOME" || exit 1
    # shellcheck disable=SC2016 # (expanded by the inner sh)
    QT_QPA_PLATFORM=offscreen exec "${KR_WRAP[@]}" /bin/sh -c 'echo $$ >"$0" && exec /usr/bin/kwalletd6' \
      "$KR_STATE/kwallet-api.pid"
  ) </dev/null >>"$KR_STATE/kwallet-api.log" 2>&1 &
  pid=$!
  disown "$pid" 2>/dev/null || true
  deadline=$(($(kr_now_ms) + KR_TIMEOUT * 1000))
  until kr_kwallet_api_ready; do
    kr_running "$pid" || kr_die "the KWallet API's kwalletd6 exited; its log:
$(tail -n 20 "$KR_STATE/kwallet-api.log" 2>/dev/null)"
    (($(kr_now_ms) <= deadline)) ||
      kr_die "timed out after ${KR_TIMEOUT}s waiting for the KWallet API's kwalletd6 (pid $pid) to own its names"
    sleep 0.01
  done
}

# Ends the KWallet API's kwalletd6 (ksecretd only), if it runs.
kr_kwallet_api_end() {
  local pid
  pid=$(cat "$KR_STATE/kwallet-api.pid" 2>/dev/null) || return 0
  kr_end_process "$pid" kwalletd6
  rm -f "$KR_STATE/kwallet-api.pid"
}

kr_kwallet_has_collection() { kr_read_alias default >/dev/null; }

# Starts the daemon on an existing wallet and waits until org.freedesktop.secrets has an owner, the
# "default" alias resolves and the collection is unlocked (the PAM login opened the wallet, but the
# Secret Service side reports it Locked until an Unlock, whose prompt completes without a dialog); on ksecretd also
# the KWallet API's kwalletd6.
kr_kwallet_start() {
  [[ -s $KR_STATE/kwallet.key ]] || kr_die "no KWallet key in $KR_STATE (not a --kwallet environment?)"
  kr_kwallet_spawn
  kr_kwallet_wait "$KR_SECRETS and its 'default' alias" kr_kwallet_has_collection
  kr_kwallet_unlock
  if kr_ksecretd && ! kr_alive "$(cat "$KR_STATE/kwallet-api.pid" 2>/dev/null)" kwalletd6; then kr_kwallet_api_start; fi
}

# True when kwalletd5 logged that its PAM open failed (kwalletd's main.cpp: "Wallet failed to get opened by PAM,
# error code is N"). N = -2 is Backend::openInternal's: the new kdewallet.kwl could not be created, written (sync) or
# read back. Seen once in CI (a KeePassXC pass, at 5f01e29), not reproduced in 480 parallel starts; the daemon then
# waits forever.
kr_kwallet_pam_failed() { grep -q "failed to get opened by PAM" "$KR_STATE/keyring.log" 2>/dev/null; }
kr_kwallet_open_or_failed() { kr_kwallet_pam_failed || kr_kwallet_is_open; }

# A fresh wallet: kwalletd5's (and kwalletd6's up to 6.13) first PAM start only creates kdewallet (its Secret Service side lists the
# collections that existed when it started, so it has none, and a store would wait on a dialog forever).
# So start once, wait until the wallet is open (hence on disk), end that daemon and start it again.
# A first start whose PAM open fails is ended at once and made again once from an empty wallet directory, with
# the failure, the log and the directory's listing on standard error; a second failure is fatal.
kr_kwallet_create() {
  local pid attempt failure wallets=$XDG_DATA_HOME/kwalletd daemon
  daemon=$(kr_kwallet_daemon)
  kr_kwallet_prepare
  if kr_ksecretd; then
    kr_kwallet_start
    return
  fi
  for attempt in 1 2; do
    kr_kwallet_spawn
    pid=$(kr_keyring_pid)
    kr_kwallet_wait "$daemon to create $KR_KWALLET_WALLET" kr_kwallet_open_or_failed
    kr_kwallet_pam_failed || break
    failure="$daemon's PAM open of $KR_KWALLET_WALLET failed (start $attempt, pid $pid); its log:
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
    kr_die "$daemon did not write $wallets/$KR_KWALLET_WALLET.kwl"
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
      kr_kwallet_api_start
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

# Ends the daemon the way a session logout does (QCoreApplication.quit over D-Bus): it writes the wallet
# first. SIGKILL (keyring-ctl kill) loses what changed in the last ~5 s. Waits until it is gone. On ksecretd the
# KWallet API's kwalletd6 is ended first.
kr_kwallet_quit() {
  local pid i match daemon=$KR_KWALLETD
  kr_kwallet_api_end
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
