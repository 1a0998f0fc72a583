#!/usr/bin/env python3
"""Prints a regular expression matching the test IDs of every suite tagged `.daemon` (docs/testing.md), for
`swift test --skip`, since `swift test` selects tests by name and not by tag:

    swift test --skip "$(python3 Scripts/daemon-suites.py)"      # the tests that need no bus or daemon
    python3 Scripts/daemon-suites.py --list                      # the tagged suites, one per line

A suite is tagged where its `@Suite(…)` attribute, at the start of a line of a file under Tests/, lists
`.tags(.daemon)`; its nested suites and tests go with it. Run from anywhere.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUITE = re.compile(r"^@Suite\b")
TYPE = re.compile(r"^(?:public |package |internal |final |@\w+ )*(?:struct|class|enum|actor) (\w+)", re.M)


def attribute_end(text, start):
    """The end of the `@Suite(…)` attribute starting at `start` (its parentheses balanced, strings skipped)."""
    index = text.find("(", start)
    if index < 0 or text[start:index].strip() != "@Suite":
        return start + len("@Suite")
    depth, in_string = 0, False
    while index < len(text):
        character = text[index]
        if in_string:
            if character == "\\":
                index += 1
            elif character == '"':
                in_string = False
        elif character == '"':
            in_string = True
        elif character == "(":
            depth += 1
        elif character == ")":
            depth -= 1
            if depth == 0:
                return index + 1
        index += 1
    return index


def daemon_suites():
    """(target, suite type) of every tagged suite."""
    suites = []
    tests = os.path.join(ROOT, "Tests")
    for directory, _, files in os.walk(tests):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            target = os.path.relpath(directory, tests).split(os.sep)[0]
            with open(os.path.join(directory, name), encoding="utf-8") as file:
                text = file.read()
            for line in re.finditer(r"^@Suite\b.*$", text, re.M):
                end = attribute_end(text, line.start())
                if ".tags(.daemon)" not in text[line.start():end]:
                    continue
                declared = TYPE.search(text, end)
                if declared:
                    suites.append((target, declared.group(1)))
    return sorted(set(suites))


def main():
    suites = daemon_suites()
    if "--list" in sys.argv[1:]:
        for target, suite in suites:
            print(f"{target}.{suite}")
        return
    print("^(" + "|".join(re.escape(f"{target}.{suite}") for target, suite in suites) + ")/")


if __name__ == "__main__":
    main()
