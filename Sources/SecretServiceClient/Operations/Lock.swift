internal import CLibSecretShims
import Dispatch
import Synchronization

extension SecretServiceConnection {
  /// Locks items or collections; returns what the service locked (it may lock a whole collection instead). The
  /// prompt KeePassXC returns is run as `ServiceHandle.runOperationPrompt` says.
  package func lock(_ objects: [ObjectPath]) throws(SecretServiceError) -> [ObjectPath] {
    try Validation.paths(objects, call: "\(ServiceInterface.name).Lock")
    if objects.isEmpty { return [] }
    return try perform(.collection) { (handle, deadline) throws(CallFailure) in
      try Self.lockOrUnlock(ServiceInterface.lock(objects), handle, deadline, locking: true)
    }
  }

  /// `Service.Lock` or `Service.Unlock`, running the prompt the provider may return: a `Lock`'s as
  /// `ServiceHandle.runOperationPrompt` says, an `Unlock`'s under the deadline's policy.
  private static func lockOrUnlock(
    _ call: DBusMethodCall, _ handle: ServiceHandle, _ deadline: Deadline, locking: Bool = false
  ) throws(CallFailure) -> [ObjectPath] {
    let (objects, prompt) = try ServiceInterface.objectsAndPrompt(handle.call(call, deadline), call: call.name)
    if prompt == Prompt.none { return objects }
    let result =
      locking
      ? try handle.runOperationPrompt(prompt, resultType: "ao", call: call.name, deadline)
      : try Prompt.run(prompt, resultType: "ao", on: handle, deadline)
    guard let done = result.stringArray else {
      throw CallFailure(call: call.name, cause: .other, message: "the prompt returned no objects")
    }
    return done.map { ObjectPath($0) }
  }

  /// Unlocks items or collections; returns what the service unlocked.
  ///
  /// With `.refused` no prompt is ever shown or waited for: when one would be needed the call fails at once with
  /// `.locked`. With `.allowed` the prompt runs until `timeout` (default: the connection's); a dismissed prompt
  /// is `.promptDismissed` (libsecret itself reports it as success with nothing unlocked), a passed deadline
  /// `.timedOut` (the prompt is dismissed without waiting for the service).
  ///
  /// One unlock runs at a time in the process for each bus (KWallet fails most of several concurrent prompts); the
  /// wait counts against `timeout`. When a prompt fails or unlocks nothing, the objects' `Locked` is read again before
  /// concluding: an object another unlock opened meanwhile counts as unlocked.
  ///
  /// KWallet: a wallet that is open (at login through PAM) still reports `Locked` until a client unlocks it, through
  /// a prompt that completes at once without a dialog: that prompt is run even with `.refused`. A closed wallet
  /// asks for its password in a dialog: with `.refused` the call fails at once with `.locked`, without asking; when
  /// kwalletd cannot show dialogs (headless: `ServiceHandle.providerIsHeadless`) it fails at once with
  /// `.promptDismissed`, as gnome-keyring's headless prompts are dismissed, instead of waiting out the deadline for a
  /// dialog nobody can see (which would also block KWallet's PAM unlock until the daemon restarts).
  ///
  /// KeePassXC: its every unlock prompt needs a dialog (its password dialog for a locked database, its access
  /// confirmation for an item it asks about). So with `.refused` the call fails at once with `.locked`, and on a
  /// KeePassXC that cannot show dialogs with `.promptDismissed`, without sending `Unlock` (whose dialog would never
  /// return and would block KeePassXC); items hidden in a locked database count as locked
  /// (`ServiceHandle.lockedOnKeePassXC`).
  package func unlock(_ objects: [ObjectPath], ui: UIPolicy, timeout: Duration? = nil) throws(SecretServiceError)
    -> [ObjectPath]
  {
    let call = "\(ServiceInterface.name).Unlock"
    try Validation.paths(objects, call: call)
    if objects.isEmpty { return [] }
    let budget = timeout ?? options.timeout
    let started = ContinuousClock.now
    let gate = UnlockGate.semaphore(for: options.busAddress)
    guard gate.wait(timeout: .now() + .nanoseconds(Self.nanoseconds(budget))) == .success else {
      throw SecretServiceError(cause: .timedOut, call: call, message: "another unlock of this process did not end")
    }
    defer { gate.signal() }
    let left = budget - (ContinuousClock.now - started)
    return try perform(.collection, timeout: left, allowPrompts: ui == .allowed) {
      (handle, deadline) throws(CallFailure) in
      let paths = objects
      if handle.isKeePassXC {
        // Read with `try`: a missing object is `.notFound`, a stopped daemon `.timedOut`.
        if try handle.lockedOnKeePassXC(paths, deadline).isEmpty { return objects }
        if ui == .refused {
          throw CallFailure(
            call: call, cause: .locked, message: "unlocking needs KeePassXC's dialog; prompts are refused")
        }
        if handle.providerIsHeadless(deadline) {
          throw CallFailure(call: call, cause: .promptDismissed, message: "KeePassXC cannot show its unlock dialog")
        }
      }
      if handle.isKWallet {
        // Read with `try`: a missing object is `.notFound`, a stopped daemon `.timedOut`.
        var anyLocked = false
        for path in paths where try handle.isLocked(path, interface: path.interface, deadline) {
          anyLocked = true
        }
        if !anyLocked { return objects }
        try Self.preparePromptOnKWallet(handle, paths, ui: ui, call: call, deadline)
        if deadline.isExpired { throw CallFailure(call: call, cause: .timedOut, message: "the deadline passed") }
      }
      let unlocked: [ObjectPath]
      do throws(CallFailure) {
        unlocked = try Self.lockOrUnlock(ServiceInterface.unlock(paths), handle, deadline)
      } catch {
        if !deadline.isExpired, Self.allUnlocked(handle, paths, deadline) { return objects }
        throw error
      }
      if unlocked.isEmpty {
        if Self.allUnlocked(handle, paths, deadline) { return objects }
        // Nothing unlocked without an error: the service answered a prompt as dismissed in its own way.
        throw CallFailure(
          call: call, cause: ui == .allowed ? .promptDismissed : .locked, message: "nothing was unlocked")
      }
      return unlocked
    }
  }

