import Dispatch
import Synchronization

extension SecretServiceConnection {
  /// Locks items or collections; returns what the service locked (it may lock a whole collection instead). The
  /// prompt the provider may return (KeePassXC's) is run as `ProviderAdapter.runOperationPrompt` says.
  package func lock(_ objects: [ObjectPath]) throws(SecretServiceError) -> [ObjectPath] {
    try Validation.paths(objects, call: "\(ServiceInterface.name).Lock")
    if objects.isEmpty { return [] }
    return try perform(.collection) { (handle, deadline) throws(CallFailure) in
      try Self.lockOrUnlock(ServiceInterface.lock(objects), handle, deadline, locking: true)
    }
  }

  /// `Service.Lock` or `Service.Unlock`, running the prompt the provider may return: a `Lock`'s as
  /// `ProviderAdapter.runOperationPrompt` says, an `Unlock`'s under the deadline's policy.
  private static func lockOrUnlock(
    _ call: DBusMethodCall, _ handle: ServiceHandle, _ deadline: Deadline, locking: Bool = false
  ) throws(CallFailure) -> [ObjectPath] {
    let (objects, prompt) = try ServiceInterface.objectsAndPrompt(handle.call(call, deadline), call: call.name)
    if prompt == .noObject { return objects }
    let result =
      locking
      ? try handle.adapter.runOperationPrompt(prompt, resultType: "ao", call: call.name, on: handle, deadline)
      : try PromptInterface.run(prompt, resultType: "ao", on: handle, deadline)
    guard let done = result.objectPaths else {
      throw CallFailure(call: call.name, cause: .other, message: "the prompt returned no objects")
    }
    return done
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
  /// Before `Unlock` is sent, the provider's adapter tells whether anything is locked and prepares or refuses its
  /// prompt (`ProviderAdapter.needsUnlock`): KWallet runs the prompt of a wallet opened at login even with `.refused`
  /// (it shows no dialog), and KWallet and KeePassXC fail at once, without sending `Unlock`, when their prompt would
  /// need a dialog that `.refused` forbids or that a provider without a display cannot show.
  package func unlock(_ objects: [ObjectPath], ui: UIPolicy, timeout: Duration? = nil) throws(SecretServiceError)
    -> [ObjectPath]
  {
    let call = "\(ServiceInterface.name).Unlock"
    try Validation.paths(objects, call: call)
    if objects.isEmpty { return [] }
    let budget = timeout ?? options.timeout
    let started = ContinuousClock.now
    let gate = UnlockGate.semaphore(for: options.busAddress)
    guard gate.wait(timeout: .now() + .nanoseconds(Deadline.nanoseconds(budget))) == .success else {
      throw SecretServiceError(cause: .timedOut, call: call, message: "another unlock of this process did not end")
    }
    defer { gate.signal() }
    let left = budget - (ContinuousClock.now - started)
    return try perform(.collection, timeout: left, allowPrompts: ui == .allowed) {
      (handle, deadline) throws(CallFailure) in
      let paths = objects
      guard try handle.adapter.needsUnlock(paths, ui: ui, call: call, on: handle, deadline) else { return objects }
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

  /// Whether every object reads `Locked` false now (false when that cannot be read).
  private static func allUnlocked(_ handle: ServiceHandle, _ paths: [ObjectPath], _ deadline: Deadline) -> Bool {
    for path in paths {
      guard let locked = try? handle.isLocked(path, interface: path.interface, deadline), !locked else {
        return false
      }
    }
    return true
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
