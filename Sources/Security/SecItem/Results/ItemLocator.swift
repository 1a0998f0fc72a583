import Foundation
import FreedesktopServices
import KeychainFiles

/// One item named explicitly by a caller: through a reference, a persistent reference, or found by a search.
/// Equal and hashed by class and ID only (`fingerprint` is what a persistent reference carries besides).
struct ItemLocator: Hashable, Sendable {
  /// Apple's class code.
  let itemClassCode: String
  /// The item's keychain and name.
  let id: ItemID
  /// How to recognise the item, and find it again, when its ID went stale (KWallet renumbers items on every start, a
  /// keyring file names an item anew with every write); nil when the locator does not know (references, persistent
  /// references of version 1).
  var fingerprint: ItemFingerprint? = nil

  static func == (lhs: ItemLocator, rhs: ItemLocator) -> Bool {
    lhs.itemClassCode == rhs.itemClassCode && lhs.id == rhs.id
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(itemClassCode)
    hasher.combine(id)
  }

  /// The reference handed to callers.
  var reference: SecKeychainItem { SecKeychainItem(itemClassCode: itemClassCode, id: id) }

  /// The persistent reference handed to callers.
  var persistentReference: Data { PersistentReference.encode(self) }
}

/// What a persistent reference carries besides the ID: the item's creation time (seconds; neither updates nor
/// restarts change it) and the stored attributes holding its primary key (to search for it).
struct ItemFingerprint: Sendable, Equatable {
  let created: Int64
  let attributes: [String: String]
}

/// The bytes of a persistent reference (`kSecReturnPersistentRef`). Another process can use it.
///
/// - Version 3 (written): `SKLPR3`, the four-byte class code, then a JSON object (sorted keys) with the item's
///   keychain (`collection`: a Secret Service collection's object path, or `file`: a keyring file's path), its
///   `name` there, and, when known, its creation time (`created`, seconds) and primary-key attributes
///   (`attributes`). Resolved through `PersistentReferenceResolver`: where item IDs are not stable (KWallet, a keyring
///   file) the item with that ID must have that creation time and those attributes, else the item that has them is
///   found by a search.
/// - Version 2 (still read): `SKLPR2`, the class code, the item's D-Bus object path in UTF-8, `\n`, the creation time
///   in decimal seconds, `\n`, the primary-key attributes as a JSON object. The path names a Secret Service item; one
///   that earlier versions wrote for a keyring-file item (they named those by made-up paths) names no item of the
///   file, and the item is found again by its creation time and attributes.
/// - Version 1 (still read): `SKLPR1`, the class code, then the object path; used as it is.
///
/// Anything else is not a persistent reference (`errSecParam` where one is expected), including a class code that is
/// not four printable ASCII characters.
package enum PersistentReference {
  private static let magic1 = Data("SKLPR1".utf8)
  private static let magic2 = Data("SKLPR2".utf8)
  private static let magic3 = Data("SKLPR3".utf8)

  static func encode(_ locator: ItemLocator) -> Data {
    var object: [String: Any] = ["name": locator.id.name]
    switch locator.id.keychain {
    case .collection(let path): object["collection"] = path.rawValue
    case .file(let path): object["file"] = path
    }
    if let fingerprint = locator.fingerprint {
      object["created"] = NSNumber(value: fingerprint.created)
      object["attributes"] = fingerprint.attributes
    }
    // Strings, numbers and a dictionary of strings always serialise.
    let json = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return magic3 + Data(locator.itemClassCode.utf8) + json
  }

  /// The item a persistent reference names, or nil when the bytes are not one.
  static func decode(_ data: Data) -> ItemLocator? {
    let bytes = [UInt8](data)
    guard bytes.count > magic1.count + 4 else { return nil }
    // A class code is four printable ASCII characters (one byte each, so the rest starts right after them).
    let codeBytes = bytes[magic1.count..<magic1.count + 4]
    guard codeBytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
    let code = String(decoding: codeBytes, as: UTF8.self)
    let rest = bytes[(magic1.count + 4)...]
    if bytes.starts(with: magic3) { return version3(code, rest) }
    if bytes.starts(with: magic2) { return version2(code, rest) }
    if bytes.starts(with: magic1) { return version1(code, rest) }
    return nil
  }

  private static func version3(_ code: String, _ rest: ArraySlice<UInt8>) -> ItemLocator? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(rest)) as? [String: Any],
      let name = object["name"] as? String
    else { return nil }
    let keychain: KeychainID
    switch (object["collection"] as? String, object["file"] as? String) {
    case (let path?, nil): keychain = .collection(ObjectPath(path))
    case (nil, let path?): keychain = .file(path)
    default: return nil
    }
    let knownKeys: Set<String> = ["name", "collection", "file", "created", "attributes"]
    guard object.keys.allSatisfy(knownKeys.contains) else { return nil }
    var fingerprint: ItemFingerprint?
    switch (object["created"], object["attributes"]) {
    case (nil, nil): fingerprint = nil
    case (let created as NSNumber, let attributes as [String: String]):
      guard let seconds = Int64(exactly: created.doubleValue), NSNumber(value: seconds) == created else { return nil }
      fingerprint = ItemFingerprint(created: seconds, attributes: attributes)
    default: return nil
    }
    return ItemLocator(itemClassCode: code, id: ItemID(keychain: keychain, name: name), fingerprint: fingerprint)
  }

  private static func version2(_ code: String, _ rest: ArraySlice<UInt8>) -> ItemLocator? {
    let fields = rest.split(separator: 0x0A, maxSplits: 2, omittingEmptySubsequences: false)
    guard fields.count == 3, let path = objectPath(fields[0]),
      let created = String(bytes: fields[1], encoding: .utf8).flatMap({ Int64($0) }),
      let attributes = try? JSONSerialization.jsonObject(with: Data(fields[2])) as? [String: String]
    else { return nil }
    return ItemLocator(
      itemClassCode: code, id: SecretServiceStore.itemID(path),
      fingerprint: ItemFingerprint(created: created, attributes: attributes))
  }

  private static func version1(_ code: String, _ rest: ArraySlice<UInt8>) -> ItemLocator? {
    guard let path = objectPath(rest) else { return nil }
    return ItemLocator(itemClassCode: code, id: SecretServiceStore.itemID(path))
  }

  /// A valid D-Bus object path in UTF-8.
  private static func objectPath(_ bytes: ArraySlice<UInt8>) -> ObjectPath? {
    guard let path = String(bytes: bytes, encoding: .utf8).map({ ObjectPath($0) }), path.isValid else { return nil }
    return path
  }
}