  /// KWallet: decides before `Unlock` whether its prompt may run (see `unlock`).
  private static func preparePromptOnKWallet(
    _ handle: ServiceHandle, _ paths: [ObjectPath], ui: UIPolicy, call: String, _ deadline: Deadline
  ) throws(CallFailure) {
    let collections = Set(paths.map(\.collection))
    let allOpen = collections.allSatisfy { handle.kwalletIsOpen($0, deadline) == true }
    if allOpen {
      ssc_cancellable_allow_prompts(deadline.cancellable)  // transfer none; the prompt shows no dialog
    } else if ui == .refused {
      throw CallFailure(call: call, cause: .locked, message: "the wallet is closed and prompts are not allowed")
    } else if handle.providerIsHeadless(deadline) {
      throw CallFailure(
        call: call, cause: .promptDismissed, message: "the wallet is closed and KWallet cannot show its dialog")
    }
  }

  /// Whether every object reads `Locked` false now (false when that cannot be read).
  private static func allUnlocked(_ handle: ServiceHandle, _ paths: [ObjectPath], _ deadline: Deadline) -> Bool {
    for path in paths {
      guard let locked = try? handle.isLocked(path, interface: path.interface, deadline), !locked else {
        return false
      }
    }
    return true
  }

  private static func nanoseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    if seconds < 0 { return 0 }
    if seconds >= Int64(Int.max / 1_000_000_000) - 1 { return Int.max / 2 }
    return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
  }
}

/// Serialises the `Service.Unlock` calls of the process, per bus address (KWallet: 8 concurrent prompts, 20 rounds,
/// failed 123 of 160 times with UnknownObject for the prompt path).
private enum UnlockGate {
  private static let gates = Mutex<[String: DispatchSemaphore]>([:])

  /// The gate of the bus at `address` (nil: the session bus).
  static func semaphore(for address: String?) -> DispatchSemaphore {
    gates.withLock { gates in
      let key = address ?? ""
      if let gate = gates[key] { return gate }
      let gate = DispatchSemaphore(value: 1)
      gates[key] = gate
      return gate
    }
  }
}
