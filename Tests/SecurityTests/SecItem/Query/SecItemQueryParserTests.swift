import Foundation
import Testing

@testable import Security

@Suite("Query parsing and validation")
struct SecItemQueryParserTests {
  private func parse(_ query: [String: Any], _ operation: SecItemOperation = .copyMatching) throws -> ItemQuery {
    try QueryParser.parse(query as CFDictionary, for: operation)
  }

  private func status(_ query: [String: Any], _ operation: SecItemOperation = .copyMatching) -> OSStatus {
    do {
      _ = try QueryParser.parse(query as CFDictionary, for: operation)
      return errSecSuccess
    } catch {
      return error.status
    }
  }

  private let genp = kSecClassGenericPassword as String

  @Test("a typical search parses with its attributes, limit and return types")
  func typicalSearch() throws {
    let query = try parse([
      kSecClass as String: kSecClassInternetPassword, kSecAttrServer as String: "example.com",
      kSecAttrPort as String: 443, kSecAttrProtocol as String: kSecAttrProtocolHTTPS,
      kSecMatchLimit as String: kSecMatchLimitAll, kSecReturnAttributes as String: true,
      kSecReturnData as String: kCFBooleanTrue!,
    ])
    #expect(query.itemClass.code == "inet")
    #expect(query.attributes["srvr"] == .string("example.com"))
    #expect(query.attributes["port"] == .integer(443))
    #expect(query.attributes["ptcl"] == .string("htps"))
    #expect(query.limit == .all)
    #expect(query.returnTypes == [.attributes, .data])
  }

