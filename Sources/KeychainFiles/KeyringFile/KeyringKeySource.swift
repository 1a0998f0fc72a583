import Foundation
import FreedesktopServices
import GLibValues
import KeyringFileFormat
import SecurityStatus
import Synchronization

/// Where the key of a keyring file comes from. The file machinery (`FileKeyringStore`, `OpenedKeyring`,
/// `KeyringCache`) asks its source for the key that goes with the file's own key derivation and knows nothing else
/// of it, so one machinery serves every source: a password's bytes (`SECRET_FILE_TEST_PASSWORD`, a test's; a
/// keychain's password is one more), the application's secret from the Secret portal, and a key derived earlier and
/// kept elsewhere (a source that answers for the derivation it was made with).
package protocol KeyringKeySource: Sendable {
  /// Fails with the source's status when it has no key to give at all (no secret, the portal refused), within
  /// `timeout`: checked before the file is looked at, so that a missing file is not taken for an empty one.
  func checkAvailable(timeout: Duration) throws(SecItemError)
  /// The key of a file whose key is derived with `derivation`, within `timeout`; the source's status when it has
  /// none.
  func key(for derivation: KeyDerivation, timeout: Duration) throws(SecItemError) -> KeyringKey
  /// The key of the file `contents` (as read), within `timeout`: by default the key for its derivation. A source
  /// whose key belongs to one version of the file (`UnlockedKeySource`) checks that `contents` is that version.
  func key(of contents: KeyringFileContents, timeout: Duration) throws(SecItemError) -> KeyringKey
  /// Whether the source gives keys for any derivation (a new file's, a re-keyed file's): a password or a secret
  /// does; a key derived earlier (`UnlockedKeySource`) answers for its own derivation only, so its file is never
  /// made or re-keyed by a write.
  var derivesNewKeys: Bool { get }
}

extension KeyringKeySource {
  var derivesNewKeys: Bool { true }

  func key(of contents: KeyringFileContents, timeout: Duration) throws(SecItemError) -> KeyringKey {
    try key(for: KeyDerivation(salt: contents.salt, iterations: contents.iterations), timeout: timeout)
  }
}

/// A password whose bytes are the PBKDF2 input, as libsecret takes `SECRET_FILE_TEST_PASSWORD`.
struct PasswordKeySource: KeyringKeySource {
  let password: SecretBytes

  func checkAvailable(timeout: Duration) throws(SecItemError) {}

  func key(for derivation: KeyDerivation, timeout: Duration) throws(SecItemError) -> KeyringKey {
    try KeyringKey.derive(secret: password, derivation)
  }
}

/// The application's secret from the XDG Secret portal as the PBKDF2 input, as libsecret's file backend takes it in
/// a sandbox.
///
/// The portal is asked once per process (as libsecret asks once, when its backend starts); a failure is not kept,
/// so a later call asks again. Statuses, each within the call's deadline:
///
/// | portal | status |
/// |---|---|
/// | no bus, no portal, no Secret interface, no answer in time | `errSecNotAvailable` |
/// | the request was cancelled (response 1) | `errSecUserCanceled` |
/// | the request failed (response 2, an error of the portal's backend, an empty secret) | `errSecAuthFailed` |
struct PortalKeySource: KeyringKeySource {
  private static let secret = Mutex<SecretBytes?>(nil)

  func checkAvailable(timeout: Duration) throws(SecItemError) {
    _ = try Self.secret(timeout: timeout)
  }

  func key(for derivation: KeyDerivation, timeout: Duration) throws(SecItemError) -> KeyringKey {
    try KeyringKey.derive(secret: try Self.secret(timeout: timeout), derivation)
  }

  /// The portal's secret, asking the portal at most `timeout` when it has not answered before.
  private static func secret(timeout: Duration) throws(SecItemError) -> SecretBytes {
    if let known = secret.withLock({ $0 }) { return known }
    let answer: SecretBytes
    do {
      answer = try SecretPortal.retrieveSecret(busAddress: nil, timeout: timeout)
    } catch {
      throw status(of: error)
    }
    secret.withLock { $0 = $0 ?? answer }
    return answer
  }

  static func status(of failure: SecretPortal.Failure) -> SecItemError {
    switch failure {
    case .unavailable, .timedOut: SecItemError(errSecNotAvailable, failure.description)
    case .cancelled: SecItemError(errSecUserCanceled, failure.description)
    case .refused: SecItemError(errSecAuthFailed, failure.description)
    }
  }
}

/// No key: a process outside a sandbox without `SECRET_FILE_TEST_PASSWORD` (libsecret fails there too: its TPM2
/// variant is not built on Debian). Every call is `errSecNotAvailable`.
struct NoKeySource: KeyringKeySource {
  func checkAvailable(timeout: Duration) throws(SecItemError) {
    throw SecItemError(
      errSecNotAvailable, "the file keyring has no secret outside a sandbox (SECRET_FILE_TEST_PASSWORD is not set)")
  }

  func key(for derivation: KeyDerivation, timeout: Duration) throws(SecItemError) -> KeyringKey {
    try checkAvailable(timeout: timeout)
    throw SecItemError(errSecNotAvailable, "no key")
  }
}
