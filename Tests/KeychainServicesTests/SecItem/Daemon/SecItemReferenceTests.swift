import Foundation
import Security
import Testing

@Suite("Item references and persistent references")
struct SecItemReferenceTests {
  let service = unique("refs")

  func addAndReturn(_ account: String, _ returnKey: CFString) -> CFTypeRef? {
    var result: CFTypeRef?
    let attributes = merged(
      genericPassword(service: service, account: account),
      [kSecValueData as String: Data(utf8: account), returnKey as String: true])
    precondition(SecItemAdd(attributes as CFDictionary, &result) == errSecSuccess)
    return result
  }

  @Test("kSecMatchItemList with a reference finds exactly that item")
  func itemListWithReference() throws {
    let reference = try #require(addAndReturn("one", kSecReturnRef) as? SecKeychainItem)
    _ = addAndReturn("two", kSecReturnRef)
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecMatchItemList as String: [reference],
      kSecMatchLimit as String: kSecMatchLimitAll, kSecReturnData as String: true,
    ]
    #expect(copyMatching(query).result as? [Data] == [Data(utf8: "one")])
  }

  @Test("kSecMatchItemList with persistent references finds those items")
  func itemListWithPersistentReferences() throws {
    let first = try #require(addAndReturn("one", kSecReturnPersistentRef) as? Data)
    let second = try #require(addAndReturn("two", kSecReturnPersistentRef) as? Data)
    _ = addAndReturn("three", kSecReturnPersistentRef)
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecMatchItemList as String: [first, second],
      kSecMatchLimit as String: kSecMatchLimitAll, kSecReturnData as String: true,
    ]
    #expect(Set(copyMatching(query).result as? [Data] ?? []) == [Data(utf8: "one"), Data(utf8: "two")])
  }

  @Test("a persistent reference converts to a reference (kSecValuePersistentRef without kSecClass)")
  func persistentToReference() throws {
    let persistent = try #require(addAndReturn("one", kSecReturnPersistentRef) as? Data)
    let query: [String: Any] = [kSecValuePersistentRef as String: persistent, kSecReturnRef as String: true]
    let reference = try #require(copyMatching(query).result as? SecKeychainItem)
    let back: [String: Any] = [kSecValueRef as String: reference, kSecReturnData as String: true]
    #expect(copyMatching(back).result as? Data == Data(utf8: "one"))
  }

  @Test("the item list is still filtered by the query's attributes")
  func itemListFiltered() throws {
    let reference = try #require(addAndReturn("one", kSecReturnRef) as? SecKeychainItem)
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecMatchItemList as String: [reference],
      kSecAttrAccount as String: "not-one",
    ]
    #expect(copyMatching(query).status == errSecItemNotFound)
  }

  @Test("SecItemDelete with a reference deletes only that item")
  func deleteByReference() throws {
    let reference = try #require(addAndReturn("one", kSecReturnRef) as? SecKeychainItem)
    _ = addAndReturn("two", kSecReturnRef)
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecMatchItemList as String: [reference],
    ]
    #expect(SecItemDelete(query as CFDictionary) == errSecSuccess)
    #expect(matchCount(genericPassword(service: service)) == .found(1))
    #expect(secret(genericPassword(service: service)) == .found(Data(utf8: "two")))
  }

  @Test("SecItemDelete with kSecValuePersistentRef deletes that item")
  func deleteByPersistentReference() throws {
    let persistent = try #require(addAndReturn("one", kSecReturnPersistentRef) as? Data)
    #expect(SecItemDelete([kSecValuePersistentRef as String: persistent] as CFDictionary) == errSecSuccess)
    #expect(matchCount(genericPassword(service: service)) == .itemNotFound)
    #expect(SecItemDelete([kSecValuePersistentRef as String: persistent] as CFDictionary) == errSecItemNotFound)
  }

  @Test("a reference to a deleted item matches nothing")
  func staleReference() throws {
    let reference = try #require(addAndReturn("one", kSecReturnRef) as? SecKeychainItem)
    #expect(SecItemDelete(genericPassword(service: service) as CFDictionary) == errSecSuccess)
    let query: [String: Any] = [kSecValueRef as String: reference, kSecReturnData as String: true]
    #expect(copyMatching(query).status == errSecItemNotFound)
  }

  @Test("a malformed persistent reference is errSecParam")
  func malformedPersistentReference() {
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecValuePersistentRef as String: Data([1, 2, 3]),
    ]
    #expect(copyMatching(query).status == errSecParam)
  }
}
