import Foundation

/// Recognises the elements of a `kSecMatchIssuers` array that Apple's securityd takes as issuer names.
///
/// Apple's `query_add_match` keeps the elements that `SecDistinguishedNameCopyNormalizedContent` can normalise, and
/// only a non-empty result makes the query an issuer search (which password classes refuse). That function first
/// decodes a DER SEQUENCE at the start of the data; the same check is made here. Its further parsing of the
/// relative distinguished names inside is not repeated, so a SEQUENCE holding something else counts as a name here.
enum IssuerNameData {
  /// Whether `data` starts with a DER SEQUENCE whose content fits in `data`.
  static func looksLikeName(_ data: Data) -> Bool {
    let bytes = [UInt8](data)
    guard bytes.count >= 2, bytes[0] == 0x30 else { return false }
    let first = Int(bytes[1])
    if first < 0x80 { return 2 + first <= bytes.count }
    let lengthBytes = first & 0x7F
    guard (1...4).contains(lengthBytes), bytes.count >= 2 + lengthBytes else { return false }
    var length = 0
    for byte in bytes[2..<(2 + lengthBytes)] { length = length << 8 | Int(byte) }
    return 2 + lengthBytes + length <= bytes.count
  }
}
