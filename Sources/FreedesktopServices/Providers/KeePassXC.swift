import Foundation
import GLibValues
import Synchronization

// KeePassXC 2.7 keeps every item as an entry of the database group it exposes: the label is the entry's title, the
// attributes are its fields and custom attributes, a text secret is its password and any other secret an attachment.

/// KeePassXC's names and values that the bridge works around.
enum KeePassXC {
  /// The name KeePassXC's main window owns beside `org.freedesktop.secrets`.
  static let mainWindowName = "org.keepassxc.KeePassXC.MainWindow"

  /// Attributes KeePassXC reports for every item although nobody set them: the entry's title (the label again), its
  /// UUID (the last element of the item's path), its place in the exposed group, its current TOTP code, and the
  /// content type of a secret kept as an attachment. Never shown.
  static let addedAttributes: Set<String> = ["Title", "Uuid", "Path", "TOTP", "FDO_SECRETS_CONTENT_TYPE"]
  /// Entry fields KeePassXC reports as attributes of every item, empty unless the entry has them (entries made in
  /// KeePassXC itself, or set by a client): shown only when not empty.
  static let entryFields: Set<String> = ["UserName", "URL", "Notes"]
  /// Attribute names KeePassXC refuses to set (InvalidArgs): read-only ones and the entry's password. In
  /// `CreateItem`, `Path` would also choose the entry's group.
  static let refusedNames: Set<String> = ["Uuid", "Path", "TOTP", "Password"]
  /// What an attribute removed by `setAttributes` holds: KeePassXC merges a new attribute set into the entry's
  /// attributes, and nothing over D-Bus deletes one. Attributes holding it are never shown. (U+FDD0 is a
  /// noncharacter, which no text holds by accident, and one that KeePassXC's XML keeps.)
  static let removedValue = String(Unicode.Scalar(0xFDD0 as UInt32)!) + "removed"
  /// The content type of a secret sent base64-encoded: one containing a KeePassXC reference (`{REF:…}`), which
  /// KeePassXC refuses whatever the content type.
  static let base64ContentType = "application/octet-stream; x-swift-keychain-linux=base64"

  /// The attributes of an item as callers see them: without `addedAttributes`, empty `entryFields` and removed
  /// attributes, with the names an entry made in KeePassXC gains from its fields (`KeePassXCEntries.derived`).
  static func visibleAttributes(_ attributes: [String: String]) -> [String: String] {
    let own = attributes.filter { name, value in
      !addedAttributes.contains(name) && !(value.isEmpty && entryFields.contains(name)) && value != removedValue
    }
    return own.merging(KeePassXCEntries.derived(attributes.filter { $0.value != removedValue })) { own, _ in own }
  }

  /// Whether `text` holds a KeePassXC field reference, `{REF:<field>@<field>:<text>}` (ASCII case-insensitive), which
  /// KeePassXC refuses in labels, attribute values and secrets (InvalidArgs), and resolves in entry fields.
  static func containsReference<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool where Bytes.Index == Int {
    let prefix = Array("{ref:".utf8)
    let wanted = Array("tupani".utf8)
    let searchedIn = Array("tupanio".utf8)
    func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
    var index = bytes.startIndex
    while index + 10 < bytes.endIndex {
      defer { index += 1 }
      guard (0..<5).allSatisfy({ lower(bytes[index + $0]) == prefix[$0] }), wanted.contains(lower(bytes[index + 5])),
        bytes[index + 6] == UInt8(ascii: "@"), searchedIn.contains(lower(bytes[index + 7])),
        bytes[index + 8] == UInt8(ascii: ":"), bytes[index + 9] != UInt8(ascii: "}")
      else { continue }
      if bytes[(index + 10)...].contains(UInt8(ascii: "}")) { return true }
    }
    return false
  }

  /// Whether KeePassXC gives `secret` back exactly when it is sent as `text/plain` (kept as the entry's password):
  /// valid UTF-8 without `{` (KeePassXC resolves placeholders such as `{TITLE}` and `{USERNAME}` when it reads a
  /// password), not starting with a byte order mark (its UTF-8 decoder drops it), and only characters that its XML
  /// file keeps (no control characters but tab and newline, no U+FFFE or U+FFFF). Anything else is sent as
  /// `application/octet-stream` and kept byte for byte as an attachment.
  static func keepsAsText(_ secret: SecretBytes) -> Bool {
    guard secret.isUTF8TextWithoutNUL else { return false }
    return secret.withUnsafeBytes { bytes in
      if bytes.contains(UInt8(ascii: "{")) || bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return false }
      var decoder = UTF8()
      var iterator = bytes.makeIterator()
      while case .scalarValue(let scalar) = decoder.decode(&iterator) {
        switch scalar.value {
        case 0x09, 0x0A, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...: continue
        default: return false
        }
      }
      return true
    }
  }
}

