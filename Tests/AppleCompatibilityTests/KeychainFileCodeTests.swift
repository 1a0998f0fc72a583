import Foundation
import Security
import Testing

// macOS code that manages a keychain file of its own (signing helpers, CI tools), written against `import Security`
// alone in the shapes such code has: a Swift `String` passed for `const char *` and `const void *`, `&optional` for
// `SecKeychainRef *`, `&settings` for `const SecKeychainSettings *`, Boolean literals for `DarwinBoolean` fields,
// `as? [SecKeychain]` and `as CFArray` for search lists, `kSecMatchSearchList` in a query. Every function is
// deprecated in Apple's SDK as here, so the code lives in deprecated declarations, as it has to on a Mac to build
// without warnings.

@available(*, deprecated, message: "manages keychain files with the deprecated SecKeychain API, as macOS code does")
enum BuildKeychain {
  static func create(named name: String, password: String) -> (OSStatus, SecKeychain?) {
    var keychain: SecKeychain?
    let status = SecKeychainCreate(name + ".keychain-db", UInt32(password.utf8.count), password, false, nil, &keychain)
    return (status, keychain)
  }

  static func open(_ path: String) -> SecKeychain? {
    var keychain: SecKeychain?
    guard SecKeychainOpen(path, &keychain) == errSecSuccess else { return nil }
    return keychain
  }

  static func keepUnlockedForADay(_ keychain: SecKeychain) -> OSStatus {
    var settings = SecKeychainSettings(
      version: UInt32(SEC_KEYCHAIN_SETTINGS_VERS1), lockOnSleep: false, useLockInterval: true,
      lockInterval: 24 * 60 * 60)
    return SecKeychainSetSettings(keychain, &settings)
  }

  static func neverLock(_ keychain: SecKeychain) -> OSStatus {
    var settings = SecKeychainSettings(
      version: UInt32(SEC_KEYCHAIN_SETTINGS_VERS1), lockOnSleep: false, useLockInterval: false,
      lockInterval: UInt32(INT_MAX))
    return SecKeychainSetSettings(keychain, &settings)
  }

  static func unlock(_ keychain: SecKeychain, password: String) -> OSStatus {
    SecKeychainUnlock(keychain, UInt32(password.utf8.count), password, true)
  }

  static func addToSearchList(_ keychain: SecKeychain) -> OSStatus {
    var searchList: CFArray?
    let status = SecKeychainCopySearchList(&searchList)
    guard status == errSecSuccess else { return status }
    var existing = searchList as? [SecKeychain] ?? []
    existing.append(keychain)
    return SecKeychainSetSearchList(existing as CFArray)
  }

  static func isUnlocked(_ keychain: SecKeychain) -> Bool {
    var status: SecKeychainStatus = 0
    guard SecKeychainGetStatus(keychain, &status) == errSecSuccess else { return false }
    return status & kSecUnlockStateStatus != 0
  }

  static func path(of keychain: SecKeychain) -> String? {
    var length = UInt32(PATH_MAX)
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
    guard SecKeychainGetPath(keychain, &length, &buffer) == errSecSuccess else { return nil }
    return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  static func password(service: String, in keychain: SecKeychain) -> Data? {
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
      kSecMatchSearchList as String: [keychain] as CFArray, kSecReturnData as String: true,
    ]
    var item: CFTypeRef?
    guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess else { return nil }
    return item as? Data
  }

  static func add(service: String, password: Data, to keychain: SecKeychain) -> OSStatus {
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
      kSecValueData as String: password, kSecUseKeychain as String: keychain,
    ]
    return SecItemAdd(query as CFDictionary, nil)
  }

  static func delete(_ keychain: SecKeychain) -> OSStatus { SecKeychainDelete(keychain) }

  static func lockWhenUnattended() -> OSStatus {
    var allowed: DarwinBoolean = true
    _ = SecKeychainGetUserInteractionAllowed(&allowed)
    return allowed.boolValue ? SecKeychainSetUserInteractionAllowed(false) : errSecSuccess
  }
}

@Suite("macOS keychain-file code compiles and runs against import Security")
struct KeychainFileCodeTests {
  @available(*, deprecated, message: "uses the deprecated SecKeychain API")
  @Test("a keychain reference is a SecKeychain by CFGetTypeID, and another object is not")
  func typeIdentity() {
    let keychain = BuildKeychain.open("/tmp/compatibility-\(UUID().uuidString).keychain")
    #expect(keychain != nil)
    #expect(CFGetTypeID(keychain) == SecKeychainGetTypeID())
    #expect(CFGetTypeID("text" as CFString) != SecKeychainGetTypeID())
  }

  @available(*, deprecated, message: "uses the deprecated SecKeychain API")
  @Test("two references to the same path are equal, and the path reads back through SecKeychainGetPath")
  func sameKeychain() {
    let path = "/tmp/compatibility-\(UUID().uuidString).keychain"
    let first = BuildKeychain.open(path)
    #expect(first == BuildKeychain.open(path))
    #expect(first.flatMap(BuildKeychain.path(of:)) == path)
  }

  @available(*, deprecated, message: "uses the deprecated SecKeychain API")
  @Test("a keychain that does not exist has no status: errSecNoSuchKeychain, as Apple's documentation tests it")
  func missingStatus() throws {
    let keychain = try #require(BuildKeychain.open("/tmp/compatibility-\(UUID().uuidString).keychain"))
    var status: SecKeychainStatus = 0
    #expect(SecKeychainGetStatus(keychain, &status) == errSecNoSuchKeychain)
    #expect(!BuildKeychain.isUnlocked(keychain))
  }

  @available(*, deprecated, message: "uses the deprecated SecKeychain API")
  @Test("SecKeychainGetPath refuses a buffer too small for the path and its NUL, saying the length it needs")
  func pathBufferTooSmall() throws {
    let path = "/tmp/compatibility-\(UUID().uuidString).keychain"
    let keychain = try #require(BuildKeychain.open(path))
    var length = UInt32(path.utf8.count)
    var buffer = [CChar](repeating: 0, count: path.utf8.count)
    #expect(SecKeychainGetPath(keychain, &length, &buffer) == errSecBufferTooSmall)
    #expect(length == UInt32(path.utf8.count))
  }

  @available(*, deprecated, message: "uses the deprecated SecKeychain API")
  @Test("SecKeychainGetVersion gives Apple's version, and deleting no keychain is an invalid keychain")
  func versionAndNil() {
    var version: UInt32 = 0
    #expect(SecKeychainGetVersion(&version) == errSecSuccess)
    #expect(version == 0x0202_8000)
    #expect(SecKeychainDelete(nil) == errSecInvalidKeychain)
  }

  @Test("SecKeychainSettings and DarwinBoolean behave as Apple's overlay declares them")
  func settingsValues() {
    let settings = SecKeychainSettings()
    #expect(settings.version == 0 && settings.lockInterval == 0 && !settings.lockOnSleep.boolValue)
    let literal: DarwinBoolean = true
    #expect(literal.boolValue && literal == DarwinBoolean(true) && literal.description == "true")
    #expect(SecPreferencesDomain.dynamic.rawValue == 3)
    #expect(kSecUnlockStateStatus | kSecReadPermStatus | kSecWritePermStatus == 7)
  }
}
