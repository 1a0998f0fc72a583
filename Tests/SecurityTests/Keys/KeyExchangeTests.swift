import Foundation
import Security
import Testing

@Suite("Keys: ECDH key exchange with openssl vectors")
struct KeyExchangeTests {
  /// An openssl P-256 key pair: our private key imported from openssl, the peer's public key from openssl too.
  private func fixture() throws -> (OpenSSLTool, SecKey, SecKey) {
    let openssl = try OpenSSLTool()
    try openssl.makeECKey(curve: "prime256v1", file: "own.pem")
    try openssl.makeECKey(curve: "prime256v1", file: "peer.pem")
    try openssl.succeed(["ec", "-in", "peer.pem", "-pubout", "-out", "peer-public.pem"])
    let own = try importKey(
      try openssl.ecKeyX963(file: "own.pem", fieldBytes: 32).privateKey, type: kSecAttrKeyTypeEC, isPrivate: true)
    let peer = try importKey(
      try openssl.ecKeyX963(file: "peer.pem", fieldBytes: 32).publicKey, type: kSecAttrKeyTypeEC, isPrivate: false)
    return (openssl, own, peer)
  }

  @Test(
    "ECDH standard and cofactor give openssl's shared secret",
    arguments: [SecKeyAlgorithm.ecdhKeyExchangeStandard, .ecdhKeyExchangeCofactor])
  func standardMatchesOpenSSL(algorithm: SecKeyAlgorithm) throws {
    let (openssl, own, peer) = try fixture()
    let expected = try openssl.succeed(["pkeyutl", "-derive", "-inkey", "own.pem", "-peerkey", "peer-public.pem"])
    var error: Unmanaged<CFError>?
    let secret = SecKeyCopyKeyExchangeResult(own, algorithm, peer, [:] as CFDictionary, &error)
    #expect(secret as Data? == expected)
    #expect(errorStatus(error) == nil)
  }

  @Test("ecdhKeyExchangeStandardX963SHA256 equals openssl's X963KDF of the shared secret")
  func x963MatchesOpenSSL() throws {
    let (openssl, own, peer) = try fixture()
    let secret = try openssl.succeed(["pkeyutl", "-derive", "-inkey", "own.pem", "-peerkey", "peer-public.pem"])
    let sharedInfo = Data("shared info \(UUID())".utf8)
    let hex = { (data: Data) in data.map { String(format: "%02x", $0) }.joined() }
    let expected = try openssl.succeed([
      "kdf", "-keylen", "42", "-binary", "-kdfopt", "digest:SHA256", "-kdfopt", "hexsecret:\(hex(secret))",
      "-kdfopt", "hexinfo:\(hex(sharedInfo))", "X963KDF",
    ])
    let parameters: [String: Any] = [
      SecKeyKeyExchangeParameter.requestedSize.rawValue as String: 42,
      SecKeyKeyExchangeParameter.sharedInfo.rawValue as String: sharedInfo,
    ]
    var error: Unmanaged<CFError>?
    let derived = SecKeyCopyKeyExchangeResult(
      own, .ecdhKeyExchangeStandardX963SHA256, peer, parameters as CFDictionary, &error)
    #expect(derived as Data? == expected)
    #expect(errorStatus(error) == nil)
  }

  @Test("both sides of a key exchange made here derive the same key")
  func bothSidesAgree() throws {
    let alice = try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: 384)
    let bob = try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: 384)
    let parameters = [SecKeyKeyExchangeParameter.requestedSize.rawValue as String: 32] as CFDictionary
    let fromAlice = SecKeyCopyKeyExchangeResult(
      alice, .ecdhKeyExchangeCofactorX963SHA512, try #require(SecKeyCopyPublicKey(bob)), parameters, nil)
    let fromBob = SecKeyCopyKeyExchangeResult(
      bob, .ecdhKeyExchangeCofactorX963SHA512, try #require(SecKeyCopyPublicKey(alice)), parameters, nil)
    #expect(fromAlice != nil)
    #expect(fromAlice as Data? == fromBob as Data?)
    #expect((fromAlice as Data?)?.count == 32)
  }

  @Test("an X9.63 exchange without kSecKeyKeyExchangeParameterRequestedSize is errSecParam")
  func missingRequestedSize() throws {
    let (_, own, peer) = try fixture()
    var error: Unmanaged<CFError>?
    let result = SecKeyCopyKeyExchangeResult(
      own, .ecdhKeyExchangeStandardX963SHA256, peer, [:] as CFDictionary, &error)
    #expect(result == nil)
    #expect(errorStatus(error) == Int(errSecParam))
  }

  @Test("a peer key on another curve is errSecParam")
  func curveMismatch() throws {
    let own = try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: 256)
    let other = try #require(SecKeyCopyPublicKey(try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: 384)))
    var error: Unmanaged<CFError>?
    let result = SecKeyCopyKeyExchangeResult(own, .ecdhKeyExchangeStandard, other, [:] as CFDictionary, &error)
    #expect(result == nil)
    #expect(errorStatus(error) == Int(errSecParam))
  }
}
