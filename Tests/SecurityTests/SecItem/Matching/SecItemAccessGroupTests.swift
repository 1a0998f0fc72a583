import Foundation
import KeychainServices
import KeyringTestSupport
import Testing

@testable import Security

/// Access groups scope items per application (scoping, not a security boundary). Each test acts as applications
/// with groups of its own, so broad queries cannot reach other tests' items.
@Suite("Access-group scoping", .tags(.daemon))
struct SecItemAccessGroupTests {
  let appA = unique("app-a")
  let appB = unique("app-b")
  let service = unique("groups")

  func asApp<R>(_ groups: [String], _ body: () throws -> R) rethrows -> R {
    try SecItemEnvironment.withAccessGroups(groups, body)
  }

  @Test("an item added without kSecAttrAccessGroup carries the application's first group")
  func defaultGroup() throws {
    let found = try asApp(["shared-\(appA)", appA]) { () throws -> [String: Any] in
      #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess)
      return try attributes(genericPassword(service: service)).require()
    }
    #expect(found[kSecAttrAccessGroup as String] as? String == "shared-\(appA)")
  }

  @Test("without configuration the application identifier is the executable's name")
  func defaultIdentifier() {
    let environment = ProcessInfo.processInfo.environment
    guard environment["KEYCHAIN_APPLICATION_IDENTIFIER"] == nil, environment["KEYCHAIN_ACCESS_GROUPS"] == nil else {
      return
    }
    #expect(KeychainApplication.accessGroups == [ProcessInfo.processInfo.processName])
    #expect(KeychainApplication.identifier == ProcessInfo.processInfo.processName)
  }

