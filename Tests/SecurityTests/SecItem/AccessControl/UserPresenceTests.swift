import Foundation
import KeychainServices
import KeyringTestSupport
import Testing

/// User presence through a real polkitd (Debian's, on a private system bus with the package's action) and a
/// stand-in authentication agent, for a process running as nobody (`UserPresenceChild`). Each test runs on every
/// provider pass of CI; the reads of each class use the run's provider, the tests of polkit's answers a keyring file
/// (the store plays no part in them).
@Suite(
  "User presence through polkit",
  .enabled(if: PrivatePolkit.isAvailable, "needs root and polkitd (apt-get install polkitd python3-gi)"), .tags(.daemon)
)
struct UserPresenceTests {
  @Test(
    "a protected item's data is handed out once the user authenticates, one request per read",
    arguments: UserPresenceChild.Kind.allCases)
  func granted(kind: UserPresenceChild.Kind) async throws {
    let outcome = try await UserPresenceChild.run(.read, kind: kind, store: .run, answers: [.grant])
    #expect(outcome.status == errSecSuccess, "\(outcome)")
    #expect(outcome.detail == "data matches", "\(outcome)")
    #expect(
      outcome.requests == [
        "begin \(KeychainAccessControl.defaultUserPresenceAction) \(KeychainAccessControl.defaultMessage)"
      ])
  }

  @Test("one authentication covers a kSecMatchLimitAll read of several protected items")
  func listing() async throws {
    let outcome = try await UserPresenceChild.run(.listing, store: .run, answers: [.grant])
    #expect(outcome.status == errSecSuccess, "\(outcome)")
    #expect(outcome.detail == "3 items, data matches", "\(outcome)")
    #expect(outcome.requests.count == 1, "\(outcome)")
  }

  @Test("SecItemUpdate of a protected item asks the user first and then writes")
  func updateGranted() async throws {
    let outcome = try await UserPresenceChild.run(.update, store: .run, answers: [.grant])
    #expect(outcome.status == errSecSuccess, "\(outcome)")
    #expect(outcome.detail == "comment changed", "\(outcome)")
    #expect(outcome.requests.count == 1, "\(outcome)")
  }

  @Test("SecItemUpdate of a protected item the user does not authenticate for changes nothing")
  func updateCancelled() async throws {
    let outcome = try await UserPresenceChild.run(.update, answers: [.cancel])
    #expect(outcome.status == errSecUserCanceled, "\(outcome)")
    #expect(outcome.detail == "comment unchanged", "\(outcome)")
  }

  @Test("a dismissed authentication is errSecUserCanceled")
  func cancelled() async throws {
    let outcome = try await UserPresenceChild.run(.read, answers: [.cancel])
    #expect(outcome.status == errSecUserCanceled, "\(outcome)")
    #expect(outcome.detail == "no data", "\(outcome)")
    #expect(outcome.requests.count == 1, "\(outcome)")
  }

  @Test("a failed authentication is errSecAuthFailed")
  func refused() async throws {
    let outcome = try await UserPresenceChild.run(.read, answers: [.refuse])
    #expect(outcome.status == errSecAuthFailed, "\(outcome)")
    #expect(outcome.detail == "no data", "\(outcome)")
    #expect(outcome.requests.count == 1, "\(outcome)")
  }

  @Test("an authentication nobody answers ends at the call's deadline with errSecUserCanceled, and is withdrawn")
  func neverAnswered() async throws {
    let outcome = try await UserPresenceChild.run(.read, answers: [.silent], timeout: 3, countingCancelChecks: true)
    #expect(outcome.status == errSecUserCanceled, "\(outcome)")
    #expect(outcome.detail == "no data", "\(outcome)")
    #expect(outcome.elapsed >= .milliseconds(2900) && outcome.elapsed < .seconds(10), "\(outcome)")
    #expect(outcome.requests.count == 1, "\(outcome)")
    #expect(outcome.cancelChecks == 1, "the child sent CancelCheckAuthorization: \(outcome)")
    #expect(outcome.cancellations == 1, "polkit told the agent to close its dialog: \(outcome)")
  }

  @Test("without an authentication agent for the process, the read is errSecAuthFailed at once")
  func noAgent() async throws {
    let outcome = try await UserPresenceChild.run(.read, answers: nil)
    #expect(outcome.status == errSecAuthFailed, "\(outcome)")
    #expect(outcome.detail == "no data", "\(outcome)")
    #expect(outcome.elapsed < .seconds(5), "\(outcome)")
  }

  @Test("when polkit does not know the action, the read is errSecAuthFailed and nobody is asked")
  func actionMissing() async throws {
    let outcome = try await UserPresenceChild.run(
      .read, answers: [.grant],
      variables: ["KEYCHAIN_USER_PRESENCE_ACTION": "io.github.swift-keychain-linux.not-installed"])
    #expect(outcome.status == errSecAuthFailed, "\(outcome)")
    #expect(outcome.detail == "no data", "\(outcome)")
    #expect(outcome.requests.isEmpty, "\(outcome)")
  }

  @Test("without a system bus (no polkit), the read is errSecAuthFailed")
  func noPolkit() async throws {
    let outcome = try await UserPresenceChild.run(
      .read, answers: nil, variables: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/system_bus_socket"])
    #expect(outcome.status == errSecAuthFailed, "\(outcome)")
    #expect(outcome.detail == "no data", "\(outcome)")
  }

  @Test("kSecUseAuthenticationUIFail is errSecInteractionNotAllowed, and polkit is not asked")
  func uiFail() async throws {
    let outcome = try await UserPresenceChild.run(.uiFail, answers: [.grant])
    #expect(outcome.status == errSecInteractionNotAllowed, "\(outcome)")
    #expect(outcome.detail == "no data", "\(outcome)")
    #expect(outcome.requests.isEmpty, "\(outcome)")
  }

  @Test("KEYCHAIN_ACCESS_CONTROL=unenforced hands the data out without asking")
  func optOut() async throws {
    let outcome = try await UserPresenceChild.run(
      .read, answers: [.cancel], variables: ["KEYCHAIN_ACCESS_CONTROL": "unenforced"])
    #expect(outcome.status == errSecSuccess, "\(outcome)")
    #expect(outcome.detail == "data matches", "\(outcome)")
    #expect(outcome.requests.isEmpty, "\(outcome)")
  }

  @Test("an unknown KEYCHAIN_ACCESS_CONTROL value is errSecParam, never unenforced")
  func unknownEnforcement() async throws {
    let outcome = try await UserPresenceChild.run(
      .read, answers: [.grant], variables: ["KEYCHAIN_ACCESS_CONTROL": "off"])
    #expect(outcome.status == errSecParam, "\(outcome)")
    #expect(outcome.requests.isEmpty, "\(outcome)")
  }
}
