import Foundation

/// A password item class of the Swift-native API: ``GenericPassword`` or ``InternetPassword``, with its ``Query`` and
/// its ``Changes``, and the operations on the keychain that both classes share.
///
/// Each operation builds a SecItem dictionary, calls `SecItemAdd`, `SecItemCopyMatching`, `SecItemUpdate` or
/// `SecItemDelete`, and translates the result, so the keychain's semantics are SecItem's. The synchronous
/// operations block the calling thread for the Secret Service's round trips (and an unlock prompt, if one is shown).
/// The `async` ones run the same operation on a thread of the package's own pool, never on Swift's cooperative pool,
/// while the calling task is suspended.
///
/// Cancellation of the `async` operations: a task cancelled before the call gets `CancellationError` and the keychain
/// is not touched; a task cancelled while waiting gets `CancellationError` at once. An operation already running on
/// its thread cannot be interrupted: it runs to its end (bounded by the Secret Service call deadline, 25 s by default)
/// and its outcome is discarded, so a write may still take effect after the caller saw `CancellationError`.
///
/// The item's primary key is what `SecItemAdd` keeps unique: its class's key attributes (see ``GenericPassword`` and
/// ``InternetPassword``), the access group and the synchronizable flag.
public protocol KeychainPasswordItem: Sendable {
  /// Which items of the class an operation acts on.
  associatedtype Query: Sendable
  /// What an update writes.
  associatedtype Changes: Sendable

  /// How values, queries and changes of the class become SecItem dictionaries and back. Only the package's item
  /// classes can provide one.
  static var secItemMapping: SecItemMapping<Self> { get }
}

extension KeychainPasswordItem {
  /// Adds `item` to the keychain (`SecItemAdd`).
  ///
  /// - Returns: The item as stored: with its access group, dates and persistent reference, and the secret given.
  /// - Throws: ``KeychainError/duplicateItem`` when an item with the same primary key exists;
  ///   ``KeychainError/interactionNotAllowed`` when the keychain is locked and `authenticationUI` is
  ///   ``KeychainAuthenticationUI/fail``; another ``KeychainError``.
  @discardableResult
  public static func add(_ item: Self, authenticationUI: KeychainAuthenticationUI = .allow) throws(KeychainError)
    -> Self
  {
    try secItemMapping.add(item, authenticationUI)
  }

  /// The first item added among those matching `query` (`SecItemCopyMatching` with `kSecMatchLimitOne`), or nil
  /// when none matches.
  ///
  /// - Parameters:
  ///   - query: The attributes to match and the match options.
  ///   - includingSecret: Whether to read the secret too; without it the item's `secret` is nil.
  public static func find(_ query: Query, includingSecret: Bool = false) throws(KeychainError) -> Self? {
    try secItemMapping.find(query, includingSecret)
  }

  /// Every item matching `query`, in the order they were added, at most the query's `limit`
  /// (`SecItemCopyMatching` with `kSecMatchLimitAll` or the limit); empty when none matches.
  ///
  /// - Parameters:
  ///   - query: The attributes to match and the match options.
  ///   - includingSecrets: Whether to read the secrets too (one `GetSecrets` call for all of them).
  public static func findAll(_ query: Query, includingSecrets: Bool = false) throws(KeychainError) -> [Self] {
    try secItemMapping.findAll(query, includingSecrets)
  }

  /// Writes `changes` to every item matching `query` (`SecItemUpdate`).
  ///
  /// - Throws: ``KeychainError/itemNotFound`` when nothing matches; ``KeychainError/duplicateItem`` when the
  ///   changes would give two items the same primary key (then nothing changes); another ``KeychainError``.
  public static func update(matching query: Query, with changes: Changes) throws(KeychainError) {
    try secItemMapping.update(query, changes)
  }

  /// Deletes every item matching `query` (`SecItemDelete`).
  ///
  /// - Throws: ``KeychainError/itemNotFound`` when nothing matches; another ``KeychainError``.
  public static func delete(matching query: Query) throws(KeychainError) {
    try secItemMapping.delete(query)
  }

