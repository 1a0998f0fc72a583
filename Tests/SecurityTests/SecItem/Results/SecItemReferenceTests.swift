import Foundation
import KeyringTestSupport
import Security
import Testing

@testable import Security

@Suite("Item references and persistent references", .tags(.daemon))
struct SecItemReferenceTests {
  let service = unique("refs")

  /// Adds an item and returns what `returnKey` asks for; a failed add fails the test (not the whole test process).
  func addAndReturn(_ account: String, _ returnKey: CFString, sourceLocation: SourceLocation = #_sourceLocation)
    throws -> CFTypeRef?
  {
    var result: CFTypeRef?
    let attributes = merged(
      genericPassword(service: service, account: account),
      [kSecValueData as String: Data(utf8: account), returnKey as String: true])
    let status = SecItemAdd(attributes as CFDictionary, &result)
    try #require(status == errSecSuccess, "could not add \(account)", sourceLocation: sourceLocation)
    return result
  }

  @Test("kSecMatchItemList with a reference finds exactly that item")
  func itemListWithReference() throws {
    let reference = try #require(try addAndReturn("one", kSecReturnRef) as? SecKeychainItem)
    _ = try addAndReturn("two", kSecReturnRef)
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecMatchItemList as String: [reference],
      kSecMatchLimit as String: kSecMatchLimitAll, kSecReturnData as String: true,
    ]
    #expect(copyMatching(query).result as? [Data] == [Data(utf8: "one")])
  }

