import Foundation
import KeyringTestSupport
import Testing

/// The files a macOS CI script installs a signing identity from, made by `openssl` at test time in a directory of
/// their own: a CA (`ca.pem`), a code-signing leaf it issued (`cert.pem`, `cert.cer` in DER, its key `key.pem`), and
/// the leaf's identity with the CA as `signing.p12` (`-legacy`, what macOS and Xcode export) and `modern.p12`
/// (OpenSSL 3's defaults), both with the passphrase `p12-pass`.
final class SigningIdentityFiles: Sendable {
  let directory: TemporaryDirectory
  static let passphrase = "p12-pass"
  /// The leaf's common name.
  let name: String

  /// The CA's common name.
  let caName: String

  init(
    name: String = "Apple Development: CI Test (ABCDE12345)", caName: String = "Test CI Root", expired: Bool = false
  ) throws {
    directory = try TemporaryDirectory("signing")
    self.name = name
    self.caName = caName
    try openssl([
      "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "ca-key.pem",
      "-out", "ca.pem", "-subj", "/CN=\(caName)", "-days", "30",
    ])
    try openssl([
      "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "key.pem", "-out",
      "leaf.csr", "-subj", "/CN=\(name)/OU=ABCDE12345", "-addext", "extendedKeyUsage=codeSigning",
    ])
    if expired {
      // openssl 3.0's x509 cannot back-date: python3-cryptography signs the request, valid three days ago to
      // yesterday.
      try run("/usr/bin/python3", ["-c", Self.expiredSigner])
    } else {
      try openssl([
        "x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca-key.pem", "-set_serial", "7",
        "-copy_extensions", "copy", "-days", "10", "-out", "cert.pem",
      ])
    }
    try openssl(["x509", "-in", "cert.pem", "-outform", "DER", "-out", "cert.cer"])
    for (file, legacy) in [("signing.p12", true), ("modern.p12", false)] {
      try openssl(
        [
          "pkcs12", "-export", "-inkey", "key.pem", "-in", "cert.pem", "-certfile", "ca.pem", "-passout",
          "pass:\(Self.passphrase)", "-out", file,
        ] + (legacy ? ["-legacy"] : []))
    }
  }

  func path(_ name: String) -> String { directory.file(name) }

  /// The leaf certificate's SHA-1, upper-case hex (what find-identity prints).
  var sha1: String {
    get throws {
      let output = try openssl(["x509", "-in", "cert.pem", "-noout", "-fingerprint", "-sha1"])
      return String(decoding: output, as: UTF8.self).split(separator: "=").last.map {
        $0.replacingOccurrences(of: ":", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
      } ?? ""
    }
  }

  private static let expiredSigner = """
    import datetime
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    request = x509.load_pem_x509_csr(open("leaf.csr", "rb").read())
    ca = x509.load_pem_x509_certificate(open("ca.pem", "rb").read())
    key = serialization.load_pem_private_key(open("ca-key.pem", "rb").read(), None)
    now = datetime.datetime.now(datetime.timezone.utc)
    builder = (x509.CertificateBuilder().subject_name(request.subject).issuer_name(ca.subject)
        .public_key(request.public_key()).serial_number(7)
        .not_valid_before(now - datetime.timedelta(days=3)).not_valid_after(now - datetime.timedelta(days=1)))
    for extension in request.extensions:
        builder = builder.add_extension(extension.value, extension.critical)
    cert = builder.sign(key, hashes.SHA256())
    open("cert.pem", "wb").write(cert.public_bytes(serialization.Encoding.PEM))
    """

  @discardableResult
  func openssl(_ arguments: [String]) throws -> Data {
    try run("/usr/bin/openssl", arguments)
  }

  @discardableResult
  private func run(_ executable: String, _ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(executable) \(arguments.joined(separator: " ")) failed")
    return data
  }
}
