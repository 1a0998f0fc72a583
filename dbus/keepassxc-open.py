"""Unlocks a database KeePassXC has open, for dbus/keyring-ctl under dbus/with-keyring --keepassxc.

usage: keepassxc-open.py DATABASE PASSWORDFILE

Calls org.keepassxc.KeePassXC.MainWindow.openDatabase(DATABASE, password) at /keepassxc on
$DBUS_SESSION_BUS_ADDRESS: KeePassXC unlocks a locked database in place, without a dialog, and its Secret Service
collection comes back at the same path. The password is only read from PASSWORDFILE (no trailing newline); it is
never printed and never in argv. Needs jeepney (python3-jeepney, a dependency of python3-secretstorage).
"""

import sys

NAME = "org.keepassxc.KeePassXC.MainWindow"
PATH = "/keepassxc"


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    try:
        from jeepney import DBusAddress, MessageType, new_method_call
        from jeepney.io.blocking import open_dbus_connection
    except ImportError:
        sys.exit("keepassxc-open: jeepney is needed (apt-get install python3-jeepney)")
    with open(argv[2], "rb") as f:
        password = f.read().decode("utf-8")
    connection = open_dbus_connection(bus="SESSION")
    address = DBusAddress(PATH, bus_name=NAME, interface=NAME)
    reply = connection.send_and_get_reply(new_method_call(address, "openDatabase", "ss", (argv[1], password)),
                                          timeout=10)
    connection.close()
    if reply.header.message_type == MessageType.error:
        sys.exit("keepassxc-open: openDatabase failed: %s" % " ".join(map(str, reply.body)))


if __name__ == "__main__":
    main(sys.argv)
