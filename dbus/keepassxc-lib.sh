# shellcheck shell=bash
# KeePassXC as the Secret Service provider (dbus/with-keyring --keepassxc). Sourced by dbus/keyring-lib.sh,
# never run. In a --keepassxc state directory:
#   password                 the database's password (random, 0600, no trailing newline)
#   keyring.pid              the current keepassxc;  keyring.log  its output (every start)
#   config/keepassxc/keepassxc.ini   written before the first start: the Secret Service integration on, every
#                            confirmation, notification and idle lock off; the database is saved when keepassxc
#                            locks it or quits, not after every change (see below)
#   data/keepassxc/Passwords.kdbx    the database, made by `keepassxc-cli import` from a KeePass XML whose group
#                            "Secrets" is the one exposed to the Secret Service (collection `Passwords`)
#   tmp/                     keepassxc's TMPDIR (its single-instance socket lives there)
# keepassxc opens the database with the password on its stdin (--pw-stdin) and shows no window
# (QT_QPA_PLATFORM=offscreen). Every dialog it would open never returns headless, and the process then ignores
# SIGTERM: the Secret Service Unlock of a locked collection, CreateCollection, and in 2.7.4 CreateItem(replace=true)
# over another client's item. Locking and unlocking go through its own interface instead (below).
# AutoSaveAfterEveryChange stays off: keepassxc 2.7 saves on a worker thread while its event loop goes on serving
# D-Bus, and a Secret Service write that lands during such a save crashed it (SIGSEGV in the saving thread, several
# times per run of the suite). Saving on lock and on quit (AutoSaveOnExit) keeps what restart and lock need.

KR_KEEPASSXC_NAME=org.keepassxc.KeePassXC.MainWindow
KR_KEEPASSXC_PATH=/keepassxc
KR_KEEPASSXC_DATABASE_NAME=Passwords

kr_keepassxc_database() { echo "$XDG_DATA_HOME/keepassxc/$KR_KEEPASSXC_DATABASE_NAME.kdbx"; }
kr_keepassxc_config() { echo "$XDG_CONFIG_HOME/keepassxc/keepassxc.ini"; }

# The KeePass XML of a fresh database: the root group and the group "Secrets" below it, which the database's custom
# data item FDO_SECRETS_EXPOSED_GROUP (the group's UUID) exposes to the Secret Service. No recycle bin: deleted
# entries are gone, as on the other providers.
kr_keepassxc_xml() {
  cat <<'EOF'
<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<KeePassFile>
  <Meta>
    <Generator>swift-keychain-linux dbus/with-keyring</Generator>
    <DatabaseName>Passwords</DatabaseName>
    <RecycleBinEnabled>False</RecycleBinEnabled>
    <CustomData>
      <Item><Key>FDO_SECRETS_EXPOSED_GROUP</Key><Value>{22222222-2222-4222-8222-222222222222}</Value></Item>
    </CustomData>
  </Meta>
  <Root>
    <Group>
      <UUID>ERERERERQRGBEREREREREQ==</UUID>
      <Name>Root</Name>
      <Group>
        <UUID>IiIiIiIiQiKCIiIiIiIiIg==</UUID>
        <Name>Secrets</Name>
      </Group>
    </Group>
  </Root>
</KeePassFile>
EOF
}

# Writes the configuration, a random password and the database of a fresh --keepassxc state directory.
kr_keepassxc_prepare() {
  local database xml
  database=$(kr_keepassxc_database)
  (umask 077 && mkdir -p "$XDG_CONFIG_HOME/keepassxc" "$XDG_DATA_HOME/keepassxc" "$XDG_CACHE_HOME/keepassxc" \
    "$KR_STATE/tmp")
  # ShowTrayIcon=true although there is no tray offscreen: with it false, trixie's 2.7.10 crashes at start-up
  # (SIGSEGV in libQt5Widgets, a null pointer read, in 4 of 4 starts here, 4 of 5 through with-keyring); 2.7.4 and
  # 2.8.0 run either way.
  cat >"$(kr_keepassxc_config)" <<'EOF'
[General]
ConfigVersion=2
SingleInstance=false
RememberLastDatabases=false
RememberLastKeyFiles=false
OpenPreviousDatabasesOnStartup=false
AutoSaveAfterEveryChange=false
AutoSaveOnExit=true
AutoReloadOnChange=false
BackupBeforeSave=false
UpdateCheckMessageShown=true

[GUI]
ShowTrayIcon=true
MinimizeOnStartup=true
CheckForUpdates=false
ShowExpiredEntriesOnDatabaseUnlock=false

[Security]
LockDatabaseIdle=false
LockDatabaseScreenLock=false
LockDatabaseMinimize=false
ClearClipboard=false

[Browser]
Enabled=false

[SSHAgent]
Enabled=false

[FdoSecrets]
Enabled=true
ShowNotification=false
ConfirmDeleteItem=false
ConfirmAccessItem=false
UnlockBeforeSearch=false
EOF
  # Printable (no newline: --pw-stdin reads one line), as for gnome-keyring.
  (umask 077 && head -c 48 /dev/urandom | base64 -w0 | tr -d '+/=' >"$KR_STATE/password")
  xml="$KR_STATE/tmp/database.xml"
  kr_keepassxc_xml >"$xml"
  # import -p asks for the password twice; -t 100 (ms, its minimum) keeps every unlock fast.
  { cat "$KR_STATE/password" && echo && cat "$KR_STATE/password" && echo; } |
    "${KR_WRAP[@]}" keepassxc-cli import -q -t 100 -p "$xml" "$database" >>"$KR_STATE/keyring.log" 2>&1 ||
    kr_die "keepassxc-cli import failed; its output:
$(tail -n 20 "$KR_STATE/keyring.log" 2>/dev/null)"
  rm -f "$xml"
}

