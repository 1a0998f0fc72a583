#!/usr/bin/env python3
"""Writes a seccomp BPF program (this machine's architecture) that makes add_key, keyctl and request_key fail with
EPERM, as Docker's default seccomp profile refuses them, for `bwrap --dev-bind / / --seccomp FD CMD FD<FILE`.

Usage: nokeys-filter.py FILE   (needs Debian's python3-seccomp: /usr/bin/python3)
"""
import errno
import sys

import seccomp

program = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
for name in ("add_key", "keyctl", "request_key"):
    program.add_rule(seccomp.ERRNO(errno.EPERM), name)
with open(sys.argv[1], "wb") as out:
    program.export_bpf(out)
