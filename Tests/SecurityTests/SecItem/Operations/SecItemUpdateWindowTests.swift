import Foundation
import FreedesktopServices
import KeyringTestSupport
import Security
import Synchronization
import Testing

@testable import Security

/// SecItemUpdate checks everything before its first write; between its checks and its writes another client may
/// still delete a target (reached here through `SecItemEnvironment.willWriteUpdatedItem`). Such a target is skipped,
/// as if deleted before the update; the others are changed.
@Suite("SecItemUpdate: targets deleted between the checks and the writes", .tags(.daemon))
struct SecItemUpdateWindowTests {
  let service = unique("window")

  /// Adds an item and returns its ID.
  func addItem(_ account: String) throws -> ItemID {
    var result: CFTypeRef?
    let attributes = merged(
      genericPassword(service: service, account: account),
      [kSecValueData as String: Data(utf8: "old"), kSecReturnPersistentRef as String: true])
    #expect(SecItemAdd(attributes as CFDictionary, &result) == errSecSuccess)
    let reference = try #require(result as? Data)
    return try #require(PersistentReference.decode(reference)).id
  }

  /// Deletes the item `id` names as another client would (by its ID, bypassing the update). Called from the
  /// update's hook, which cannot throw: a failure is recorded against the test (and the process goes on).
  static func delete(_ id: ItemID) {
    let reference = PersistentReference.encode(ItemLocator(itemClassCode: "genp", id: id))
    let status = SecItemDelete([kSecValuePersistentRef as String: reference] as CFDictionary)
    #expect(status == errSecSuccess, "could not delete \(id)")
  }

  /// Runs SecItemUpdate of the service's items (new comment and secret) with `hook` before each item's writes.
  func update(_ hook: @escaping @Sendable (ItemID) -> Void) -> OSStatus {
    SecItemEnvironment.with(\.willWriteUpdatedItem, hook) {
      SecItemUpdate(
        genericPassword(service: service) as CFDictionary,
        [kSecAttrComment as String: "new", kSecValueData as String: Data(utf8: "new")] as CFDictionary)
    }
  }

  @Test("a target deleted before its writes is skipped and the others are changed")
  func deletedTargetSkipped() throws {
    let first = try addItem("a")
    let second = try addItem("b")
    let deleted = Mutex<ItemID?>(nil)
    let status = update { id in
      deleted.withLock { deleted in
        guard deleted == nil else { return }
        let other = id == first ? second : first  // the target the update has not written yet
        Self.delete(other)
        deleted = other
      }
    }
    #expect(status == errSecSuccess)
    let survivor = try #require(deleted.withLock { $0 }) == first ? "b" : "a"
    #expect(matchCount(genericPassword(service: service)) == .found(1))
    #expect(secret(genericPassword(service: service, account: survivor)) == .found(Data(utf8: "new")))
    #expect(
      attributes(genericPassword(service: service, account: survivor)).value?[kSecAttrComment as String] as? String
        == "new")
  }

  @Test("when every target is deleted before its writes the update is errSecItemNotFound")
  func everyTargetDeleted() throws {
    _ = try addItem("a")
    let status = update { id in Self.delete(id) }
    #expect(status == errSecItemNotFound)
    #expect(matchCount(genericPassword(service: service)) == .itemNotFound)
  }
}
