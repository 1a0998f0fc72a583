import Foundation
import KeychainWrapper
import Security

// App code written as on Apple platforms: `import Security` next to a wrapper that declares `KeychainError`,
// `Keychain`, `KeychainItem` and `Query`, all used unqualified.

/// The app's own error type wraps the wrapper's (same name as KeychainServices' native API type).
public func describe(_ error: KeychainError) -> String {
  switch error {
  case .unhandled(let status): "keychain error \(status): \(SecCopyErrorMessageString(status, nil) as String? ?? "?")"
  case .unexpectedData: "unexpected data"
  }
}

/// Stores, reads back and lists tokens; returns the accounts in the order they were stored.
public func tokenRoundTrip(service: String) throws -> [String] {
  var keychain = Keychain(service: service)
  keychain.clear()
  for account in ["first", "second", "third"] {
    guard keychain.set(Data("token-\(account)".utf8), forKey: account) else {
      throw KeychainError.unhandled(keychain.lastResultCode)
    }
  }
  guard keychain.get("second") == Data("token-second".utf8) else { throw KeychainError.unexpectedData }
  let query = Query(service: service)
  _ = query
  let stored: [KeychainItem] = try keychain.items()
  guard stored.count == 3 else { throw KeychainError.unexpectedData }
  return keychain.allKeys()
}

/// An internet password added and updated with results left unused, as Apple's own sample code does.
public func internetPasswordFlow(server: String) -> OSStatus {
  let query: [String: Any] = [
    kSecClass as String: kSecClassInternetPassword, kSecAttrServer as String: server,
    kSecAttrAccount as String: "alice", kSecAttrProtocol as String: kSecAttrProtocolHTTPS,
  ]
  SecItemDelete(query as CFDictionary)
  var attributes = query
  attributes[kSecValueData as String] = "s3cret".data(using: .utf8)!
  SecItemAdd(attributes as CFDictionary, nil)
  SecItemUpdate(query as CFDictionary, [kSecValueData as String: Data("n3w".utf8)] as CFDictionary)
  var item: CFTypeRef?
  var search = query
  search[kSecReturnAttributes as String] = kCFBooleanTrue
  search[kSecReturnData as String] = kCFBooleanTrue
  let status = SecItemCopyMatching(search as CFDictionary, &item)
  guard status == errSecSuccess, let found = item as? [String: Any],
    let password = found[kSecValueData as String] as? Data, String(data: password, encoding: .utf8) == "n3w"
  else { return status == errSecSuccess ? errSecDecode : status }
  return SecItemDelete(query as CFDictionary)
}

/// Turns the `Unmanaged<CFError>` of a `SecKey…` call into an `NSError`, as wrappers do.
func nsError(_ error: Unmanaged<CFError>?) -> NSError? {
  guard let cfError = error?.takeRetainedValue() else { return nil }
  let domain = CFErrorGetDomain(cfError) as String
  let code = CFErrorGetCode(cfError)
  let userInfo = CFErrorCopyUserInfo(cfError) as? [String: Any] ?? [:]
  return NSError(domain: domain, code: code, userInfo: userInfo)
}

/// A P-256 signing key made, stored, found by tag, used and deleted; results of the calls left unused where Apple
/// code leaves them.
public func signingKeyFlow(tag: String) throws -> Bool {
  let tagData = tag.data(using: .utf8)!
  let attributes: [String: Any] = [
    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeySizeInBits as String: 256,
    kSecPrivateKeyAttrs as String: [
      kSecAttrIsPermanent as String: true, kSecAttrApplicationTag as String: tagData,
    ],
  ]
  var error: Unmanaged<CFError>?
  guard let privateKey = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else {
    throw nsError(error) ?? KeychainError.unexpectedData
  }
  SecKeyCopyPublicKey(privateKey)  // unused result
  let query: [String: Any] = [
    kSecClass as String: kSecClassKey, kSecAttrApplicationTag as String: tagData,
    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom, kSecReturnRef as String: true,
  ]
  var item: CFTypeRef?
  guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess, let item,
    CFGetTypeID(item) == SecKeyGetTypeID()
  else { return false }
  let key = item as! SecKey
  let message = Data("message".utf8) as CFData
  guard let signature = SecKeyCreateSignature(key, .ecdsaSignatureMessageX962SHA256, message, &error) else {
    throw nsError(error) ?? KeychainError.unexpectedData
  }
  guard let publicKey = SecKeyCopyPublicKey(key) else { return false }
  let verified = SecKeyVerifySignature(publicKey, .ecdsaSignatureMessageX962SHA256, message, signature, &error)
  SecItemDelete([kSecClass as String: kSecClassKey, kSecAttrApplicationTag as String: tagData] as CFDictionary)
  return verified
}

/// An access control object and random bytes, as on Apple platforms.
public func accessControlAndRandom() -> Bool {
  var error: Unmanaged<CFError>?
  let access = SecAccessControlCreateWithFlags(
    kCFAllocatorDefault, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, .userPresence, &error)
  var bytes = [UInt8](repeating: 0, count: 32)
  let status = SecRandomCopyBytes(kSecRandomDefault, bytes.count, &bytes)
  return access != nil && status == errSecSuccess
}

/// Keychain constants and calls inside an actor and in `Sendable` closures (strict concurrency).
public actor TokenStore {
  let service: String

  public init(service: String) { self.service = service }

  public func save(_ token: String, account: String) -> OSStatus {
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
      kSecAttrAccount as String: account,
    ]
    SecItemDelete(query as CFDictionary)
    return SecItemAdd(query.merging([kSecValueData as String: Data(token.utf8)]) { $1 } as CFDictionary, nil)
  }

  public func token(account: String) -> String? {
    var result: CFTypeRef?
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
      kSecAttrAccount as String: account, kSecReturnData as String: kCFBooleanTrue!,
    ]
    guard SecItemCopyMatching(query as CFDictionary, &result) == noErr, let data = result as? Data else { return nil }
    return String(data: data, encoding: .utf8)
  }
}

/// A `Sendable` closure that deletes a service's items on another task.
public func deleteInBackground(service: String) async -> OSStatus {
  let work: @Sendable () -> OSStatus = {
    SecItemDelete([kSecClass: kSecClassGenericPassword, kSecAttrService: service] as CFDictionary)
  }
  return await Task.detached(operation: work).value
}
