import Foundation
import FreedesktopServices
import Testing

@testable import Security

/// `StoredItem`: an item's Apple attributes, decoded one at a time when asked.
@Suite("StoredItem")
struct StoredItemTests {
  /// A generic password of this package with a string account, a data generic attribute, a label, dates and no
  /// `sync` attribute.
  func item() throws -> StoredItem {
    let attributes = [
      ReservedNames.schema: ItemClass.genericPassword.schemaName, "service": "s", "account": "a",
      "keychain:enc:acct": "text", "keychain:gena": Data([0xFF, 0]).base64EncodedString(),
      "keychain:enc:gena": "base64",
      "keychain:agrp": "group",
    ]
    let properties = ItemProperties(
      attributes: attributes, label: "the label", created: Date(timeIntervalSince1970: 10),
      modified: Date(timeIntervalSince1970: 20))
    return try #require(StoredItem(id: ItemID(keychain: .collection("/c"), name: "1"), properties))
  }

  @Test("each attribute read alone is the one reading them all gives, absent ones included")
  func oneIsAsAll() throws {
    let item = try item()
    let all = item.values
    for key in ItemClass.genericPassword.attributes.keys {
      #expect(item.value(key) == all[key], "\(key)")
    }
    #expect(all[RawKey.account] == .string("a"))
    #expect(all[RawKey.generic] == .data(Data([0xFF, 0])))
    #expect(all[RawKey.label] == .string("the label"))
    #expect(all[RawKey.creationDate] == .date(Date(timeIntervalSince1970: 10)))
  }

  @Test("an item without a sync attribute is not synchronizable, read alone or with the rest")
  func syncDefaultsToFalse() throws {
    let item = try item()
    #expect(item.value(RawKey.synchronizable) == .boolean(false))
    #expect(item.values[RawKey.synchronizable] == .boolean(false))
    #expect(!item.isSynchronizable)
  }
}
