import Foundation
import Testing

/// Runs the `openssl` command line tool in a scratch directory: the other tool that makes and checks the test
/// vectors of the key and certificate tests.
final class OpenSSLTool {
  /// A fresh directory for this tool's files, removed on deinit.
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("keys-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  /// The path of `name` in the scratch directory.
  func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  /// Writes `data` to `name`.
  func write(_ data: Data, to name: String) throws {
    try data.write(to: directory.appendingPathComponent(name))
  }

  /// Reads `name`.
  func read(_ name: String) throws -> Data {
    try Data(contentsOf: directory.appendingPathComponent(name))
  }

  /// Runs `openssl arguments…` in the scratch directory; returns its exit status and standard output.
  @discardableResult
  func run(_ arguments: [String]) throws -> (status: Int32, output: Data) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, data)
  }

  /// Runs `openssl arguments…` and requires it to succeed; returns its standard output.
  @discardableResult
  func succeed(_ arguments: [String]) throws -> Data {
    let result = try run(arguments)
    try #require(result.status == 0, "openssl \(arguments.joined(separator: " ")) failed")
    return result.output
  }

  /// A new EC key of curve `name` (prime256v1, secp384r1, secp521r1) in `file` (PEM).
  func makeECKey(curve name: String, file: String) throws {
    try succeed(["ecparam", "-name", name, "-genkey", "-noout", "-out", file])
  }

  /// The X9.63 public and private representations of the EC key in `file`, read from `openssl ec -text`.
  func ecKeyX963(file: String, fieldBytes: Int) throws -> (publicKey: Data, privateKey: Data) {
    let text = String(decoding: try succeed(["ec", "-in", file, "-noout", "-text"]), as: UTF8.self)
    func hexBlock(after label: String) -> [UInt8] {
      guard let start = text.range(of: label + "\n") else { return [] }
      var bytes: [UInt8] = []
      for line in text[start.upperBound...].split(separator: "\n") {
        guard line.hasPrefix("    ") else { break }
        for part in line.split(separator: ":") {
          let trimmed = part.trimmingCharacters(in: .whitespaces)
          if let byte = UInt8(trimmed, radix: 16) { bytes.append(byte) }
        }
      }
      return bytes
    }
    var scalar = hexBlock(after: "priv:")
    while scalar.count > fieldBytes, scalar.first == 0 { scalar.removeFirst() }
    scalar = [UInt8](repeating: 0, count: max(0, fieldBytes - scalar.count)) + scalar
    let point = hexBlock(after: "pub:")
    return (Data(point), Data(point + scalar))
  }

  /// A new RSA key of `bits` bits in `file` (PEM) and its PKCS#1 private and public DER.
  func makeRSAKey(bits: Int, file: String) throws -> (privateKey: Data, publicKey: Data) {
    try succeed(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:\(bits)", "-out", file])
    let privateKey = try succeed(["rsa", "-in", file, "-outform", "DER", "-traditional"])
    let publicKey = try succeed(["rsa", "-in", file, "-RSAPublicKey_out", "-outform", "DER"])
    return (privateKey, publicKey)
  }

  /// The SHA-1 of `data`, computed by openssl.
  func sha1(_ data: Data) throws -> Data {
    try write(data, to: "sha1-input")
    return try succeed(["dgst", "-sha1", "-binary", "sha1-input"])
  }
}
