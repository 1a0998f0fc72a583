extension SecretServiceConnection {
  /// Locks items or collections; returns what the service locked (it may lock a whole collection instead).
  package func lock(_ objects: [ObjectPath]) throws(SecretServiceError) -> [ObjectPath] {
    try Validation.paths(objects, call: "ssc_service_lock_paths_sync")
    if objects.isEmpty { return [] }
    return try perform(.collection) { (handle, deadline) throws(CallFailure) in
      try sscServiceLockPaths(handle.service, objects.map(\.rawValue), deadline).map(ObjectPath.init(rawValue:))
    }
  }

  /// Unlocks items or collections; returns what the service unlocked.
  ///
  /// With `.refused` no prompt is ever shown or waited for: when one would be needed the call fails at once with
  /// `.locked`. With `.allowed` the prompt runs until `timeout` (default: the connection's); a dismissed prompt
  /// is `.promptDismissed` (libsecret itself reports it as success with nothing unlocked), a passed deadline
  /// `.timedOut` (the prompt is dismissed without waiting for the service).
  package func unlock(_ objects: [ObjectPath], ui: UIPolicy, timeout: Duration? = nil) throws(SecretServiceError)
    -> [ObjectPath]
  {
    let call = "ssc_service_unlock_paths_sync"
    try Validation.paths(objects, call: call)
    if objects.isEmpty { return [] }
    return try perform(.collection, timeout: timeout, allowPrompts: ui == .allowed) {
      (handle, deadline) throws(CallFailure) in
      let unlocked = try sscServiceUnlockPaths(handle.service, objects.map(\.rawValue), deadline)
      if unlocked.isEmpty {
        // Nothing unlocked without an error: the service answered a prompt as dismissed in its own way.
        throw CallFailure(
          call: call, cause: ui == .allowed ? .promptDismissed : .locked, message: "nothing was unlocked")
      }
      return unlocked.map(ObjectPath.init(rawValue:))
    }
  }
}
