import Foundation

// Synchronous operations: each builds a SecItem dictionary, calls the SecItem function and translates the result.
// They block the calling thread for the Secret Service's round trips (and an unlock prompt, if one is shown); from
// `async` code use the `async` variants in InternetPassword+AsyncOperations.swift.
extension InternetPassword {
  /// Adds `item` to the keychain (`SecItemAdd`).
  ///
  /// - Returns: The item as stored: with its access group, dates and persistent reference, and the secret given.
  /// - Throws: ``KeychainError/duplicateItem`` when an item with the same primary key (account, security domain,
  ///   server, protocol, authentication type, port, path, access group, synchronizable flag) exists; ``KeychainError/interactionNotAllowed`` when the keychain is locked and
  ///   `authenticationUI` is ``KeychainAuthenticationUI/fail``; another ``KeychainError``.
  @discardableResult
  public static func add(
    _ item: InternetPassword, authenticationUI: KeychainAuthenticationUI = .allow
  ) throws(KeychainError) -> InternetPassword {
    try NativeOperations<InternetPassword>.add(item, authenticationUI: authenticationUI)
  }

  /// The first (oldest) item matching `query` (`SecItemCopyMatching` with `kSecMatchLimitOne`), or nil when none
  /// matches.
  ///
  /// - Parameter includingSecret: Whether to read the secret too; without it ``InternetPassword/secret`` is nil.
  public static func find(_ query: Query, includingSecret: Bool = false) throws(KeychainError) -> InternetPassword? {
    try NativeOperations<InternetPassword>.find(query, includingSecret: includingSecret)
  }

  /// Every item matching `query`, oldest first, at most ``Query/limit`` (`SecItemCopyMatching` with
  /// `kSecMatchLimitAll` or the limit); empty when none matches.
  ///
  /// - Parameter includingSecrets: Whether to read the secrets too (one `GetSecrets` call for all of them).
  public static func findAll(
    _ query: Query, includingSecrets: Bool = false
  ) throws(KeychainError) -> [InternetPassword] {
    try NativeOperations<InternetPassword>.findAll(query, includingSecrets: includingSecrets)
  }

  /// Writes `changes` to every item matching `query` (`SecItemUpdate`).
  ///
  /// - Throws: ``KeychainError/itemNotFound`` when nothing matches; ``KeychainError/duplicateItem`` when the
  ///   changes would give two items the same primary key (then nothing changes); another ``KeychainError``.
  public static func update(matching query: Query, with changes: Changes) throws(KeychainError) {
    try NativeOperations<InternetPassword>.update(matching: query, with: changes)
  }

  /// Deletes every item matching `query` (`SecItemDelete`).
  ///
  /// - Throws: ``KeychainError/itemNotFound`` when nothing matches; another ``KeychainError``.
  public static func delete(matching query: Query) throws(KeychainError) {
    try NativeOperations<InternetPassword>.delete(matching: query)
  }

  /// Adds `item`, or, when an item with its primary key (account, security domain, server, protocol,
  /// authentication type, port, path, access group — the application's first group when nil — and synchronizable
  /// flag) exists, writes all of `item`'s attributes, and its secret when not
  /// nil, over that item.
  ///
  /// Built from `SecItemAdd`, then `SecItemUpdate` on `errSecDuplicateItem`; not atomic across processes (an item
  /// deleted in between makes it add again, three rounds at most).
  ///
  /// - Returns: The item as stored; its secret is the one given (nil when none was given and the item existed).
  @discardableResult
  public static func upsert(
    _ item: InternetPassword, authenticationUI: KeychainAuthenticationUI = .allow
  ) throws(KeychainError) -> InternetPassword {
    try NativeOperations<InternetPassword>.upsert(item, authenticationUI: authenticationUI)
  }
}
