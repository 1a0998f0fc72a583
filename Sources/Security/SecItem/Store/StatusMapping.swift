import FreedesktopServices

extension SecretServiceError {
  /// The status of a Secret Service failure, for every caller (the SecItem functions, the `security` command).
  /// `notFound` is what a missing object means to the caller: an item (`errSecItemNotFound`, the default) or a
  /// keychain (`errSecNoSuchKeychain`).
  ///
  /// | cause | status |
  /// |---|---|
  /// | no session bus, no provider, timed out | `errSecNotAvailable` |
  /// | locked (UI refused) | `errSecInteractionNotAllowed` |
  /// | not found (item vanished) | `notFound` |
  /// | prompt dismissed | `errSecUserCanceled` |
  /// | invalid argument | `errSecParam` |
  /// | other | `errSecInternalComponent` |
  package func status(notFound: OSStatus = errSecItemNotFound) -> OSStatus {
    switch cause {
    case .noSessionBus, .noProvider, .timedOut: errSecNotAvailable
    case .locked: errSecInteractionNotAllowed
    case .notFound: notFound
    case .promptDismissed: errSecUserCanceled
    case .invalidArgument: errSecParam
    case .other: errSecInternalComponent
    }
  }
}

extension SecItemError {
  /// The error for a Secret Service failure (`SecretServiceError.status`), naming the failed call.
  init(_ error: SecretServiceError) {
    self.init(error.status(), "\(error.call): \(error.cause)")
  }
}

extension ItemStore {
  /// Runs a Secret Service (or KWallet API) call of the store, its failure as the `SecItemError` above.
  func call<R>(_ body: () throws(SecretServiceError) -> R) throws(SecItemError) -> R {
    do {
      return try body()
    } catch {
      throw SecItemError(error)
    }
  }
}
