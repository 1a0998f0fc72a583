import Foundation
import Security
import Testing

/// The Core Foundation and MacTypes names keychain code reaches on Apple platforms: what they return.
@Suite("Surface: Core Foundation and MacTypes names")
struct SurfaceCoreFoundationTests {
  /// A `CFError` as a failing `SecKey…` call hands it back.
  func keyError() throws -> CFError {
    var error: Unmanaged<CFError>?
    let attributes: [String: Any] = [
      kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeyClass as String: kSecAttrKeyClassPublic,
    ]
    #expect(SecKeyCreateWithData(Data([1, 2, 3]) as CFData, attributes as CFDictionary, &error) == nil)
    return try #require(error).takeRetainedValue()
  }

  @Test("noErr is errSecSuccess, of type OSStatus")
  func noErrIsSuccess() {
    let status: OSStatus = noErr
    #expect(status == errSecSuccess)
  }

  @Test("the CFError accessors read a SecKey failure's domain, code, user info and description")
  func errorAccessors() throws {
    let error = try keyError()
    #expect(CFErrorGetDomain(error) as String == kCFErrorDomainOSStatus as String)
    #expect(CFErrorGetCode(error) == Int(errSecParam))
    let userInfo = try #require(CFErrorCopyUserInfo(error) as? [String: Any])
    #expect(userInfo[kCFErrorDescriptionKey as String] is String)
    #expect(!(CFErrorCopyDescription(error) as String).isEmpty)
  }

  @Test("CFErrorCreate makes an error with the domain, code and user info given")
  func errorCreate() {
    let error: CFError = CFErrorCreate(
      kCFAllocatorDefault, kCFErrorDomainOSStatus, CFIndex(errSecItemNotFound),
      [kCFErrorLocalizedDescriptionKey as String: "not found"] as CFDictionary)
    #expect(CFErrorGetCode(error) == CFIndex(errSecItemNotFound))
    #expect(CFErrorCopyDescription(error) as String == "not found")
    #expect((CFErrorCopyUserInfo(error) as? [String: Any])?.count == 1)
  }

  @Test("CFGetTypeID tells each type apart, and each equals its …GetTypeID()")
  func typeIdentifiers() throws {
    let identity = try OpenSSLIdentity(subject: "/CN=type-id")
    var error: Unmanaged<CFError>?
    let access = try #require(
      SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .userPresence, &error))
    let cases: [(AnyObject, CFTypeID)] = [
      (kSecClass, CFStringGetTypeID()), ("text" as NSString, CFStringGetTypeID()),
      (Data([1]) as NSData, CFDataGetTypeID()), (kCFBooleanTrue, CFBooleanGetTypeID()),
      (NSNumber(value: 1), CFNumberGetTypeID()), (NSNull(), CFNullGetTypeID()), (NSDate(), CFDateGetTypeID()),
      ([1] as NSArray, CFArrayGetTypeID()), (["a": 1] as NSDictionary, CFDictionaryGetTypeID()),
      (NSSet(array: [1]), CFSetGetTypeID()), (try keyError(), CFErrorGetTypeID()),
      (try identity.privateKey, SecKeyGetTypeID()), (try identity.certificate, SecCertificateGetTypeID()),
      (try identity.identity, SecIdentityGetTypeID()), (access, SecAccessControlGetTypeID()),
    ]
    for (object, expected) in cases {
      #expect(CFGetTypeID(object) == expected, "\(type(of: object))")
    }
    #expect(Set(cases.map(\.1)).count == 14)  // strings appear twice
    let other = CFGetTypeID(NSObject())
    #expect(!cases.map(\.1).contains(other))
  }

  @Test("CFEqual and CFHash agree with the objects' equality")
  func equalityAndHash() {
    let one = Data([1, 2]) as NSData
    let same = Data([1, 2]) as NSData
    #expect(CFEqual(one, same))
    #expect(CFHash(one) == CFHash(same))
    #expect(!CFEqual(one, Data([3]) as NSData))
    #expect(!CFEqual(one, nil))
  }

  @Test("CFDataCreate copies bytes; CFDataGetLength and CFDataGetBytePtr read them back")
  func dataFunctions() {
    let bytes: [UInt8] = [0, 1, 254, 255]
    let data: CFData = bytes.withUnsafeBufferPointer { CFDataCreate(nil, $0.baseAddress, $0.count) }
    #expect(CFDataGetLength(data) == 4)
    #expect(Array(UnsafeBufferPointer(start: CFDataGetBytePtr(data), count: CFDataGetLength(data))) == bytes)
    #expect(CFDataCreate(nil, nil, -1) == nil)
  }

  @Test("CFDataCreateWithBytesNoCopy with kCFAllocatorNull leaves the caller's bytes to the caller")
  func dataNoCopy() {
    var bytes: [UInt8] = [7, 8, 9]
    let data: CFData = bytes.withUnsafeBufferPointer {
      CFDataCreateWithBytesNoCopy(nil, $0.baseAddress, $0.count, kCFAllocatorNull)
    }
    bytes[0] = 0
    #expect(data as Data == Data([7, 8, 9]))
    #expect(bytes == [0, 8, 9])
  }

  @Test("CFDataCreateWithBytesNoCopy takes ownership of malloc'ed bytes with the default deallocator")
  func dataNoCopyOwnsBytes() throws {
    let buffer = try #require(malloc(3)).bindMemory(to: UInt8.self, capacity: 3)
    buffer.initialize(repeating: 5, count: 3)
    let data: CFData = CFDataCreateWithBytesNoCopy(nil, buffer, 3, kCFAllocatorDefault)
    #expect(data as Data == Data([5, 5, 5]))
  }

  @Test("kCFBundleIdentifierKey is the Info.plist key of a bundle's identifier")
  func bundleIdentifierKey() {
    #expect(kCFBundleIdentifierKey as String == "CFBundleIdentifier")
  }

  @Test("the misspelled deprecated status aliases have the values of the codes they alias")
  @available(*, deprecated, message: "uses Apple's deprecated aliases on purpose")
  func misspelledAliases() {
    #expect(errSecInvaldCRLAuthority == errSecInvalidCRLAuthority)
    #expect(errSecInvalidTupleCredendtials == errSecInvalidTupleCredentials)
  }
}
