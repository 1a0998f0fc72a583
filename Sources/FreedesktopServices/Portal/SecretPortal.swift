internal import CLibSecret
internal import CLibSecretShims
import GLibValues

/// The XDG Secret portal (`org.freedesktop.portal.Secret` on `org.freedesktop.portal.Desktop`), which gives a
/// sandboxed application a secret of its own: the key of libsecret's keyring file inside the sandbox.
///
/// xdg-desktop-portal takes the application id from `/.flatpak-info` in the caller's root and forwards the request
/// to its backend (gnome-keyring keeps one random 64-byte secret per application id in the `login` collection).
package enum SecretPortal {
  static let busName = "org.freedesktop.portal.Desktop"
  static let path = ObjectPath("/org/freedesktop/portal/desktop")
  static let interface = "org.freedesktop.portal.Secret"

  /// Why the portal gave no secret.
  package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// No bus, or no portal (or no Secret interface) on it.
    case unavailable(String)
    /// The request ended with response 1: the user cancelled it.
    case cancelled
    /// The request ended with response 2 (or another code), or with an error of the portal or its backend, or an
    /// empty secret.
    case refused(String)
    /// The deadline passed first.
    case timedOut

    package var description: String {
      switch self {
      case .unavailable(let reason): "the Secret portal is not available: \(reason)"
      case .cancelled: "the Secret portal's request was cancelled"
      case .refused(let reason): "the Secret portal gave no secret: \(reason)"
      case .timedOut: "the Secret portal did not answer in time"
      }
    }
  }

  /// The portal's `version` property, as libsecret checks it before choosing its file backend; nil on any failure
  /// (no bus, no portal, no Secret interface, the deadline).
  ///
  /// The corresponding D-Bus call is `org.freedesktop.DBus.Properties.Get("org.freedesktop.portal.Secret",
  /// "version")`.
  package static func version(busAddress: String?, timeout: Duration) -> UInt32? {
    let deadline = Deadline(timeout: timeout)
    guard let bus = try? BusConnection(address: busAddress, deadline: deadline) else { return nil }
    var call = PropertiesInterface.get(path, interface: interface, property: "version")
    call.autoStart = true  // the portal is started on demand on a desktop
    guard let reply = try? bus.call(call, serviceName: busName, deadline),
      let value = try? PropertiesInterface.getReply(reply)
    else { return nil }
    return value.uint32
  }

  /// The application's secret, within `timeout`.
  ///
  /// The corresponding D-Bus call is `org.freedesktop.portal.Secret.RetrieveSecret(h fd, a{sv} options)`.
  package static func retrieveSecret(busAddress: String?, timeout: Duration) throws(Failure) -> SecretBytes {
    let deadline = Deadline(timeout: timeout)
    let bus: BusConnection
    do {
      bus = try BusConnection(address: busAddress, deadline: deadline)
    } catch {
      throw deadline.isExpired ? .timedOut : .unavailable(error.error?.message ?? error.message ?? "no session bus")
    }
    var secret: UnsafeMutablePointer<UInt8>? = nil
    var length: gsize = 0
    var error: UnsafeMutablePointer<GError>? = nil
    // transfer full (secret, on success; wiped and freed here)
    let ok = ssc_portal_retrieve_secret_sync(
      bus.pointer, deadline.cancellable, deadline.remainingMilliseconds, &secret, &length, &error)
    if ok != 0, let secret {
      defer {
        ssc_wipe(secret, length)
        g_free(secret)
      }
      return SecretBytes(copying: secret, count: Int(length))
    }
    guard let error else { throw .refused("failed without a GError") }
    throw failure(GLibError(taking: error), deadline: deadline)  // frees the GError
  }

  static func failure(_ error: GLibError, deadline: Deadline) -> Failure {
    if error.isShim(SSC_SHIM_ERROR_PORTAL_CANCELLED) { return .cancelled }
    if error.isShim(SSC_SHIM_ERROR_PORTAL_FAILED) { return .refused(error.message) }
    if deadline.isExpired || error.meansNoAnswerInTime { return .timedOut }
    if error.meansNobodyAnswers { return .unavailable(error.message) }
    return .refused(error.message)
  }
}
