import Foundation
import SecretServiceClient
import Synchronization

/// The secret that keys the file keyring, from its `FileKeyringLocation.SecretSource`.
///
/// The portal is asked once per process (as libsecret asks once, when its backend starts); a failure is not kept,
/// so a later call asks again. Statuses, each within the call's deadline:
///
/// | portal | status |
/// |---|---|
/// | no bus, no portal, no Secret interface, no answer in time | `errSecNotAvailable` |
/// | the request was cancelled (response 1) | `errSecUserCanceled` |
/// | the request failed (response 2, an error of the portal's backend, an empty secret) | `errSecAuthFailed` |
///
/// Outside a sandbox without `SECRET_FILE_TEST_PASSWORD` there is no secret: `errSecNotAvailable`.
enum KeyringSecret {
  private static let portalSecret = Mutex<SecretBytes?>(nil)

  /// The secret, asking the portal at most `timeout` when it is the source and has not answered before.
  static func secret(_ source: FileKeyringLocation.SecretSource, timeout: Duration) throws(SecItemError) -> SecretBytes
  {
    switch source {
    case .password(let password):
      return password
    case .unavailable:
      throw SecItemError(
        errSecNotAvailable,
        "the file keyring has no secret outside a sandbox (SECRET_FILE_TEST_PASSWORD is not set)")
    case .portal:
      if let known = portalSecret.withLock({ $0 }) { return known }
      let secret: SecretBytes
      do {
        secret = try SecretPortal.retrieveSecret(busAddress: nil, timeout: timeout)
      } catch {
        throw status(of: error)
      }
      portalSecret.withLock { $0 = $0 ?? secret }
      return secret
    }
  }

  static func status(of failure: SecretPortal.Failure) -> SecItemError {
    switch failure {
    case .unavailable, .timedOut: SecItemError(errSecNotAvailable, failure.description)
    case .cancelled: SecItemError(errSecUserCanceled, failure.description)
    case .refused: SecItemError(errSecAuthFailed, failure.description)
    }
  }
}
