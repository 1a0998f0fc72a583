internal import CLibSecret
import GLibValues

// What the handle does about KeePassXC's locked databases and its prompts (docs/backends.md). While a database is
// locked, its items are hidden: searches leave them out and their paths are unknown objects. The bridge reports
// such items as locked, never as missing. KeePassXC returns a prompt for every `CreateItem`, `Delete` and `Lock`;
// it completes at once without a dialog unless the user's settings ask for a confirmation, or the database is locked
// (then it asks for the password in a dialog). A dialog never returns on a KeePassXC without a display, and blocks
// the process from then on.

extension ServiceHandle {
  /// How long a `CreateItem`, `Delete` or `Lock` prompt may take on a KeePassXC that cannot show dialogs before it
  /// is taken for one waiting on a dialog and dismissed. Such a prompt completes in about a millisecond.
  static let headlessPromptGrace = Duration.seconds(5)

  /// Runs the prompt a `CreateItem`, `Delete` or `Lock` returned and returns its result.
  ///
  /// KeePassXC: run whatever the deadline's prompt policy (every such call returns one), until the deadline; on a
  /// KeePassXC that cannot show dialogs at most `headlessPromptGrace`, then it is dismissed and the call fails with
  /// `.promptDismissed` when the caller allows prompts, else `.locked`. Other providers: under the deadline's policy.
  func runOperationPrompt(_ path: String, resultType: StaticString, call: String, _ deadline: Deadline)
    throws(CallFailure) -> OwnedVariant
  {
    guard isKeePassXC else { return try Prompt.run(path, resultType: resultType, on: self, deadline) }
    var bound = deadline.remaining
    if providerIsHeadless(deadline) { bound = min(bound, Self.headlessPromptGrace) }
    let promptDeadline = Deadline(timeout: bound, allowPrompts: true)
    do {
      return try Prompt.run(path, resultType: resultType, on: self, promptDeadline)
    } catch  where promptDeadline.isExpired && !deadline.isExpired {
      throw CallFailure(
        call: call, cause: deadline.allowsPrompts ? .promptDismissed : .locked,
        message: "KeePassXC's prompt waits on a dialog it cannot show")
    }
  }

  /// KeePassXC: whether the database holding `path` (an item or a collection) is locked. False elsewhere, and when it
  /// cannot be told.
  func databaseIsLockedOnKeePassXC(_ path: ObjectPath, _ deadline: Deadline) -> Bool {
    guard isKeePassXC else { return false }
    return (try? isLocked(path.collection, interface: CollectionInterface.name, deadline)) == true
  }

  /// KeePassXC: `failure` as `.locked` when it says that `item` does not exist and the item's database is locked (the
  /// item may merely be hidden). Otherwise `failure`.
  func lockedInsteadOfMissing(_ failure: CallFailure, item: ObjectPath, _ deadline: Deadline) -> CallFailure {
    guard isKeePassXC, failure.error?.meansNoSuchObject == true, databaseIsLockedOnKeePassXC(item, deadline) else {
      return failure
    }
    return CallFailure(call: failure.call, cause: .locked, message: "the database is locked")
  }

  /// KeePassXC: which of `paths` (items or collections) are locked now: a locked collection, an item whose
  /// `Locked` says so (KeePassXC's access confirmation), or an item hidden in a locked database. A path that is
  /// neither there nor hidden fails as "no such object".
  func lockedOnKeePassXC(_ paths: [ObjectPath], _ deadline: Deadline) throws(CallFailure) -> [ObjectPath] {
    var locked: [ObjectPath] = []
    for path in paths {
      do {
        if try isLocked(path, interface: path.interface, deadline) { locked.append(path) }
      } catch {
        guard path.collection != path, error.error?.meansNoSuchObject == true,
          databaseIsLockedOnKeePassXC(path, deadline)
        else { throw error }
        locked.append(path)
      }
    }
    return locked
  }
}
