import Foundation
import KeychainFiles

// The search list and the default keychain (Apple's `SecKeychain.h`), deprecated as in Apple's SDK. They are the
// user's, in a file every process of the user reads (docs/keychain-files.md, "Search list and default keychain").

/// The keychains SecItem searches when a query names none (`kSecMatchSearchList`), in order.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainCopySearchList(_ searchList: UnsafeMutablePointer<CFArray?>) -> OSStatus {
  searchList.pointee = nil
  return secItemStatus { () throws(SecItemError) in
    searchList.pointee = try KeychainSearchList.list().map(SecKeychain.init) as NSArray
  }
}

/// Sets the user's search list (missing keychains are kept, as on macOS). Every element must be a `SecKeychain`
/// (else `errSecInvalidKeychain`).
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainSetSearchList(_ searchList: CFArray) -> OSStatus {
  secItemStatus { () throws(SecItemError) in try KeychainSearchList.setList(try keychains(in: searchList)) }
}

/// The search list of one preference domain.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainCopyDomainSearchList(
  _ domain: SecPreferencesDomain, _ searchList: UnsafeMutablePointer<CFArray?>
) -> OSStatus {
  searchList.pointee = nil
  return secItemStatus { () throws(SecItemError) in
    searchList.pointee = try KeychainSearchList.list(domain: domain).map(SecKeychain.init) as NSArray
  }
}

/// Sets the search list of one preference domain: `system` and `common` are `errSecUnimplemented` on Linux, `dynamic`
/// `errSecInvalidPrefsDomain`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainSetDomainSearchList(_ domain: SecPreferencesDomain, _ searchList: CFArray) -> OSStatus {
  secItemStatus { () throws(SecItemError) in
    try KeychainSearchList.setList(try keychains(in: searchList), domain: domain)
  }
}

/// The default keychain, where `SecItemAdd` adds items without `kSecUseKeychain`; `errSecNoDefaultKeychain` when there
/// is none.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainCopyDefault(_ keychain: UnsafeMutablePointer<SecKeychain?>) -> OSStatus {
  keychain.pointee = nil
  return secItemStatus { () throws(SecItemError) in
    keychain.pointee = SecKeychain(try KeychainOperations.orDefault(nil))
  }
}

/// Makes a keychain the user's default (nil: the current default, as on macOS, which changes nothing, or
/// `errSecNoDefaultKeychain`). A keychain file must exist and be the user's, readable and writable by the user
/// (else `errSecWrPerm`).
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainSetDefault(_ keychain: SecKeychain?) -> OSStatus {
  secItemStatus { () throws(SecItemError) in
    try KeychainSearchList.setDefault(try KeychainOperations.orDefault(keychain?.reference))
  }
}

/// The default keychain of one preference domain (`system` and `common` have none on Linux; `dynamic` is
/// `errSecInvalidPrefsDomain`).
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainCopyDomainDefault(_ domain: SecPreferencesDomain, _ keychain: UnsafeMutablePointer<SecKeychain?>)
  -> OSStatus
{
  keychain.pointee = nil
  return secItemStatus { () throws(SecItemError) in
    guard let found = try KeychainSearchList.defaultKeychain(domain: domain) else {
      throw SecItemError(errSecNoDefaultKeychain, "no default keychain in the \(domain) domain")
    }
    keychain.pointee = SecKeychain(found)
  }
}

/// Makes a keychain the default of one preference domain.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainSetDomainDefault(_ domain: SecPreferencesDomain, _ keychain: SecKeychain?) -> OSStatus {
  secItemStatus { () throws(SecItemError) in
    let chosen: KeychainID
    if let keychain {
      chosen = keychain.reference
    } else {
      guard let current = try KeychainSearchList.defaultKeychain(domain: domain) else {
        throw SecItemError(errSecNoDefaultKeychain, "no default keychain in the \(domain) domain")
      }
      chosen = current
    }
    try KeychainSearchList.setDefault(chosen, domain: domain)
  }
}

/// Chooses the preference domain of this process's calls that name none (`user` at first); `dynamic` is
/// `errSecInvalidPrefsDomain`.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainSetPreferenceDomain(_ domain: SecPreferencesDomain) -> OSStatus {
  guard domain != .dynamic else { return errSecInvalidPrefsDomain }
  KeychainSearchList.preferenceDomain = domain
  return errSecSuccess
}

/// The preference domain of this process's calls that name none.
// swift-format-ignore: AlwaysUseLowerCamelCase
@available(*, deprecated, message: "SecKeychain is deprecated")
public func SecKeychainGetPreferenceDomain(_ domain: UnsafeMutablePointer<SecPreferencesDomain>) -> OSStatus {
  domain.pointee = KeychainSearchList.preferenceDomain
  return errSecSuccess
}

/// The keychains of a search list array; `errSecInvalidKeychain` for an element that is not a `SecKeychain` (Apple's
/// `convertToKeychainList`).
private func keychains(in array: CFArray) throws(SecItemError) -> [KeychainID] {
  var found: [KeychainID] = []
  for element in array as NSArray {
    guard let keychain = element as? SecKeychain else {
      throw SecItemError(errSecInvalidKeychain, "a search list element is not a SecKeychain")
    }
    found.append(keychain.reference)
  }
  return found
}
