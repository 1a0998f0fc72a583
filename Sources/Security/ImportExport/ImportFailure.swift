import Foundation

/// A failed import or export: the `OSStatus` the public function returns.
struct ImportFailure: Error, Sendable {
  let status: OSStatus

  init(_ status: OSStatus) {
    self.status = status
  }

  /// Apple's private `errSecInternal` (-26276), which `SecPKCS12Import` returns for a failure that is neither the
  /// passphrase nor the file.
  static let internalStatus: OSStatus = -26276
}
