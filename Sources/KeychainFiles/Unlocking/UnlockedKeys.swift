import Foundation
import GLibValues
import KeyringFileFormat
import SecurityStatus
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where the keys of unlocked keychain files are kept, so that a keychain unlocked by one process (`security
/// unlock-keychain`) is unlocked for every process of the user, until it is locked, its idle timeout passes, the
/// machine sleeps (when the keychain locks on sleep) or restarts.
///
/// `KEYCHAIN_KEY_STORE` chooses the holder:
/// - `keyctl`: the kernel's user keyring only (`KernelKeyringHolder`);
/// - `agent`: the keychain agent only (`AgentKeyHolder`);
/// - `process`: this process's memory only (`ProcessKeyHolder`): each process unlocks for itself;
/// - unset or empty (automatic): storing tries the kernel keyring; when it is refused, the agent (started by
///   `AgentLauncher` from `agentProgram` when none answers, a stale socket of a killed agent included, and a program
///   is named: the `security` tool names itself), else this process; but a program that names itself as the agent
///   ends with its command, so there a key
///   neither the kernel nor an agent took is `errSecNotAvailable`, never kept in its own memory alone. Reading tries
///   this process, the kernel keyring, then the agent when its socket exists. Locking removes the key from all
///   three.
///
/// Each call reads the key afresh (a search and a read, microseconds), so a lock, an expiry or a sleep elsewhere is
/// seen at the next call. A key that belongs to another version of the file (its salt or rounds differ, or the
/// password check its unlock wrote is not in it), or that was stored before the machine slept when the keychain locks
/// on sleep, is removed and the keychain is locked.
package enum UnlockedKeys {
  /// The environment variable.
  package static let variable = "KEYCHAIN_KEY_STORE"

  /// The prefix of every description.
  package static let descriptionPrefix = "swift-keychain-linux:v1:"

  /// The program that runs as the keychain agent when started under the agent's name (`AgentLauncher`); nil: this
  /// process starts none. Set by the programs that are one, at their start: the `security` tool names itself
  /// (`/proc/self/exe`). A library cannot start an agent from an application's own executable.
  package static var agentProgram: String? {
    get { program.withLock { $0 } }
    set { program.withLock { $0 = newValue } }
  }

  private static let program = Mutex<String?>(nil)

  /// The task's mode, else `KEYCHAIN_KEY_STORE`'s (unset: automatic; an unknown value: `errSecParam`).
  static func mode() throws(SecItemError) -> KeyStoreMode {
    if let mode = KeychainEnvironment.current?.keyStore { return mode }
    return try mode(named: ProcessEnvironment.value(variable))
  }

  /// The mode a value of `KEYCHAIN_KEY_STORE` names: nil or empty is automatic; an unknown value is `errSecParam`.
  static func mode(named value: String?) throws(SecItemError) -> KeyStoreMode {
    guard let value else { return .automatic }
    guard let mode = KeyStoreMode(rawValue: value) else { throw .param("\(variable) must be keyctl, agent or process") }
    return mode
  }

  /// Where keys are kept for the keychain at `path`: `swift-keychain-linux:v1:` and the SHA-256 of its canonical
  /// path (`CanonicalKeychainPath`: every spelling of the file, and the file once gone, name one key) in hex (a fixed
  /// length whatever the path; descriptions are visible in `/proc/keys` to the user and root).
  package static func description(of path: String) -> String {
    let canonical = CanonicalKeychainPath.of(path)
    return descriptionPrefix + UnlockedKey.digest(Array(canonical.utf8)).map { String(format: "%02x", $0) }.joined()
  }

  /// Where a key was stored.
  package enum Place: String, Sendable {
    case kernelKeyring = "keyctl"
    case agent
    case process
  }

  /// Keeps `key` for the keychain at `path`; an idle timeout of 0 is no timeout, as on macOS.
  @discardableResult
  package static func store(_ key: UnlockedKey, for path: String) throws(SecItemError) -> Place? {
    let description = description(of: path)
    var key = key
    if key.idleTimeout == 0 { key.idleTimeout = nil }
    let payload = key.encoded()
    switch try mode() {
    case .keyctl:
      try put(KernelKeyringHolder(), payload, description, key.idleTimeout)
      return .kernelKeyring
    case .agent:
      try put(AgentKeyHolder(), payload, description, key.idleTimeout)
      return .agent
    case .process:
      ProcessKeyHolder.shared.put(payload, description: description, idleTimeout: key.idleTimeout)
      return .process
    case .automatic:
      do throws(UnlockedKeyHolderFailure) {
        try KernelKeyringHolder().put(payload, description: description, idleTimeout: key.idleTimeout)
        return .kernelKeyring
      } catch {
        try Self.unlessRefused(error)
      }
      if putInAgent(payload, description, key.idleTimeout) { return .agent }
      guard agentProgram == nil else {
        // A program that starts agents (the `security` tool) ends with its command: a key in its own memory would
        // be gone before any other process looked, and its unlock would say it did what it did not.
        throw SecItemError(
          errSecNotAvailable,
          "neither the kernel keyring nor a keychain agent could keep the key for other processes")
      }
      ProcessKeyHolder.shared.put(payload, description: description, idleTimeout: key.idleTimeout)
      return .process
    }
  }

  /// Puts the key in a running agent; where none answers (none runs, or its socket is stale: the agent was killed),
  /// in one `AgentLauncher` starts from `agentProgram` (which replaces a stale socket). False when no agent took it.
  private static func putInAgent(_ payload: SecretBytes, _ description: String, _ timeout: UInt32?) -> Bool {
    if AgentKeyHolder.isRunning,
      (try? AgentKeyHolder().put(payload, description: description, idleTimeout: timeout)) != nil
    {
      return true
    }
    guard let program = agentProgram, AgentLauncher.launch(program) else { return false }
    return (try? AgentKeyHolder().put(payload, description: description, idleTimeout: timeout)) != nil
  }

  /// The key kept for the keychain at `path`; nil when it is locked. `file` is the file as read: a key of another
  /// version of the file (another salt or rounds, or without the password check its unlock wrote: an older copy put
  /// back) is removed.
  package static func key(for path: String, file: KeyringFileContents) throws(SecItemError) -> UnlockedKey? {
    let description = description(of: path)
    guard let payload = try payload(description) else { return nil }
    guard let key = UnlockedKey.decoded(payload), key.belongs(to: file),
      !key.sleptSinceUnlock()
    else {
      try forget(path)
      return nil
    }
    return key
  }

  /// The stored payload under `description`, from the first holder that has one.
  private static func payload(_ description: String) throws(SecItemError) -> SecretBytes? {
    switch try mode() {
    case .keyctl: return try get(KernelKeyringHolder(), description)
    case .agent: return try get(AgentKeyHolder(), description)
    case .process: return ProcessKeyHolder.shared.get(description: description)
    case .automatic:
      if let own = ProcessKeyHolder.shared.get(description: description) { return own }
      do throws(UnlockedKeyHolderFailure) {
        if let kept = try KernelKeyringHolder().get(description: description) { return kept }
      } catch {
        try Self.unlessRefused(error)
      }
      guard AgentKeyHolder.isRunning else { return nil }
      return try? AgentKeyHolder().get(description: description)
    }
  }

  /// Locks the keychain at `path`: its key is removed wherever it is kept.
  package static func forget(_ path: String) throws(SecItemError) {
    let description = description(of: path)
    ProcessKeyHolder.shared.invalidate(description: description)
    try? AgentKeyHolder().invalidate(description: description)
    do throws(UnlockedKeyHolderFailure) {
      try KernelKeyringHolder().invalidate(description: description)
    } catch {
      try Self.unlessRefused(error)
    }
  }

  /// Locks every keychain file of the user (`SecKeychainLockAll`, `lock-keychain -a`): every key kept in the holders
  /// `KEYCHAIN_KEY_STORE` allows (all three when automatic).
  package static func forgetAll() throws(SecItemError) {
    let mode = try mode()
    if mode == .automatic || mode == .process { ProcessKeyHolder.shared.invalidateAll(prefix: descriptionPrefix) }
    if mode == .automatic || mode == .agent, AgentKeyHolder.isRunning {
      try? AgentKeyHolder().invalidateAll(prefix: descriptionPrefix)
    }
    guard mode == .automatic || mode == .keyctl else { return }
    do throws(UnlockedKeyHolderFailure) {
      try KernelKeyringHolder().invalidateAll(prefix: descriptionPrefix)
    } catch {
      try Self.unlessRefused(error)
    }
  }

  private static func put(
    _ holder: some UnlockedKeyHolder, _ payload: SecretBytes, _ description: String, _ timeout: UInt32?
  )
    throws(SecItemError)
  {
    do {
      try holder.put(payload, description: description, idleTimeout: timeout)
    } catch {
      throw SecItemError(errSecNotAvailable, Self.reason(error))
    }
  }

  private static func get(_ holder: some UnlockedKeyHolder, _ description: String) throws(SecItemError) -> SecretBytes?
  {
    do {
      return try holder.get(description: description)
    } catch {
      throw SecItemError(errSecNotAvailable, Self.reason(error))
    }
  }

  /// Nothing when the holder is refused here (the next one is tried); else the failure as `errSecNotAvailable`.
  private static func unlessRefused(_ failure: UnlockedKeyHolderFailure) throws(SecItemError) {
    if case .failed(let reason) = failure { throw SecItemError(errSecNotAvailable, reason) }
  }

  private static func reason(_ failure: UnlockedKeyHolderFailure) -> String {
    switch failure {
    case .refused(let reason), .failed(let reason): reason
    }
  }
}
