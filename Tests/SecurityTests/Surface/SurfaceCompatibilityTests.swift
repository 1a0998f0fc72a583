import Foundation
import Security
import Testing

// Apple-platform code, unchanged: each test is written as it would be on macOS or iOS.

/// A function with the Swift signature of `SecItemCopyMatching`, answering the way Apple's does for
/// kSecReturnAttributes with kSecMatchLimitAll. It lets these tests exercise `&item` without a keyring.
private func appleShapedCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
  guard let query = query as? [String: Any], query[kSecClass as String] as? String == kSecClassGenericPassword as String
  else { return errSecParam }
  let attributes = NSDictionary(dictionary: [kSecAttrAccount: "alice", kSecAttrService: "example.org"])
  if query[kSecMatchLimit as String] as? String == kSecMatchLimitAll as String {
    result?.pointee = NSArray(array: [attributes])
  } else if query[kSecReturnData as String] as? Bool == true {
    result?.pointee = NSData(data: Data("s3cr3t".utf8))
  } else {
    result?.pointee = attributes
  }
  return errSecSuccess
}

@Suite("Surface: Apple-platform code compiles and behaves unchanged")
struct SurfaceCompatibilityTests {
  @Test("kSecClass as String is the raw key")
  func constantAsString() {
    let key: String = kSecClass as String
    #expect(key == "class")
  }

  @Test("a [String: Any] query converts with `as CFDictionary` and keeps every value")
  func stringKeyedQueryAsCFDictionary() {
    let query: [String: Any] = [
      kSecClass as String: kSecClassInternetPassword,
      kSecAttrServer as String: "example.org",
      kSecAttrPort as String: 443,
      kSecValueData as String: Data([1, 2, 3]),
    ]
    let dictionary = query as CFDictionary
    #expect(dictionary.count == 4)
    #expect(dictionary["class"] as? String == "inet")
    #expect(dictionary["port"] as? Int == 443)
    #expect(dictionary["v_Data"] as? Data == Data([1, 2, 3]))
  }

  @Test("String(kSecClass) is the raw key, as keychain wrappers write it")
  func stringInitFromConstant() {
    #expect(String(kSecClass) == "class")
    #expect(String(kSecAttrAccount) == kSecAttrAccount as String)
  }

  @Test("a [CFString: Any] query built by subscript converts with `as CFDictionary`")
  func cfStringKeyedQuery() {
    var query: [CFString: Any] = [kSecClass: kSecClassGenericPassword]
    query[kSecAttrAccount] = "dave"
    query[kSecMatchLimit] = kSecMatchLimitOne
    let dictionary = query as CFDictionary
    #expect(dictionary["acct"] as? String == "dave")
    #expect(dictionary[kSecMatchLimit as String] as? String == kSecMatchLimitOne as String)
  }

  @Test("a [String: AnyObject] query keeps constants and booleans")
  func anyObjectQuery() {
    let query: [String: AnyObject] = [
      kSecClass as String: kSecClassGenericPassword, kSecReturnData as String: kCFBooleanTrue,
    ]
    let dictionary = NSDictionary(dictionary: query)
    #expect(dictionary["class"] as? String == "genp")
    #expect(dictionary["r_Data"] as? Bool == true)
  }

  @Test("a literal with constant keys converts with `as CFDictionary`")
  func constantKeyedLiteralAsCFDictionary() {
    let dictionary = [kSecClass: kSecClassGenericPassword, kSecAttrService: "svc" as CFString] as CFDictionary
    #expect(dictionary["class"] as? String == "genp")
    #expect(dictionary[kSecAttrService as String] as? String == "svc")
  }

  @Test("kCFBooleanTrue stored in a [String: Any] reads back as true")
  func booleanConstantInQuery() {
    let query: [String: Any] = [kSecReturnData as String: kCFBooleanTrue!, kSecReturnRef as String: kCFBooleanFalse!]
    let dictionary = query as CFDictionary
    #expect(dictionary["r_Data"] as? Bool == true)
    #expect(dictionary["r_Ref"] as? Bool == false)
  }