# Starts keepassxc on the database with a clean descriptor table, the password on its stdin, its output in
# keyring.log, and records the pid.
kr_keepassxc_spawn() {
  local pid
  # Under --root the daemon writes its pid itself: no earlier daemon's may be taken for it.
  ((${#KR_WRAP[@]} == 0)) || rm -f "$KR_STATE/keyring.pid"
  (
    kr_close_inherited_fds
    cd "$HOME" || exit 1
    export TMPDIR="$KR_STATE/tmp" QT_QPA_PLATFORM=offscreen
    local -a run=()
    if ((${#KR_WRAP[@]} > 0)); then
      # --root: the root's sh records its own pid, which becomes keepassxc's by exec (no pid namespace).
      # shellcheck disable=SC2016 # (expanded by the inner sh)
      run=("${KR_WRAP[@]}" /bin/sh -c 'echo $$ >"$0" && exec "$@"' "$KR_STATE/keyring.pid")
    fi
    exec "${run[@]}" keepassxc --config "$(kr_keepassxc_config)" \
      --localconfig "$XDG_CACHE_HOME/keepassxc/keepassxc_local.ini" --pw-stdin "$(kr_keepassxc_database)"
  ) < <(cat "$KR_STATE/password" && echo) >>"$KR_STATE/keyring.log" 2>&1 &
  pid=$!
  disown "$pid" 2>/dev/null || true
  if ((${#KR_WRAP[@]} > 0)); then
    local deadline=$(($(kr_now_ms) + KR_TIMEOUT * 1000))
    until [[ -s $KR_STATE/keyring.pid ]]; do
      kr_running "$pid" || kr_die "keepassxc exited at once; its log:
$(tail -n 20 "$KR_STATE/keyring.log" 2>/dev/null)"
      (($(kr_now_ms) <= deadline)) || kr_die "timed out after ${KR_TIMEOUT}s waiting for keepassxc to start"
      sleep 0.01
    done
  else
    echo "$pid" >"$KR_STATE/keyring.pid"
  fi
}

# Waits until "$2" (a command) succeeds, failing when keepassxc exits or the timeout passes ("$1" says what is awaited).
kr_keepassxc_wait() {
  kr_wait_for keepassxc "$@"
}

# True when the default collection exists and is unlocked. keepassxc owns org.freedesktop.secrets a few hundred
# milliseconds before it has unlocked the database (the key derivation), and shows the collection as locked until
# then.
kr_keepassxc_ready() {
  local collection
  collection=$(kr_read_alias default) || return 1
  [[ $(kr_collection_locked "$collection") == false ]]
}

# Starts keepassxc on an existing state directory and waits until its collection is there and unlocked.
kr_keepassxc_start() {
  [[ -s $KR_STATE/password ]] || kr_die "no database password in $KR_STATE (not a --keepassxc environment?)"
  kr_keepassxc_spawn
  kr_keepassxc_wait "$KR_SECRETS and its unlocked 'default' collection" kr_keepassxc_ready
}

# A fresh database, then keepassxc on it.
kr_keepassxc_create() {
  kr_keepassxc_prepare
  kr_keepassxc_start
}

# Locks every database through keepassxc's own interface (lockAllDatabases: no prompt, no dialog; the Secret
# Service Lock works too but returns a prompt), and checks that the default collection is locked. Locking a locked
# database is not an error.
kr_keepassxc_lock() {
  local collection
  collection=$(kr_read_alias default) || kr_die "no 'default' collection to lock (no provider running?)"
  kr_gdbus -d "$KR_KEEPASSXC_NAME" -o "$KR_KEEPASSXC_PATH" -m "$KR_KEEPASSXC_NAME.lockAllDatabases" >/dev/null ||
    kr_die "lockAllDatabases failed"
  kr_keepassxc_wait "$collection to lock" kr_keepassxc_collection_is locked "$collection"
}

# True when the collection's Locked property is $1 (locked or unlocked).
kr_keepassxc_collection_is() {
  local want=false
  [[ $1 == locked ]] && want=true
  [[ $(kr_collection_locked "$2") == "$want" ]]
}

# Unlocks the database in place with the stored password (keepassxc's openDatabase(file, password) over D-Bus, sent
# by dbus/keepassxc-open.py so that the password never appears in argv): clients keep their connection. Never the
# Secret Service Unlock, whose password dialog never returns headless. Checks that the collection is unlocked.
kr_keepassxc_unlock() {
  local collection
  collection=$(kr_read_alias default) || kr_die "no 'default' collection to unlock (no provider running?)"
  "$(kr_python)" "$KR_HERE/keepassxc-open.py" "$(kr_keepassxc_database)" "$KR_STATE/password" ||
    kr_die "openDatabase failed"
  kr_keepassxc_wait "$collection to unlock" kr_keepassxc_collection_is unlocked "$collection"
}

# Ends keepassxc the gentle way (SIGTERM: it saves and quits, ~1.5–2.5 s here), SIGKILL if it is still there after
# 5 s (it ignores SIGTERM while a dialog is open). Waits until the bus name is free.
kr_keepassxc_quit() {
  local pid i
  pid=$(kr_keyring_pid)
  if kr_alive "$pid" keepassxc; then
    kill -s TERM "$pid" 2>/dev/null || true
    for ((i = 0; i < 250; i++)); do
      kr_alive "$pid" keepassxc || break
      sleep 0.02
    done
    kr_alive "$pid" keepassxc && kill -s KILL "$pid" 2>/dev/null
  fi
  kr_wait_no_owner
}
