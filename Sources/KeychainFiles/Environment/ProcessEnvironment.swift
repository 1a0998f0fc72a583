import Foundation
import GLibValues

/// The environment variables this package reads, in one place. At the entry of a call of the public API
/// (`SecItemEnvironment.forCall`) they are read once into a snapshot that travels with the task, and every reader
/// below takes its value from that snapshot, so that a call sees one state of the environment from start to end and a
/// signature need not hide a `getenv`. Outside a call (the package's own API used directly, e.g. by the `security`
/// tool's keychain layer between calls) a value is read when asked.
///
/// Not in the snapshot: `SECRET_FILE_TEST_PASSWORD`, a password, which `secret(_:)` reads into wiped memory when the
/// keyring file is opened with it (the snapshot's strings cannot be wiped). Not here, because they are read once per
/// process by design: `SNAP_NAME` (`Sandbox.isDetected`), `SSL_CERT_FILE` (the system's anchors), and what GLib and
/// libsecret read themselves (`XDG_DATA_HOME` for libsecret's keyring file,
/// `DBUS_SESSION_BUS_ADDRESS` when a connection is made, `SECRET_SERVICE_BUS_NAME`). docs/architecture.md, "Where a
/// call's inputs come from", lists every input.
package struct ProcessEnvironment: Sendable, CustomStringConvertible {
  /// Every variable the snapshot holds.
  package static let names = [
    // Where the user's files are (keychain names, the preferences file, the lock directory, the agent's socket).
    "HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_RUNTIME_DIR", "XDG_CACHE_HOME",
    // Where unlocked keys are kept.
    "KEYCHAIN_KEY_STORE",
    // Which store (the application's choice, libsecret's rule, libsecret's test file; its password is `secret(_:)`'s).
    "KEYCHAIN_STORE", "SECRET_BACKEND", "SECRET_FILE_TEST_PATH",
    // The application's identity and access control.
    "KEYCHAIN_APPLICATION_IDENTIFIER", "KEYCHAIN_ACCESS_GROUPS", "KEYCHAIN_ACCESS_CONTROL",
    "KEYCHAIN_USER_PRESENCE_ACTION",
    // The session bus the cross-process lock is named for.
    "DBUS_SESSION_BUS_ADDRESS",
  ]

  /// The variables that are set (an empty value included), by name.
  private let values: [String: String]

  /// A snapshot holding `values` (tests; calls take theirs with `read()`).
  package init(values: [String: String]) { self.values = values }

  /// The variables as they are now.
  package static func read() -> ProcessEnvironment {
    var values: [String: String] = [:]
    // `getenv` for the few names: ProcessInfo's `environment` copies the whole environment into a dictionary.
    for name in names {
      if let value = getenv(name) { values[name] = String(cString: value) }  // transfer none: copied here
    }
    return ProcessEnvironment(values: values)
  }

  /// The snapshot of the current call; nil outside one.
  @TaskLocal package static var captured: ProcessEnvironment?

  /// `name`'s value for the current call (from its snapshot), else now; nil when unset. Empty when set to nothing.
  package static func value(_ name: String) -> String? {
    if let captured { return captured.values[name] }
    return getenv(name).map { String(cString: $0) }  // transfer none: copied here
  }

  /// `name`'s value, nil when unset or empty.
  package static func nonEmpty(_ name: String) -> String? {
    guard let value = value(name), !value.isEmpty else { return nil }
    return value
  }

  /// A variable that holds a secret, read now into memory wiped on release (never into the snapshot); nil when unset
  /// or empty.
  package static func secret(_ name: String) -> SecretBytes? {
    guard let value = getenv(name), value.pointee != 0 else { return nil }  // transfer none: copied below
    return SecretBytes(copying: value, count: strlen(value))
  }

  /// The names that are set, never their values.
  package var description: String { "ProcessEnvironment(\(values.keys.sorted().joined(separator: ", ")))" }
}

extension ProcessEnvironment: CustomReflectable {
  /// The names that are set, never their values (`dump`, a test's failure report).
  package var customMirror: Mirror { Mirror(self, children: ["names": values.keys.sorted()]) }
}
