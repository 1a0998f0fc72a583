import Foundation

/// Encodes typed Apple attribute values as Secret Service attribute strings and back.
///
/// - strings: as they are; data (blob attributes): the UTF-8 string when the bytes are UTF-8 without NUL, else
///   base64, with a marker `keychain:enc:<key>` = `utf8` / `base64` so the value comes back as `Data` (items of this
///   package also carry `text` there for a string: `TypeMarkers`);
/// - bytes of Apple's "Data" columns (key and certificate attributes): lower-case hexadecimal, no marker;
/// - integers (numbers): decimal; booleans: `1` / `0`;
/// - four-character codes: the libsecret name from the class's table (`htps` → `https`);
/// - access control: `<protection>;<flags>`.
enum AttributeCodec {
  /// The attribute pairs storing `value` (every name of the descriptor, plus the encoding marker of data).
  static func encode(_ value: AttributeValue, _ descriptor: AttributeDescriptor) -> [String: String] {
    guard let encoded = encodedString(value, descriptor) else { return [:] }
    var pairs: [String: String] = [:]
    for name in descriptor.attributeNames { pairs[name] = encoded.string }
    if let marker = encoded.marker { pairs[ReservedNames.encodingMarker(descriptor.key)] = marker }
    return pairs
  }

  /// Every attribute name a value of the descriptor may occupy (to clear it before writing a new value).
  static func occupiedNames(_ descriptor: AttributeDescriptor) -> [String] {
    let names = descriptor.attributeNames
    return names.isEmpty ? [] : names + [ReservedNames.encodingMarker(descriptor.key)]
  }

  /// Alternative attribute sets that find items holding `value`, one per stored name (an item written by another
  /// client may carry only one of them, e.g. `username` but not `account`).
  static func searchAlternatives(_ value: AttributeValue, _ descriptor: AttributeDescriptor) -> [[String: String]] {
    guard let encoded = encodedString(value, descriptor) else { return [] }
    return descriptor.attributeNames.map { name in
      var pairs = [name: encoded.string]
      if let marker = encoded.marker { pairs[ReservedNames.encodingMarker(descriptor.key)] = marker }
      return pairs
    }
  }

  /// The value stored for the descriptor, or nil when the item carries none (or an undecodable one).
  static func decode(_ descriptor: AttributeDescriptor, from attributes: [String: String]) -> AttributeValue? {
    guard
      let stored = descriptor.attributeNames.lazy.compactMap({ attributes[$0] }).first
        ?? descriptor.foreignNames.lazy.compactMap({ attributes[$0] }).first
    else { return nil }
    switch descriptor.kind {
    case .text, .accessible:
      return .string(stored)
    case .blob:
      switch attributes[ReservedNames.encodingMarker(descriptor.key)] {
      case ReservedNames.dataAsUTF8: return .data(Data(stored.utf8))
      case ReservedNames.dataAsBase64: return Data(base64Encoded: stored).map { .data($0) } ?? .string(stored)
      // `text`, no marker (other clients' items, items written before `text` existed) and any marker a later
      // version may write: a string, as every earlier version reads them.
      default: return .string(stored)
      }
    case .integer(let range), .number(let range):
      guard let value = Int64(stored.trimmingCharacters(in: .whitespaces)), range.contains(value) else { return nil }
      return .integer(value)
    case .data:
      return Hex.decode(stored).map { .data($0) }
    case .boolean:
      switch stored.lowercased() {
      case "1", "true": return .boolean(true)
      case "0", "false": return .boolean(false)
      default: return nil
      }
    case .fourCharCode(let table):
      return table.code(forStoredName: stored).map { .string($0) }
    case .accessControl:
      let parts = stored.split(separator: ";", maxSplits: 1).map(String.init)
      guard parts.count == 2, let flags = UInt(parts[1]) else { return nil }
      return .accessControl(protection: parts[0], flags: flags)
    case .date:
      return nil
    }
  }

  /// The stored string of a value and, for data, its encoding marker; nil when the descriptor stores nothing in
  /// attributes or the value does not fit the kind (the parser rejects such values before).
  static func encodedString(
    _ value: AttributeValue, _ descriptor: AttributeDescriptor
  ) -> (string: String, marker: String?)? {
    guard !descriptor.attributeNames.isEmpty else { return nil }
    switch (descriptor.kind, value) {
    case (.fourCharCode(let table), .string(let code)):
      return table.storedName(forCode: code).map { ($0, nil) }
    case (.data, .data(let data)):
      return (Hex.encode(data), nil)
    case (_, .string(let string)):
      return (string, nil)
    case (_, .data(let data)):
      if let string = String(data: data, encoding: .utf8), !string.contains("\0"), Data(string.utf8) == data {
        return (string, ReservedNames.dataAsUTF8)
      }
      return (data.base64EncodedString(), ReservedNames.dataAsBase64)
    case (_, .integer(let integer)):
      return (String(integer), nil)
    case (_, .boolean(let boolean)):
      return (boolean ? "1" : "0", nil)
    case (_, .accessControl(let protection, let flags)):
      return ("\(protection);\(flags)", nil)
    case (_, .date):
      return nil
    }
  }
}
