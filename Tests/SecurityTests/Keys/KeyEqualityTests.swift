import Foundation
import Synchronization
import Testing

@testable import Security

/// `SecKey` equality (Apple's `CFEqual`) without exporting private key bytes.
@Suite("SecKey equality")
struct KeyEqualityTests {
  /// The key types compared, by name (EC P-256, RSA 2048).
  static let types = ["EC", "RSA"]

  private func generate(_ name: String) throws -> SecKey {
    name == "EC"
      ? try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: 256)
      : try generateKey(type: kSecAttrKeyTypeRSA, bits: 2048)
  }

  /// `body`'s result and how many times it exported private key bytes.
  private func counting<R>(_ body: () throws -> R) rethrows -> (R, exports: Int) {
    let exports = Atomic(0)
    let result = try SecItemEnvironment.with(\.privateBytesExported, { exports.add(1, ordering: .relaxed) }, body)
    return (result, exports.load(ordering: .relaxed))
  }

  /// A second `SecKey` object holding the same private key.
  private func sameKey(_ key: SecKey, _ name: String) throws -> SecKey {
    let type = name == "EC" ? kSecAttrKeyTypeECSECPrimeRandom : kSecAttrKeyTypeRSA
    return try importKey(key.externalRepresentation, type: type, isPrivate: true)
  }

  @Test("two objects of one private key are equal, and comparing them exports no private bytes", arguments: types)
  func samePrivateKey(type: String) throws {
    let key = try generate(type)
    let copy = try sameKey(key, type)
    #expect(key !== copy)
    let (equal, exports) = counting { key.isEqual(copy) }
    #expect(equal)
    #expect(exports == 0)
  }

  @Test(
    "different private keys of one type are not equal, and comparing them exports no private bytes", arguments: types)
  func differentPrivateKeys(type: String) throws {
    let first = try generate(type)
    let second = try generate(type)
    let (equal, exports) = counting { first.isEqual(second) }
    #expect(!equal)
    #expect(exports == 0)
  }

  @Test("a private key is not equal to its public key", arguments: types)
  func privateAndPublic(type: String) throws {
    let key = try generate(type)
    let publicKey = try #require(SecKeyCopyPublicKey(key))
    #expect(!key.isEqual(publicKey))
    #expect(!publicKey.isEqual(key))
    let again = try #require(SecKeyCopyPublicKey(key))
    #expect(publicKey !== again)
    #expect(publicKey.isEqual(again))
  }

  @Test("the export hook sees an export of private bytes, and only of private ones")
  func hookCountsExports() throws {
    let key = try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: 256)
    let publicKey = try #require(SecKeyCopyPublicKey(key))
    #expect(counting { SecKeyCopyExternalRepresentation(key, nil) }.exports == 1)
    #expect(counting { SecKeyCopyExternalRepresentation(publicKey, nil) }.exports == 0)
  }
}
