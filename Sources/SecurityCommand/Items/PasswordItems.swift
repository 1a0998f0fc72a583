import Foundation
import GLibValues
import KeychainServices
import Security

/// The SecItem calls the password commands make. Every item is named afterwards by the reference its search returned
/// (`kSecValueRef`), as macOS's tool works on the `SecKeychainItemRef` it found: a delete or update touches exactly
/// the item that was printed.
struct PasswordItems {
  /// The first item of a class whose attributes match, within `keychains` (every keychain when nil), or nil when
  /// none does. Throws the status of a failed search.
  /// With `secrets`, its secret is read in the same search.
  func first(
    _ passwordClass: PasswordClass, matching attributes: [String: Any], in keychains: [Keychain]?,
    secrets: Bool = false
  ) throws(SecItemError) -> ItemRecord? {
    try search(passwordClass, matching: attributes, in: keychains, all: false, secrets: secrets).first
  }

  /// The secret of the first item of a class whose attributes match, within `keychains` (every keychain when nil),
  /// or nil when none does; throws the status of a failed search. The search returns the data alone, which is all
  /// `-w` prints: on the Secret Service a lookup by primary key is then `SearchItems` and `GetSecrets`, the calls of
  /// `secret-tool lookup`, where a search that also returns attributes and a reference reads the item's properties
  /// as well (docs/performance.md).
  func firstSecret(_ passwordClass: PasswordClass, matching attributes: [String: Any], in keychains: [Keychain]?)
    throws(SecItemError) -> SecretBytes?
  {
    var query = attributes
    query[kSecClass as String] = passwordClass.secClass
    query[kSecReturnData as String] = true
    if let keychains { query[kSecMatchSearchList as String] = keychains.map(SecKeychain.init) as NSArray }
    query[kSecMatchLimit as String] = kSecMatchLimitOne
    var result: CFTypeRef?
    let status = SecItemCopyMatching(query as CFDictionary, &result)
    if status == errSecItemNotFound { return nil }
    guard status == errSecSuccess else { throw SecItemError(status, "the SecItem call failed") }
    guard let data = result as? NSData else {
      throw SecItemError(errSecInternalComponent, "the item came back without its data")
    }
    return Self.takeSecret(data)
  }

  /// Every item of a class within `keychains` (every keychain when nil); with `secrets`, their secrets too, fetched
  /// in one batch.
  func all(
    _ passwordClass: PasswordClass, in keychains: [Keychain]?, secrets: Bool = false
  ) throws(SecItemError) -> [ItemRecord] {
    try search(passwordClass, matching: [:], in: keychains, all: true, secrets: secrets)
  }

  /// The secret of an item found before.
  func secret(of item: ItemRecord) throws(SecItemError) -> SecretBytes {
    guard var query = itemQuery(item) else {
      throw SecItemError(errSecItemNotFound, "the item has nothing to find it by")
    }
    query[kSecReturnData as String] = true
    var result: CFTypeRef?
    let status = SecItemCopyMatching(query as CFDictionary, &result)
    guard status == errSecSuccess else { throw SecItemError(status, "the SecItem call failed") }
    guard let data = result as? NSData else {
      throw SecItemError(errSecInternalComponent, "the item came back without its data")
    }
    return Self.takeSecret(data)
  }

  /// The bytes of a secret SecItem returned, copied into wiped-on-release memory; the `NSData` (ours alone:
  /// SecItem made it for this call) is wiped, so that no other copy is left.
  private static func takeSecret(_ data: NSData) -> SecretBytes {
    guard data.length > 0 else { return SecretBytes([]) }
    let bytes = UnsafeMutableRawBufferPointer(start: UnsafeMutableRawPointer(mutating: data.bytes), count: data.length)
    defer { SecretBytes.wipe(bytes) }
    return SecretBytes(bytes)
  }

  /// Adds an item (SecItemAdd) with `attributes` and `secret` to `keychain` (`kSecUseKeychain`; the default keychain
  /// when nil); returns the status.
  func add(
    _ passwordClass: PasswordClass, attributes: [String: Any], secret: SecretBytes, to keychain: Keychain? = nil
  ) -> OSStatus {
    Self.lending(secret) { data in
      var query = attributes
      query[kSecClass as String] = passwordClass.secClass
      if let keychain { query[kSecUseKeychain as String] = SecKeychain(keychain) }
      query[kSecValueData as String] = data
      return SecItemAdd(query as CFDictionary, nil)
    }
  }

