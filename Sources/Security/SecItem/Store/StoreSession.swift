import FreedesktopServices

/// The session with the Secret Service that the current task's SecItem calls use, for the Swift-native API's
/// `SecretServiceSession` (`import Security` shows nothing of it: Apple has no such call).
package enum StoreSession {
  /// The algorithm of the session of the store's connection (opened if needed, as the first SecItem call would open
  /// it). Nil when no secret of the store crosses a bus (libsecret's keyring file, a search list of keychain files
  /// only) or no Secret Service answers.
  package static func algorithm() -> SessionAlgorithm? {
    guard let bus = (try? ResolvedStore.current())?.secretServiceBus,
      let connection = try? SharedConnections.connection(bus)
    else { return nil }
    return (try? connection.sessionAlgorithm()) ?? nil
  }
}
