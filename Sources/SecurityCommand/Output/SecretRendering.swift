import GLibValues

extension SecretBytes {
  /// `render` applied to a plain copy of the bytes (the byte renderings take arrays); the copy is wiped after. The
  /// caller wipes the result once it is written.
  func rendered(_ render: ([UInt8]) -> [UInt8]) -> [UInt8] {
    var plain = withUnsafeBytes { Array($0) }
    defer { SecretBytes.wipe(&plain) }
    return render(plain)
  }
}