  /// Adds `item`, or, when an item with its primary key exists (the access group being the application's first
  /// group when nil), writes all of `item`'s attributes, and its secret when not nil, over that item.
  ///
  /// Built from `SecItemAdd`, then `SecItemUpdate` on `errSecDuplicateItem`; not atomic across processes (an item
  /// deleted in between makes it add again, three rounds at most).
  ///
  /// - Returns: The item as stored; its secret is the one given (nil when none was given and the item existed).
  @discardableResult
  public static func upsert(_ item: Self, authenticationUI: KeychainAuthenticationUI = .allow) throws(KeychainError)
    -> Self
  {
    try secItemMapping.upsert(item, authenticationUI)
  }
}

extension KeychainPasswordItem {
  /// Adds `item` to the keychain without blocking the caller's thread; results and errors as the synchronous `add`.
  ///
  /// - Throws: `CancellationError` when the task is cancelled: before the call, nothing is written; while the
  ///   call runs, it runs on to its end on its own thread and its change may still be made. Else a
  ///   ``KeychainError``.
  @discardableResult
  public static func add(_ item: Self, authenticationUI: KeychainAuthenticationUI = .allow) async throws -> Self {
    let add = secItemMapping.add
    return try await BlockingCall.run { () throws(KeychainError) in try add(item, authenticationUI) }
  }

  /// The first item added among those matching `query`, or nil, without blocking the caller's thread.
  ///
  /// - Throws: `CancellationError` when the task is cancelled (a read already running ends on its own thread,
  ///   its result discarded), else a ``KeychainError``.
  public static func find(_ query: Query, includingSecret: Bool = false) async throws -> Self? {
    let find = secItemMapping.find
    return try await BlockingCall.run { () throws(KeychainError) in try find(query, includingSecret) }
  }

  /// Every item matching `query`, in the order they were added, without blocking the caller's thread.
  ///
  /// - Throws: `CancellationError` when the task is cancelled (a read already running ends on its own thread,
  ///   its result discarded), else a ``KeychainError``.
  public static func findAll(_ query: Query, includingSecrets: Bool = false) async throws -> [Self] {
    let findAll = secItemMapping.findAll
    return try await BlockingCall.run { () throws(KeychainError) in try findAll(query, includingSecrets) }
  }

  /// Writes `changes` to every item matching `query`, without blocking the caller's thread.
  ///
  /// - Throws: `CancellationError` when the task is cancelled: before the call, nothing is written; while the
  ///   call runs, it runs on to its end on its own thread and its change may still be made. Else a
  ///   ``KeychainError``.
  public static func update(matching query: Query, with changes: Changes) async throws {
    let update = secItemMapping.update
    try await BlockingCall.run { () throws(KeychainError) in try update(query, changes) }
  }

  /// Deletes every item matching `query`, without blocking the caller's thread.
  ///
  /// - Throws: `CancellationError` when the task is cancelled: before the call, nothing is written; while the
  ///   call runs, it runs on to its end on its own thread and its change may still be made. Else a
  ///   ``KeychainError``.
  public static func delete(matching query: Query) async throws {
    let delete = secItemMapping.delete
    try await BlockingCall.run { () throws(KeychainError) in try delete(query) }
  }

  /// Adds `item` or overwrites the item with its primary key, without blocking the caller's thread; results as the
  /// synchronous `upsert`.
  ///
  /// - Throws: `CancellationError` when the task is cancelled: before the call, nothing is written; while the
  ///   call runs, it runs on to its end on its own thread and its change may still be made. Else a
  ///   ``KeychainError``.
  @discardableResult
  public static func upsert(_ item: Self, authenticationUI: KeychainAuthenticationUI = .allow) async throws -> Self {
    let upsert = secItemMapping.upsert
    return try await BlockingCall.run { () throws(KeychainError) in try upsert(item, authenticationUI) }
  }
}