  @Test("kCFBooleanTrue stored without unwrapping reads back as true, as Optional bridges on Apple platforms")
  func optionalBooleanConstantInQuery() {
    let query: [String: Any] = [kSecReturnAttributes as String: kCFBooleanTrue as Any]
    let dictionary = query as CFDictionary
    #expect(dictionary["r_Attributes"] as? Bool == true)
    #expect(query[kSecReturnAttributes as String] as? Bool == true)
  }

  @Test("kCFBooleanTrue and kCFBooleanFalse are implicitly unwrapped CFBooleans")
  func booleanConstantsAreImplicitlyUnwrapped() {
    let yes: CFBoolean = kCFBooleanTrue
    let no: CFBoolean = kCFBooleanFalse
    #expect(yes.boolValue)
    #expect(!no.boolValue)
  }

  @Test("a function of Apple's SecItem signature fills `var item: CFTypeRef?` through &item")
  func functionTypeAndInOutResult() {
    let copyMatching: (CFDictionary, UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus = appleShapedCopyMatching
    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecReturnAttributes as String: true]
    var item: CFTypeRef?
    let status = copyMatching(query as CFDictionary, &item)
    #expect(status == errSecSuccess)
    #expect(item != nil)
    #expect(copyMatching(query as CFDictionary, nil) == errSecSuccess)
  }

  @Test("a result reads as [String: Any]")
  func resultAsStringKeyedDictionary() throws {
    var item: CFTypeRef?
    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecReturnAttributes as String: true]
    #expect(appleShapedCopyMatching(query as CFDictionary, &item) == errSecSuccess)
    let attributes = try #require(item as? [String: Any])
    #expect(attributes[kSecAttrAccount as String] as? String == "alice")
  }

  @Test("a result read as [AnyHashable: Any] is indexed with a kSecAttr constant")
  func resultAsAnyHashableDictionaryIndexedWithConstant() throws {
    var item: CFTypeRef?
    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecReturnAttributes as String: true]
    #expect(appleShapedCopyMatching(query as CFDictionary, &item) == errSecSuccess)
    let attributes = try #require(item as? [AnyHashable: Any])
    #expect(attributes[kSecAttrAccount] as? String == "alice")
    #expect(attributes[kSecAttrService] as? String == "example.org")
  }

  @Test("an NSDictionary bridged to [AnyHashable: Any] is indexed with a constant")
  func bridgedDictionaryIndexedWithConstant() throws {
    let dictionary = NSDictionary(dictionary: ["acct": "bob", "svce": "mail"])
    let attributes = try #require(dictionary as? [AnyHashable: Any])
    #expect(attributes[kSecAttrAccount] as? String == "bob")
  }

  @Test("a [AnyHashable: Any] built with constant keys is indexed with strings")
  func constantKeyedAnyHashableDictionaryIndexedWithString() {
    let attributes: [AnyHashable: Any] = [kSecAttrAccount: "carol"]
    #expect(attributes["acct"] as? String == "carol")
    #expect(attributes[kSecAttrAccount as String] as? String == "carol")
  }

  @Test("a kSecMatchLimitAll result reads as [[String: Any]]")
  func resultAsArrayOfDictionaries() throws {
    var item: CFTypeRef?
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword,
      kSecMatchLimit as String: kSecMatchLimitAll,
      kSecReturnAttributes as String: true,
    ]
    #expect(appleShapedCopyMatching(query as CFDictionary, &item) == errSecSuccess)
    let items = try #require(item as? [[String: Any]])
    #expect(items.count == 1)
    #expect(items.first?[kSecAttrService as String] as? String == "example.org")
  }

  @Test("a kSecReturnData result reads as Data")
  func resultAsData() throws {
    var item: CFTypeRef?
    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecReturnData as String: true]
    #expect(appleShapedCopyMatching(query as CFDictionary, &item) == errSecSuccess)
    let data = try #require(item as? Data)
    #expect(String(decoding: data, as: UTF8.self) == "s3cr3t")
  }
}
