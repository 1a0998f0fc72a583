import Foundation
import Testing

@testable import Security

/// PKCS#12 files made at test time by `openssl pkcs12 -export` from `OpenSSLIdentity` keys and certificates.
struct PKCS12Files {
  /// A CA and a leaf it signed, and a second self-signed identity.
  let root: OpenSSLIdentity
  let leaf: OpenSSLIdentity
  let tool: OpenSSLTool

  init(leafKind: OpenSSLIdentity.KeyKind = .ec256) throws {
    root = try OpenSSLIdentity(
      subject: "/CN=Import Test Root", extensions: ["basicConstraints=critical,CA:TRUE", "keyUsage=keyCertSign"])
    leaf = try OpenSSLIdentity(leafKind, subject: "/CN=Import Test Signer", serial: "0x2A", signedBy: root)
    tool = try OpenSSLTool()
    try tool.write(try pem(root), to: "root.pem")
    try tool.write(try pem(leaf), to: "leaf.pem")
  }

  /// The certificate of `identity` as PEM.
  func pem(_ identity: OpenSSLIdentity) throws -> Data {
    try identity.openssl.succeed(["x509", "-inform", "DER", "-in", "cert.der"])
  }

  /// `openssl pkcs12 -export` of the leaf's key and certificate (and the root with `chain`), OpenSSL 3's defaults
  /// (AES-256-CBC, PBKDF2, SHA-256 MAC) or `-legacy` (RC2-40 / 3DES, SHA-1 MAC).
  func identityFile(password: String, legacy: Bool = false, chain: Bool = false, name: String? = nil) throws -> Data {
    var arguments = [
      "pkcs12", "-export", "-inkey", leaf.openssl.path("key.pem"), "-in", tool.path("leaf.pem"), "-passout",
      "pass:" + password, "-out", "out.p12",
    ]
    if legacy { arguments.append("-legacy") }
    if chain { arguments += ["-certfile", tool.path("root.pem")] }
    if let name { arguments += ["-name", name] }
    try tool.succeed(arguments)
    return try tool.read("out.p12")
  }

  /// A file of the two certificates and no key.
  func certificatesOnlyFile(password: String) throws -> Data {
    try tool.write(try pem(leaf) + (try pem(root)), to: "both.pem")
    try tool.succeed([
      "pkcs12", "-export", "-nokeys", "-in", tool.path("both.pem"), "-passout", "pass:" + password, "-out", "c.p12",
    ])
    return try tool.read("c.p12")
  }

  /// A file with two identities (the leaf's and the root's), each key and certificate sharing a local key ID,
  /// written with libcrypto's PKCS12_add_* calls through Python's ctypes (the openssl command takes one key).
  func twoIdentitiesFile(password: String) throws -> Data {
    let script = """
      import ctypes, sys
      c = ctypes.CDLL("libcrypto.so.3")
      c.BIO_new_file.restype = ctypes.c_void_p
      c.BIO_new_file.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
      c.BIO_free.argtypes = [ctypes.c_void_p]
      c.PEM_read_bio_PrivateKey.restype = ctypes.c_void_p
      c.PEM_read_bio_PrivateKey.argtypes = [ctypes.c_void_p] * 4
      c.PEM_read_bio_X509.restype = ctypes.c_void_p
      c.PEM_read_bio_X509.argtypes = [ctypes.c_void_p] * 4
      c.PKCS12_add_cert.restype = ctypes.c_void_p
      c.PKCS12_add_cert.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
      c.PKCS12_add_key.restype = ctypes.c_void_p
      c.PKCS12_add_key.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_char_p]
      c.PKCS12_add_localkeyid.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
      c.PKCS12_add_safe.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_char_p]
      c.PKCS12_add_safes.restype = ctypes.c_void_p
      c.PKCS12_add_safes.argtypes = [ctypes.c_void_p, ctypes.c_int]
      c.PKCS12_set_mac.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
      c.EVP_sha256.restype = ctypes.c_void_p
      c.i2d_PKCS12_bio.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
      password = sys.argv[1].encode()
      bags = ctypes.c_void_p(None)
      for index, (key, cert) in enumerate(zip(sys.argv[2::2], sys.argv[3::2])):
          x = c.PEM_read_bio_X509(c.BIO_new_file(cert.encode(), b"r"), None, None, None)
          k = c.PEM_read_bio_PrivateKey(c.BIO_new_file(key.encode(), b"r"), None, None, None)
          keyid = bytes([index + 1]) * 20
          c.PKCS12_add_localkeyid(c.PKCS12_add_cert(ctypes.byref(bags), x), keyid, 20)
          c.PKCS12_add_localkeyid(c.PKCS12_add_key(ctypes.byref(bags), k, 0, 2048, 146, password), keyid, 20)
      safes = ctypes.c_void_p(None)
      assert c.PKCS12_add_safe(ctypes.byref(safes), bags, -1, 2048, password) == 1
      p12 = c.PKCS12_add_safes(safes, 0)
      assert c.PKCS12_set_mac(p12, password, -1, None, 0, 2048, c.EVP_sha256()) == 1
      out = c.BIO_new_file(b"two.p12", b"wb")
      assert c.i2d_PKCS12_bio(out, p12) == 1
      c.BIO_free(out)
      """
    try tool.write(try pem(root), to: "root-cert.pem")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      "-c", script, password, leaf.openssl.path("key.pem"), tool.path("leaf.pem"), root.openssl.path("key.pem"),
      tool.path("root.pem"),
    ]
    process.currentDirectoryURL = tool.directory
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    return try tool.read("two.p12")
  }
}

/// `SecPKCS12Import` of `data` with `options`: the status and the result dictionaries.
func importPKCS12(_ data: Data, _ options: [String: Any]) -> (OSStatus, [[String: Any]]) {
  var items: CFArray?
  let status = SecPKCS12Import(data as CFData, options as CFDictionary, &items)
  return (status, (items as? [[String: Any]]) ?? [])
}
