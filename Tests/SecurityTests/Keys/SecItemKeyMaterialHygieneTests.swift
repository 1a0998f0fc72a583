import Foundation
import KeyringTestSupport
import Security
import Testing

@testable import Security

/// Private key material never shows in what a caller or a log can print: descriptions of keys and identities read
/// from the keychain, their attribute dictionaries, and the reasons of errors about bad key data.
@Suite("Key material stays out of descriptions and errors", .tags(.daemon))
struct SecItemKeyMaterialHygieneTests {
  /// Renderings of a private key's secret scalar (and of its whole external representation) that a leak would show.
  func renderings(of keyData: Data, scalarBytes: Int) -> [String] {
    let scalar = keyData.suffix(scalarBytes)
    let hex = scalar.map { String(format: "%02x", $0) }.joined()
    let decimal = scalar.prefix(6).map(String.init).joined(separator: ", ")
    return [
      hex, hex.uppercased(), scalar.base64EncodedString(), keyData.base64EncodedString(), decimal,
      String(hex.prefix(16)),
    ]
  }

  func leaks(_ text: String, _ renderings: [String]) -> Bool {
    renderings.contains { text.contains($0) }
  }

  @Test("a private key read back with kSecReturnRef describes itself without key material")
  func storedKeyDescription() throws {
    let vectors = try OpenSSLIdentity(subject: "/CN=\(unique("hygiene"))")
    let tag = Data(unique("hygiene-tag").utf8)
    let query: [String: Any] = [kSecClass as String: kSecClassKey, kSecAttrApplicationTag as String: tag]
    #expect(add(merged(query, [kSecValueRef as String: try vectors.privateKey])) == errSecSuccess)
    let found = try #require(copyMatching(merged(query, [kSecReturnRef as String: true])).result as? SecKey)
    let rendered = renderings(of: vectors.keyData, scalarBytes: 32)
    #expect(!leaks(found.description, rendered))
    #expect(!leaks(found.debugDescription, rendered))
    // (SecKeyCopyAttributes holds the material as kSecValueData on request, as Apple's does: not checked here.)
  }

  @Test("an identity read back with kSecReturnRef describes itself without its private key's material")
  func storedIdentityDescription() throws {
    let vectors = try OpenSSLIdentity(.rsa2048, subject: "/CN=\(unique("hygiene-identity"))")
    let label = unique("hygiene-identity-label")
    #expect(add([kSecValueRef as String: try vectors.identity, kSecAttrLabel as String: label]) == errSecSuccess)
    let query: [String: Any] = [
      kSecClass as String: kSecClassIdentity, kSecAttrLabel as String: label, kSecReturnRef as String: true,
    ]
    let identity = try #require(copyMatching(query).result as? SecIdentity)
    // The last 64 bytes of an RSAPrivateKey DER are inside its CRT coefficient: private.
    let rendered = renderings(of: vectors.keyData, scalarBytes: 64)
    #expect(!leaks(identity.description, rendered))
    #expect(!leaks(String(reflecting: identity), rendered))
  }

  @Test("SecKeyCreateWithData's error about truncated private key data does not contain the data")
  func createWithDataError() throws {
    let vectors = try OpenSSLIdentity(subject: "/CN=\(unique("hygiene-error"))")
    let truncated = vectors.keyData.dropLast(3)
    var error: Unmanaged<CFError>?
    let attributes: [String: Any] = [
      kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeyClass as String: kSecAttrKeyClassPrivate,
    ]
    #expect(SecKeyCreateWithData(truncated as CFData, attributes as CFDictionary, &error) == nil)
    let failure = try #require(error?.takeRetainedValue())
    let text = "\(failure) \(failure.userInfo)"
    #expect(!leaks(text, renderings(of: Data(truncated), scalarBytes: 29)))
  }

  @Test("SecItemAdd's reason for a key item with bad kSecValueData is errSecParam without the data")
  func addErrorReason() throws {
    let vectors = try OpenSSLIdentity(subject: "/CN=\(unique("hygiene-add"))")
    let truncated = Data(vectors.keyData.dropLast(3))
    let dictionary: [String: Any] = [
      kSecClass as String: kSecClassKey, kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
      kSecAttrKeyClass as String: kSecAttrKeyClassPrivate, kSecValueData as String: truncated,
    ]
    do {
      _ = try QueryParser.parse(dictionary as NSDictionary, for: .add)
      Issue.record("bad key data was accepted")
    } catch {
      #expect(error.status == errSecParam)
      #expect(!leaks(error.description, renderings(of: truncated, scalarBytes: 29)))
    }
  }
}
