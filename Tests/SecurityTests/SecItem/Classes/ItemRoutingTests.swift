import Foundation
import Testing

@testable import Security

/// `ItemRouting`: which code answers a SecItem call, decided from the few entries that name the class. No store is
/// reached: only the decision is tested here (what each route does is tested beside its own code).
@Suite("ItemRouting")
struct ItemRoutingTests {
  @Test("an explicit class is the class for every operation")
  func explicitClass() throws {
    let query: NSDictionary = [kSecClass as String: kSecClassInternetPassword as String]
    for operation in [SecItemOperation.add, .copyMatching, .update, .delete] {
      #expect(
        QueryParser.classCode(of: try QueryParser.entries(of: query), for: operation) == kSecClassInternetPassword
          as String)
    }
  }

  @Test("a dictionary with no class and no item names no class")
  func noClass() throws {
    let query: NSDictionary = [kSecAttrService as String: "example"]
    #expect(QueryParser.classCode(of: try QueryParser.entries(of: query), for: .copyMatching) == nil)
    #expect(!ItemRouting.isIdentity(try QueryParser.entries(of: query), for: .copyMatching))
  }

  @Test("a key given as kSecValueRef implies the key class")
  func valueRefImpliesClass() throws {
    let attributes: NSDictionary = [
      kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeySizeInBits as String: 256,
    ]
    var error: Unmanaged<CFError>?
    let key = try #require(SecKeyCreateRandomKey(attributes as CFDictionary, &error))
    let query: NSDictionary = [kSecValueRef as String: key]
    #expect(QueryParser.classCode(of: try QueryParser.entries(of: query), for: .add) == kSecClassKey as String)
  }

  @Test("kSecClassIdentity routes to the identity operations, other classes do not")
  func identityRoute() throws {
    let identity: NSDictionary = [kSecClass as String: kSecClassIdentity as String]
    let certificate: NSDictionary = [kSecClass as String: kSecClassCertificate as String]
    #expect(ItemRouting.isIdentity(try QueryParser.entries(of: identity), for: .delete))
    #expect(!ItemRouting.isIdentity(try QueryParser.entries(of: certificate), for: .delete))
  }

  @Test("a certificate search with a certificate match key goes to the certificate filters")
  func certificateMatchKeyRoute() throws {
    let query: NSDictionary = [
      kSecClass as String: kSecClassCertificate as String, kSecMatchSubjectContains as String: "example",
    ]
    #expect(ItemRouting.searchesCertificates(try QueryParser.entries(of: query)))
  }

  @Test("an identity search goes to the certificate search, with or without match keys")
  func identitySearchRoute() throws {
    let query: NSDictionary = [kSecClass as String: kSecClassIdentity as String]
    #expect(ItemRouting.searchesCertificates(try QueryParser.entries(of: query)))
  }

  @Test("a certificate search without certificate match keys stays with the engine")
  func plainCertificateSearch() throws {
    let query: NSDictionary = [kSecClass as String: kSecClassCertificate as String, kSecAttrLabel as String: "x"]
    #expect(!ItemRouting.searchesCertificates(try QueryParser.entries(of: query)))
  }

  @Test("a certificate match key on another class does not route to the certificate filters")
  func matchKeyOnOtherClass() throws {
    let query: NSDictionary = [
      kSecClass as String: kSecClassGenericPassword as String, kSecMatchSubjectContains as String: "example",
    ]
    #expect(!ItemRouting.searchesCertificates(try QueryParser.entries(of: query)))
  }
}
