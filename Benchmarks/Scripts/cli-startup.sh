#!/usr/bin/env bash
# The `security` command as a whole process beside secret-tool, for the README's main job:
#   security find-generic-password -a alice -s example -w   against   secret-tool lookup service example account alice
# In one run on one throwaway keyring (dbus/with-keyring), the commands run interleaved (round after round, each
# command once a round, so that a change of load hits them alike): wall time (median, min–max) and CPU time (user +
# system of the process and its threads, median) from wait4; peak resident memory (median of 5) from GNU time, whose
# own small process is the parent (a child's peak counts its parent's pages until it execs). Beside the
# lookups, the processes that only start: `security help` (the Swift runtime, Foundation and the executable, no
# D-Bus) and `secret-tool` without arguments (GLib and libsecret, no D-Bus), and `security find-generic-password -g`
# (the same lookup returning the item's attributes and reference too). Prints a Markdown table and the ratios.
#
# usage: Benchmarks/Scripts/cli-startup.sh [--keychain] [SECURITY_BINARY…]
#   --keychain: on a keychain file with no bus (dbus/with-keyring --keychain: made and unlocked by the security tool in
#   earlier processes), against secret-tool on the same file through libsecret's file backend with the keychain's
#   password (`env SECRET_BACKEND=file SECRET_FILE_TEST_PATH=… SECRET_FILE_TEST_PASSWORD=… secret-tool …`: one more
#   exec, of env, on secret-tool's side; libsecret derives the file's key in every process, 600,000 PBKDF2 rounds).
#   Each binary is measured (default: .build/release/security, built as the README installs it:
#   swift build -c release --static-swift-stdlib --product security). CLI_RUNS sets the rounds (default 25).
# Needs: secret-tool (libsecret-tools), GNU time, python3; run from anywhere.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
mode=()
if [[ ${1:-} == --keychain ]]; then
  mode=(--keychain)
  shift
fi
if (($# == 0)); then set -- "$root/.build/release/security"; fi
for binary in "$@"; do
  [[ -x $binary ]] || { echo "cli-startup: no executable at $binary" >&2; exit 2; }
done
for tool in secret-tool python3; do
  command -v "$tool" >/dev/null || { echo "cli-startup: $tool not found (apt-get install libsecret-tools)" >&2; exit 2; }
done
[[ -x /usr/bin/time ]] || { echo "cli-startup: GNU time not found (apt-get install time)" >&2; exit 2; }

export CLI_RUNS=${CLI_RUNS:-25}
exec "$root/dbus/with-keyring" "${mode[@]}" bash -s -- "$@" <<'MEASURE'
set -euo pipefail
secret_tool=secret-tool
if [[ -n ${WITH_KEYRING_KEYCHAIN:-} ]]; then
  secret_tool="env SECRET_BACKEND=file SECRET_FILE_TEST_PATH=$WITH_KEYRING_KEYCHAIN"
  secret_tool+=" SECRET_FILE_TEST_PASSWORD=$(cat "$WITH_KEYRING_DIR/keychain-password") secret-tool"
fi
"$1" add-generic-password -a alice -s example -w s3cret

# name|command; a binary is named by its path (shortened to the last three components)
commands=()
for binary in "$@"; do
  name=$(echo "$binary" | awk -F/ '{print (NF > 3 ? "…/" : "") $(NF-2) "/" $(NF-1) "/" $NF}')
  commands+=("$name -w|$binary find-generic-password -a alice -s example -w")
  commands+=("$name -g|$binary find-generic-password -a alice -s example -g")
  commands+=("$name help|$binary help")
done
commands+=("secret-tool lookup|$secret_tool lookup service example account alice")
commands+=("secret-tool (usage)|$secret_tool")

for entry in "${commands[@]}"; do
  case $entry in
    *" -w|"* | "secret-tool lookup|"*)
      command=${entry#*|}
      [[ $($command) == s3cret ]] || { echo "cli-startup: '$command' did not print the password" >&2; exit 1; }
      ;;
  esac
done

python3 - "$CLI_RUNS" "${commands[@]}" <<'REPORT'
import os, shlex, statistics, subprocess, sys, time
runs, entries = int(sys.argv[1]), sys.argv[2:]
names = [entry.split("|", 1)[0] for entry in entries]
argvs = [shlex.split(entry.split("|", 1)[1]) for entry in entries]
samples = {name: [] for name in names}
devnull = os.open(os.devnull, os.O_WRONLY)

def once(argv):
    """Wall ms and CPU ms (user + system of the process and its threads) of one run."""
    start = time.perf_counter_ns()
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=[
        (os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)])
    _, _, usage = os.wait4(pid, 0)
    wall = (time.perf_counter_ns() - start) / 1e6
    return wall, (usage.ru_utime + usage.ru_stime) * 1000

def peak(argv):
    """Peak RSS MiB of one run, as GNU time reports it."""
    out = subprocess.run(["/usr/bin/time", "-f", "%M", *argv], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True).stderr.strip().splitlines()[-1]
    return int(out) / 1024

for argv in argvs:  # warm-up: page cache, the daemon's first reads
    for _ in range(3): once(argv)
for _ in range(runs):
    for name, argv in zip(names, argvs):
        samples[name].append(once(argv))
memory = {name: statistics.median(peak(argv) for _ in range(5)) for name, argv in zip(names, argvs)}

print(f"{runs} interleaved rounds\n")
print("| command | wall median (min–max) | CPU median | peak memory (median) |")
print("|---|---|---|---|")
rows = {}
for name in names:
    walls = [s[0] for s in samples[name]]
    cpus = [s[1] for s in samples[name]]
    rows[name] = (statistics.median(walls), statistics.median(cpus), memory[name])
    print(f"| `{name}` | {rows[name][0]:.1f} ms ({min(walls):.1f}–{max(walls):.1f}) | "
          f"{rows[name][1]:.1f} ms | {rows[name][2]:.1f} MiB |")
base = rows["secret-tool lookup"]
print()
for name, row in rows.items():
    if name.endswith(" -w") or name.endswith(" -g"):
        print(f"{name} / secret-tool lookup: wall {row[0] / base[0]:.2f}×, CPU {row[1] / base[1]:.2f}×, "
              f"peak memory {row[2] / base[2]:.2f}×")
REPORT
MEASURE
