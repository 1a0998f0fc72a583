"""KWallet's PAM login path, for dbus/with-keyring --kwallet and dbus/keyring-ctl. See docs/testing.md.

usage: kwallet-pam.py exec KEYFILE
         Becomes `kwalletd5 --pam-login <pipe-fd> <socket-fd>` (what pam_kwallet5 does at login): the key
         (KEYFILE, 56 bytes) is already waiting in the pipe, and the line DBUS_SESSION_BUS_ADDRESS=<ours>
         already waiting on a connection to the listening socket, so kwalletd5 opens (or, the first time,
         creates) the wallet "kdewallet" with that key and no dialog. Standard library only (runs
         under python3 -S).
       kwallet-pam.py open KEYFILE
         Opens the wallet again after Service.Lock closed it, without a dialog: org.kde.KWallet.pamOpen
         with the key over D-Bus, then waits until isOpen. Does nothing when it is open. Needs jeepney
         (python3-jeepney, a dependency of python3-secretstorage). The Secret Service collection still
         reports Locked until a client's Unlock, whose prompt then completes at once (keyring-ctl does it).

Both act on $DBUS_SESSION_BUS_ADDRESS. The key is only read from KEYFILE; it is never printed.
"""

import os
import socket
import sys
import time

# kwalletd5 5.103 reads exactly PBKDF2_SHA512_KEYSIZE (56) bytes from the pipe, and its D-Bus pamOpen
# refuses any hash that is not 20, 40 or 56 bytes long (-42, "unsupported encryption scheme").
KEY_SIZE = 56
WALLET = "kdewallet"
KWALLETD = "org.kde.kwalletd5"
KWALLETD_PATH = "/modules/kwalletd5"


def fail(message):
    sys.exit("kwallet-pam: %s" % message)


def read_key(path):
    with open(path, "rb") as f:
        key = bytearray(f.read())
    if len(key) != KEY_SIZE:
        fail("%s must hold exactly %d bytes" % (path, KEY_SIZE))
    return key


def exec_daemon(key_path):
    address = os.environ.get("DBUS_SESSION_BUS_ADDRESS", "")
    if not address.startswith("unix:"):
        fail("DBUS_SESSION_BUS_ADDRESS is not a unix address: %r" % address)
    runtime = os.environ.get("XDG_RUNTIME_DIR") or fail("XDG_RUNTIME_DIR is not set")
    key = read_key(key_path)

    # The key: a pipe holds far more than 56 bytes, so it can be written before kwalletd5 reads it.
    key_reader, key_writer = os.pipe()
    os.write(key_writer, key)
    os.close(key_writer)
    key[:] = bytes(len(key))

    # The environment: kwalletd5 accept()s one connection on the listening socket and putenv()s every
    # line until EOF. The connection is made (and closed) now; it waits in the backlog until then.
    # The socket's path is in our 0700 runtime directory and is unlinked at once (the fd stays valid).
    path = os.path.join(runtime, "kwallet-pam.%d.socket" % os.getpid())
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(1)
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.connect(path)
    client.sendall(("DBUS_SESSION_BUS_ADDRESS=%s\n" % address).encode())
    client.close()
    os.unlink(path)
    listener_fd = listener.detach()

    os.set_inheritable(key_reader, True)
    os.set_inheritable(listener_fd, True)
    env = dict(os.environ, PAM_KWALLET5_LOGIN="1", QT_QPA_PLATFORM="offscreen")
    # KWALLET_PAM_DAEMON: the daemon's command instead of kwalletd5, e.g. bubblewrap running a root's kwalletd6
    # or ksecretd (dbus/with-keyring --root trixie|sid --kwallet); split as sh would. The descriptors pass through bwrap.
    import shlex

    command = shlex.split(os.environ.pop("KWALLET_PAM_DAEMON", "kwalletd5"))
    env.pop("KWALLET_PAM_DAEMON", None)
    argv = command + ["--pam-login", str(key_reader), str(listener_fd)]
    try:
        os.execvpe(argv[0], argv, env)
    except OSError as error:
        fail("cannot run %s: %s" % (argv[0], error))


def pam_open(key_path, timeout=10.0):
    try:
        from jeepney import DBusAddress, MessageType, new_method_call
        from jeepney.io.blocking import open_dbus_connection
    except ImportError:
        fail("jeepney is needed (apt-get install python3-jeepney)")
    deadline = time.monotonic() + timeout
    connection = open_dbus_connection(bus="SESSION")
    address = DBusAddress(KWALLETD_PATH, bus_name=KWALLETD, interface="org.kde.KWallet")

    def call(method, signature, body):
        reply = connection.send_and_get_reply(new_method_call(address, method, signature, body),
                                              timeout=max(0.1, deadline - time.monotonic()))
        if reply.header.message_type == MessageType.error:
            fail("org.kde.KWallet.%s failed: %s" % (method, " ".join(map(str, reply.body))))
        return reply.body

    if not call("isOpen", "s", (WALLET,))[0]:
        key = read_key(key_path)
        # A NoReply method (its result is not sent); it does nothing while an open dialog is pending (a
        # client's Unlock of the closed wallet shows one, which never returns offscreen).
        call("pamOpen", "sayi", (WALLET, bytes(key), 0))
        key[:] = bytes(len(key))
        # The reply comes after pamOpen ran, so the wallet is open by now unless it failed; allow 1 s.
        opened_by = min(deadline, time.monotonic() + 1.0)
        while not call("isOpen", "s", (WALLET,))[0]:
            if time.monotonic() > opened_by:
                fail("pamOpen did not open %s (is a password dialog pending from an earlier Unlock?)" % WALLET)
            time.sleep(0.01)
    connection.close()


def main(argv):
    if len(argv) == 3 and argv[1] == "exec":
        exec_daemon(argv[2])
    elif len(argv) == 3 and argv[1] == "open":
        pam_open(argv[2])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