  /// Changes attributes and, when given, the secret of an item found before (SecItemUpdate); returns the status.
  func update(_ item: ItemRecord, attributes: [String: Any], secret: SecretBytes?) -> OSStatus {
    guard let query = itemQuery(item) else { return errSecItemNotFound }
    guard let secret else {
      return attributes.isEmpty ? errSecSuccess : SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
    }
    return Self.lending(secret) { data in
      var changes = attributes
      changes[kSecValueData as String] = data
      return SecItemUpdate(query as CFDictionary, changes as CFDictionary)
    }
  }

  /// Runs `body` with the secret's bytes as an `NSData` that borrows them (no copy, not freed by the `NSData`), so
  /// that the only copies SecItem gets are its own. The `NSData` must not outlive the call: SecItem reads its
  /// dictionaries during the call and keeps nothing of them.
  private static func lending<R>(_ secret: SecretBytes, _ body: (NSData) -> R) -> R {
    secret.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress, bytes.count > 0 else { return body(NSData()) }
      return body(
        NSData(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), length: bytes.count, freeWhenDone: false))
    }
  }

  /// Deletes an item found before (SecItemDelete); returns the status.
  func delete(_ item: ItemRecord) -> OSStatus {
    guard let query = itemQuery(item) else { return errSecItemNotFound }
    return SecItemDelete(query as CFDictionary)
  }

  /// A query naming exactly the found item by its reference; nil when the search gave none (a query without it
  /// would reach every item of the class).
  private func itemQuery(_ item: ItemRecord) -> [String: Any]? {
    guard let reference = item.reference else { return nil }
    return [kSecClass as String: item.passwordClass.secClass, kSecValueRef as String: reference]
  }

  private func search(
    _ passwordClass: PasswordClass, matching attributes: [String: Any], in keychains: [Keychain]?, all: Bool,
    secrets: Bool = false
  ) throws(SecItemError) -> [ItemRecord] {
    var query = attributes
    if secrets { query[kSecReturnData as String] = true }
    query[kSecClass as String] = passwordClass.secClass
    query[kSecReturnAttributes as String] = true
    query[kSecReturnRef as String] = true
    // The named keychains, in their order, as macOS's tool passes its keychain array to the search.
    if let keychains { query[kSecMatchSearchList as String] = keychains.map(SecKeychain.init) as NSArray }
    query[kSecMatchLimit as String] = all ? kSecMatchLimitAll : kSecMatchLimitOne
    var result: CFTypeRef?
    let status = SecItemCopyMatching(query as CFDictionary, &result)
    if status == errSecItemNotFound { return [] }
    guard status == errSecSuccess else { throw SecItemError(status, "the SecItem call failed") }
    let elements: [Any]
    switch result {
    case let array as NSArray: elements = ReturnedSecret.elements(of: array)
    case let single?: elements = [single]
    case nil: elements = []
    }
    return elements.compactMap { record(from: $0, passwordClass) }
  }

  /// An item from one result dictionary (attributes plus `v_Ref`, whose path tells the item's keychain). The secret
  /// is taken out of SecItem's dictionary before it is read (`ReturnedSecret`: Foundation's reads would copy it) and
  /// kept in wiped-on-release memory.
  private func record(from element: Any, _ passwordClass: PasswordClass) -> ItemRecord? {
    guard let dictionary = element as? NSDictionary else { return nil }
    var taken = (dictionary as? NSMutableDictionary).flatMap(ReturnedSecret.take)
    let secret = taken.map { SecretBytes(data: $0) }
    if taken != nil { SecretBytes.wipe(&taken!) }
    var attributes: [String: Any] = [:]
    for (key, value) in dictionary { attributes[String(describing: key)] = value }
    let reference = attributes.removeValue(forKey: kSecValueRef as String).map { $0 as AnyObject }
    let keychainPath = (reference as? SecKeychainItem)?.id.keychain.path ?? ""
    return ItemRecord(
      passwordClass: passwordClass, keychainPath: keychainPath, attributes: attributes, reference: reference,
      secret: secret)
  }
}
