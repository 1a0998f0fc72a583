internal import CLibSecret
import Foundation
import GLibValues

/// gnome-keyring: the specification's behaviour, except that a secret its password-less keyring format would not keep
/// is refused before it is sent (`checkSecretStorable`).
struct GnomeKeyringAdapter: ProviderAdapter {
  /// Fails with `.invalidArgument` when `secret` is one that `PasswordlessKeyring.wouldChange` names and the
  /// collection is not known to be stored encrypted (`PasswordlessKeyring.storage`): in the textual format such a
  /// secret makes the daemon refuse the whole keyring at its next start (a line feed), or comes back changed.
  func checkSecretStorable(
    _ secret: SecretBytes, in collection: ObjectPath, call: String, on handle: ServiceHandle, _ deadline: Deadline
  ) throws(CallFailure) {
    guard PasswordlessKeyring.wouldChange(secret) else { return }
    switch PasswordlessKeyring.storage(of: collection, on: handle, deadline) {
    case .inMemory, .encrypted: return
    case .textual:
      throw CallFailure(
        call: call, cause: .invalidArgument,
        message:
          "the collection has no password: gnome-keyring would store this secret (a line feed, a backslash, a"
          + " leading space, tab, form feed or carriage return, or a trailing carriage return) in its textual"
          + " format, which loses it or the whole keyring")
    case .unknown(let why):
      throw CallFailure(
        call: call, cause: .invalidArgument,
        message:
          "gnome-keyring would lose this secret if the collection has no password, and whether it has one could"
          + " not be told: \(why)")
    }
  }
}

/// gnome-keyring's password-less keyrings (`pkcs11/secret-store/gkm-secret-textual.c`): a collection whose master
/// password is empty is written as a GKeyFile in clear (`[keyring]` …), every text secret with
/// `g_key_file_set_value` (no escaping) and read back with `g_key_file_get_string` (which unescapes, and before which
/// GKeyFile trims the value's leading white space). Secrets that are not valid UTF-8 (or hold a NUL) are written in
/// hex and survive. Measured on 42.1 and 51.1 (docs/backends.md): a line feed splits the item's line, and unless
/// what follows happens to parse, the daemon refuses the whole file at its next start (every item of the collection
/// is gone); the other bytes below come back changed. Fixed upstream by gnome-keyring MR !111, in no release.
enum PasswordlessKeyring {
  /// How the daemon stores a collection.
  enum Storage: Equatable {
    /// Never written to a file (`/org/freedesktop/secrets/collection/session`).
    case inMemory
    /// The binary format, encrypted with the collection's password: every secret survives.
    case encrypted
    /// The textual format of a password-less collection.
    case textual
    /// Not known, and why.
    case unknown(String)
  }

  /// The binary format's magic (`gkm-secret-binary.c`).
  static let binaryMagic = Array("GnomeKeyring\n\r\0\n".utf8)

