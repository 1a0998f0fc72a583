import SecretServiceClient

extension SecItemError {
  /// The status for a Secret Service failure.
  ///
  /// | cause | status |
  /// |---|---|
  /// | no session bus, no provider, timed out | `errSecNotAvailable` |
  /// | locked (UI refused) | `errSecInteractionNotAllowed` |
  /// | not found (item vanished) | `errSecItemNotFound` |
  /// | prompt dismissed | `errSecUserCanceled` |
  /// | invalid argument | `errSecParam` |
  /// | other | `errSecInternalComponent` |
  init(_ error: SecretServiceError) {
    let status: OSStatus
    switch error.cause {
    case .noSessionBus, .noProvider, .timedOut: status = errSecNotAvailable
    case .locked: status = errSecInteractionNotAllowed
    case .notFound: status = errSecItemNotFound
    case .promptDismissed: status = errSecUserCanceled
    case .invalidArgument: status = errSecParam
    case .other: status = errSecInternalComponent
    }
    self.init(status, "\(error.call): \(error.cause)")
  }
}
