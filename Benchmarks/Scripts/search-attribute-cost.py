#!/usr/bin/python3
"""The daemon's CPU for one SearchItems of one of LookupLoop's items, taken in turns: libsecret's three attributes
(schema, service, account), the exact search's eight (ExactSearch) and those eight less `xdg:schema` (an alternative
measured and rejected: docs/performance.md), from the daemon's utime + stime in /proc.

usage (the items are LookupLoop's own: `fill` adds the item "own", `fillfirst N` N items of the same service,
"first-0" …, which gnome-keyring compares field by field with every search of one of them):
  dbus/with-keyring bash -c 'Benchmarks/.build/release/LookupLoop fill 10 >/dev/null &&
    Benchmarks/.build/release/LookupLoop fillfirst 200 >/dev/null &&
    /usr/bin/python3 Benchmarks/Scripts/search-attribute-cost.py [CALLS] [ROUNDS] [ACCOUNT]'
Needs: python3-dbus (apt). The access group is LookupLoop's application identity: its executable's name.
"""
import os
import sys

import dbus

calls = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 6
account = sys.argv[3] if len(sys.argv) > 3 else "own"
bus = dbus.SessionBus()
service = dbus.Interface(bus.get_object("org.freedesktop.secrets", "/org/freedesktop/secrets"),
                         "org.freedesktop.Secret.Service")
daemon = bus.get_object("org.freedesktop.DBus", "/org/freedesktop/DBus")
pid = int(daemon.GetConnectionUnixProcessID(bus.get_name_owner("org.freedesktop.secrets"),
                                            dbus_interface="org.freedesktop.DBus"))


def daemon_cpu():
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


schema = "org.swift-keychain-linux.GenericPassword"
three = {"xdg:schema": schema, "service": "lookup-loop.example", "account": account}
seven = {"keychain:agrp": "LookupLoop", "keychain:sync": "0", "service": "lookup-loop.example",
         "keychain:enc:svce": "text", "account": account, "keychain:enc:acct": "text", "keychain:enc:accc": "none"}
eight = dict(seven, **{"xdg:schema": schema})
for _ in range(rounds):
    for name, attributes in (("3 attributes (libsecret)", three), ("7 attributes (no schema)", seven),
                             ("8 attributes (exact search)", eight)):
        before = daemon_cpu()
        for _ in range(calls):
            found = service.SearchItems(attributes)
        spent = daemon_cpu() - before
        print(f"{name}: {1e6 * spent / calls:.0f} µs of the daemon's CPU a search (found {len(found[0])})")
