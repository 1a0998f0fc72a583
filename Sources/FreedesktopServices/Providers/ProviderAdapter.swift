import GLibValues

/// Every place where the connection treats providers differently: what a provider needs so that it behaves as the
/// Secret Service specification (and gnome-keyring) does. The operations (`Operations/`) ask the handle's adapter
/// (`ServiceHandle.adapter`) and never which provider they talk to.
///
/// Each requirement's default (the extension below) is what the specification says; `SpecificationAdapter` keeps
/// them all (unknown providers), `GnomeKeyringAdapter`, `KWalletAdapter` and `KeePassXCAdapter` replace some. The
/// workarounds are measured in docs/backends.md.
protocol ProviderAdapter: Sendable {
  // MARK: Session

  /// Whether the handle opens a `plain` session of its own instead of libsecret's, and sends its calls to the unique
  /// name of the daemon that holds it (`SessionTransport`, `ServiceHandle`).
  var opensOwnPlainSession: Bool { get }

  // MARK: Searching

  /// The results of `queries` (`SearchItems`), in their order, split by lock state.
  func searchItems(_ queries: [[String: String]], on handle: ServiceHandle, _ deadline: Deadline)
    throws(CallFailure) -> [(unlocked: [ObjectPath], locked: [ObjectPath])]

  // MARK: Reading

  /// The attributes callers see for attributes read from the provider.
  func visibleAttributes(_ attributes: [String: String]) -> [String: String]

  /// The label callers see for a label read from the provider: the inverse of `storedLabel`.
  func readLabel(_ stored: String) -> String

  /// Whether the item or collection at `path`, which the provider says does not exist, may merely be hidden because
  /// its database is locked (then it counts as locked, never as missing). False when it cannot be told.
  func isHiddenByLock(_ path: ObjectPath, on handle: ServiceHandle, _ deadline: Deadline) -> Bool

  /// Whether `GetSecrets` may be sent together with the property reads of the same items, in one batch; false when
  /// its request needs `lockedItemsGetSecretsWouldEmpty` first.
  var sendsGetSecretsWithPropertyReads: Bool { get }

  /// The items of `paths` that `GetSecrets` would return with an empty secret instead of leaving them out, because
  /// they are locked. They are left out of the request, and an empty secret received is checked again here.
  func lockedItemsGetSecretsWouldEmpty(_ paths: [ObjectPath], on handle: ServiceHandle, _ deadline: Deadline)
    throws(CallFailure) -> Set<ObjectPath>

  /// The secret a decoded `(oayays)` value holds, given the content type it came with.
  func storedSecret(_ secret: SecretBytes, contentType: String?) -> SecretBytes

  // MARK: Writing

  /// The label sent to the provider for `label`.
  func storedLabel(_ label: String) -> String

  /// Fails with `.invalidArgument` for a label or attributes the provider would refuse only after it has written
  /// part of the change (nil: not changed).
  func checkStorable(label: String?, attributes: [String: String]?, call: String) throws(CallFailure)

  /// Fails with `.invalidArgument` for a secret the provider would not keep as it is in `collection` (a collection's
  /// or an alias's path), before anything is sent.
  func checkSecretStorable(
    _ secret: SecretBytes, in collection: ObjectPath, call: String, on handle: ServiceHandle, _ deadline: Deadline
  ) throws(CallFailure)

  /// `secret` encoded for the handle's session with the content type that makes the provider keep its bytes.
  /// Returns: (transfer floating) an `(oayays)` variant.
  func encodeSecret(_ secret: SecretBytes, on handle: ServiceHandle) throws(CallFailure) -> OpaquePointer

  /// Whether a `CreateItem` is preceded, in the same batch, by a read of its collection's `Locked`: when the
  /// collection is locked, the prompt the provider returns (which would open its unlock dialog) is dismissed without
  /// running it and the call fails with `.locked`.
  var readsLockBeforeCreate: Bool { get }

  /// The attributes to send so that the item at `item` ends up showing exactly `attributes`.
  func attributesReplacing(
    _ item: ObjectPath, with attributes: [String: String], on handle: ServiceHandle, _ deadline: Deadline
  ) throws(CallFailure) -> [String: String]

  /// Fails with `.locked` when a write to `item` must not be sent because the item is locked (a provider that would
  /// apply it).
  func refuseWriteIfLocked(_ item: ObjectPath, call: String, on handle: ServiceHandle, _ deadline: Deadline)
    throws(CallFailure)

  /// The failure a write to `item` reports for `failure`.
  func writeFailure(_ failure: CallFailure, item: ObjectPath, on handle: ServiceHandle, _ deadline: Deadline)
    -> CallFailure

  /// Runs after the attributes of `item` were set.
  func attributesWereSet(_ item: ObjectPath, on handle: ServiceHandle, _ deadline: Deadline) throws(CallFailure)

