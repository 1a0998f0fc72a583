import Foundation
import KeyringTestSupport
import Security
import Testing

/// Items named explicitly (`kSecValuePersistentRef`, `kSecMatchItemList`, a `SecKeychainItem` in `kSecValueRef`)
/// are found whatever their synchronizable value: Apple adds its default filter "synchronizable = false" only to
/// queries that neither set `kSecAttrSynchronizable` nor hold a persistent reference (`query_create_with_limit` in
/// `SecDbQuery.c`). One test per class that can be synchronizable, and the query defaults of docs/parity.md, each
/// with an item named explicitly.
@Suite("SecItem: items named explicitly, and the defaults a query gets", .tags(.daemon))
struct SecItemExplicitItemTests {
  /// A synchronizable item of each class that can be one, with the query that finds it by its attributes.
  enum SynchronizableItem: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case genericPassword, internetPassword, key, certificate, identity
    var testDescription: String { rawValue }

    /// Adds the item (synchronizable) and returns the attributes that select it (without kSecAttrSynchronizable).
    func add(_ tag: String) throws -> [String: Any] {
      let sync = [kSecAttrSynchronizable as String: true]
      switch self {
      case .genericPassword:
        let query = SecurityTests.genericPassword(service: tag, account: "migrated")
        #expect(SecurityTests.add(merged(query, merged(sync, [kSecValueData as String: Data(utf8: tag)]))) == 0)
        return query
      case .internetPassword:
        let query = SecurityTests.internetPassword(server: tag, account: "migrated")
        #expect(SecurityTests.add(merged(query, merged(sync, [kSecValueData as String: Data(utf8: tag)]))) == 0)
        return query
      case .key:
        let key = try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: 256)
        let query: [String: Any] = [
          kSecClass as String: kSecClassKey, kSecAttrApplicationTag as String: Data(tag.utf8),
        ]
        #expect(SecurityTests.add(merged(query, merged(sync, [kSecValueRef as String: key]))) == 0)
        return query
      case .certificate, .identity:
        let identity = try OpenSSLIdentity(subject: "/CN=\(tag)")
        #expect(
          SecurityTests.add(
            merged(sync, [kSecValueRef as String: try identity.identity, kSecAttrLabel as String: tag]))
            == 0)
        let itemClass = self == .certificate ? kSecClassCertificate : kSecClassIdentity
        return [kSecClass as String: itemClass, kSecAttrLabel as String: tag]
      }
    }

    /// Its persistent reference, found as Apple-platform code finds it: with `kSecAttrSynchronizable: true`.
    func persistentReference(_ query: [String: Any]) throws -> Data {
      let found = copyMatching(
        merged(query, [kSecAttrSynchronizable as String: true, kSecReturnPersistentRef as String: true]))
      #expect(found.status == errSecSuccess)
      return try #require(found.result as? Data)
    }
  }

  @Test(
    "kSecValuePersistentRef alone finds a synchronizable item (SecItemCopyMatching)",
    arguments: SynchronizableItem.allCases)
  func copyByPersistentReference(_ item: SynchronizableItem) throws {
    let query = try item.add(unique("explicit"))
    let reference = try item.persistentReference(query)
    #expect(copyMatching(query).status == errSecItemNotFound, "the default filter still hides it from a search")
    let found = copyMatching([kSecValuePersistentRef as String: reference, kSecReturnAttributes as String: true])
    #expect(found.status == errSecSuccess)
    #expect((found.result as? [String: Any])?[kSecAttrSynchronizable as String] as? Bool == true)
  }

  @Test(
    "kSecMatchItemList with a persistent reference finds a synchronizable item", arguments: SynchronizableItem.allCases)
  func copyByItemList(_ item: SynchronizableItem) throws {
    let query = try item.add(unique("explicit"))
    let reference = try item.persistentReference(query)
    var listQuery: [String: Any] = [kSecMatchItemList as String: [reference], kSecReturnAttributes as String: true]
    listQuery[kSecClass as String] = query[kSecClass as String]
    let found = copyMatching(listQuery)
    #expect(found.status == errSecSuccess)
    #expect((found.result as? [String: Any])?[kSecAttrSynchronizable as String] as? Bool == true)
  }

  @Test(
    "SecItemUpdate by kSecValuePersistentRef alone changes a synchronizable item",
    arguments: SynchronizableItem.allCases)
  func updateByPersistentReference(_ item: SynchronizableItem) throws {
    let tag = unique("explicit")
    let query = try item.add(tag)
    let reference = try item.persistentReference(query)
    let status = SecItemUpdate(
      [kSecValuePersistentRef as String: reference] as CFDictionary,
      [kSecAttrLabel as String: "\(tag)-new"] as CFDictionary)
    #expect(status == errSecSuccess)
    let found = copyMatching([kSecValuePersistentRef as String: reference, kSecReturnAttributes as String: true])
    #expect((found.result as? [String: Any])?[kSecAttrLabel as String] as? String == "\(tag)-new")
  }

  @Test(
    "SecItemDelete by kSecValuePersistentRef alone deletes a synchronizable item",
    arguments: SynchronizableItem.allCases)
  func deleteByPersistentReference(_ item: SynchronizableItem) throws {
    let query = try item.add(unique("explicit"))
    let reference = try item.persistentReference(query)
    #expect(SecItemDelete([kSecValuePersistentRef as String: reference] as CFDictionary) == errSecSuccess)
    #expect(copyMatching(merged(query, [kSecAttrSynchronizable as String: true])).status == errSecItemNotFound)
  }

  @Test(
    "a SecKeychainItem in kSecValueRef finds a synchronizable password (macOS turns it into a persistent reference)")
  func copyByItemReference() throws {
    let query = try SynchronizableItem.genericPassword.add(unique("explicit"))
    let found = copyMatching(merged(query, [kSecAttrSynchronizable as String: true, kSecReturnRef as String: true]))
    let reference = try #require(found.result as? SecKeychainItem)
    let read = copyMatching([kSecValueRef as String: reference, kSecReturnData as String: true])
    #expect(read.status == errSecSuccess)
    #expect(read.result is Data)
  }

  @Test("a key given as kSecValueRef still gets the default filter, as Apple expands it into attributes")
  func keyObjectKeepsDefaultFilter() throws {
    let key = try generateKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: 256)
    let tag = Data(unique("explicit").utf8)
    let item: [String: Any] = [
      kSecClass as String: kSecClassKey, kSecValueRef as String: key, kSecAttrApplicationTag as String: tag,
      kSecAttrSynchronizable as String: true,
    ]
    #expect(add(item) == errSecSuccess)
    #expect(
      copyMatching([kSecClass as String: kSecClassKey, kSecValueRef as String: key]).status == errSecItemNotFound)
    let any: [String: Any] = [
      kSecClass as String: kSecClassKey, kSecValueRef as String: key,
      kSecAttrSynchronizable as String: kSecAttrSynchronizableAny,
    ]
    #expect(copyMatching(any).status == errSecSuccess)
  }

  @Test("a persistent reference with kSecAttrSynchronizable false does not find a synchronizable item")
  func explicitSynchronizableStillFilters() throws {
    let query = try SynchronizableItem.genericPassword.add(unique("explicit"))
    let reference = try SynchronizableItem.genericPassword.persistentReference(query)
    let found = copyMatching([kSecValuePersistentRef as String: reference, kSecAttrSynchronizable as String: false])
    #expect(found.status == errSecItemNotFound)
  }

  @Test("the migration of synchronizable items: list them with persistent references, then read each by its reference")
  func migrationFlow() throws {
    let service = unique("migrate")
    for account in ["one", "two", "three"] {
      let item = merged(
        genericPassword(service: service, account: account),
        [kSecAttrSynchronizable as String: true, kSecValueData as String: Data(utf8: account)])
      #expect(add(item) == errSecSuccess)
    }
    let listing: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
      kSecAttrSynchronizable as String: true, kSecMatchLimit as String: kSecMatchLimitAll,
      kSecReturnAttributes as String: true, kSecReturnPersistentRef as String: true,
    ]
    let rows = try #require(copyMatching(listing).result as? [[String: Any]])
    var moved: [String] = []
    for row in rows {
      let reference = try #require(row[kSecValuePersistentRef as String] as? Data)
      let read = copyMatching([kSecValuePersistentRef as String: reference, kSecReturnData as String: true])
      #expect(read.status == errSecSuccess)
      moved += [String(decoding: read.result as? Data ?? Data(), as: UTF8.self)]
    }
    #expect(moved == ["one", "two", "three"])
  }

  // The other defaults of docs/parity.md ("Defaults a query gets"), each with an item named explicitly.

  @Test("default match limit: an item list of two without kSecMatchLimit returns one item, the first added")
  func defaultLimitWithItemList() throws {
    let service = unique("explicit")
    var references: [Data] = []
    for account in ["first", "second"] {
      var result: CFTypeRef?
      let item = merged(
        genericPassword(service: service, account: account),
        [kSecValueData as String: Data(utf8: account), kSecReturnPersistentRef as String: true])
      #expect(SecItemAdd(item as CFDictionary, &result) == errSecSuccess)
      references.append(try #require(result as? Data))
    }
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecMatchItemList as String: Array(references.reversed()),
      kSecReturnData as String: true,
    ]
    let found = copyMatching(query)
    #expect(found.status == errSecSuccess)
    #expect(found.result as? Data == Data(utf8: "first"))
  }

  @Test("default return type: a persistent reference without kSecReturn… is an existence check")
  func defaultReturnWithPersistentReference() throws {
    var result: CFTypeRef?
    let item = merged(
      genericPassword(service: unique("explicit"), account: "a"), [kSecReturnPersistentRef as String: true])
    #expect(SecItemAdd(item as CFDictionary, &result) == errSecSuccess)
    let reference = try #require(result as? Data)
    var found: CFTypeRef? = "untouched" as NSString
    #expect(SecItemCopyMatching([kSecValuePersistentRef as String: reference] as CFDictionary, &found) == errSecSuccess)
    #expect(found == nil)
  }

  @Test("default accessibility: nothing filters on it, so an item of another class of protection is found")
  func noAccessibilityFilter() throws {
    var result: CFTypeRef?
    let item = merged(
      genericPassword(service: unique("explicit"), account: "a"),
      [kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock, kSecReturnPersistentRef as String: true])
    #expect(SecItemAdd(item as CFDictionary, &result) == errSecSuccess)
    let reference = try #require(result as? Data)
    let found = copyMatching([kSecValuePersistentRef as String: reference, kSecReturnAttributes as String: true])
    #expect((found.result as? [String: Any])?[kSecAttrAccessible as String] as? String == "ck")
  }
}
