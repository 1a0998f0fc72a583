import Foundation

/// A failed key operation: the `OSStatus` and a message, turned into Apple's `CFError` (domain
/// `NSOSStatusErrorDomain`, code = the status) at the public boundary. Messages never contain key material.
struct KeyFailure: Error, Sendable {
  /// The status the `CFError` carries as its code.
  let status: OSStatus
  /// A description for the error's `NSDescription`.
  let message: String

  init(_ status: OSStatus, _ message: String) {
    self.status = status
    self.message = message
  }

  /// Stores this failure, retained, in Apple's error out-parameter (if given).
  func report(to error: UnsafeMutablePointer<Unmanaged<CFError>?>?) {
    let failure = NSError(
      domain: kCFErrorDomainOSStatus as String, code: Int(status), userInfo: [kCFErrorDescriptionKey as String: message]
    )
    error?.pointee = Unmanaged.passRetained(failure)
  }
}

/// Runs `body`, turning a thrown `KeyFailure` (or any other error, as `errSecParam`) into `nil` plus a `CFError`.
func reportingKeyFailure<T>(
  _ errorOut: UnsafeMutablePointer<Unmanaged<CFError>?>?,
  _ body: () throws -> T
) -> T? {
  do {
    return try body()
  } catch let failure as KeyFailure {
    failure.report(to: errorOut)
  } catch {
    KeyFailure(errSecParam, "key operation failed").report(to: errorOut)
  }
  return nil
}