  // MARK: Prompts and unlocking

  /// Runs the prompt a `CreateItem`, `Delete` or `Lock` returned and returns its result.
  func runOperationPrompt(
    _ path: ObjectPath, resultType: StaticString, call: String, on handle: ServiceHandle, _ deadline: Deadline
  ) throws(CallFailure) -> OwnedVariant

  /// Whether `Unlock` is to be sent for `paths` (false: nothing of them is locked), having prepared what the provider
  /// needs for its prompt; fails when the unlock could only end in a dialog that `ui` refuses or nobody can answer.
  func needsUnlock(
    _ paths: [ObjectPath], ui: UIPolicy, call: String, on handle: ServiceHandle, _ deadline: Deadline
  ) throws(CallFailure) -> Bool
}

/// The specification's behaviour, for each requirement a provider does not replace.
extension ProviderAdapter {
  var opensOwnPlainSession: Bool { false }

  /// Every `SearchItems` in one batch.
  func searchItems(_ queries: [[String: String]], on handle: ServiceHandle, _ deadline: Deadline)
    throws(CallFailure) -> [(unlocked: [ObjectPath], locked: [ObjectPath])]
  {
    let batch = handle.send(queries.map(ServiceInterface.searchItems), deadline)
    var results: [(unlocked: [ObjectPath], locked: [ObjectPath])] = []
    results.reserveCapacity(queries.count)
    for index in queries.indices { results.append(try ServiceInterface.searchItemsReply(batch.take(index))) }
    return results
  }

  func visibleAttributes(_ attributes: [String: String]) -> [String: String] { attributes }

  func readLabel(_ stored: String) -> String { stored }

  func isHiddenByLock(_ path: ObjectPath, on handle: ServiceHandle, _ deadline: Deadline) -> Bool { false }

  var sendsGetSecretsWithPropertyReads: Bool { true }

  /// None: the specification's `GetSecrets` leaves locked items out.
  func lockedItemsGetSecretsWouldEmpty(_ paths: [ObjectPath], on handle: ServiceHandle, _ deadline: Deadline)
    throws(CallFailure) -> Set<ObjectPath>
  { [] }

  func storedSecret(_ secret: SecretBytes, contentType: String?) -> SecretBytes { secret }

  func storedLabel(_ label: String) -> String { label }

  func checkStorable(label: String?, attributes: [String: String]?, call: String) throws(CallFailure) {}

  /// Nothing: the specification's provider keeps every secret's bytes.
  func checkSecretStorable(
    _ secret: SecretBytes, in collection: ObjectPath, call: String, on handle: ServiceHandle, _ deadline: Deadline
  ) throws(CallFailure) {}

  /// `text/plain` when the bytes are valid UTF-8 without NUL, else `application/octet-stream` (KWallet stores
  /// `text/*` as a QString, losing invalid UTF-8 and everything from the first NUL on).
  func encodeSecret(_ secret: SecretBytes, on handle: ServiceHandle) throws(CallFailure) -> OpaquePointer {
    try handle.encodeSecret(
      secret, contentType: secret.isUTF8TextWithoutNUL ? "text/plain" : "application/octet-stream")
  }

  var readsLockBeforeCreate: Bool { false }

  /// `attributes`: the specification's `Attributes` property replaces the whole set.
  func attributesReplacing(
    _ item: ObjectPath, with attributes: [String: String], on handle: ServiceHandle, _ deadline: Deadline
  ) throws(CallFailure) -> [String: String] { attributes }

  /// Nothing: the specification's provider refuses writes to locked items itself (IsLocked).
  func refuseWriteIfLocked(_ item: ObjectPath, call: String, on handle: ServiceHandle, _ deadline: Deadline)
    throws(CallFailure)
  {}

  func writeFailure(_ failure: CallFailure, item: ObjectPath, on handle: ServiceHandle, _ deadline: Deadline)
    -> CallFailure
  { failure }

  func attributesWereSet(_ item: ObjectPath, on handle: ServiceHandle, _ deadline: Deadline) throws(CallFailure) {}

  /// Under the deadline's prompt policy.
  func runOperationPrompt(
    _ path: ObjectPath, resultType: StaticString, call: String, on handle: ServiceHandle, _ deadline: Deadline
  ) throws(CallFailure) -> OwnedVariant {
    try PromptInterface.run(path, resultType: resultType, on: handle, deadline)
  }

  /// Always: the service itself says what it unlocked, and its prompt runs under the deadline's policy.
  func needsUnlock(
    _ paths: [ObjectPath], ui: UIPolicy, call: String, on handle: ServiceHandle, _ deadline: Deadline
  ) throws(CallFailure) -> Bool { true }
}

/// Any provider not told apart (`ServiceProvider.other`): the specification's behaviour throughout.
struct SpecificationAdapter: ProviderAdapter {}