/// KeePassXC: its attributes, labels and secrets made to behave as the Secret Service specification (and
/// gnome-keyring) says here; its searches in `KeePassXCSearch`; its locked databases and prompts in
/// `KeePassXCLocking.swift`. One per handle: it keeps what the last search saw.
final class KeePassXCAdapter: ProviderAdapter {
  /// The collections the last search saw (`KeePassXCSearch`), nil before the first.
  let collections = Mutex<[ObjectPath]?>(nil)

  func searchItems(_ queries: [[String: String]], on handle: ServiceHandle, _ deadline: Deadline)
    throws(CallFailure) -> [(unlocked: [ObjectPath], locked: [ObjectPath])]
  {
    try KeePassXCSearch.run(handle, self, queries, deadline)
  }

  /// `KeePassXC.visibleAttributes`.
  func visibleAttributes(_ attributes: [String: String]) -> [String: String] {
    KeePassXC.visibleAttributes(attributes)
  }

  /// Fails for what KeePassXC would refuse only after creating an entry (a `CreateItem` whose label or attributes it
  /// refuses leaves an empty entry behind): a reference in the label or an attribute value, or an attribute named as
  /// one of `KeePassXC.refusedNames`.
  func checkStorable(label: String?, attributes: [String: String]?, call: String) throws(CallFailure) {
    if let label, KeePassXC.containsReference(Array(label.utf8)) {
      throw CallFailure(call: call, cause: .invalidArgument, message: "KeePassXC refuses a reference in a label")
    }
    for (name, value) in attributes ?? [:] {
      if KeePassXC.refusedNames.contains(name) {
        throw CallFailure(call: call, cause: .invalidArgument, message: "KeePassXC refuses the attribute \(name)")
      }
      if KeePassXC.containsReference(Array(value.utf8)) {
        throw CallFailure(
          call: call, cause: .invalidArgument, message: "KeePassXC refuses a reference in an attribute value")
      }
    }
  }

  /// KeePassXC merges what it gets into what the entry has, so every attribute the item shows now and `attributes`
  /// lacks is sent holding `KeePassXC.removedValue` (read as absent), or empty for an entry field; names derived from
  /// the entry's fields (`KeePassXCEntries`) are sent only when they change. One `Get` of the current attributes.
  func attributesReplacing(
    _ item: ObjectPath, with attributes: [String: String], on handle: ServiceHandle, _ deadline: Deadline
  ) throws(CallFailure) -> [String: String] {
    let reply = try handle.call(
      PropertiesInterface.get(item, interface: ItemInterface.name, property: "Attributes"), deadline)
    guard let current = try PropertiesInterface.getReply(reply).stringDictionary else {
      throw CallFailure(call: "\(PropertiesInterface.name).Get", cause: .other, message: "Attributes is not a{ss}")
    }
    let shown = KeePassXC.visibleAttributes(current)
    var sent = attributes
    for (name, value) in attributes where current[name] == nil && shown[name] == value {
      sent[name] = nil  // derived from the entry's fields, unchanged
    }
    for name in shown.keys where attributes[name] == nil && current[name] != nil {
      sent[name] = KeePassXC.entryFields.contains(name) ? "" : KeePassXC.removedValue
    }
    return sent
  }

  // MARK: - Secrets

  /// `text/plain` when `KeePassXC.keepsAsText`, base64 with `KeePassXC.base64ContentType` when the secret holds a
  /// reference, else `application/octet-stream` (an attachment, kept exactly).
  func encodeSecret(_ secret: SecretBytes, on handle: ServiceHandle) throws(CallFailure) -> OpaquePointer {
    if secret.withUnsafeBytes({ KeePassXC.containsReference($0) }) {
      return try handle.encodeSecret(secret.base64Encoded(), contentType: KeePassXC.base64ContentType)
    }
    return try handle.encodeSecret(
      secret, contentType: KeePassXC.keepsAsText(secret) ? "text/plain" : "application/octet-stream")
  }

  /// A secret sent as `KeePassXC.base64ContentType` is decoded back (the bytes as stored when they are not base64).
  func storedSecret(_ secret: SecretBytes, contentType: String?) -> SecretBytes {
    guard contentType == KeePassXC.base64ContentType else { return secret }
    return secret.base64Decoded() ?? secret
  }
}
