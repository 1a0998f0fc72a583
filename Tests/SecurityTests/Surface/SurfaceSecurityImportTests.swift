import Foundation
import Security
import Testing

// This file imports only Foundation and Security, as Apple-platform code does: every name below reaches it through
// `Security`, which re-exports `KeychainServices` (`Sources/Security/Security.swift`). The tables of constants,
// status codes and algorithms in this directory also import only `Security`, so every kSec constant, status code and
// SecKeyAlgorithm is proven visible that way.

@Suite("Surface: `import Security` builds unchanged")
struct SurfaceSecurityImportTests {
  @Test("the Core Foundation type names resolve through import Security")
  func coreFoundationTypes() {
    let status: OSStatus = errSecSuccess
    let string: CFString = kSecClass
    let dictionary: CFDictionary = NSDictionary()
    let mutable: CFMutableDictionary = NSMutableDictionary()
    let array: CFArray = NSArray()
    let data: CFData = NSData()
    let number: CFNumber = NSNumber(value: 1)
    let boolean: CFBoolean = kCFBooleanTrue
    let date: CFDate = NSDate()
    let error: CFError = NSError(domain: "d", code: 1)
    let index: CFIndex = 0
    let options: CFOptionFlags = 0
    let allocator: CFAllocator? = kCFAllocatorDefault
    let object: CFTypeRef = string
    #expect(status == 0 && index == 0 && options == 0)
    #expect(dictionary.count == 0 && mutable.count == 0 && array.count == 0 && data.length == 0)
    #expect(number.intValue == 1 && boolean.boolValue && date.timeIntervalSince1970 > 0 && error.code == 1)
    #expect(allocator != nil && object === string)
  }

  @Test("the Security functions and types resolve through import Security")
  func securityFunctionsAndTypes() {
    let message: CFString? = SecCopyErrorMessageString(errSecParam, nil)
    let access: SecAccessControl? = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, [], nil)
    let random: SecRandomRef = kSecRandomDefault
    var byte: UInt8 = 0
    let algorithm: SecKeyAlgorithm = .rsaEncryptionOAEPSHA256
    #expect(message != nil)
    #expect(access != nil)
    #expect(SecRandomCopyBytes(random, 1, &byte) == errSecSuccess)
    #expect(algorithm.rawValue as String == "algid:encrypt:RSA:OAEP:SHA256")
  }
}
