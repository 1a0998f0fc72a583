import Foundation
import GLibValues

// Opening, creating and deleting keychains, and what a keychain reference tells (Apple's `SecKeychain.h`). Every
// function is deprecated as in Apple's SDK ("SecKeychain is deprecated"), so code using it gets the warning it gets
// on a Mac.

/// The type identifier of `SecKeychain`. The corresponding Apple function is `SecKeychainGetTypeID`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainGetTypeID() -> CFTypeID { CoreFoundationType.keychain.rawValue }

/// The version of the keychain API: Apple's `0x02028000`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainGetVersion(_ returnVers: UnsafeMutablePointer<UInt32>) -> OSStatus {
  returnVers.pointee = 0x0202_8000
  return errSecSuccess
}

/// A reference to the keychain `pathName` names (docs/keychain-files.md, "Names"): it need not exist, as on macOS;
/// `SecKeychainGetStatus` tells whether it does. `errSecParam` for an empty name or one with a line break.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainOpen(_ pathName: UnsafePointer<CChar>, _ keychain: UnsafeMutablePointer<SecKeychain?>)
  -> OSStatus
{
  keychain.pointee = nil
  return secItemStatus { () throws(SecItemError) in
    keychain.pointee = SecKeychain(try KeychainOperations.open(String(cString: pathName)))
  }
}

/// Creates a keychain file at `pathName` keyed by `password` (`passwordLength` bytes), and returns a reference to it.
/// It is not added to the search list and does not become the default, as on macOS. `promptUser` asks for the
/// password instead (`SecKeychainUnlock`'s "asking": `errSecInteractionNotAllowed` without a way to ask);
/// `initialAccess` must be nil (nothing creates a `SecAccess` on Linux). An existing file is
/// `errSecDuplicateKeychain`; an unwritable folder `errSecWrPerm`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainCreate(
  _ pathName: UnsafePointer<CChar>, _ passwordLength: UInt32, _ password: UnsafeRawPointer?, _ promptUser: Bool,
  _ initialAccess: SecAccess?, _ keychain: UnsafeMutablePointer<SecKeychain?>
) -> OSStatus {
  keychain.pointee = nil
  return secItemStatus { () throws(SecItemError) in
    guard initialAccess == nil else { throw .param("initialAccess must be nil") }
    let name = String(cString: pathName)
    let secret: SecretBytes
    if promptUser {
      secret = try KeychainOperations.askForPassword(of: name)
    } else {
      guard let password else { throw .param("a keychain needs a password unless promptUser is true") }
      secret = SecretBytes(UnsafeRawBufferPointer(start: password, count: Int(passwordLength)))
    }
    keychain.pointee = SecKeychain(try KeychainOperations.create(name, password: secret))
  }
}

/// Deletes a keychain file: it leaves the search list (and stops being the default), then the file is removed.
/// Nil is `errSecInvalidKeychain`, as on macOS; a file that does not exist `errSecNoSuchKeychain`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainDelete(_ keychainOrArray: SecKeychain?) -> OSStatus {
  secItemStatus { () throws(SecItemError) in
    guard let keychainOrArray else { throw SecItemError(errSecInvalidKeychain, "no keychain to delete") }
    try KeychainOperations.delete([keychainOrArray.reference])
  }
}

/// The path of a keychain (nil: the default): the resolved file path, or a collection's object path. On entry
/// `ioPathLength` is the size of `pathName`; on return the path's length without its NUL. A buffer too small for the
/// path and its NUL is `errSecBufferTooSmall` (the length is set to the one needed).
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainGetPath(
  _ keychain: SecKeychain?, _ ioPathLength: UnsafeMutablePointer<UInt32>, _ pathName: UnsafeMutablePointer<CChar>
) -> OSStatus {
  secItemStatus { () throws(SecItemError) in
    let path = Array(try KeychainOperations.orDefault(keychain?.reference).path.utf8)
    let room = Int(ioPathLength.pointee)
    ioPathLength.pointee = UInt32(path.count)
    guard path.count + 1 <= room else { throw SecItemError(errSecBufferTooSmall, "the buffer is too small") }
    for (index, byte) in path.enumerated() { pathName[index] = CChar(bitPattern: byte) }
    pathName[path.count] = 0
  }
}

/// Whether a keychain (nil: the default) is unlocked, readable and writable: `kSecReadPermStatus` when locked,
/// `kSecUnlockStateStatus | kSecReadPermStatus | kSecWritePermStatus` when unlocked. A keychain that does not exist
/// is `errSecNoSuchKeychain` (this is how Apple's documentation tests for existence).
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainGetStatus(_ keychain: SecKeychain?, _ keychainStatus: UnsafeMutablePointer<SecKeychainStatus>)
  -> OSStatus
{
  secItemStatus { () throws(SecItemError) in
    let unlocked = try KeychainOperations.isUnlocked(keychain?.reference)
    keychainStatus.pointee =
      unlocked ? kSecUnlockStateStatus | kSecReadPermStatus | kSecWritePermStatus : kSecReadPermStatus
  }
}
