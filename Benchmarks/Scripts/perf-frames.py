#!/usr/bin/env python3
"""Where a call's CPU goes, from a `perf record --call-graph dwarf` of `LookupLoop` (Benchmarks/Sources/LookupLoop):
the CPU of the calling thread per call, inclusive, for every function of the package's modules (or of the functions a
regular expression names), with its share of the calls' total. Swift names are demangled with the toolchain's
swift-demangle.

usage: Benchmarks/Scripts/perf-frames.py PERF.DATA CALLS [REGEX] [--under FUNCTION-REGEX] [--libraries] [--top N]
  REGEX:       which symbols count (default: this package's Swift modules); e.g. '^(secret_|g_dbus_connection_call)'
  --under:     instead, what the innermost frame matching FUNCTION-REGEX spends its time in, callee by callee
  --libraries: instead, the CPU spent in each library's own code (the innermost frame's object: the Swift runtime,
               GLib, the kernel, the executable, which holds this package's modules when linked statically)
Needs: perf (run on the machine that recorded), python3; swift-demangle from PATH or /opt/swift/usr/bin.
"""
import collections
import os
import re
import shutil
import subprocess
import sys

PACKAGE = r"^\$s(8Security|19FreedesktopServices|10GLibValues|16KeychainServices)"


def samples(path):
    """The call stacks (innermost frame first, as symbol names) of the calling thread (`LookupLoop`)."""
    script = subprocess.run(
        ["perf", "script", "-i", path, "--comm", "LookupLoop", "-F", "tid,ip,sym,dso"],
        capture_output=True, text=True, check=True).stdout
    stack = []
    for line in script.splitlines():
        if not line.strip():
            if stack:
                yield stack
            stack = []
            continue
        if not line.startswith(("\t", " ")):
            continue
        parts = line.strip().split(None, 1)
        if len(parts) == 2:
            symbol = re.sub(r" \([^()]*\)$", "", parts[1])  # the object's path
            stack.append(symbol.replace(" (inlined)", ""))
    if stack:
        yield stack


def libraries(path):
    """The object (library or executable) of the innermost frame of each sample of the calling thread."""
    script = subprocess.run(
        ["perf", "script", "-i", path, "--comm", "LookupLoop", "-F", "ip,sym,dso"],
        capture_output=True, text=True, check=True).stdout
    innermost = True
    for line in script.splitlines():
        if not line.strip():
            innermost = True
            continue
        if innermost and line.startswith(("\t", " ")):
            match = re.search(r"\(([^()]*)\)$", line.strip())
            if match and match.group(1) == "inlined":
                continue  # code inlined into the next frame's function: counted in that frame's object
            innermost = False
            yield os.path.basename(match.group(1)) if match else "[unknown]"


def demangle(names):
    tool = shutil.which("swift-demangle") or "/opt/swift/usr/bin/swift-demangle"
    if not os.path.exists(tool):
        return names
    result = subprocess.run([tool, "--simplified", "--compact"], input="\n".join(names), capture_output=True,
                            text=True)
    lines = result.stdout.split("\n")
    return lines[:len(names)] if len(lines) >= len(names) else names


def main(arguments):
    top = 60
    under = None
    if "--top" in arguments:
        index = arguments.index("--top")
        top = int(arguments[index + 1])
        del arguments[index:index + 2]
    by_library = "--libraries" in arguments
    if by_library:
        arguments.remove("--libraries")
    if "--under" in arguments:
        index = arguments.index("--under")
        under = re.compile(arguments[index + 1])
        del arguments[index:index + 2]
    if len(arguments) < 2:
        sys.exit(__doc__)
    path, calls = arguments[0], int(arguments[1])
    counted = re.compile(arguments[2] if len(arguments) > 2 else PACKAGE)
    frequency = None
    header = subprocess.run(["perf", "report", "-i", path, "--header-only"], capture_output=True, text=True).stdout
    match = re.search(r"sample_freq }? = (\d+)", header)
    frequency = int(match.group(1)) if match else 5000
    counts = collections.Counter()
    total = 0
    if by_library:
        counts.update(libraries(path))
        perCall = lambda n: n / frequency / calls * 1e6
        print(f"{sum(counts.values())} samples of the calling thread at {frequency} Hz over {calls} calls: "
              f"{perCall(sum(counts.values())):.1f} µs of CPU a call (set-up included), by library's own code")
        for name, count in counts.most_common(top):
            print(f"{perCall(count):8.1f} µs  {name}")
        return
    for stack in samples(path):
        total += 1
        if under:
            index = next((i for i, name in enumerate(stack) if under.search(name)), None)
            if index is not None:
                counts[stack[index - 1] if index > 0 else "<its own code>"] += 1
            continue
        for name in set(name for name in stack if counted.search(name)):
            counts[name] += 1
    microseconds = lambda n: n / frequency / calls * 1e6
    print(f"{total} samples of the calling thread at {frequency} Hz over {calls} calls: "
          f"{microseconds(total):.1f} µs of CPU a call (set-up included)")
    names = [name for name, _ in counts.most_common(top)]
    for name, readable in zip(names, demangle(names)):
        print(f"{microseconds(counts[name]):8.1f} µs  {readable[:150]}")


if __name__ == "__main__":
    main(sys.argv[1:])
