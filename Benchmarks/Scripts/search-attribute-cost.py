#!/usr/bin/python3
"""The daemon's CPU for one SearchItems of LookupLoop's item: with the exact search's eight attributes against
libsecret's three (schema, service, account), taken in turns, from the daemon's utime + stime in /proc.

usage (the item is LookupLoop's own, added by `fill`):
  dbus/with-keyring bash -c 'Benchmarks/.build/release/LookupLoop fill 10 >/dev/null &&
    /usr/bin/python3 Benchmarks/Scripts/search-attribute-cost.py [CALLS] [ROUNDS]'
Needs: python3-dbus (apt). The access group is LookupLoop's application identity: its executable's name.
"""
import os
import sys

import dbus

calls = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 6
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
three = {"xdg:schema": schema, "service": "lookup-loop.example", "account": "own"}
eight = dict(three, **{"keychain:agrp": "LookupLoop", "keychain:sync": "0", "keychain:enc:svce": "text",
                       "keychain:enc:acct": "text", "keychain:enc:accc": "none"})
for _ in range(rounds):
    for name, attributes in (("3 attributes", three), ("8 attributes", eight)):
        before = daemon_cpu()
        for _ in range(calls):
            found = service.SearchItems(attributes)
        spent = daemon_cpu() - before
        print(f"{name}: {1e6 * spent / calls:.0f} µs of the daemon's CPU a search (found {len(found[0])})")
