import GLibValues
import Synchronization

/// This process's memory: the holder when neither the kernel keyring nor an agent can be used
/// (`KEYCHAIN_KEY_STORE=process`, or keyctl refused and no agent running). The keychain is then unlocked for this
/// process only, until it locks it, the idle timeout passes or it exits: every process must unlock for itself.
final class ProcessKeyHolder: UnlockedKeyHolder {
  static let shared = ProcessKeyHolder()

  private struct Entry {
    var payload: SecretBytes
    var idleTimeout: UInt32?
    var deadline: ContinuousClock.Instant?
  }

  private let entries = Mutex<[String: Entry]>([:])

  func put(_ payload: SecretBytes, description: String, idleTimeout: UInt32?) {
    let deadline = idleTimeout.map { ContinuousClock.now.advanced(by: .seconds($0)) }
    entries.withLock { $0[description] = Entry(payload: payload, idleTimeout: idleTimeout, deadline: deadline) }
  }

  func get(description: String) -> SecretBytes? {
    entries.withLock { entries in
      guard var entry = entries[description] else { return nil }
      let now = ContinuousClock.now
      if let deadline = entry.deadline, deadline <= now {
        entries[description] = nil
        return nil
      }
      entry.deadline = entry.idleTimeout.map { now.advanced(by: .seconds($0)) }
      entries[description] = entry
      return entry.payload
    }
  }

  func invalidate(description: String) {
    _ = entries.withLock { $0.removeValue(forKey: description) }
  }

  func invalidateAll(prefix: String) {
    entries.withLock { entries in
      for description in entries.keys where description.hasPrefix(prefix) { entries[description] = nil }
    }
  }
}
