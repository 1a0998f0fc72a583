import CLibCryptoShims
import Foundation
import GLibValues

/// One key or certificate of a PKCS#12 file, with the bag attributes Apple reads (`friendlyName`, `localKeyId`).
package struct PKCS12Bag: Sendable {
  package enum Kind: Sendable {
    /// A private key: PKCS#8 `PrivateKeyInfo` DER, decrypted, in wiped-on-release memory.
    case privateKey(SecretBytes)
    /// An X.509 certificate's DER.
    case certificate(Data)
  }

  package let kind: Kind
  package let localKeyID: Data?
  package let friendlyName: String?
}

/// Why a PKCS#12 file could not be read or written (Apple's `p12_error`).
package enum PKCS12Failure: Error, Sendable {
  /// Not PKCS#12, damaged, truncated, without a MAC, or made with an algorithm not offered (`p12_decodeErr`).
  case decode
  /// The MAC does not verify with the passphrase (`p12_passwordErr`).
  case password
  /// Memory, or a libcrypto failure the input does not explain.
  case `internal`
}

/// PKCS#12 through OpenSSL's libcrypto (`CLibCryptoShims`). The only Swift code that calls it.
package enum PKCS12Codec {
  /// The key and certificate bags of `data`, in file order, after the MAC verified with `password`.
  package static func read(_ data: Data, password: SecretBytes) throws(PKCS12Failure) -> [PKCS12Bag] {
    var bags = scp_bags(items: nil, count: 0)
    let status = data.withUnsafeBytes { file in
      withTerminated(password) { pass in
        scp_pkcs12_read(
          file.bindMemory(to: UInt8.self).baseAddress, file.count, pass, password.count, &bags)
      }
    }
    // Every buffer of `bags` is copied out, then released (and the key bytes wiped) by scp_bags_free.
    defer { scp_bags_free(&bags) }
    try check(status)
    var result: [PKCS12Bag] = []
    for index in 0..<bags.count {
      let bag = bags.items[index]
      let der = UnsafeRawPointer(bag.der)
      let kind: PKCS12Bag.Kind
      switch bag.kind {
      case scp_bag_private_key: kind = .privateKey(SecretBytes(copying: der, count: bag.der_length))
      case scp_bag_certificate: kind = .certificate(der.map { Data(bytes: $0, count: bag.der_length) } ?? Data())
      default: continue
      }
      result.append(
        PKCS12Bag(
          kind: kind,
          localKeyID: bag.local_key_id.map { Data(bytes: $0, count: bag.local_key_id_length) },
          friendlyName: bag.friendly_name.map { String(cString: $0) }))
    }
    return result
  }

  /// A PKCS#12 file in macOS's `security export` format holding `privateKey` (PKCS#8 DER, paired with the first
  /// certificate) and `certificates`.
  package static func write(
    privateKey: SecretBytes?, certificates: [Data], password: SecretBytes, friendlyName: String?
  ) throws(PKCS12Failure) -> Data {
    var output: UnsafeMutablePointer<UInt8>?
    var outputLength = 0
    // The certificates' bytes, borrowed for the call.
    let buffers = certificates.map { certificate -> UnsafeMutableRawBufferPointer in
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(certificate.count, 1), alignment: 1)
      certificate.copyBytes(to: buffer)
      return buffer
    }
    defer { buffers.forEach { $0.deallocate() } }
    let pointers: [UnsafePointer<UInt8>?] = buffers.map {
      UnsafePointer($0.baseAddress!.assumingMemoryBound(to: UInt8.self))
    }
    let lengths = certificates.map(\.count)
    let status = withTerminated(password) { pass in
      withKey(privateKey) { key, keyLength in
        pointers.withUnsafeBufferPointer { certificatePointers in
          scp_pkcs12_write(
            key, keyLength, certificatePointers.baseAddress, lengths, certificates.count, pass, password.count,
            friendlyName, &output, &outputLength)
        }
      }
    }
    try check(status)
    guard let output else { throw .internal }
    // transfer full: the file's bytes (not secret) are copied, then released once.
    defer { scp_buffer_free(output, outputLength) }
    return Data(bytes: output, count: outputLength)
  }

  private static func check(_ status: scp_status) throws(PKCS12Failure) {
    switch status {
    case scp_ok: return
    case scp_password_error: throw .password
    case scp_decode_error: throw .decode
    default: throw .internal
    }
  }

  /// Runs `body` with the passphrase as a NUL-terminated C string in a buffer wiped afterwards.
  private static func withTerminated<R>(_ password: SecretBytes, _ body: (UnsafePointer<CChar>) -> R) -> R {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: password.count + 1, alignment: 1)
    defer {
      SecretBytes.wipe(buffer)
      buffer.deallocate()
    }
    password.withUnsafeBytes { bytes in buffer.copyMemory(from: bytes) }
    buffer[password.count] = 0
    return body(UnsafePointer(buffer.baseAddress!.assumingMemoryBound(to: CChar.self)))
  }

  private static func withKey<R>(_ key: SecretBytes?, _ body: (UnsafePointer<UInt8>?, Int) -> R) -> R {
    guard let key else { return body(nil, 0) }
    return key.withUnsafeBytes { bytes in body(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count) }
  }
}
