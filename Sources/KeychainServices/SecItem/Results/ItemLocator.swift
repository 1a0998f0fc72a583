import Foundation

/// One item named explicitly by a caller: through a reference, a persistent reference, or found by a search.
struct ItemLocator: Hashable, Sendable {
  /// Apple's class code.
  let itemClassCode: String
  /// The item's D-Bus object path.
  let path: String

  /// The reference handed to callers.
  var reference: SecKeychainItem { SecKeychainItem(itemClassCode: itemClassCode, path: path) }

  /// The persistent reference handed to callers.
  var persistentReference: Data { PersistentReference.encode(self) }
}

/// The bytes of a persistent reference (`kSecReturnPersistentRef`): `SKLPR1` (magic and version), the four-byte
/// class code, then the item's D-Bus object path in UTF-8. Stable while the item exists (gnome-keyring keeps item
/// paths across restarts); another process can use it.
enum PersistentReference {
  private static let magic = Data("SKLPR1".utf8)

  static func encode(_ locator: ItemLocator) -> Data {
    magic + Data(locator.itemClassCode.utf8) + Data(locator.path.utf8)
  }

  /// The item a persistent reference names, or nil when the bytes are not one.
  static func decode(_ data: Data) -> ItemLocator? {
    let bytes = [UInt8](data)
    guard bytes.count > magic.count + 4, bytes.starts(with: magic) else { return nil }
    let code = String(decoding: bytes[magic.count..<magic.count + 4], as: UTF8.self)
    guard let path = String(bytes: bytes[(magic.count + 4)...], encoding: .utf8), isObjectPath(path) else {
      return nil
    }
    return ItemLocator(itemClassCode: code, path: path)
  }

  /// Whether `path` is a D-Bus object path: `/` or `/`-separated non-empty elements of `[A-Za-z0-9_]`.
  static func isObjectPath(_ path: String) -> Bool {
    guard path.hasPrefix("/") else { return false }
    if path == "/" { return true }
    let elements = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    return elements.allSatisfy { element in
      !element.isEmpty
        && element.utf8.allSatisfy { byte in
          (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F
        }
    }
  }
}
