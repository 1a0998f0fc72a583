# shellcheck shell=bash
# Helpers shared by dbus/with-keyring and dbus/keyring-ctl. Sourced, never run.
#
# A state directory ("$KR_STATE") made by with-keyring holds everything of one private keyring:
#   .with-keyring      marker: keyring-ctl refuses directories without it
#   mode               unlocked | locked | activatable | no-provider | kwallet | keepassxc | file | passwordless
#   passwordless       --passwordless only, once the login keyring's password is cleared: start it with none
#   bus.conf services/ --activatable only: the bus's configuration and its service directory
#   home/ data/ config/ cache/ run/ (0700)   HOME and XDG_* of the bus and the daemons
#   bus                the bus's unix socket;  bus.address  its address;  bus.pid
#   password           the keyring's master password (0600, random, no trailing newline)
#   keyring.pid        the current gnome-keyring-daemon (kwalletd5 in --kwallet, keepassxc in --keepassxc);
#                      keyring.log  its output
#   kwallet.key        --kwallet only, instead of password: see dbus/kwallet-lib.sh
#   --keepassxc        password is the database's; see dbus/keepassxc-lib.sh for its other files
#   file-password      --file only: SECRET_FILE_TEST_PASSWORD (also in CMD's environment, as libsecret reads it)
#   file-keyring/default.keyring   --file only: SECRET_FILE_TEST_PATH (created by the first write)
#   root               --root only: the Debian root (dbus/make-root) the daemons run from, under bubblewrap
#   keychain-password  --keychain only: the password of data/keychains/test.keychain-db; see dbus/keychain-lib.sh
# The password is only ever read from that file by redirection; it is never printed or put in argv.

# A caller may start us with signals blocked: libdispatch's worker threads block them all and
# posix_spawn passes the calling thread's mask on (Swift's Foundation.Process does exactly that).
# Then neither our traps nor the daemons we start would ever see SIGTERM. So, once, re-exec this
# script with an empty signal mask (perl is essential on Debian/Ubuntu; skipped if absent).
if [[ -n ${KR_REEXECUTED:-} ]]; then
  unset KR_REEXECUTED
elif kr_blocked=$(sed -n 's/^SigBlk:[[:space:]]*//p' /proc/$$/status 2>/dev/null) &&
  ((0x${kr_blocked:-0} & 0x4003)) && command -v perl >/dev/null; then # SIGHUP, SIGINT or SIGTERM
  KR_REEXECUTED=1 exec perl -MPOSIX -e \
    'sigprocmask(SIG_SETMASK, POSIX::SigSet->new) or die "sigprocmask: $!\n";
     exec { $ARGV[0] } @ARGV or die "exec $ARGV[0]: $!\n";' -- "$BASH" "$0" "$@"
fi

# shellcheck disable=SC2034 # (used by with-keyring)
KR_HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KR_PROG=${KR_PROG:-$(basename "$0")}
KR_TIMEOUT=${WITH_KEYRING_TIMEOUT:-15}
KR_SECRETS=org.freedesktop.secrets
KR_SERVICE_PATH=/org/freedesktop/secrets

kr_say() { printf '%s: %s\n' "$KR_PROG" "$*" >&2; }
kr_die() {
  kr_say "error: $*"
  exit 1
}

# Milliseconds since the epoch, without spawning a process.
kr_now_ms() {
  local t=${EPOCHREALTIME/[.,]/}
  echo $((t / 1000))
}

# Points HOME and the XDG base directories into the state directory and exports them.
kr_export_state_env() {
  export HOME="$KR_STATE/home"
  export XDG_DATA_HOME="$KR_STATE/data"
  export XDG_CONFIG_HOME="$KR_STATE/config"
  export XDG_CACHE_HOME="$KR_STATE/cache"
  export XDG_RUNTIME_DIR="$KR_STATE/run"
  export WITH_KEYRING_DIR="$KR_STATE"
  # Nothing may find a GUI, another bus or another keyring daemon.
  unset DISPLAY WAYLAND_DISPLAY DBUS_STARTER_ADDRESS DBUS_STARTER_BUS_TYPE
  unset GNOME_KEYRING_CONTROL GNOME_KEYRING_PID
}

