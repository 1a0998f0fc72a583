import Foundation
import KeyringTestSupport
import Testing

@testable import Security

/// Certificate searches with certificate match keys and identity searches read under the cross-process lock held
/// shared, as every other read (`CertificateSearch`, `LockedPass`): while a writer holds the lock they wait, and give
/// up with errSecNotAvailable at their deadline; once it is free they read. (Password and key reads:
/// `ReaderLockTests.copyMatchingWaitsForWriter`.)
@Suite("Reliability: certificate and identity reads take the readers' lock", .tags(.daemon))
struct ConsistentReadTests {
  enum Search: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case certificateWithMatchKey = "a certificate search with a certificate match key"
    case identity = "an identity search"
    var testDescription: String { rawValue }

    func query(_ name: String) -> [String: Any] {
      switch self {
      case .certificateWithMatchKey:
        [
          kSecClass as String: kSecClassCertificate, kSecMatchSubjectContains as String: name,
          kSecReturnRef as String: true,
        ]
      case .identity:
        [kSecClass as String: kSecClassIdentity, kSecAttrLabel as String: name, kSecReturnRef as String: true]
      }
    }
  }

  @Test(
    "a search waits while a writer holds the lock, gives up at its deadline, and reads once it is free",
    arguments: Search.allCases)
  func waitsForWriter(_ search: Search) async throws {
    let name = unique("consistent")
    let vectors = try OpenSSLIdentity(.ec256, subject: "/CN=\(name)")
    let identity = try vectors.identity
    let (added, blocked, elapsed, after) = try await runOffCooperativePool {
      () -> (OSStatus, OSStatus, Duration, OSStatus) in
      let keyring = try PrivateKeyring.start(.unlocked)
      defer { keyring.stop() }
      let address = keyring.busAddress
      let added = onKeyring(keyring) {
        add([kSecClass as String: kSecClassIdentity, kSecValueRef as String: identity, kSecAttrLabel as String: name])
      }
      let release = DispatchSemaphore(value: 0)
      let writer = ReaderLockTests.hold(address, .exclusive, until: release)
      _ = writer.holding.wait(timeout: .now() + 10)
      let (blocked, elapsed) = clocked {
        SecItemEnvironment.withBus(address, timeout: .milliseconds(500)) { copyMatching(search.query(name)).status }
      }
      release.signal()
      _ = writer.run.wait(.seconds(10))
      let after = onKeyring(keyring) { copyMatching(search.query(name)).status }
      return (added, blocked, elapsed, after)
    }
    #expect(added == errSecSuccess)
    #expect(blocked == errSecNotAvailable)
    #expect(elapsed >= .milliseconds(500) && elapsed < .seconds(5), "took \(elapsed)")
    #expect(after == errSecSuccess)
  }
}
