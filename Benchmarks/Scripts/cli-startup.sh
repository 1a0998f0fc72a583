#!/usr/bin/env bash
# The `security` command as a whole process beside secret-tool, for the README's main job:
#   security find-generic-password -a alice -s example -w   against   secret-tool lookup service example account alice
# Wall time (median, min–max) and CPU time (mean) from hyperfine, peak memory from GNU time (median), in one run on one
# throwaway keyring (dbus/with-keyring). Prints a Markdown table and the ratios.
#
# usage: Benchmarks/Scripts/cli-startup.sh [--keychain] [SECURITY_BINARY…]
#   --keychain: on a keychain file with no bus (dbus/with-keyring --keychain: made and unlocked by the security tool in
#   earlier processes), against secret-tool on the same file through libsecret's file backend with the keychain's
#   password (`env SECRET_BACKEND=file SECRET_FILE_TEST_PATH=… SECRET_FILE_TEST_PASSWORD=… secret-tool …`: one more
#   exec, of env, on secret-tool's side; libsecret derives the file's key in every process, 600,000 PBKDF2 rounds).
#   Each binary is measured (default: .build/release/security, built as the README installs it:
#   swift build -c release --static-swift-stdlib --product security). CLI_RUNS sets the runs (default 15).
# Needs: hyperfine, time (GNU), secret-tool (libsecret-tools), python3; run from anywhere.
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
for tool in hyperfine secret-tool python3; do
  command -v "$tool" >/dev/null || { echo "cli-startup: $tool not found (apt-get install hyperfine libsecret-tools)" >&2; exit 2; }
done
[[ -x /usr/bin/time ]] || { echo "cli-startup: GNU time not found (apt-get install time)" >&2; exit 2; }

export CLI_RUNS=${CLI_RUNS:-15}
exec "$root/dbus/with-keyring" "${mode[@]}" bash -s -- "$@" <<'MEASURE'
set -euo pipefail
runs=$CLI_RUNS
secret_tool=secret-tool
if [[ -n ${WITH_KEYRING_KEYCHAIN:-} ]]; then
  secret_tool="env SECRET_BACKEND=file SECRET_FILE_TEST_PATH=$WITH_KEYRING_KEYCHAIN"
  secret_tool+=" SECRET_FILE_TEST_PASSWORD=$(cat "$WITH_KEYRING_DIR/keychain-password") secret-tool"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$1" add-generic-password -a alice -s example -w s3cret

# name|command; a binary is named by its path (shortened to the last three components)
commands=()
for binary in "$@"; do
  commands+=("$(echo "$binary" | awk -F/ '{print (NF > 3 ? "…/" : "") $(NF-2) "/" $(NF-1) "/" $NF}')|$binary find-generic-password -a alice -s example -w")
done
commands+=("secret-tool|$secret_tool lookup service example account alice")

for entry in "${commands[@]}"; do
  command=${entry#*|}
  [[ $($command) == s3cret ]] || { echo "cli-startup: '$command' did not print the password" >&2; exit 1; }
done

hyperfine_args=()
for entry in "${commands[@]}"; do hyperfine_args+=(--command-name "${entry%%|*}" "${entry#*|}"); done
hyperfine --style none --warmup 3 --runs "$runs" --export-json "$work/wall.json" "${hyperfine_args[@]}" >/dev/null

index=0
for entry in "${commands[@]}"; do
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%U %S %M" -a -o "$work/time.$index.txt" ${entry#*|} >/dev/null
  done
  index=$((index + 1))
done

python3 - "$work" "${commands[@]}" <<'REPORT'
import json, statistics, sys
work, entries = sys.argv[1], sys.argv[2:]
wall = {r["command"]: r for r in json.load(open(f"{work}/wall.json"))["results"]}
rows = {}
for index, entry in enumerate(entries):
    name = entry.split("|", 1)[0]
    # GNU time's CPU figures have a 10 ms resolution: CPU comes from hyperfine (user + system, mean of the runs).
    memory = [int(line.split()[2]) / 1024 for line in open(f"{work}/time.{index}.txt")]
    result = wall[name]
    times = [t * 1000 for t in result["times"]]
    cpu = (result["user"] + result["system"]) * 1000
    rows[name] = (statistics.median(times), min(times), max(times), cpu, statistics.median(memory))
print(f"| command | wall median (min–max) | CPU (mean) | peak memory (median) |")
print("|---|---|---|---|")
for name, (median, low, high, cpu, memory) in rows.items():
    print(f"| `{name}` | {median:.1f} ms ({low:.1f}–{high:.1f}) | {cpu:.1f} ms | {memory:.1f} MiB |")
base = rows["secret-tool"]
for name, row in rows.items():
    if name != "secret-tool":
        print(f"\n{name} / secret-tool: wall {row[0] / base[0]:.2f}×, CPU {row[3] / base[3]:.2f}×, "
              f"peak memory {row[4] / base[4]:.2f}×")
REPORT
MEASURE