  @Test("kSecMatchItemList with persistent references finds those items")
  func itemListWithPersistentReferences() throws {
    let first = try #require(try addAndReturn("one", kSecReturnPersistentRef) as? Data)
    let second = try #require(try addAndReturn("two", kSecReturnPersistentRef) as? Data)
    _ = try addAndReturn("three", kSecReturnPersistentRef)
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecMatchItemList as String: [first, second],
      kSecMatchLimit as String: kSecMatchLimitAll, kSecReturnData as String: true,
    ]
    #expect(Set(copyMatching(query).result as? [Data] ?? []) == [Data(utf8: "one"), Data(utf8: "two")])
  }

  @Test("a persistent reference converts to a reference (kSecValuePersistentRef without kSecClass)")
  func persistentToReference() throws {
    let persistent = try #require(try addAndReturn("one", kSecReturnPersistentRef) as? Data)
    let query: [String: Any] = [kSecValuePersistentRef as String: persistent, kSecReturnRef as String: true]
    let reference = try #require(copyMatching(query).result as? SecKeychainItem)
    let back: [String: Any] = [kSecValueRef as String: reference, kSecReturnData as String: true]
    #expect(copyMatching(back).result as? Data == Data(utf8: "one"))
  }

  @Test("the item list is still filtered by the query's attributes")
  func itemListFiltered() throws {
    let reference = try #require(try addAndReturn("one", kSecReturnRef) as? SecKeychainItem)
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecMatchItemList as String: [reference],
      kSecAttrAccount as String: "not-one",
    ]
    #expect(copyMatching(query).status == errSecItemNotFound)
  }

  @Test("SecItemDelete with a reference deletes only that item")
  func deleteByReference() throws {
    let reference = try #require(try addAndReturn("one", kSecReturnRef) as? SecKeychainItem)
    _ = try addAndReturn("two", kSecReturnRef)
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecMatchItemList as String: [reference],
    ]
    #expect(SecItemDelete(query as CFDictionary) == errSecSuccess)
    #expect(matchCount(genericPassword(service: service)) == .found(1))
    #expect(secret(genericPassword(service: service)) == .found(Data(utf8: "two")))
  }

  @Test("SecItemDelete with kSecValuePersistentRef deletes that item")
  func deleteByPersistentReference() throws {
    let persistent = try #require(try addAndReturn("one", kSecReturnPersistentRef) as? Data)
    #expect(SecItemDelete([kSecValuePersistentRef as String: persistent] as CFDictionary) == errSecSuccess)
    #expect(matchCount(genericPassword(service: service)) == .itemNotFound)
    #expect(SecItemDelete([kSecValuePersistentRef as String: persistent] as CFDictionary) == errSecItemNotFound)
  }

  @Test("a reference to a deleted item matches nothing")
  func staleReference() throws {
    let reference = try #require(try addAndReturn("one", kSecReturnRef) as? SecKeychainItem)
    #expect(SecItemDelete(genericPassword(service: service) as CFDictionary) == errSecSuccess)
    let query: [String: Any] = [kSecValueRef as String: reference, kSecReturnData as String: true]
    #expect(copyMatching(query).status == errSecItemNotFound)
  }

  @Test("a malformed persistent reference is errSecParam")
  func malformedPersistentReference() throws {
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecValuePersistentRef as String: Data([1, 2, 3]),
    ]
    #expect(copyMatching(query).status == errSecParam)
  }

  /// The statuses of SecItemCopyMatching, SecItemUpdate and SecItemDelete given `reference` as a generic password's
  /// persistent reference.
  func statuses(of reference: Data) -> [OSStatus] {
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecValuePersistentRef as String: reference,
    ]
    return [
      copyMatching(merged(query, [kSecReturnData as String: true])).status,
      SecItemUpdate(query as CFDictionary, [kSecAttrComment as String: "c"] as CFDictionary),
      SecItemDelete(query as CFDictionary),
    ]
  }

  /// A persistent reference of version 2, as earlier versions wrote them, of a new item: its object path, its
  /// creation-time line and its JSON body (replaced when given), then cut by `cut`; and the statuses of the three
  /// functions given it.
  func statuses(created: String? = nil, body: String? = nil, cut: (Data) -> Data = { $0 }) throws -> [OSStatus] {
    let reference = try #require(try addAndReturn(unique("item"), kSecReturnPersistentRef) as? Data)
    let locator = try #require(PersistentReference.decode(reference))
    let fingerprint = try #require(locator.fingerprint)
    // The object path; earlier versions named an item of a keyring file by a made-up path in a `login` collection.
    var collection = "/org/freedesktop/secrets/collection/login"
    if case .collection(let path) = locator.id.keychain { collection = path.rawValue }
    let path = collection + "/" + locator.id.name
    let json = try JSONSerialization.data(withJSONObject: fingerprint.attributes, options: [.sortedKeys])
    let lines = [
      Data("SKLPR2genp\(path)".utf8), Data((created ?? String(fingerprint.created)).utf8),
      body.map { Data($0.utf8) } ?? json,
    ]
    return statuses(of: cut(lines[0] + Data([0x0A]) + lines[1] + Data([0x0A]) + lines[2]))
  }

  @Test("a version 2 persistent reference left whole names its item (the twin of the malformed ones below)")
  func version2Whole() throws {
    #expect(try statuses() == [errSecSuccess, errSecSuccess, errSecSuccess])
  }

  @Test("a version 2 persistent reference with a bad creation time is errSecParam")
  func version2BadCreationTime() throws {
    #expect(try statuses(created: "yesterday") == [errSecParam, errSecParam, errSecParam])
  }

  @Test("a version 2 persistent reference whose body is not JSON is errSecParam")
  func version2NotJSON() throws {
    #expect(try statuses(body: "not json") == [errSecParam, errSecParam, errSecParam])
  }

  @Test("a version 2 persistent reference whose JSON values are not strings is errSecParam")
  func version2NonStringValues() throws {
    #expect(try statuses(body: #"{"account":1,"service":null}"#) == [errSecParam, errSecParam, errSecParam])
  }

  @Test("a version 2 persistent reference cut short is errSecParam", arguments: [4, 10, 30, -30, -1])
  func version2Truncated(_ cut: Int) throws {
    // A positive cut keeps that many bytes; a negative one drops that many from the end.
    let statuses = try statuses { cut >= 0 ? $0.prefix(cut) : $0.dropLast(-cut) }
    #expect(statuses == [errSecParam, errSecParam, errSecParam])
  }

  @Test(
    "the persistent reference written is of version 3, names its item whole, and is errSecParam cut short",
    arguments: [4, 10, 30, -30, -1])
  func version3Truncated(_ cut: Int) throws {
    let reference = try #require(try addAndReturn(unique("item"), kSecReturnPersistentRef) as? Data)
    #expect(reference.starts(with: Data("SKLPR3genp".utf8)))
    #expect(statuses(of: reference) == [errSecSuccess, errSecSuccess, errSecSuccess])
    let mangled = cut >= 0 ? reference.prefix(cut) : reference.dropLast(-cut)
    #expect(statuses(of: mangled) == [errSecParam, errSecParam, errSecParam])
  }
}
