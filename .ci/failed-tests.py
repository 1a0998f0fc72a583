#!/usr/bin/env python3
"""Prints a `swift test --filter` regular expression matching the tests that failed in a Swift Testing JUnit XML file
(`swift test --xunit-output FILE` writes FILE-swift-testing.xml), one alternative per failed test, or nothing when no
test failed. A failed test is a <testcase> holding a <failure> or an <error>; its ID in Swift Testing is
Module.Suite/test(labels:), and the pattern names the innermost suite and the test function."""

import re
import sys
import xml.etree.ElementTree as ElementTree


def failed_tests(path):
    tests = []
    for case in ElementTree.parse(path).iter("testcase"):
        if case.find("failure") is None and case.find("error") is None:
            continue
        suite = case.get("classname", "").split(".")[-1]
        name = case.get("name", "")
        if suite and name and (suite, name) not in tests:
            tests.append((suite, name))
    return tests


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: failed-tests.py JUNIT.xml")
    tests = failed_tests(sys.argv[1])
    if tests:
        print("|".join(re.escape(f"{suite}/{name}") for suite, name in tests))


if __name__ == "__main__":
    main()