# Closes every inherited descriptor above stderr (call in a subshell right before exec'ing a
# daemon), so daemons never keep a caller's pipes open and a caller waiting for EOF never hangs.
kr_close_inherited_fds() {
  local fd n
  for fd in "/proc/$BASHPID/fd"/*; do
    n=${fd##*/}
    if [[ $n =~ ^[0-9]+$ ]] && ((n > 2 && n != 255)); then
      eval "exec $n>&-" 2>/dev/null || true
    fi
  done
}

# True when the pid is a live (not zombie) process whose command line contains $2.
kr_alive() {
  local pid=$1 want=$2 stat cmd
  [[ -n $pid && -r /proc/$pid/stat ]] || return 1
  read -r stat 2>/dev/null <"/proc/$pid/stat" || return 1
  stat=${stat##*) }
  [[ ${stat%% *} != Z ]] || return 1
  cmd=$(tr "\\0" " " 2>/dev/null <"/proc/$pid/cmdline") || return 1
  [[ $cmd == *"$want"* ]]
}

# True when the pid is a live (not zombie) process, whatever it runs (e.g. our subshell before exec).
kr_running() {
  local stat
  [[ -n $1 ]] || return 1
  read -r stat 2>/dev/null <"/proc/$1/stat" || return 1
  stat=${stat##*) }
  [[ ${stat%% *} != Z ]]
}

# Waits until "$3" (a command, with its arguments after it) succeeds, failing when the provider process started
# in this state directory (named "$1" in messages) exits or the timeout passes ("$2" says what is awaited).
kr_wait_for() {
  local provider=$1 what=$2 pid deadline
  shift 2
  pid=$(kr_keyring_pid)
  deadline=$(($(kr_now_ms) + KR_TIMEOUT * 1000))
  until "$@"; do
    if ! kr_running "$pid"; then
      kr_die "$provider exited before $what; its log:
$(tail -n 20 "$KR_STATE/keyring.log" 2>/dev/null)"
    fi
    if (($(kr_now_ms) > deadline)); then
      kr_die "timed out after ${KR_TIMEOUT}s waiting for $what ($provider pid $pid); its log:
$(tail -n 20 "$KR_STATE/keyring.log" 2>/dev/null)"
    fi
    sleep 0.02
  done
}

# Ends a process we started: SIGTERM (or $3), then SIGKILL after ~2 s. Only if it is what we expect.
kr_end_process() {
  local pid=$1 want=$2 sig=${3:-TERM} i
  kr_alive "$pid" "$want" || return 0
  kill -s "$sig" "$pid" 2>/dev/null || return 0
  for ((i = 0; i < 100; i++)); do
    kr_alive "$pid" "$want" || return 0
    sleep 0.02
  done
  kill -s KILL "$pid" 2>/dev/null || true
}

# Waits (at most ~1 s) until a dead child of ours is reaped, so that no zombie outlives us. (A
# daemon that keyring-ctl started belongs to init, which reaps it in its own time.)
kr_wait_gone() {
  local i stat
  for ((i = 0; i < 50; i++)); do
    read -r stat 2>/dev/null <"/proc/$1/stat" || return 0
    stat=${stat##*) }
    stat=${stat#* }
    [[ ${stat%% *} == "$$" ]] || return 0
    sleep 0.02
  done
}

# Prints the pids of every descendant of $1 (from /proc, no procps needed).
kr_descendants() {
  local line pid ppid parent kid
  local -A kids=()
  local -a queue=("$1")
  for line in /proc/[0-9]*/stat; do
    read -r line 2>/dev/null <"$line" || continue
    pid=${line%% *}
    ppid=${line##*) }
    ppid=${ppid#* }
    kids[${ppid%% *}]+=" $pid"
  done
  while ((${#queue[@]} > 0)); do
    parent=${queue[0]}
    queue=("${queue[@]:1}")
    for kid in ${kids[$parent]-}; do
      echo "$kid"
      queue+=("$kid")
    done
  done
}

kr_keyring_pid() { cat "$KR_STATE/keyring.pid" 2>/dev/null || true; }

# --root: the daemons come from a Debian root made by dbus/make-root ($KR_STATE/root names it), run under bubblewrap
# on our bus: the root as /, the host's /tmp (where the bus socket, HOME and XDG_* of the state directory live; the
# state directory itself is bound when it is elsewhere), /proc and /dev. Sets KR_WRAP to that command line (empty
# without a root), ending in `--`. No --die-with-parent: a daemon that keyring-ctl starts outlives keyring-ctl. The
# pid recorded is the daemon's own (kr_start_keyring), so that ending it ends bwrap too, never the other way round.
kr_wrap_init() {
  KR_WRAP=()
  local root
  root=$(cat "$KR_STATE/root" 2>/dev/null) || return 0
  [[ -n $root ]] || return 0
  command -v bwrap >/dev/null || kr_die "bwrap not found (apt-get install bubblewrap), needed by --root"
  KR_WRAP=(bwrap --bind "$root" / --proc /proc --dev /dev --bind /tmp /tmp)
  [[ $KR_STATE == /tmp/* ]] || KR_WRAP+=(--bind "$KR_STATE" "$KR_STATE")
  KR_WRAP+=(--)
}

# --root: the root's own clients, as commands of the same names in $KR_STATE/bin put first in CMD's PATH, so that
# interop tests and scripts talk to the root's daemon with the clients of its release: secret-tool, and under --kwallet
# kwallet-query. Each runs under bubblewrap as the daemon does (the state directory and /tmp visible, its working
# directory HOME when the caller's is not in the root). Nested with-keyrings inherit the PATH.
kr_root_clients() {
  ((${#KR_WRAP[@]} > 0)) || return 0
  local root program
  local -a programs=(secret-tool)
  root=$(cat "$KR_STATE/root")
  [[ $(kr_provider) != kwallet ]] || programs+=(kwallet-query)
  mkdir -p "$KR_STATE/bin"
  for program in "${programs[@]}"; do
    [[ -x $root/usr/bin/$program ]] || kr_die "$root has no /usr/bin/$program"
    printf '#!/bin/sh\n# %s from %s (dbus/with-keyring --root).\nexec %s /usr/bin/%s "$@"\n' \
      "$program" "$root" "$(printf '%q ' "${KR_WRAP[@]}")" "$program" >"$KR_STATE/bin/$program"
    chmod 755 "$KR_STATE/bin/$program"
  done
  export PATH="$KR_STATE/bin:$PATH"
}

# The root's program $1 exists (or, without a root, the host's).
kr_have_program() {
  local root
  root=$(cat "$KR_STATE/root" 2>/dev/null) || root=
  if [[ -n $root ]]; then
    [[ -x $root/usr/bin/$1 ]]
  else
    command -v "$1" >/dev/null
  fi
}

# The provider of the state directory's mode: gnome-keyring, kwallet, keepassxc or none.
kr_provider() {
  case $(cat "$KR_STATE/mode" 2>/dev/null) in
    kwallet) echo kwallet ;;
    keepassxc) echo keepassxc ;;
    no-provider) echo none ;;
    *) echo gnome-keyring ;;
  esac
}

# What the provider daemon's command line contains (kr_alive): kwalletd5 starts as kwallet-pam.py; a root's ksecretd
# is recorded by its own pid (kwallet-lib.sh).
kr_daemon_match() {
  case $(kr_provider) in
    kwallet) kr_kwallet_match ;;
    keepassxc) echo keepassxc ;;
    *) echo gnome-keyring-daemon ;;
  esac
}

# gdbus on the private bus ($DBUS_SESSION_BUS_ADDRESS), bounded.
kr_gdbus() { gdbus call --session --timeout 5 "$@"; }

# Prints the unique name owning org.freedesktop.secrets; fails when there is none.
kr_secrets_owner() {
  local out
  out=$(kr_gdbus -d org.freedesktop.DBus -o /org/freedesktop/DBus \
    -m org.freedesktop.DBus.GetNameOwner "$KR_SECRETS" 2>/dev/null) || return 1
  out=${out#"('"}
  echo "${out%"',)"}"
}

# Prints the object path an alias (default: "default") points to; fails when there is none.
kr_read_alias() {
  local out
  out=$(kr_gdbus -d "$KR_SECRETS" -o "$KR_SERVICE_PATH" \
    -m org.freedesktop.Secret.Service.ReadAlias "${1:-default}" 2>/dev/null) || return 1
  out=${out#"(objectpath '"}
  out=${out%"',)"}
  [[ $out == /org/* ]] || return 1
  echo "$out"
}

# Prints true or false: the Locked property of a collection.
kr_collection_locked() {
  local out
  out=$(kr_gdbus -d "$KR_SECRETS" -o "$1" -m org.freedesktop.DBus.Properties.Get \
    org.freedesktop.Secret.Collection Locked 2>/dev/null) || return 1
  case $out in
    *true*) echo true ;;
    *false*) echo false ;;
    *) return 1 ;;
  esac
}

# Writes the bus configuration of --activatable, $KR_STATE/bus.conf: session.conf and a service directory in the
# state directory whose org.freedesktop.secrets.service starts gnome-keyring-daemon as kr_start_keyring does,
# recording its pid. The daemon is then the bus's child, not ours: cleanup ends it by its pid, and after
# `keyring-ctl stop` or `kill` the next client call starts a new one (no "no provider" in this mode).
kr_activatable_bus_config() {
  mkdir -p "$KR_STATE/services"
  if ((${#KR_WRAP[@]} > 0)); then
    # --root: the root's sh records its pid (the host's: no pid namespace), which becomes the daemon's by exec.
    cat >"$KR_STATE/services/org.freedesktop.secrets.service" <<SERVICE
[D-BUS Service]
Name=$KR_SECRETS
Exec=/bin/sh -c "cd $HOME && exec ${KR_WRAP[*]} /bin/sh -c 'echo \$\$ >$KR_STATE/keyring.pid && exec gnome-keyring-daemon --foreground --unlock --components=secrets' <$KR_STATE/password >>$KR_STATE/keyring.log 2>&1"
SERVICE
  else
    cat >"$KR_STATE/services/org.freedesktop.secrets.service" <<SERVICE
[D-BUS Service]
Name=$KR_SECRETS
Exec=/bin/sh -c 'echo \$\$ >"$KR_STATE/keyring.pid"; cd "$HOME" && exec gnome-keyring-daemon --foreground --unlock --components=secrets <"$KR_STATE/password" >>"$KR_STATE/keyring.log" 2>&1'
SERVICE
  fi
  # The paths go into the service file's Exec= (dbus's quoting, then sh's) and into XML unescaped.
  [[ $KR_STATE =~ ^[A-Za-z0-9._/+-]+$ && $KR_HERE =~ ^[A-Za-z0-9._/+-]+$ && ${KR_WRAP[*]} =~ ^[A-Za-z0-9._/+\ -]*$ ]] ||
    kr_die "--activatable needs a state directory, a repository path and a root of letters, digits and ._/+- only"
  cat >"$KR_STATE/bus.conf" <<CONFIG
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <include>$KR_HERE/session.conf</include>
  <servicedir>$KR_STATE/services</servicedir>
  <!-- session.conf's 5 s is for a bus that activates nothing: a daemon starting on a loaded machine may need more. -->
  <limit name="service_start_timeout">30000</limit>
</busconfig>
CONFIG
}

# Starts gnome-keyring-daemon on the private bus, unlocking (or creating) the login keyring with
# the stored password, and waits until org.freedesktop.secrets has an owner and the default
# alias resolves. --foreground under our control (instead of --daemonize) so that we know its
# pid; its stdio is the password file and a log, never a caller's pipe.
kr_start_keyring() {
  local pid deadline
  [[ -s $KR_STATE/password ]] || kr_die "no keyring password in $KR_STATE (a --no-provider environment?)"
  # A password-less login keyring (--passwordless, once its password was cleared) opens with none: the stored
  # password would unlock it and make the daemon write it encrypted again at the next change.
  local input=$KR_STATE/password
  [[ -f $KR_STATE/passwordless ]] && input=/dev/null
  local logged
  logged=$(stat -c %s "$KR_STATE/keyring.log" 2>/dev/null || echo 0)
  ((${#KR_WRAP[@]} == 0)) || rm -f "$KR_STATE/keyring.pid" # the daemon writes it itself (below)
  (
    kr_close_inherited_fds
    cd "$HOME" || exit 1
    if ((${#KR_WRAP[@]} > 0)); then
      # The root's sh records its own pid, which becomes the daemon's by exec (no pid namespace: the host's pid).
      # shellcheck disable=SC2016 # (expanded by the inner sh)
      exec "${KR_WRAP[@]}" /bin/sh -c 'echo $$ >"$0" && exec "$@"' "$KR_STATE/keyring.pid" \
        gnome-keyring-daemon --foreground --unlock --components=secrets
    fi
    exec gnome-keyring-daemon --foreground --unlock --components=secrets
  ) <"$input" >>"$KR_STATE/keyring.log" 2>&1 &
  pid=$! # the daemon's, or bwrap's (which lives as long as the daemon) under --root
  disown "$pid" 2>/dev/null || true # no "Killed" job report when keyring-ctl kills it
  ((${#KR_WRAP[@]} > 0)) || echo "$pid" >"$KR_STATE/keyring.pid"
  deadline=$(($(kr_now_ms) + KR_TIMEOUT * 1000))
  until kr_read_alias default >/dev/null; do
    if ! kr_running "$pid"; then
      kr_die "gnome-keyring-daemon exited before providing $KR_SECRETS; its log:
$(tail -n 20 "$KR_STATE/keyring.log" 2>/dev/null)"
    fi
    # A login keyring the daemon refuses (e.g. a password-less one a multi-line secret broke: docs/backends.md)
    # never gets its alias: say so at once rather than wait out the timeout.
    if tail -c +$((logged + 1)) "$KR_STATE/keyring.log" 2>/dev/null | grep -q 'invalid or unrecognized format'; then
      kr_die "gnome-keyring-daemon refused a keyring file (pid $pid); its log:
$(tail -n 20 "$KR_STATE/keyring.log" 2>/dev/null)"
    fi
    if (($(kr_now_ms) > deadline)); then
      kr_die "timed out after ${KR_TIMEOUT}s waiting for $KR_SECRETS and its 'default' alias" \
        "(gnome-keyring-daemon pid $pid); its log:
$(tail -n 20 "$KR_STATE/keyring.log" 2>/dev/null)"
    fi
    sleep 0.02
  done
  if [[ -f $KR_STATE/passwordless ]]; then kr_unlock_passwordless; fi
}

# --passwordless: gnome-keyring's InternalUnsupportedGuiltRiddenInterface.ChangeWithMasterPassword(login, the stored
# password, "") in a plain session opened on the same connection (the interface needs one), as a desktop does when
# its user sets an empty keyring password for auto-login. From then on the daemon writes login.keyring in its
# textual, unencrypted format ("[keyring]" instead of "GnomeKeyring\n\r\0\n"). Needs jeepney; password on stdin.
KR_CLEAR_PASSWORD_PY='
import sys
from jeepney import DBusAddress, MessageType, new_method_call
from jeepney.io.blocking import open_dbus_connection
password = sys.stdin.buffer.read()
connection = open_dbus_connection(bus="SESSION")
name, path = "org.freedesktop.secrets", "/org/freedesktop/secrets"
service = DBusAddress(path, bus_name=name, interface="org.freedesktop.Secret.Service")
reply = connection.send_and_get_reply(new_method_call(service, "OpenSession", "sv", ("plain", ("s", ""))), timeout=10)
if reply.header.message_type == MessageType.error:
    sys.exit("OpenSession failed: %s" % (reply.body,))
session = reply.body[1]
internal = DBusAddress(path, bus_name=name, interface="org.gnome.keyring.InternalUnsupportedGuiltRiddenInterface")
reply = connection.send_and_get_reply(new_method_call(
    internal, "ChangeWithMasterPassword", "o(oayays)(oayays)",
    (sys.argv[1], (session, b"", password, "text/plain"), (session, b"", b"", "text/plain"))), timeout=10)
connection.close()
if reply.header.message_type == MessageType.error:
    sys.exit("ChangeWithMasterPassword failed: %s" % (reply.body,))
'

# Makes the login collection password-less (see KR_CLEAR_PASSWORD_PY) and checks that its file is textual.
kr_clear_password() {
  local collection file
  collection=$(kr_read_alias default) || kr_die "no 'default' collection to make password-less"
  /usr/bin/python3 -c "$KR_CLEAR_PASSWORD_PY" "$collection" <"$KR_STATE/password" ||
    kr_die "could not clear the password of $collection"
  : >"$KR_STATE/passwordless"
  file=$XDG_DATA_HOME/keyrings/${collection##*/}.keyring
  [[ $(head -c 9 "$file" 2>/dev/null) == "[keyring]" ]] || kr_die "$file is not in the textual format"
}

# A password-less collection is locked when the daemon starts with no password, and unlocks without a prompt:
# Service.Unlock, as any client's first read does; checks Locked.
kr_unlock_passwordless() {
  local collection
  collection=$(kr_read_alias default) || kr_die "no 'default' collection to unlock"
  kr_gdbus -d "$KR_SECRETS" -o "$KR_SERVICE_PATH" -m org.freedesktop.Secret.Service.Unlock \
    "['$collection']" >/dev/null || kr_die "Service.Unlock of $collection failed"
  [[ $(kr_collection_locked "$collection") == false ]] || kr_die "$collection is still locked after Unlock"
}

# Waits until org.freedesktop.secrets has no owner on the bus.
kr_wait_no_owner() {
  local deadline=$(($(kr_now_ms) + KR_TIMEOUT * 1000))
  while kr_secrets_owner >/dev/null; do
    (($(kr_now_ms) <= deadline)) || kr_die "timed out after ${KR_TIMEOUT}s: $KR_SECRETS still has an owner"
    sleep 0.02
  done
}

# Locks the collection the default alias points to, without any prompt (Service.Lock never prompts
# in gnome-keyring), and checks that it is locked.
kr_lock() {
  local collection
  collection=$(kr_read_alias default) || kr_die "no 'default' collection to lock (no provider running?)"
  kr_gdbus -d "$KR_SECRETS" -o "$KR_SERVICE_PATH" -m org.freedesktop.Secret.Service.Lock \
    "['$collection']" >/dev/null || kr_die "Service.Lock of $collection failed"
  [[ $(kr_collection_locked "$collection") == true ]] || kr_die "$collection is still unlocked after Lock"
}

# The gnome-keyring control socket protocol (daemon/control in gnome-keyring): a credentials byte,
# then a packet [uint32 size][uint32 op=1 UNLOCK][uint32 length][password], all big-endian; the
# reply is [uint32 size][uint32 result], 0 = OK, 1 = DENIED. Password on stdin, socket in argv[1].
# Standard library only, so any python3 will do.
KR_UNLOCK_PY='
import socket, struct, sys
password = sys.stdin.buffer.read()
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.settimeout(10)
s.connect(sys.argv[1])
s.sendall(b"\0")
body = struct.pack(">II", 1, len(password)) + password
s.sendall(struct.pack(">I", 4 + len(body)) + body)
reply = b""
while len(reply) < 8:
    chunk = s.recv(8 - len(reply))
    if not chunk:
        break
    reply += chunk
if len(reply) < 8:
    sys.exit("no reply from the gnome-keyring control socket")
result = struct.unpack(">II", reply)[1]
if result != 0:
    sys.exit("gnome-keyring refused to unlock the login keyring (control result %d)" % result)
'

# Unlocks the login keyring with the stored password through the daemon's control socket: no
# prompt, no restart (clients keep their connection), and checks the default collection.
kr_unlock() {
  local collection socket="$XDG_RUNTIME_DIR/keyring/control"
  if [[ -f $KR_STATE/passwordless ]]; then
    kr_unlock_passwordless
    return
  fi
  [[ -S $socket ]] || kr_die "no gnome-keyring control socket at $socket (daemon not running?)"
  local python=/usr/bin/python3 # the system's starts fastest; any python3 will do
  [[ -x $python ]] || python=$(command -v python3) ||
    kr_die "python3 is needed to talk to the gnome-keyring control socket"
  "$python" -c "$KR_UNLOCK_PY" "$socket" <"$KR_STATE/password" || kr_die "unlock through $socket failed"
  collection=$(kr_read_alias default) || kr_die "no 'default' collection after unlock"
  [[ $(kr_collection_locked "$collection") == false ]] || kr_die "$collection is still locked after unlock"
}

# shellcheck source=dbus/kwallet-lib.sh
. "$KR_HERE/kwallet-lib.sh"
# shellcheck source=dbus/keepassxc-lib.sh
. "$KR_HERE/keepassxc-lib.sh"
# shellcheck source=dbus/keychain-lib.sh
. "$KR_HERE/keychain-lib.sh"