  @Test("a missing class is errSecParam")
  func missingClass() { #expect(status([kSecAttrAccount as String: "a"]) == errSecParam) }

  @Test("an unknown class is errSecParam")
  func unknownClass() { #expect(status([kSecClass as String: "nope"]) == errSecParam) }

  @Test("a class that is not a string is errSecParam")
  func classType() { #expect(status([kSecClass as String: 1]) == errSecParam) }

  @Test("certificate, key and identity classes parse for searches, updates and deletes")
  func keyAndCertificateClasses() {
    for itemClass in [kSecClassKey, kSecClassCertificate, kSecClassIdentity] {
      for operation in [SecItemOperation.copyMatching, .update, .delete] {
        #expect(status([kSecClass as String: itemClass], operation) == errSecSuccess, "\(itemClass) \(operation)")
      }
    }
  }

  @Test("adding a key or certificate without kSecValueRef or kSecValueData is errSecParam")
  func keyAndCertificateAddNeedMaterial() {
    for itemClass in [kSecClassKey, kSecClassCertificate, kSecClassIdentity] {
      #expect(status([kSecClass as String: itemClass], .add) == errSecParam, "\(itemClass)")
    }
  }

  @Test("a wrong value type for any attribute is errSecParam")
  func wrongTypes() {
    let wrong: [(CFString, Any)] = [
      (kSecAttrAccount, 5), (kSecAttrService, true), (kSecAttrLabel, Data()), (kSecAttrAccessGroup, 1),
      (kSecAttrCreator, "aCrt"), (kSecAttrIsInvisible, "yes"), (kSecAttrGeneric, 3.5),
      (kSecAttrAccessible, "sometimes"), (kSecAttrCreationDate, "today"), (kSecAttrSynchronizable, "maybe"),
    ]
    for (key, value) in wrong {
      #expect(status([kSecClass as String: genp, key as String: value]) == errSecParam, "\(key)")
    }
  }

  @Test("strings with NUL cannot be stored and are errSecParam")
  func nulInStrings() {
    #expect(status([kSecClass as String: genp, kSecAttrAccount as String: "a\u{0}b"], .add) == errSecParam)
    #expect(status([kSecClass as String: genp, kSecAttrLabel as String: "\u{0}"], .add) == errSecParam)
  }

  @Test("an attribute of another class is errSecNoSuchAttr")
  func attributeOfOtherClass() {
    #expect(status([kSecClass as String: genp, kSecAttrServer as String: "h"]) == errSecNoSuchAttr)
    #expect(
      status([kSecClass as String: kSecClassInternetPassword, kSecAttrService as String: "s"]) == errSecNoSuchAttr)
  }

  @Test("unknown keys and non-string keys are errSecParam")
  func unknownKeys() {
    #expect(status([kSecClass as String: genp, "m_Bogus": true]) == errSecParam)
    #expect(status([kSecClass as String: genp, "whatever": true]) == errSecParam)
    let nonStringKey: NSDictionary = [kSecClass: kSecClassGenericPassword, NSNumber(value: 1): "x"]
    #expect((try? QueryParser.parse(nonStringKey, for: .copyMatching)) == nil)
  }

  @Test("return keys must be CFBooleans, not numbers")
  func returnKeyTypes() {
    #expect(status([kSecClass as String: genp, kSecReturnData as String: 1]) == errSecParam)
    #expect(status([kSecClass as String: genp, kSecReturnData as String: "yes"]) == errSecParam)
  }

  @Test("return keys on SecItemUpdate are errSecParam")
  func returnOnUpdate() {
    #expect(status([kSecClass as String: genp, kSecReturnAttributes as String: true], .update) == errSecParam)
  }

  @Test("match limits: one, all and positive numbers; zero and strings are errSecParam")
  func matchLimits() throws {
    #expect(try parse([kSecClass as String: genp]).limit == .one)
    #expect(try parse([kSecClass as String: genp, kSecMatchLimit as String: 5]).limit == .count(5))
    #expect(try parse([kSecClass as String: genp, kSecMatchLimit as String: 1]).limit == .one)
    #expect(status([kSecClass as String: genp, kSecMatchLimit as String: 0]) == errSecParam)
    #expect(status([kSecClass as String: genp, kSecMatchLimit as String: "many"]) == errSecParam)
  }

  @Test("SecItemDelete accepts only kSecMatchLimitAll")
  func deleteLimit() {
    #expect(status([kSecClass as String: genp, kSecMatchLimit as String: kSecMatchLimitAll], .delete) == errSecSuccess)
    #expect(status([kSecClass as String: genp, kSecMatchLimit as String: kSecMatchLimitOne], .delete) == errSecParam)
  }

  @Test("kSecUseAuthenticationUISkip is only for SecItemCopyMatching")
  func skipOnlyForCopy() {
    let skip: [String: Any] = [
      kSecClass as String: genp, kSecUseAuthenticationUI as String: kSecUseAuthenticationUISkip,
    ]
    #expect(status(skip, .copyMatching) == errSecSuccess)
    #expect(status(skip, .add) == errSecParam)
    #expect(status(skip, .delete) == errSecParam)
  }

  @Test("kSecAttrSynchronizableAny searches both, and cannot be added")
  func synchronizableAny() throws {
    let query: [String: Any] = [kSecClass as String: genp, kSecAttrSynchronizable as String: kSecAttrSynchronizableAny]
    #expect(try parse(query).synchronizableAny)
    #expect(status(query, .add) == errSecParam)
  }

  @Test("kSecValueData must be data")
  func valueData() throws {
    #expect(try parse([kSecClass as String: genp, kSecValueData as String: Data([1])], .add).secret == Data([1]))
    #expect(status([kSecClass as String: genp, kSecValueData as String: "pw"], .add) == errSecParam)
  }

  @Test("match keys on SecItemAdd are errSecParam")
  func matchOnAdd() {
    #expect(status([kSecClass as String: genp, kSecMatchLimit as String: kSecMatchLimitAll], .add) == errSecParam)
  }

  @Test("a persistent reference names its class and item")
  func persistentReferenceQuery() throws {
    let locator = ItemLocator(
      itemClassCode: "genp", id: ItemID(keychain: .collection("/org/freedesktop/secrets/collection/login"), name: "3"))
    let query = try parse([kSecValuePersistentRef as String: locator.persistentReference])
    #expect(query.itemClass.code == "genp")
    #expect(query.itemList == [locator])
    #expect(status([kSecClass as String: genp, kSecValuePersistentRef as String: Data("x".utf8)]) == errSecParam)
  }

  @Test("kSecMatchItemList elements must all be of one type")
  func mixedItemList() {
    let locator = ItemLocator(
      itemClassCode: "genp", id: ItemID(keychain: .collection("/org/freedesktop/secrets/collection/login"), name: "3"))
    let list: [Any] = [locator.reference, locator.persistentReference]
    #expect(status([kSecClass as String: genp, kSecMatchItemList as String: list]) == errSecParam)
  }

  @Test("protocol given as a FourCharCode number is accepted; unknown codes are errSecParam")
  func protocolNumbers() throws {
    let inet = kSecClassInternetPassword as String
    let query = try parse([kSecClass as String: inet, kSecAttrProtocol as String: 0x6874_7073])
    #expect(query.attributes["ptcl"] == .string("htps"))
    #expect(status([kSecClass as String: inet, kSecAttrProtocol as String: "zzzz"]) == errSecParam)
  }

  @Test("port must be an integer in 0…65535")
  func portRange() {
    let inet = kSecClassInternetPassword as String
    #expect(status([kSecClass as String: inet, kSecAttrPort as String: 70000]) == errSecParam)
    #expect(status([kSecClass as String: inet, kSecAttrPort as String: 80.5]) == errSecParam)
  }

  @Test("kSecAttrAccessControl sets the protection; a conflicting kSecAttrAccessible is errSecParam")
  func accessControl() throws {
    let control = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, [], nil)!
    let query = try parse([kSecClass as String: genp, kSecAttrAccessControl as String: control], .add)
    #expect(query.attributes["pdmn"] == .string("aku"))
    let conflicting: [String: Any] = [
      kSecClass as String: genp, kSecAttrAccessControl as String: control,
      kSecAttrAccessible as String: kSecAttrAccessibleAlways,
    ]
    #expect(status(conflicting, .add) == errSecParam)
  }

  @Test("update attributes may not contain the class, match, return or use keys")
  func updateAttributes() {
    func updateStatus(_ attributes: [String: Any]) -> OSStatus {
      do {
        _ = try UpdateParser.parse(attributes as CFDictionary, for: .genericPassword)
        return errSecSuccess
      } catch {
        return error.status
      }
    }
    #expect(updateStatus([kSecAttrAccount as String: "a", kSecValueData as String: Data()]) == errSecSuccess)
    #expect(updateStatus([kSecClass as String: kSecClassGenericPassword]) == errSecParam)
    #expect(updateStatus([kSecReturnData as String: true]) == errSecParam)
    #expect(updateStatus([kSecMatchLimit as String: kSecMatchLimitAll]) == errSecParam)
    #expect(updateStatus([kSecAttrCreationDate as String: Date()]) == errSecParam)
    #expect(updateStatus([kSecAttrSynchronizable as String: kSecAttrSynchronizableAny]) == errSecParam)
    #expect(updateStatus([kSecAttrServer as String: "h"]) == errSecNoSuchAttr)
  }
}