  /// Whether a password-less keyring would not give back `secret` as it is, or not at all: valid UTF-8 without NUL
  /// (`g_utf8_validate` with its length, gnome-keyring's own test; anything else is written in hex) holding a line
  /// feed or a backslash anywhere (escapes are decoded, an invalid or trailing one may fail the read), starting with
  /// a space, tab, line feed, form feed or carriage return (`g_ascii_isspace`, trimmed), or ending with a carriage
  /// return (removed with the line end).
  static func wouldChange(_ secret: SecretBytes) -> Bool {
    secret.withUnsafeBytes { bytes in
      guard let first = bytes.first, let last = bytes.last else { return false }
      let text = bytes.baseAddress!.assumingMemoryBound(to: gchar.self)
      // transfer none (reads count bytes; a NUL among them fails the validation)
      guard g_utf8_validate(text, gssize(bytes.count), nil) != 0 else { return false }
      if [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(first) || last == 0x0D { return true }
      return bytes.contains(0x0A) || bytes.contains(0x5C)
    }
  }

  /// How the daemon behind `handle` stores `collection` (its path, or an alias's): from the first bytes of its file,
  /// `<keyrings>/<identifier>.keyring`, where `<identifier>` is the path's last element with gnome-keyring's `_XX`
  /// escapes decoded, and `<keyrings>` is the daemon's `g_get_user_data_dir()/keyrings` (or its old
  /// `~/.gnome2/keyrings`, as `gkm_util_locate_keyrings_directory` chooses), both read from the daemon's environment
  /// and seen through its root (`/proc/<pid>/environ`, `/proc/<pid>/root`: same user; a daemon in another mount
  /// namespace, such as bubblewrap's, is found too). `.unknown` when the daemon's process, environment or file
  /// cannot be read, or the file is neither format.
  static func storage(of collection: ObjectPath, on handle: ServiceHandle, _ deadline: Deadline) -> Storage {
    var path = collection.collection
    if path.rawValue.hasPrefix("/org/freedesktop/secrets/aliases/") {
      let alias = String(path.rawValue.dropFirst("/org/freedesktop/secrets/aliases/".count))
      guard let reply = try? handle.call(ServiceInterface.readAlias(alias), deadline),
        let resolved = try? ServiceInterface.readAliasReply(reply)
      else { return .unknown("the alias \(alias) could not be read") }
      path = resolved
    }
    let prefix = "/org/freedesktop/secrets/collection/"
    guard path.rawValue.hasPrefix(prefix) else { return .unknown("\(path) is not a collection's path") }
    let identifier = decodeIdentifier(String(path.rawValue.dropFirst(prefix.count)))
    if identifier == "session" { return .inMemory }
    guard let reply = try? handle.call(BusInterface.getConnectionUnixProcessID(handle.busName), deadline),
      let pid = reply.child(0).uint32
    else { return .unknown("the daemon's process id is not known") }
    // The bus's pid is of the bus's pid namespace: make sure it names gnome-keyring-daemon here too.
    guard let command = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8),
      command.hasPrefix("gnome-keyring")
    else { return .unknown("the daemon's process (pid \(pid)) is not visible here") }
    let root = "/proc/\(pid)/root"
    guard let environment = environment(of: pid) else {
      return .unknown("the environment of the daemon (pid \(pid)) cannot be read")
    }
    guard let home = environment["HOME"].flatMap({ $0.isEmpty ? nil : $0 }) else {
      return .unknown("the daemon has no HOME")
    }
    let dataHome = environment["XDG_DATA_HOME"].flatMap({ $0.isEmpty ? nil : $0 }) ?? home + "/.local/share"
    var directory = dataHome + "/keyrings"
    let oldDirectory = home + "/.gnome2/keyrings"
    if !isDirectory(root + directory) && isDirectory(root + oldDirectory) { directory = oldDirectory }
    let file = root + directory + "/" + identifier + ".keyring"
    guard let head = firstBytes(of: file, count: binaryMagic.count) else {
      return .unknown("\(directory)/\(identifier).keyring cannot be read")
    }
    if head == binaryMagic { return .encrypted }
    if head.starts(with: Array("[keyring]".utf8)) { return .textual }
    return .unknown("\(directory)/\(identifier).keyring is in neither of gnome-keyring's formats")
  }

  /// The identifier an object path's element names (`gkd_secret_util_build_path` writes every byte but
  /// `[A-Za-z0-9]` as `_` and two hex digits).
  static func decodeIdentifier(_ element: String) -> String {
    var bytes: [UInt8] = []
    let source = Array(element.utf8)
    var index = 0
    while index < source.count {
      if source[index] == UInt8(ascii: "_"), index + 2 < source.count,
        let high = hexValue(source[index + 1]), let low = hexValue(source[index + 2])
      {
        bytes.append(high << 4 | low)
        index += 3
      } else {
        bytes.append(source[index])
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// The variables of process `pid`, nil when unreadable.
  private static func environment(of pid: UInt32) -> [String: String]? {
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return nil }
    var environment: [String: String] = [:]
    for entry in data.split(separator: 0) {
      guard let text = String(bytes: entry, encoding: .utf8), let equals = text.firstIndex(of: "=") else { continue }
      environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
    }
    return environment
  }

  private static func isDirectory(_ path: String) -> Bool {
    var directory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
  }

  /// Up to `count` first bytes of the file at `path`, nil when it cannot be opened.
  private static func firstBytes(of path: String, count: Int) -> [UInt8]? {
    guard let file = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? file.close() }
    guard let data = try? file.read(upToCount: count) else { return nil }
    return Array(data)
  }
}
