import Foundation

/// A system prompter that answers: it owns `org.gnome.keyring.SystemPrompter` on a private keyring's bus and answers
/// every password prompt gnome-keyring shows with the keyring's password, after `delay`, like a user who types it.
/// It counts the prompts it was asked to run and the password prompts it answered, so a test can tell how many a set
/// of callers caused. It appends each of those events to a file before it answers (`EventLog`), and the counts are read
/// from there.
///
/// It speaks gcr's prompter protocol (`org.gnome.keyring.internal.Prompter`: BeginPrompting, PerformPrompt,
/// StopPrompting; the answers through `…Prompter.Callback.PromptReady` and `PromptDone`), with the password sent
/// through gcr's secret exchange (`sx-aes-1`: Diffie-Hellman in the 1536-bit IKE group, HKDF-SHA256, AES-128-CBC),
/// using python3-jeepney and python3-cryptography. The password is read from the fixture's state directory
/// (`WITH_KEYRING_DIR/password`) and never printed. gnome-keyring only (KWallet has no such prompter).
///
/// ```swift
/// let prompter = try AnsweringPrompter(on: keyring, delay: .seconds(1))
/// defer { prompter.stop() }
/// … two processes read a locked item …
/// #expect(prompter.prompts == 1)
/// ```
public final class AnsweringPrompter: Sendable {
  private let command: BackgroundCommand
  /// The events the prompter appends (`PROMPTER_EVENTS`) before it answers.
  private let events: EventLog

  private static let script = #"""
    import base64, os, sys, time
    from cryptography.hazmat.primitives import hashes, padding
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF
    from jeepney import DBusAddress, HeaderFields, MessageType, new_method_call, new_method_return
    from jeepney.bus_messages import message_bus
    from jeepney.io.blocking import open_dbus_connection

    # RFC 3526 group 5 (1536 bits), generator 2: gcr's "ietf-ike-grp-modp-1536".
    PRIME = int(
        "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD"
        "EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
        "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F"
        "83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA237327FFFFFFFFFFFFFFFF", 16)
    CALLBACK = "org.gnome.keyring.internal.Prompter.Callback"
    delay = float(sys.argv[1])
    with open(os.path.join(os.environ["WITH_KEYRING_DIR"], "password"), "rb") as f:
        password = f.read()
    private = int.from_bytes(os.urandom(64), "big")
    public = pow(2, private, PRIME)
    public_bytes = public.to_bytes((public.bit_length() + 7) // 8, "big")

    def exchange(fields):
        return "[sx-aes-1]\n" + "".join(f"{k}={base64.b64encode(v).decode()}\n" for k, v in fields)

    def peer_public(text):
        for line in text.splitlines():
            if line.startswith("public="):
                return int.from_bytes(base64.b64decode(line[7:]), "big")
        raise ValueError("no public key in the exchange")

    def encrypted(peer):
        shared = pow(peer, private, PRIME).to_bytes(192, "big")
        key = HKDF(algorithm=hashes.SHA256(), length=16, salt=None, info=b"").derive(shared)
        iv = os.urandom(16)
        padder = padding.PKCS7(128).padder()
        data = padder.update(password) + padder.finalize()
        encryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
        return [("public", public_bytes), ("secret", encryptor.update(data) + encryptor.finalize()), ("iv", iv)]

    def event(line):
        with open(os.environ["PROMPTER_EVENTS"], "a") as f:
            f.write(line + "\n")
        print(line, flush=True)

    connection = open_dbus_connection("SESSION")
    reply = connection.send_and_get_reply(message_bus.RequestName("org.gnome.keyring.SystemPrompter"))
    print("owner" if reply.body[0] == 1 else "not owner", flush=True)

    def callback(sender, path, method, signature, body):
        address = DBusAddress(path, bus_name=sender, interface=CALLBACK)
        connection.send(new_method_call(address, method, signature, body))

    sessions = 0
    prompts = 0
    while True:
        message = connection.receive()
        if message.header.message_type != MessageType.method_call:
            continue
        member = message.header.fields.get(HeaderFields.member)
        sender = message.header.fields.get(HeaderFields.sender)
        if member == "BeginPrompting":
            sessions += 1
            event(f"session {sessions}")
            connection.send(new_method_return(message))
            callback(sender, message.body[0], "PromptReady", "sa{sv}s", ("", {}, exchange([("public", public_bytes)])))
        elif member == "PerformPrompt":
            path, kind, _, received = message.body
            connection.send(new_method_return(message))
            if kind == "password":
                prompts += 1
                event(f"prompt {prompts}")
                time.sleep(delay)
                answer = exchange(encrypted(peer_public(received)))
            else:
                answer = exchange([("public", public_bytes)])
            callback(sender, path, "PromptReady", "sa{sv}s", ("yes", {}, answer))
        elif member == "StopPrompting":
            connection.send(new_method_return(message))
            callback(sender, message.body[0], "PromptDone", "", ())
    """#

  /// Starts the prompter on `keyring`'s bus and waits (at most `timeout`) until it owns the prompter name.
  ///
  /// - Throws: `KeyringFixtureError` when python3 cannot start or the name is not ours in time.
  public init(on keyring: PrivateKeyring, delay: Duration = .zero, timeout: Duration = .seconds(10)) throws {
    let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
    events = try EventLog("answering-prompter")
    command = try startSystemPrompter(
      Self.script, [String(seconds)], on: keyring, environment: ["PROMPTER_EVENTS": events.path],
      timeout: timeout, role: "answering prompter")
  }

  /// The password prompts answered so far (each one a dialog a user would have typed the password into).
  public var prompts: Int { lines(starting: "prompt ") }

  /// The prompts the service started so far (`BeginPrompting`): one per Secret Service prompt a client ran, whether
  /// or not it came to ask for the password (gnome-keyring ends a prompt without asking when, by its turn, the
  /// collection is unlocked already).
  public var sessions: Int { lines(starting: "session ") }

  private func lines(starting prefix: String) -> Int { events.lines.filter { $0.hasPrefix(prefix) }.count }

  /// Ends the prompter (SIGTERM, then SIGKILL if it lingers). Calling it again does nothing.
  public func stop() { _ = command.stop(signal: SIGTERM, grace: .seconds(2)) }
}
