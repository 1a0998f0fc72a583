import GLibValues

// KeePassXC's locked databases and its prompts (docs/backends.md). While a database is locked, its items are hidden:
// searches leave them out and their paths are unknown objects. The bridge reports such items as locked, never as
// missing. KeePassXC returns a prompt for every `CreateItem`, `Delete` and `Lock`; it completes at once without a
// dialog unless the user's settings ask for a confirmation, or the database is locked (then it asks for the password
// in a dialog). A dialog never returns on a KeePassXC without a display, and blocks the process from then on.

extension KeePassXCAdapter {
  /// How long a `CreateItem`, `Delete` or `Lock` prompt may take on a KeePassXC that cannot show dialogs before it
  /// is taken for one waiting on a dialog and dismissed. Such a prompt completes in about a millisecond.
  static let headlessPromptGrace = Duration.seconds(5)

  /// Its `CreateItem` prompt would open the unlock dialog of a locked database.
  var readsLockBeforeCreate: Bool { true }

  /// Run whatever the deadline's prompt policy (every such call returns one), until the deadline; on a KeePassXC that
  /// cannot show dialogs at most `headlessPromptGrace`, then it is dismissed and the call fails with
  /// `.promptDismissed` when the caller allows prompts, else `.locked`.
  func runOperationPrompt(
    _ path: ObjectPath, resultType: StaticString, call: String, on handle: ServiceHandle, _ deadline: Deadline
  ) throws(CallFailure) -> OwnedVariant {
    var bound = deadline.remaining
    if handle.providerIsHeadless(deadline) { bound = min(bound, Self.headlessPromptGrace) }
    let promptDeadline = Deadline(timeout: bound, allowPrompts: true)
    do {
      return try PromptInterface.run(path, resultType: resultType, on: handle, promptDeadline)
    } catch  where promptDeadline.isExpired && !deadline.isExpired {
      throw CallFailure(
        call: call, cause: deadline.allowsPrompts ? .promptDismissed : .locked,
        message: "KeePassXC's prompt waits on a dialog it cannot show")
    }
  }

  /// Whether the database holding `path` (an item or a collection) is locked.
  func isHiddenByLock(_ path: ObjectPath, on handle: ServiceHandle, _ deadline: Deadline) -> Bool {
    (try? handle.isLocked(path.collection, interface: CollectionInterface.name, deadline)) == true
  }

  /// `failure` as `.locked` when it says that `item` does not exist and the item's database is locked (the item may
  /// merely be hidden).
  func writeFailure(_ failure: CallFailure, item: ObjectPath, on handle: ServiceHandle, _ deadline: Deadline)
    -> CallFailure
  {
    guard failure.error?.meansNoSuchObject == true, isHiddenByLock(item, on: handle, deadline) else { return failure }
    return CallFailure(call: failure.call, cause: .locked, message: "the database is locked")
  }

  /// Every unlock prompt of KeePassXC needs a dialog (its password dialog for a locked database, its access
  /// confirmation for an item it asks about). So: false when nothing of `paths` is locked (`lockedPaths`); with
  /// `.refused` the call fails at once with `.locked`, and on a KeePassXC that cannot show dialogs with
  /// `.promptDismissed`, without sending `Unlock` (whose dialog would never return and would block KeePassXC).
  func needsUnlock(
    _ paths: [ObjectPath], ui: UIPolicy, call: String, on handle: ServiceHandle, _ deadline: Deadline
  ) throws(CallFailure) -> Bool {
    // Read with `try`: a missing object is `.notFound`, a stopped daemon `.timedOut`.
    if try lockedPaths(paths, on: handle, deadline).isEmpty { return false }
    if ui == .refused {
      throw CallFailure(call: call, cause: .locked, message: "unlocking needs KeePassXC's dialog; prompts are refused")
    }
    if handle.providerIsHeadless(deadline) {
      throw CallFailure(call: call, cause: .promptDismissed, message: "KeePassXC cannot show its unlock dialog")
    }
    return true
  }

  /// Which of `paths` (items or collections) are locked now: a locked collection, an item whose `Locked` says so
  /// (KeePassXC's access confirmation), or an item hidden in a locked database. A path that is neither there nor
  /// hidden fails as "no such object".
  func lockedPaths(_ paths: [ObjectPath], on handle: ServiceHandle, _ deadline: Deadline) throws(CallFailure)
    -> [ObjectPath]
  {
    var locked: [ObjectPath] = []
    for path in paths {
      do {
        if try handle.isLocked(path, interface: path.interface, deadline) { locked.append(path) }
      } catch {
        guard path.collection != path, error.error?.meansNoSuchObject == true,
          isHiddenByLock(path, on: handle, deadline)
        else { throw error }
        locked.append(path)
      }
    }
    return locked
  }
}
