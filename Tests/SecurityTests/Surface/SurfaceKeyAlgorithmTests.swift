import Foundation
import Security
import Testing

@Suite("Surface: SecKeyAlgorithm")
struct SurfaceKeyAlgorithmTests {
  @Test("every SecKeyAlgorithm of SecKey.h has Apple's raw value")
  func everyAlgorithmHasApplesRawValue() {
    #expect(keyAlgorithmsFromAppleSources.count == 87)
    for row in keyAlgorithmsFromAppleSources {
      #expect(row.algorithm.rawValue as String == row.raw, "\(row.name)")
    }
  }

  @Test("an algorithm made from a raw value equals Apple's constant")
  func algorithmFromRawValue() {
    let algorithm = SecKeyAlgorithm(rawValue: "algid:sign:ECDSA:message-X962:SHA256" as CFString)
    #expect(algorithm == .ecdsaSignatureMessageX962SHA256)
    #expect(Set([algorithm, .ecdsaSignatureMessageX962SHA256]).count == 1)
  }

  @Test("the key exchange parameters have Apple's raw values")
  func keyExchangeParameters() {
    #expect(SecKeyKeyExchangeParameter.requestedSize.rawValue as String == "requestedSize")
    #expect(SecKeyKeyExchangeParameter.sharedInfo.rawValue as String == "sharedInfo")
  }

  @Test("an algorithm's raw value is a key of a CFDictionary, as on Apple platforms")
  func rawValueAsDictionaryKey() {
    let parameters = [SecKeyKeyExchangeParameter.requestedSize.rawValue: 32] as CFDictionary
    #expect(parameters["requestedSize"] as? Int == 32)
  }
}
