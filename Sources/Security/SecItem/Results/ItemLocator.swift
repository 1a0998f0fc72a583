import Foundation
import SecretServiceClient

/// One item named explicitly by a caller: through a reference, a persistent reference, or found by a search.
/// Equal and hashed by class and path only (`identity` is what a persistent reference carries besides).
struct ItemLocator: Hashable, Sendable {
  /// Apple's class code.
  let itemClassCode: String
  /// The item's object path.
  let path: ObjectPath
  /// How to recognise the item, and find it again, when `path` went stale (KWallet renumbers item paths on every
  /// start); nil when the locator does not know (references, persistent references of version 1).
  var identity: ItemIdentity? = nil

  static func == (lhs: ItemLocator, rhs: ItemLocator) -> Bool {
    lhs.itemClassCode == rhs.itemClassCode && lhs.path == rhs.path
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(itemClassCode)
    hasher.combine(path)
  }

  /// The reference handed to callers.
  var reference: SecKeychainItem { SecKeychainItem(itemClassCode: itemClassCode, path: path) }

  /// The persistent reference handed to callers.
  var persistentReference: Data { PersistentReference.encode(self) }
}

/// What a persistent reference carries besides the path: the item's creation time (seconds; neither updates nor
/// restarts change it) and the stored attributes holding its primary key (to search for it).
struct ItemIdentity: Sendable, Equatable {
  let created: Int64
  let attributes: [String: String]
}

/// The bytes of a persistent reference (`kSecReturnPersistentRef`). Another process can use it.
///
/// - Version 2 (written): `SKLPR2`, the four-byte class code, the item's D-Bus object path in UTF-8, `\n`, the
///   item's creation time in decimal seconds, `\n`, then its primary-key attributes as a JSON object (sorted keys).
///   Resolved through `PersistentReferenceResolver`: where item paths are not stable (KWallet renumbers them on
///   every start) the item at the path must have that creation time and those attributes, else the item that has
///   them is found by a search.
/// - Version 1 (still read): `SKLPR1`, the class code, then the path; used as it is.
///
/// Anything else is not a persistent reference (`errSecParam` where one is expected), including a class code that is
/// not four printable ASCII characters.
package enum PersistentReference {
  private static let magic = Data("SKLPR1".utf8)
  private static let magic2 = Data("SKLPR2".utf8)

  static func encode(_ locator: ItemLocator) -> Data {
    guard let identity = locator.identity,
      let json = try? JSONSerialization.data(withJSONObject: identity.attributes, options: [.sortedKeys])
    else {
      return magic + Data(locator.itemClassCode.utf8) + Data(locator.path.rawValue.utf8)
    }
    return magic2 + Data(locator.itemClassCode.utf8) + Data(locator.path.rawValue.utf8)
      + Data("\n\(identity.created)\n".utf8) + json
  }

  /// The item a persistent reference names, or nil when the bytes are not one.
  static func decode(_ data: Data) -> ItemLocator? {
    let bytes = [UInt8](data)
    let version2 = bytes.starts(with: magic2)
    guard bytes.count > magic.count + 4, version2 || bytes.starts(with: magic) else { return nil }
    // A class code is four printable ASCII characters (one byte each, so the path starts right after them).
    let codeBytes = bytes[magic.count..<magic.count + 4]
    guard codeBytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
    let code = String(decoding: codeBytes, as: UTF8.self)
    let rest = bytes[(magic.count + 4)...]
    guard version2 else {
      guard let path = String(bytes: rest, encoding: .utf8).map { ObjectPath($0) }, path.isValid else { return nil }
      return ItemLocator(itemClassCode: code, path: path)
    }
    let fields = rest.split(separator: 0x0A, maxSplits: 2, omittingEmptySubsequences: false)
    guard fields.count == 3, let path = String(bytes: fields[0], encoding: .utf8).map { ObjectPath($0) }, path.isValid,
      let created = String(bytes: fields[1], encoding: .utf8).flatMap({ Int64($0) }),
      let object = try? JSONSerialization.jsonObject(with: Data(fields[2])) as? [String: String]
    else { return nil }
    return ItemLocator(
      itemClassCode: code, path: path, identity: ItemIdentity(created: created, attributes: object))
  }
}
