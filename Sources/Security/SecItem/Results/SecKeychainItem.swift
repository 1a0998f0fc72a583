import Foundation

/// A reference to a password item in the keychain: what `kSecReturnRef` returns for generic and internet passwords
/// and what `kSecMatchItemList` / `kSecValueRef` accept (Apple: the CF type `SecKeychainItem`).
///
/// It names one item (its keychain and its name there: `ItemID`) and the item's class. It is valid while the item
/// keeps its name (on gnome-keyring for the item's life; KWallet renames items when it restarts, a keyring file with
/// every write of the item); a persistent reference (`kSecReturnPersistentRef`) can be stored instead.
/// Immutable, hence `@unchecked Sendable`.
public final class SecKeychainItem: NSObject, @unchecked Sendable {
  /// Apple's class code of the item (`"genp"`, `"inet"`).
  let itemClassCode: String
  /// The item's keychain and name. (The `security` command reads an item's keychain from it.)
  package let id: ItemID

  init(itemClassCode: String, id: ItemID) {
    self.itemClassCode = itemClassCode
    self.id = id
  }

  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? SecKeychainItem else { return false }
    return itemClassCode == other.itemClassCode && id == other.id
  }

  public override var hash: Int {
    var hasher = Hasher()
    hasher.combine(itemClassCode)
    hasher.combine(id)
    return hasher.finalize()
  }

  public override var description: String { "<SecKeychainItem \(itemClassCode) \(id)>" }
}

/// Apple's older name of ``SecKeychainItem``.
public typealias SecKeychainItemRef = SecKeychainItem
