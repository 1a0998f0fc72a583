import Foundation
import Security
import Testing

@Suite("Surface: SecAccessControl")
struct SurfaceAccessControlTests {
  @Test("the flags have Apple's raw bits")
  func flagBits() {
    #expect(SecAccessControlCreateFlags.userPresence.rawValue == 1 << 0)
    #expect(SecAccessControlCreateFlags.biometryAny.rawValue == 1 << 1)
    #expect(SecAccessControlCreateFlags.touchIDAny.rawValue == 1 << 1)
    #expect(SecAccessControlCreateFlags.biometryCurrentSet.rawValue == 1 << 3)
    #expect(SecAccessControlCreateFlags.touchIDCurrentSet.rawValue == 1 << 3)
    #expect(SecAccessControlCreateFlags.devicePasscode.rawValue == 1 << 4)
    #expect(SecAccessControlCreateFlags.watch.rawValue == 1 << 5)
    #expect(SecAccessControlCreateFlags.companion.rawValue == 1 << 5)
    #expect(SecAccessControlCreateFlags.or.rawValue == 1 << 14)
    #expect(SecAccessControlCreateFlags.and.rawValue == 1 << 15)
    #expect(SecAccessControlCreateFlags.privateKeyUsage.rawValue == 1 << 30)
    #expect(SecAccessControlCreateFlags.applicationPassword.rawValue == 1 << 31)
  }

  @Test("creating with a kSecAttrAccessible value and flags succeeds without an error")
  func createWithValidArguments() {
    var error: Unmanaged<CFError>?
    let access = SecAccessControlCreateWithFlags(
      kCFAllocatorDefault, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, [.biometryAny, .or, .devicePasscode], &error)
    #expect(access != nil)
    #expect(error == nil)
  }

  @Test("creating with no error pointer and no flags succeeds")
  func createWithoutErrorPointer() {
    #expect(SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleAfterFirstUnlock, [], nil) != nil)
  }

  @Test("every public kSecAttrAccessible value is accepted")
  func everyAccessibleValueAccepted() {
    let values: [CFString] = [
      kSecAttrAccessibleWhenUnlocked, kSecAttrAccessibleAfterFirstUnlock, kSecAttrAccessibleAlways,
      kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
      kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly, kSecAttrAccessibleAlwaysThisDeviceOnly,
    ]
    for value in values {
      #expect(SecAccessControlCreateWithFlags(nil, value, .userPresence, nil) != nil, "\(value)")
    }
  }

  @Test("an invalid protection fails with an errSecParam CFError")
  func invalidProtection() throws {
    var error: Unmanaged<CFError>?
    let access = SecAccessControlCreateWithFlags(nil, "nonsense" as CFString, [], &error)
    #expect(access == nil)
    let failure = try #require(error?.takeRetainedValue())
    #expect(failure.domain == "NSOSStatusErrorDomain")
    #expect(failure.code == Int(errSecParam))
  }

  @Test("a non-string protection fails with errSecParam")
  func nonStringProtection() throws {
    var error: Unmanaged<CFError>?
    #expect(SecAccessControlCreateWithFlags(nil, NSNumber(value: 1), [], &error) == nil)
    #expect(try #require(error?.takeRetainedValue()).code == Int(errSecParam))
  }

  @Test("or together with and fails with errSecParam")
  func orAndTogether() throws {
    var error: Unmanaged<CFError>?
    #expect(SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, [.or, .and], &error) == nil)
    #expect(try #require(error?.takeRetainedValue()).code == Int(errSecParam))
  }

  @Test("both biometry flags together fail with errSecParam")
  func twoBiometryFlags() throws {
    var error: Unmanaged<CFError>?
    let flags: SecAccessControlCreateFlags = [.biometryAny, .biometryCurrentSet]
    #expect(SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, flags, &error) == nil)
    #expect(try #require(error?.takeRetainedValue()).code == Int(errSecParam))
  }

  @Test("userPresence with devicePasscode fails with errSecParam")
  func userPresenceWithOtherConstraint() throws {
    var error: Unmanaged<CFError>?
    let flags: SecAccessControlCreateFlags = [.userPresence, .devicePasscode]
    #expect(SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, flags, &error) == nil)
    #expect(try #require(error?.takeRetainedValue()).code == Int(errSecParam))
  }

  @Test("userPresence with privateKeyUsage and applicationPassword is allowed")
  func userPresenceWithAllowedFlags() {
    let flags: SecAccessControlCreateFlags = [.userPresence, .privateKeyUsage, .applicationPassword]
    #expect(SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, flags, nil) != nil)
  }

  @Test("an access control object goes into a query as kSecAttrAccessControl")
  func accessControlInQuery() throws {
    let access = try #require(SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, [], nil))
    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccessControl as String: access]
    let dictionary = query as CFDictionary
    #expect(dictionary[kSecAttrAccessControl as String] as? SecAccessControl == access)
  }
}
