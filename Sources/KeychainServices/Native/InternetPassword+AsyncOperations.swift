import Foundation

// `async` operations: the same SecItem-based operations as the synchronous ones, run on a thread of the
// package's own pool (never on Swift's cooperative pool) while the calling task is suspended.
//
// Cancellation: a task cancelled before the call gets `CancellationError` and the keychain is not touched; a task
// cancelled while waiting gets `CancellationError` at once. An operation already running on its thread cannot be
// interrupted: it runs to its end (bounded by the Secret Service call deadline, 25 s by default) and its outcome
// is discarded, so a write may still take effect after the caller saw `CancellationError`.
extension InternetPassword {
  /// Adds `item` to the keychain without blocking the caller's thread; see the synchronous
  /// ``add(_:authenticationUI:)-swift.type.method`` for results and errors.
  ///
  /// - Throws: `CancellationError` when the task is cancelled: before the call, nothing is written; while the
  ///   call runs, it runs on to its end on its own thread and its change may still be made. Else a
  ///   ``KeychainError``.
  @discardableResult
  public static func add(
    _ item: InternetPassword, authenticationUI: KeychainAuthenticationUI = .allow
  ) async throws -> InternetPassword {
    try await BlockingCall.run { () throws(KeychainError) in
      try NativeOperations<InternetPassword>.add(item, authenticationUI: authenticationUI)
    }
  }

  /// The first (oldest) item matching `query`, or nil, without blocking the caller's thread.
  ///
  /// - Throws: `CancellationError` when the task is cancelled (a read already running ends on its own thread,
  ///   its result discarded), else a ``KeychainError``.
  public static func find(_ query: Query, includingSecret: Bool = false) async throws -> InternetPassword? {
    try await BlockingCall.run { () throws(KeychainError) in
      try NativeOperations<InternetPassword>.find(query, includingSecret: includingSecret)
    }
  }

  /// Every item matching `query`, oldest first, without blocking the caller's thread.
  ///
  /// - Throws: `CancellationError` when the task is cancelled (a read already running ends on its own thread,
  ///   its result discarded), else a ``KeychainError``.
  public static func findAll(_ query: Query, includingSecrets: Bool = false) async throws -> [InternetPassword] {
    try await BlockingCall.run { () throws(KeychainError) in
      try NativeOperations<InternetPassword>.findAll(query, includingSecrets: includingSecrets)
    }
  }

  /// Writes `changes` to every item matching `query`, without blocking the caller's thread.
  ///
  /// - Throws: `CancellationError` when the task is cancelled: before the call, nothing is written; while the
  ///   call runs, it runs on to its end on its own thread and its change may still be made. Else a
  ///   ``KeychainError``.
  public static func update(matching query: Query, with changes: Changes) async throws {
    try await BlockingCall.run { () throws(KeychainError) in
      try NativeOperations<InternetPassword>.update(matching: query, with: changes)
    }
  }

  /// Deletes every item matching `query`, without blocking the caller's thread.
  ///
  /// - Throws: `CancellationError` when the task is cancelled: before the call, nothing is written; while the
  ///   call runs, it runs on to its end on its own thread and its change may still be made. Else a
  ///   ``KeychainError``.
  public static func delete(matching query: Query) async throws {
    try await BlockingCall.run { () throws(KeychainError) in
      try NativeOperations<InternetPassword>.delete(matching: query)
    }
  }

  /// Adds `item` or overwrites the item with its primary key, without blocking the caller's thread; see the
  /// synchronous ``upsert(_:authenticationUI:)-swift.type.method``.
  ///
  /// - Throws: `CancellationError` when the task is cancelled: before the call, nothing is written; while the
  ///   call runs, it runs on to its end on its own thread and its change may still be made. Else a
  ///   ``KeychainError``.
  @discardableResult
  public static func upsert(
    _ item: InternetPassword, authenticationUI: KeychainAuthenticationUI = .allow
  ) async throws -> InternetPassword {
    try await BlockingCall.run { () throws(KeychainError) in
      try NativeOperations<InternetPassword>.upsert(item, authenticationUI: authenticationUI)
    }
  }
}