  @Test("another application does not see the item without naming its group")
  func otherApplicationDoesNotSee() {
    asApp([appA]) { #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess) }
    asApp([appB]) {
      #expect(matchCount(genericPassword(service: service)) == .itemNotFound)
      #expect(matchCount(merged(genericPassword(service: service), [kSecAttrAccessGroup as String: appA])) == .found(1))
    }
  }

  @Test("an application with several groups sees all of them")
  func severalGroups() {
    asApp([appA]) { #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess) }
    asApp([appB]) { #expect(add(genericPassword(service: service, account: "b")) == errSecSuccess) }
    asApp([appB, appA]) { #expect(matchCount(genericPassword(service: service)) == .found(2)) }
  }

  @Test("a broad delete reaches only the application's own items")
  func broadDeleteIsScoped() throws {
    asApp([appA]) { #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess) }
    asApp([appB]) { #expect(add(genericPassword(service: service, account: "b")) == errSecSuccess) }
    let written = try PythonKeyringClient.setPassword(service: service, username: "py", password: "x")
    #expect(written.succeeded)
    asApp([appA]) {
      #expect(SecItemDelete([kSecClass as String: kSecClassGenericPassword] as CFDictionary) == errSecSuccess)
      #expect(SecItemDelete([kSecClass as String: kSecClassGenericPassword] as CFDictionary) == errSecItemNotFound)
    }
    asApp([appB]) { #expect(matchCount(genericPassword(service: service)) == .found(2)) }  // B's item and Python's
  }

  @Test("a broad update reaches only the application's own items")
  func broadUpdateIsScoped() throws {
    asApp([appA]) { #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess) }
    asApp([appB]) { #expect(add(genericPassword(service: service, account: "b")) == errSecSuccess) }
    asApp([appA]) {
      let status = SecItemUpdate(
        genericPassword(service: service) as CFDictionary, [kSecAttrComment as String: "A"] as CFDictionary)
      #expect(status == errSecSuccess)
    }
    // A's item was updated; B's still exists, unchanged.
    let itemOfA = try asApp([appA]) { try attributes(genericPassword(service: service)).require() }
    #expect(itemOfA[kSecAttrAccount as String] as? String == "a")
    #expect(itemOfA[kSecAttrComment as String] as? String == "A")
    let itemOfB = try asApp([appB]) { try attributes(genericPassword(service: service)).require() }
    #expect(itemOfB[kSecAttrAccount as String] as? String == "b")
    #expect(itemOfB[kSecAttrComment as String] == nil)
  }

  @Test("naming another application's group explicitly reaches its items")
  func explicitGroup() {
    asApp([appA]) { #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess) }
    asApp([appB]) {
      let query = merged(genericPassword(service: service), [kSecAttrAccessGroup as String: appA])
      #expect(SecItemDelete(query as CFDictionary) == errSecSuccess)
    }
    asApp([appA]) { #expect(matchCount(genericPassword(service: service)) == .itemNotFound) }
  }

  @Test("a persistent reference reaches another application's item (Apple keeps the group scoping there)")
  func persistentReferenceCrossesGroups() throws {
    let reference = try asApp([appA]) { () throws -> Data in
      var result: CFTypeRef?
      let item = merged(genericPassword(service: service, account: "a"), [kSecReturnPersistentRef as String: true])
      #expect(SecItemAdd(item as CFDictionary, &result) == errSecSuccess)
      return try #require(result as? Data)
    }
    asApp([appB]) {
      #expect(matchCount(genericPassword(service: service)) == .itemNotFound)
      let found = copyMatching([kSecValuePersistentRef as String: reference, kSecReturnAttributes as String: true])
      #expect((found.result as? [String: Any])?[kSecAttrAccessGroup as String] as? String == appA)
    }
  }

  @Test("other clients' items are read but not deleted by a broad delete, only through a reference")
  func otherClientsItems() throws {
    let written = try PythonKeyringClient.setPassword(service: service, username: "py", password: "py-secret")
    #expect(written.succeeded)
    try asApp([appA]) {
      #expect(secret(genericPassword(service: service, account: "py")) == .found(Data(utf8: "py-secret")))
      #expect(SecItemDelete(genericPassword(service: service) as CFDictionary) == errSecItemNotFound)
      var query = genericPassword(service: service, account: "py")
      query[kSecReturnRef as String] = true
      let reference = try #require(copyMatching(query).result as? SecKeychainItem)
      #expect(
        SecItemDelete(
          [kSecClass as String: kSecClassGenericPassword, kSecMatchItemList as String: [reference]] as CFDictionary)
          == errSecSuccess)
      #expect(matchCount(genericPassword(service: service)) == .itemNotFound)
    }
  }

  @Test("updating another client's item through a reference keeps that client's own attributes")
  func updateKeepsForeignAttributes() throws {
    let written = try PythonKeyringClient.setPassword(service: service, username: "py", password: "old")
    #expect(written.succeeded)
    try asApp([appA]) {
      var query = genericPassword(service: service, account: "py")
      query[kSecReturnRef as String] = true
      let reference = try #require(copyMatching(query).result as? SecKeychainItem)
      let status = SecItemUpdate(
        [kSecClass as String: kSecClassGenericPassword, kSecValueRef as String: reference] as CFDictionary,
        [kSecValueData as String: Data(utf8: "new")] as CFDictionary)
      #expect(status == errSecSuccess)
    }
    #expect(try PythonKeyringClient.getPassword(service: service, username: "py", expecting: "new") == "new")
  }
}

@Suite("Access-group changes", .tags(.daemon))
struct SecItemAccessGroupUpdateTests {
  let appA = unique("app-a")
  let appB = unique("app-b")
  let service = unique("move")

  @Test("updating kSecAttrAccessGroup moves the item to the other application")
  func moveToAnotherGroup() {
    SecItemEnvironment.withAccessGroups([appA]) {
      #expect(add(genericPassword(service: service, account: "a")) == errSecSuccess)
      let status = SecItemUpdate(
        genericPassword(service: service) as CFDictionary, [kSecAttrAccessGroup as String: appB] as CFDictionary)
      #expect(status == errSecSuccess)
      #expect(matchCount(genericPassword(service: service)) == .itemNotFound)
    }
    SecItemEnvironment.withAccessGroups([appB]) { #expect(matchCount(genericPassword(service: service)) == .found(1)) }
  }
}
