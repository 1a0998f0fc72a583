import Foundation
import KeyringTestSupport
import Testing

@testable import Security

/// Secrets never appear in error reasons, descriptions, attributes, logs or crash output (tests that look), and
/// the buffers that held them are wiped before release.
@Suite("Reliability: secrets stay secret", .tags(.daemon))
struct SecretExposureTests {
  /// A secret that is easy to find in any text: ASCII, long enough not to be stored inline, unique per test.
  static func marker() -> String { "SeCrEt-\(UUID().uuidString)-MaRkEr" }

  /// Text forms in which the secret could leak: as is, hex (lower and upper), base64.
  static func forms(of secret: String) -> [String] {
    let bytes = Data(secret.utf8)
    let hex = bytes.map { String(format: "%02x", $0) }.joined()
    return [secret, hex, hex.uppercased(), bytes.base64EncodedString()]
  }

  static func leaks(_ secret: String, in text: String) -> Bool {
    forms(of: secret).contains { text.contains($0) }
  }

  /// The `SecItemError` (reason included) a SecItem operation fails with, or nil when it succeeds.
  static func failure(_ body: () throws(SecItemError) -> Void) -> SecItemError? {
    do {
      try body()
      return nil
    } catch {
      return error
    }
  }

  @Test("failing SecItem calls never put the secret or any given value into their error reason")
  func errorReasons() throws {
    let secret = Self.marker()
    let service = unique("expose")
    let data = Data(secret.utf8)
    let base = genericPassword(service: service, account: "a")
    #expect(add(merged(base, [kSecValueData as String: data])) == errSecSuccess)
    let failing: [(String, () throws(SecItemError) -> Void)] = [
      (
        "duplicate add",
        { () throws(SecItemError) in
          _ = try ItemRouting.add(merged(base, [kSecValueData as String: data]) as NSDictionary, wantsResult: true)
        }
      ),
      (
        "secret as string",
        { () throws(SecItemError) in
          _ = try ItemRouting.add(merged(base, [kSecValueData as String: secret]) as NSDictionary, wantsResult: false)
        }
      ),
      (
        "secret as account number",
        { () throws(SecItemError) in
          _ = try ItemRouting.add(
            merged(base, [kSecAttrAccount as String: [secret]]) as NSDictionary, wantsResult: false)
        }
      ),
      (
        "secret with NUL in label",
        { () throws(SecItemError) in
          _ = try ItemRouting.add(
            merged(base, [kSecAttrLabel as String: secret + "\u{0}"]) as NSDictionary, wantsResult: false)
        }
      ),
      (
        "secret as protocol",
        { () throws(SecItemError) in
          _ = try ItemRouting.copyMatching(
            internetPassword(server: service).merging([kSecAttrProtocol as String: secret]) { _, new in new }
              as NSDictionary, wantsResult: true)
        }
      ),
      (
        "secret as accessible",
        { () throws(SecItemError) in
          _ = try ItemRouting.add(
            merged(base, [kSecAttrAccessible as String: secret]) as NSDictionary, wantsResult: false)
        }
      ),
      (
        "secret as match limit",
        { () throws(SecItemError) in
          _ = try ItemRouting.copyMatching(
            merged(base, [kSecMatchLimit as String: secret]) as NSDictionary, wantsResult: true)
        }
      ),
      (
        "secret as return flag",
        { () throws(SecItemError) in
          _ = try ItemRouting.copyMatching(
            merged(base, [kSecReturnData as String: secret]) as NSDictionary, wantsResult: true)
        }
      ),
      (
        "secret as persistent reference",
        { () throws(SecItemError) in
          _ = try ItemRouting.copyMatching(
            merged(base, [kSecValuePersistentRef as String: data]) as NSDictionary, wantsResult: true)
        }
      ),
      (
        "update without match",
        { () throws(SecItemError) in
          try ItemRouting.update(
            genericPassword(service: unique()) as NSDictionary, [kSecValueData as String: data] as NSDictionary)
        }
      ),
      (
        "update secret as string",
        { () throws(SecItemError) in
          try ItemRouting.update(base as NSDictionary, [kSecValueData as String: secret] as NSDictionary)
        }
      ),
      (
        "update to a clashing key",
        { () throws(SecItemError) in
          _ = add(genericPassword(service: service, account: "b", secret: secret))
          try ItemRouting.update(
            genericPassword(service: service, account: "b") as NSDictionary,
            [kSecAttrAccount as String: "a", kSecValueData as String: data] as NSDictionary)
        }
      ),
      (
        "secret as class",
        { () throws(SecItemError) in try ItemRouting.delete([kSecClass as String: secret] as NSDictionary) }
      ),
      (
        "secret as use key value",
        { () throws(SecItemError) in
          try ItemRouting.delete(merged(base, [kSecUseAuthenticationUI as String: secret]) as NSDictionary)
        }
      ),
    ]
    for (name, body) in failing {
      let error = try #require(Self.failure(body), "\(name) did not fail")
      #expect(
        !Self.leaks(secret, in: "\(error) \(String(reflecting: error)) \(error.reason)"), "\(name): \(error.status)")
    }
  }

  @Test("references, persistent references and their descriptions do not hold the secret")
  func referenceDescriptions() throws {
    let secret = Self.marker()
    let service = unique("expose")
    #expect(add(genericPassword(service: service, account: "a", secret: secret)) == errSecSuccess)
    let (status, result) = copyMatching(
      merged(
        genericPassword(service: service), [kSecReturnRef as String: true, kSecReturnPersistentRef as String: true]))
    #expect(status == errSecSuccess)
    let item = try #require(result as? [String: Any])
    let reference = try #require(item[kSecValueRef as String])
    let persistent = try #require(item[kSecValuePersistentRef as String] as? Data)
    let text = "\(reference) \(String(reflecting: reference)) \(String(decoding: persistent, as: UTF8.self))"
    #expect(!Self.leaks(secret, in: text))
    #expect(!Self.leaks(secret, in: persistent.base64EncodedString()))
  }

  @Test(
    "the secret is stored as the item secret only: no attribute or label holds it in any form",
    .disabled(
      if: KeyringBackend.storesInFile,
      "reads the stored item over D-Bus; on a file (the file keyring, a keychain file) FileKeyringStoredFormTests reads the file"
    ))
  func notInAttributes() throws {
    let secret = Self.marker()
    let service = unique("expose")
    #expect(add(genericPassword(service: service, account: "a", secret: secret)) == errSecSuccess)
    let stored = try #require(try KeyringListing(busAddress: nil).entries(matching: ["service": service]).values.first)
    #expect(String(decoding: stored.secret, as: UTF8.self) == secret)
    let visible = stored.label + stored.attributes.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
    #expect(!Self.leaks(secret, in: visible))
  }
}
