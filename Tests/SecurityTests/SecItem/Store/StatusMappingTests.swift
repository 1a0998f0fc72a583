import FreedesktopServices
import Testing

@testable import Security

/// `StatusMapping`: the one table from a Secret Service failure's cause to the status every caller returns.
@Suite("StatusMapping")
struct StatusMappingTests {
  private func failure(_ cause: SecretServiceError.Cause) -> SecretServiceError {
    SecretServiceError(cause: cause, call: "org.freedesktop.Secret.Service.SearchItems", message: "test failure")
  }

  @Test(
    "each cause maps to its status",
    arguments: [
      (SecretServiceError.Cause.noSessionBus, errSecNotAvailable), (.noProvider, errSecNotAvailable),
      (.timedOut, errSecNotAvailable), (.locked, errSecInteractionNotAllowed), (.notFound, errSecItemNotFound),
      (.promptDismissed, errSecUserCanceled), (.invalidArgument, errSecParam), (.other, errSecInternalComponent),
    ])
  func causeToStatus(cause: SecretServiceError.Cause, status: OSStatus) {
    #expect(failure(cause).status() == status)
  }

  @Test("a missing object is what the caller says it is: a keychain for keychain calls")
  func notFoundFollowsTheCaller() {
    #expect(failure(.notFound).status(notFound: errSecNoSuchKeychain) == errSecNoSuchKeychain)
  }

  @Test("the caller's not-found status changes nothing for the other causes")
  func notFoundOnlyForNotFound() {
    #expect(failure(.locked).status(notFound: errSecNoSuchKeychain) == errSecInteractionNotAllowed)
  }

  @Test("a SecItemError made from a failure has its status and names the failed call")
  func secItemError() {
    let error = SecItemError(failure(.promptDismissed))
    #expect(error.status == errSecUserCanceled)
    #expect(error.reason.contains("org.freedesktop.Secret.Service.SearchItems"))
  }
}
