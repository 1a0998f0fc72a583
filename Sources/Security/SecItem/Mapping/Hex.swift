import Foundation

/// Lower-case hexadecimal, the stored form of Apple's "Data" attributes (application labels, names, serial numbers):
/// readable, searchable with `secret-tool`, and free of the characters D-Bus strings refuse.
enum Hex {
  private static let digits = Array("0123456789abcdef".utf8)

  static func encode(_ data: Data) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(data.count * 2)
    for byte in data {
      bytes.append(digits[Int(byte >> 4)])
      bytes.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The bytes of an even-length hexadecimal string (either case), or nil.
  static func decode(_ string: String) -> Data? {
    let utf8 = Array(string.utf8)
    guard utf8.count % 2 == 0 else { return nil }
    var data = Data(capacity: utf8.count / 2)
    var index = 0
    while index < utf8.count {
      guard let high = value(utf8[index]), let low = value(utf8[index + 1]) else { return nil }
      data.append(high << 4 | low)
      index += 2
    }
    return data
  }

  private static func value(_ digit: UInt8) -> UInt8? {
    switch digit {
    case 0x30...0x39: digit - 0x30
    case 0x61...0x66: digit - 0x61 + 10
    case 0x41...0x46: digit - 0x41 + 10
    default: nil
    }
  }
}
