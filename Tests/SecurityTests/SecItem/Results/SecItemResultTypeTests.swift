import Foundation
import KeyringTestSupport
import Security
import Testing

@Suite("Result types and match limits", .tags(.daemon))
struct SecItemResultTypeTests {
  let service = unique("results")

  /// Adds `count` items with accounts a0, a1, … and secrets s0, s1, … (in that order of creation).
  /// A failed add fails the test (not the whole test process).
  func addItems(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
    for index in 0..<count {
      let status = add(
        merged(
          genericPassword(service: service, account: "a\(index)"), [kSecValueData as String: Data(utf8: "s\(index)")]))
      try #require(status == errSecSuccess, "could not add a\(index)", sourceLocation: sourceLocation)
    }
  }

  @Test("kSecReturnData alone returns the secret as Data")
  func dataAlone() throws {
    try addItems(1)
    #expect(secret(genericPassword(service: service)) == .found(Data(utf8: "s0")))
  }

  @Test("kSecReturnAttributes alone returns a dictionary including the class")
  func attributesAlone() throws {
    try addItems(1)
    let found = try attributes(genericPassword(service: service)).require()
    #expect(found[kSecClass as String] as? String == kSecClassGenericPassword as String)
    #expect(found[kSecAttrAccount as String] as? String == "a0")
    #expect(found[kSecAttrService as String] as? String == service)
    #expect(found[kSecValueData as String] == nil)
  }

  @Test("attribute results indexed by kSecAttr constants as [AnyHashable: Any] find their values")
  func anyHashableIndexing() throws {
    try addItems(1)
    var query = genericPassword(service: service)
    query[kSecReturnAttributes as String] = true
    let found = try #require(copyMatching(query).result as? [AnyHashable: Any])
    #expect(found[kSecAttrAccount] as? String == "a0")
  }

  @Test("kSecReturnRef returns a SecKeychainItem")
  func referenceAlone() throws {
    try addItems(1)
    var query = genericPassword(service: service)
    query[kSecReturnRef as String] = true
    let (status, result) = copyMatching(query)
    #expect(status == errSecSuccess)
    #expect(result is SecKeychainItem)
  }

  @Test("kSecReturnPersistentRef returns Data")
  func persistentReferenceAlone() throws {
    try addItems(1)
    var query = genericPassword(service: service)
    query[kSecReturnPersistentRef as String] = true
    let result = try #require(copyMatching(query).result as? Data)
    #expect(!result.isEmpty)
  }

  @Test("data and attributes together return one dictionary with kSecValueData")
  func dataAndAttributes() throws {
    try addItems(1)
    var query = genericPassword(service: service)
    query[kSecReturnAttributes as String] = true
    query[kSecReturnData as String] = true
    let found = try #require(copyMatching(query).result as? [String: Any])
    #expect(found[kSecValueData as String] as? Data == Data(utf8: "s0"))
    #expect(found[kSecAttrAccount as String] as? String == "a0")
  }

  @Test("reference and persistent reference together return kSecValueRef and kSecValuePersistentRef only")
  func bothReferences() throws {
    try addItems(1)
    var query = genericPassword(service: service)
    query[kSecReturnRef as String] = true
    query[kSecReturnPersistentRef as String] = true
    let found = try #require(copyMatching(query).result as? [String: Any])
    #expect(Set(found.keys) == [kSecValueRef as String, kSecValuePersistentRef as String])
    #expect(found[kSecValueRef as String] is SecKeychainItem)
    #expect(found[kSecValuePersistentRef as String] is Data)
  }

  @Test("no return key succeeds without a result")
  func noReturnKey() throws {
    try addItems(1)
    var result: CFTypeRef? = NSString(string: "untouched")
    #expect(SecItemCopyMatching(genericPassword(service: service) as CFDictionary, &result) == errSecSuccess)
    #expect(result == nil)
  }

  @Test("by default only the first match is returned, not in an array")
  func firstMatchByDefault() throws {
    try addItems(3)
    let found = try attributes(genericPassword(service: service)).require()
    #expect(found[kSecAttrAccount as String] as? String != nil)
  }

  @Test("kSecMatchLimitAll returns an array of every match")
  func limitAll() throws {
    try addItems(3)
    var query = genericPassword(service: service)
    query[kSecMatchLimit as String] = kSecMatchLimitAll
    query[kSecReturnAttributes as String] = true
    let found = try #require(copyMatching(query).result as? [[String: Any]])
    #expect(Set(found.compactMap { $0[kSecAttrAccount as String] as? String }) == ["a0", "a1", "a2"])
  }

  @Test("kSecMatchLimitAll with one match still returns an array")
  func limitAllSingle() throws {
    try addItems(1)
    var query = genericPassword(service: service)
    query[kSecMatchLimit as String] = kSecMatchLimitAll
    query[kSecReturnData as String] = true
    let found = try #require(copyMatching(query).result as? [Data])
    #expect(found == [Data(utf8: "s0")])
  }

  @Test("a numeric match limit returns an array of at most that many")
  func numericLimit() throws {
    try addItems(3)
    var query = genericPassword(service: service)
    query[kSecMatchLimit as String] = 2
    query[kSecReturnRef as String] = true
    let found = try #require(copyMatching(query).result as? [Any])
    #expect(found.count == 2)
  }

  @Test("kSecReturnData with many matches returns every secret, paired with its item")
  func dataOfManyMatches() throws {
    try addItems(4)
    var query = genericPassword(service: service)
    query[kSecMatchLimit as String] = kSecMatchLimitAll
    query[kSecReturnData as String] = true
    query[kSecReturnAttributes as String] = true
    let found = try #require(copyMatching(query).result as? [[String: Any]])
    #expect(found.count == 4)
    for item in found {
      let account = try #require(item[kSecAttrAccount as String] as? String)
      #expect(item[kSecValueData as String] as? Data == Data(utf8: "s" + account.dropFirst()))
    }
  }

  @Test("SecItemAdd returns the new item's attributes and data when asked")
  func addReturnsResult() throws {
    var result: CFTypeRef?
    let attributes = merged(
      genericPassword(service: service, account: "new"),
      [kSecValueData as String: Data(utf8: "pw"), kSecReturnAttributes as String: true, kSecReturnData as String: true])
    #expect(SecItemAdd(attributes as CFDictionary, &result) == errSecSuccess)
    let found = try #require(result as? [String: Any])
    #expect(found[kSecAttrAccount as String] as? String == "new")
    #expect(found[kSecValueData as String] as? Data == Data(utf8: "pw"))
    #expect(found[kSecAttrCreationDate as String] is Date)
  }

  @Test("SecItemAdd without return keys leaves the result nil")
  func addWithoutResult() throws {
    var result: CFTypeRef? = NSString(string: "untouched")
    #expect(SecItemAdd(genericPassword(service: service, account: "x") as CFDictionary, &result) == errSecSuccess)
    #expect(result == nil)
  }

  @Test("a search without matches is errSecItemNotFound")
  func notFound() throws {
    #expect(
      copyMatching(merged(genericPassword(service: service), [kSecReturnData as String: true])).status
        == errSecItemNotFound)
  }
}
