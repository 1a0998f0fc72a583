import Foundation
import SecretServiceClient

/// A reference to a password item in the keychain: what `kSecReturnRef` returns for generic and internet passwords
/// and what `kSecMatchItemList` / `kSecValueRef` accept (Apple: the CF type `SecKeychainItem`).
///
/// It names one Secret Service item (its D-Bus object path) and the item's class. It is valid while the process
/// talks to the same Secret Service; a persistent reference (`kSecReturnPersistentRef`) can be stored instead.
/// Immutable, hence `@unchecked Sendable`.
public final class SecKeychainItem: NSObject, @unchecked Sendable {
  /// Apple's class code of the item (`"genp"`, `"inet"`).
  let itemClassCode: String
  /// The item's object path. (The `security` command reads an item's keychain from it.)
  package let path: ObjectPath

  init(itemClassCode: String, path: ObjectPath) {
    self.itemClassCode = itemClassCode
    self.path = path
  }

  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? SecKeychainItem else { return false }
    return itemClassCode == other.itemClassCode && path == other.path
  }

  public override var hash: Int {
    var hasher = Hasher()
    hasher.combine(itemClassCode)
    hasher.combine(path)
    return hasher.finalize()
  }

  public override var description: String { "<SecKeychainItem \(itemClassCode) \(path)>" }
}

/// Apple's older name of ``SecKeychainItem``.
public typealias SecKeychainItemRef = SecKeychainItem
