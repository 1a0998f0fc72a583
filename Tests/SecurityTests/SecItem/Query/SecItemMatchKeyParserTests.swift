import Foundation
import Testing

@testable import Security

@Suite("Parsing of match keys and of keys taking Apple types that do not exist here")
struct SecItemMatchKeyParserTests {
  private func status(_ query: [String: Any], _ operation: SecItemOperation = .copyMatching) -> OSStatus {
    do {
      _ = try QueryParser.parse(query as CFDictionary, for: operation)
      return errSecSuccess
    } catch {
      return error.status
    }
  }

  private let genp = kSecClassGenericPassword as String
  private let inet = kSecClassInternetPassword as String

  @Test("a host matches itself and its subdomains, literally")
  func hostOrSubdomain() {
    #expect(ItemMatcher.isHost("example.com", orSubdomainOf: "example.com"))
    #expect(ItemMatcher.isHost("www.example.com", orSubdomainOf: "example.com"))
    #expect(ItemMatcher.isHost("a.b.example.com", orSubdomainOf: "example.com"))
    #expect(!ItemMatcher.isHost("notexample.com", orSubdomainOf: "example.com"))
    #expect(!ItemMatcher.isHost("example.com", orSubdomainOf: "www.example.com"))
    #expect(!ItemMatcher.isHost("WWW.EXAMPLE.COM", orSubdomainOf: "example.com"))
    #expect(!ItemMatcher.isHost("", orSubdomainOf: "example.com"))
  }

  @Test("kSecMatchHostOrSubdomainOfHost is read for internet-password searches only")
  func hostOrSubdomainStatuses() throws {
    let host = [kSecMatchHostOrSubdomainOfHost as String: "example.com"]
    let query = try QueryParser.parse(merged([kSecClass as String: inet], host) as CFDictionary, for: .copyMatching)
    #expect(query.hostOrSubdomain == "example.com")
    #expect(status(merged([kSecClass as String: genp], host)) == errSecUnimplemented)
    #expect(status(merged([kSecClass as String: inet], host), .update) == errSecParam)
    #expect(status(merged([kSecClass as String: inet], host), .delete) == errSecParam)
    #expect(status(merged([kSecClass as String: inet], host), .add) == errSecParam)
  }

  /// The DER distinguished name `CN=Test` (a UTF8String, which normalization leaves as it is).
  private static let commonNameTest = Data([
    0x30, 0x0F, 0x31, 0x0D, 0x30, 0x0B, 0x06, 0x03, 0x55, 0x04, 0x03, 0x0C, 0x04, 0x54, 0x65, 0x73, 0x74,
  ])

  @Test("issuer names are DER Names, normalized to their content as Apple's SecDistinguishedNameCopyNormalizedContent")
  func distinguishedNames() {
    #expect(IssuerNameData.normalizedNames([Self.commonNameTest]) == [Self.commonNameTest.dropFirst(2)])
    #expect(IssuerNameData.normalizedNames([Data([0x30, 0x00])]) == [Data()])
    #expect(IssuerNameData.normalizedNames([Data([0x30, 0x05, 0x31])]).isEmpty)
    #expect(IssuerNameData.normalizedNames([Data([0x31, 0x00])]).isEmpty)
    #expect(IssuerNameData.normalizedNames([Data("CN=Test".utf8), "CN=Test", 5]).isEmpty)
    #expect(IssuerNameData.normalizedNames([Data([0x30, 0x85, 1, 0, 0, 0, 0])]).isEmpty)
  }

  @Test("kSecMatchIssuers with a name is errSecUnimplemented for passwords; without one it is ignored")
  func issuers() {
    let name = Data([0x30, 0x00])
    #expect(status([kSecClass as String: genp, kSecMatchIssuers as String: [name]]) == errSecUnimplemented)
    #expect(status([kSecClass as String: inet, kSecMatchIssuers as String: [name]]) == errSecUnimplemented)
    #expect(status([kSecClass as String: genp, kSecMatchIssuers as String: [Data("x".utf8)]]) == errSecSuccess)
    #expect(status([kSecClass as String: genp, kSecMatchIssuers as String: name]) == errSecParam)
    #expect(status([kSecClass as String: genp, kSecMatchIssuers as String: [name]], .delete) == errSecParam)
  }

  @Test("keys taking SecPolicy, SecAccess or SecKeychain are errSecParam with a value of another type")
  func unavailableTypes() {
    let keys: [CFString] = [kSecMatchPolicy, kSecAttrAccess, kSecUseKeychain]
    let values: [Any] = ["x", 1, true, Data(), NSNull(), NSObject()]
    for key in keys {
      for value in values {
        #expect(status([kSecClass as String: genp, key as String: value]) == errSecParam, "\(key) \(value)")
      }
    }
  }

  @Test("kSecUseAuthenticationContext is accepted whatever the value, in every function (there is no LAContext)")
  func authenticationContext() {
    for value: Any in ["x", 1, Data(), NSObject()] {
      for operation in [SecItemOperation.add, .copyMatching, .update, .delete] {
        #expect(
          status([kSecClass as String: genp, kSecUseAuthenticationContext as String: value], operation) == errSecSuccess
        )
      }
    }
  }

  @Test("kSecAttrAccess in the attributes to update is errSecParam")
  func accessInUpdate() {
    var status = errSecSuccess
    do {
      _ = try UpdateParser.parse([kSecAttrAccess as String: "acl"] as CFDictionary, for: .genericPassword)
    } catch {
      status = error.status
    }
    #expect(status == errSecParam)
  }
}
