import Foundation
import Testing

@testable import Security

/// `SecPolicy` and `SecTrust` on a chain openssl makes: a root, an intermediate and a TLS server leaf for
/// `example.test`.
@Suite struct SecTrustTests {
  let root: OpenSSLIdentity
  let intermediate: OpenSSLIdentity
  let leaf: OpenSSLIdentity

  init() throws {
    let ca = ["basicConstraints=critical,CA:TRUE", "keyUsage=critical,keyCertSign,cRLSign"]
    root = try OpenSSLIdentity(subject: "/CN=Trust Test Root", extensions: ca)
    intermediate = try OpenSSLIdentity(
      subject: "/CN=Trust Test Intermediate", serial: "0x02", extensions: ca, signedBy: root)
    leaf = try OpenSSLIdentity(
      subject: "/CN=example.test", serial: "0x03",
      extensions: ["subjectAltName=DNS:example.test", "extendedKeyUsage=serverAuth"], signedBy: intermediate)
  }

  /// A trust of the leaf and the intermediate under `policy`, anchored at the root alone.
  func trust(_ policy: SecPolicy) throws -> SecTrust {
    var trust: SecTrust?
    let certificates = [try leaf.certificate, try intermediate.certificate] as NSArray
    #expect(SecTrustCreateWithCertificates(certificates, policy, &trust) == errSecSuccess)
    let created = try #require(trust)
    #expect(SecTrustSetAnchorCertificates(created, [try root.certificate] as NSArray) == errSecSuccess)
    return created
  }

  /// The `CFError` code of a failed evaluation (nil when it succeeded).
  func failure(_ trust: SecTrust) -> Int? {
    var error: CFError?
    return SecTrustEvaluateWithError(trust, &error) ? nil : error?.code
  }

  @Test func chainToTheAnchorIsTrustedAndCopiedLeafFirst() throws {
    let trust = try trust(SecPolicyCreateSSL(true, "example.test" as CFString))
    #expect(failure(trust) == nil)
    let chain = try #require(SecTrustCopyCertificateChain(trust) as? [SecCertificate])
    #expect(chain == [try leaf.certificate, try intermediate.certificate, try root.certificate])
    #expect(SecTrustGetCertificateCount(trust) == 3)
  }

  @Test func basicPolicyTrustsTheChain() throws {
    #expect(failure(try trust(SecPolicyCreateBasicX509())) == nil)
  }

  @Test func copyKeyIsTheLeafsPublicKey() throws {
    let trust = try trust(SecPolicyCreateBasicX509())
    #expect(SecTrustCopyKey(trust) == (try leaf.privateKey).publicKey)
  }

  @Test func wrongHostIsHostNameMismatch() throws {
    #expect(failure(try trust(SecPolicyCreateSSL(true, "other.test" as CFString))) == Int(errSecHostNameMismatch))
  }

  @Test func codeSigningPolicyOnAServerLeafIsInvalidExtendedKeyUsage() throws {
    let policy = try #require(SecPolicyCreateWithProperties(kSecPolicyAppleCodeSigning, nil))
    #expect(failure(try trust(policy)) == Int(errSecInvalidExtendedKeyUsage))
  }

  @Test func verifyDateAfterTheLeafExpiresIsCertificateExpired() throws {
    let trust = try trust(SecPolicyCreateBasicX509())
    #expect(SecTrustSetVerifyDate(trust, Date().addingTimeInterval(30 * 86400) as CFDate) == errSecSuccess)
    #expect(failure(trust) == Int(errSecCertificateExpired))
  }

  @Test func otherAnchorsOnlyIsNotTrusted() throws {
    let stranger = try OpenSSLIdentity(subject: "/CN=Stranger", extensions: ["basicConstraints=critical,CA:TRUE"])
    let trust = try trust(SecPolicyCreateBasicX509())
    #expect(SecTrustSetAnchorCertificates(trust, [try stranger.certificate] as NSArray) == errSecSuccess)
    #expect(failure(trust) == Int(errSecNotTrusted))
  }

  @Test func missingIntermediateIsNotTrusted() throws {
    var trust: SecTrust?
    #expect(
      SecTrustCreateWithCertificates(try leaf.certificate, SecPolicyCreateBasicX509(), &trust) == errSecSuccess)
    let created = try #require(trust)
    SecTrustSetAnchorCertificates(created, [try root.certificate] as NSArray)
    #expect(failure(created) == Int(errSecNotTrusted))
  }

  @Test func systemAnchorsDoNotTrustATestRoot() throws {
    var trust: SecTrust?
    let certificates = [try leaf.certificate, try intermediate.certificate] as NSArray
    SecTrustCreateWithCertificates(certificates, SecPolicyCreateBasicX509(), &trust)
    #expect(failure(try #require(trust)) == Int(errSecNotTrusted))
  }

  @Test func systemAnchorsAreDebiansBundle() {
    #expect(SystemAnchors.certificates.count > 50)
  }

  @Test func nonCertificatesAreParam() {
    var trust: SecTrust?
    #expect(SecTrustCreateWithCertificates("text" as NSString, nil, &trust) == errSecParam)
    #expect(trust == nil)
  }
}
