#!/usr/bin/env python3
"""Fails when a Swift file imports a module of this package (or a library product) that its target does not name
as a dependency in Package.swift.

SwiftPM lets such an import compile whenever the module happens to be built before the file (an incremental build,
or a fresh one whose order is lucky), so it passes on a developer's machine and fails on a fresh clone: the layers
docs/architecture.md describes are only enforced by the compiler when every target names what it imports. Modules of
the toolchain and the system (Foundation, Glibc, Testing, …) need no declaration. Run from anywhere, with `swift` on
the PATH; exits 1 with one line per undeclared import (target file: module).

    python3 Scripts/check-target-imports.py
"""

import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Modules of the toolchain and the system, which a target imports without declaring them.
SYSTEM = {
    "CoreFoundation", "Dispatch", "Foundation", "FoundationEssentials", "Glibc", "Musl", "Synchronization",
    "Testing", "XCTest", "_Concurrency",
}
IMPORT = re.compile(r"^(?:@testable |@_exported |internal |package |public )?import (\w+)", re.M)


def main():
    described = subprocess.run(
        ["swift", "package", "describe", "--type", "json"], cwd=ROOT, capture_output=True, text=True, check=True)
    package = json.loads(described.stdout)
    problems = []
    for target in package["targets"]:
        declared = set(target.get("target_dependencies", [])) | set(target.get("product_dependencies", []))
        declared.add(target["name"])
        for path in sorted(glob.glob(os.path.join(ROOT, target["path"], "**", "*.swift"), recursive=True)):
            with open(path, encoding="utf-8") as file:
                for module in IMPORT.findall(file.read()):
                    if module not in declared and module not in SYSTEM:
                        problems.append(f"{target['name']} {os.path.relpath(path, ROOT)}: {module}")
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-target-imports: {len(problems)} import(s) of a module the target does not declare")
        return 1
    print(f"check-target-imports: {len(package['targets'])} targets, every package module they import is declared")
    return 0


if __name__ == "__main__":
    sys.exit(main())
