import Foundation
import FreedesktopServices
import GLibValues
import Testing

@testable import Security

@Suite("Result building")
struct SecItemResultBuilderTests {
  private let item = StoredItem(
    id: ItemID(keychain: .collection("/org/freedesktop/secrets/collection/login"), name: "7"),
    ItemProperties(
      attributes: [
        "xdg:schema": "org.swift-keychain-linux.GenericPassword", "service": "svc", "account": "bob",
        "username": "bob", "keychain:agrp": "app", "keychain:sync": "0", "keychain:crtr": "1",
      ],
      label: "svc", created: Date(timeIntervalSince1970: 1_700_000_000),
      modified: Date(timeIntervalSince1970: 1_700_000_100))
  )!
  private let secret = Data("pw".utf8)

  private func build(_ types: ReturnTypes, array: Bool = false) -> AnyObject? {
    ResultBuilder.result(
      for: [item], returnTypes: types, asArray: array, secrets: [item.id: SecretBytes(data: secret)])
  }

  @Test("data alone is the bare secret")
  func dataAlone() { #expect(build(.data) as? Data == secret) }

  @Test("attributes alone are a dictionary of typed values keyed by Apple's raw keys")
  func attributesAlone() throws {
    let attributes = try #require(build(.attributes) as? [String: Any])
    #expect(attributes[kSecClass as String] as? String == "genp")
    #expect(attributes[kSecAttrAccount as String] as? String == "bob")
    #expect(attributes[kSecAttrService as String] as? String == "svc")
    #expect(attributes[kSecAttrCreator as String] as? Int == 1)
    #expect(attributes[kSecAttrSynchronizable as String] as? Bool == false)
    #expect(attributes[kSecAttrCreationDate as String] as? Date == Date(timeIntervalSince1970: 1_700_000_000))
    #expect(attributes[kSecAttrLabel as String] as? String == "svc")
    #expect(attributes[kSecValueData as String] == nil)
  }

  @Test("several return types give one dictionary with v_Data, v_Ref and v_PersistentRef")
  func combined() throws {
    let result = try #require(build([.attributes, .data, .reference, .persistentReference]) as? [String: Any])
    #expect(result[kSecValueData as String] as? Data == secret)
    #expect(result[kSecValueRef as String] as? SecKeychainItem == item.locator.reference)
    #expect(result[kSecValuePersistentRef as String] as? Data == item.locator.persistentReference)
    #expect(result[kSecAttrAccount as String] as? String == "bob")
  }

  @Test("data and reference without attributes hold only the values")
  func dataAndReference() throws {
    let result = try #require(build([.data, .reference]) as? [String: Any])
    #expect(Set(result.keys) == [kSecValueData as String, kSecValueRef as String])
  }

  @Test("array results wrap each element")
  func arrays() throws {
    let result = try #require(build(.attributes, array: true) as? [[String: Any]])
    #expect(result.count == 1)
  }

  @Test("no return type gives no result")
  func noReturnType() { #expect(build([]) == nil) }
}
