import Foundation
import KeychainServices

/// macOS's `print_keychain_item_attributes` for a certificate item (find-certificate without `-p`): the keychain,
/// version, class `0x80001000` and the rows of Schema.m4's X509 certificate relation in tag order.
enum CertificateBlock {
  /// The certificate relation's rows: tag, format and the SecItem attribute that holds the value (the alias shows
  /// the label, as macOS's does for a certificate without an e-mail address).
  private static let rows: [AttributeBlock.Row] = [
    .init("alis", .blob, kSecAttrLabel), .init("cenc", .uint32, kSecAttrCertificateEncoding),
    .init("ctyp", .uint32, kSecAttrCertificateType), .init("hpky", .blob, kSecAttrPublicKeyHash),
    .init("issu", .blob, kSecAttrIssuer), .init("labl", .blob, kSecAttrLabel),
    .init("skid", .blob, kSecAttrSubjectKeyID), .init("snbr", .blob, kSecAttrSerialNumber),
    .init("subj", .blob, kSecAttrSubject),
  ]

  static func render(_ record: CertificateRecord) -> [UInt8] {
    var text: [UInt8] = Array("keychain: ".utf8) + BufferFormat.buffer(Array(record.keychain.path.utf8))
    text += Array("\nversion: \(AttributeBlock.keychainVersion)\nclass: ".utf8)
    text += BufferFormat.uint32(0x8000_1000) + Array("\nattributes:\n".utf8)
    for row in rows {
      text += Array("    ".utf8) + BufferFormat.uint32(row.tag) + Array("<\(row.format.rawValue)>=".utf8)
      let value = row.key.flatMap { record.attributes[$0] }
      switch (row.format, value) {
      case (.uint32, let number as NSNumber): text += BufferFormat.uint32(number.uint32Value)
      case (_, let string as String) where !string.isEmpty: text += BufferFormat.buffer(Array(string.utf8))
      case (_, let data as Data) where !data.isEmpty: text += BufferFormat.buffer(Array(data))
      default: text += Array("<NULL>".utf8)
      }
      text.append(UInt8(ascii: "\n"))
    }
    return text
  }
}
