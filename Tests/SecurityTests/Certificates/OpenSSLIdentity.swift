import Foundation
import Security
import Testing

@testable import Security

/// A certificate and its private key made by openssl at test time (no PKCS#12): the key as Apple's external
/// representation, the certificate as DER, and openssl's files to check signatures with.
struct OpenSSLIdentity {
  enum KeyKind {
    case ec256, rsa2048
  }

  let openssl: OpenSSLTool
  let kind: KeyKind
  /// The certificate's DER.
  let certificateDER: Data
  /// The private key's external representation (X9.63 04‖X‖Y‖K for EC, PKCS#1 for RSA).
  let keyData: Data
  /// The public key bytes Apple hashes (X9.63 point for EC, PKCS#1 RSAPublicKey for RSA).
  let publicKeyBytes: Data

  /// A new key and a certificate for it, valid from now for `days` days (-1: expired a day ago): self-signed, or
  /// signed by `issuer`'s key.
  init(
    _ kind: KeyKind = .ec256, subject: String, serial: String = "0x01", extensions: [String] = [],
    days: Int = 2, signedBy issuer: OpenSSLIdentity? = nil
  ) throws {
    openssl = try OpenSSLTool()
    self.kind = kind
    switch kind {
    case .ec256:
      try openssl.makeECKey(curve: "prime256v1", file: "key.pem")
      let (publicKey, privateKey) = try openssl.ecKeyX963(file: "key.pem", fieldBytes: 32)
      keyData = privateKey
      publicKeyBytes = publicKey
    case .rsa2048:
      let (privateKey, publicKey) = try openssl.makeRSAKey(bits: 2048, file: "key.pem")
      keyData = privateKey
      publicKeyBytes = publicKey
    }
    var request = ["req", "-new", "-key", "key.pem", "-subj", subject]
    for value in extensions { request += ["-addext", value] }
    if let issuer {
      try openssl.succeed(request + ["-out", "request.csr"])
      try issuer.openssl.succeed(["x509", "-inform", "DER", "-in", "cert.der", "-out", "cert.pem"])
      try openssl.succeed([
        "x509", "-req", "-in", "request.csr", "-CA", issuer.openssl.path("cert.pem"), "-CAkey",
        issuer.openssl.path("key.pem"), "-set_serial", serial, "-days", "\(days)", "-copy_extensions", "copy",
        "-outform", "DER", "-out", "cert.der",
      ])
    } else {
      try openssl.succeed(
        request + ["-x509", "-days", "\(days)", "-set_serial", serial, "-outform", "DER", "-out", "cert.der"])
    }
    certificateDER = try openssl.read("cert.der")
  }

  var certificate: SecCertificate {
    get throws { try #require(SecCertificateCreateWithData(nil, certificateDER as CFData)) }
  }

  var privateKey: SecKey {
    get throws {
      try importKey(
        keyData, type: kind == .ec256 ? kSecAttrKeyTypeECSECPrimeRandom : kSecAttrKeyTypeRSA, isPrivate: true)
    }
  }

  var identity: SecIdentity {
    get throws { try #require(SecIdentity(certificate: try certificate, privateKey: try privateKey)) }
  }

  /// `kSecAttrKeyType` of the key.
  var keyType: CFString { kind == .ec256 ? kSecAttrKeyTypeECSECPrimeRandom : kSecAttrKeyTypeRSA }

  /// A signature algorithm of the key's kind with SHA-256.
  var signatureAlgorithm: SecKeyAlgorithm {
    kind == .ec256 ? .ecdsaSignatureMessageX962SHA256 : .rsaSignatureMessagePKCS1v15SHA256
  }

  /// The SHA-1 of the public key bytes, computed by openssl: Apple's application label and public key hash.
  func publicKeyHash() throws -> Data { try openssl.sha1(publicKeyBytes) }

  /// Whether openssl accepts `signature` of `message` (SHA-256) with the certificate's public key.
  func opensslVerifies(_ signature: Data, of message: Data) throws -> Bool {
    try openssl.write(message, to: "message")
    try openssl.write(signature, to: "signature")
    try openssl.succeed(["x509", "-inform", "DER", "-in", "cert.der", "-noout", "-pubkey", "-out", "public.pem"])
    let result = try openssl.run([
      "dgst", "-sha256", "-verify", "public.pem", "-signature", "signature", "message",
    ])
    return result.status == 0
  }

  /// The subject key identifier openssl put in the certificate.
  func subjectKeyIdentifier() throws -> Data {
    let text = String(
      decoding: try openssl.succeed([
        "x509", "-inform", "DER", "-in", "cert.der", "-noout", "-ext", "subjectKeyIdentifier",
      ]),
      as: UTF8.self)
    let hex = text.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    return Data(hex.split(separator: ":").compactMap { UInt8($0, radix: 16) })
  }
}

/// The content of a DER TLV (what Apple stores as `kSecAttrSubject` / `kSecAttrIssuer`: the Name without its
/// SEQUENCE header).
func derContent(_ tlv: Data) -> Data {
  let bytes = [UInt8](tlv)
  guard bytes.count >= 2 else { return Data() }
  let header = bytes[1] < 0x80 ? 2 : 2 + Int(bytes[1] & 0x7F)
  return Data(bytes.dropFirst(header))
}
