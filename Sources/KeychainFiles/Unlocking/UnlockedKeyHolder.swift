import GLibValues
import LinuxSystem

/// Somewhere the keys of unlocked keychains (`UnlockedKey`, encoded) are kept between calls, named by a
/// description (`UnlockedKeys.description(of:)`).
protocol UnlockedKeyHolder: Sendable {
  /// Keeps `payload` under `description`, replacing what was there; it expires after `idleTimeout` seconds of
  /// disuse (nil: never).
  func put(_ payload: SecretBytes, description: String, idleTimeout: UInt32?) throws(UnlockedKeyHolderFailure)
  /// The payload under `description`, nil when there is none (never stored, expired, invalidated); a use, which
  /// starts the idle timeout again.
  func get(description: String) throws(UnlockedKeyHolderFailure) -> SecretBytes?
  /// Removes what is under `description` (nothing there is fine).
  func invalidate(description: String) throws(UnlockedKeyHolderFailure)
  /// Removes everything whose description starts with `prefix`.
  func invalidateAll(prefix: String) throws(UnlockedKeyHolderFailure)
}

/// Why a holder could not be used.
enum UnlockedKeyHolderFailure: Error, Equatable, Sendable {
  /// The holder cannot be used here at all: the kernel keyring is refused (a seccomp filter), no agent runs.
  case refused(String)
  /// It failed this time (quota, I/O).
  case failed(String)
}

/// The kernel's user keyring (`@u`): every process of the user reaches it, whatever its session keyring, until
/// the key is invalidated, expires or the machine restarts. Keys are of type `user` with permissions
/// `0x3f2b0000`: the possessor (the process that added it) everything, the user view, read, search and setattr
/// (so that any process of the user can read the key and start its idle timeout again; writes go through
/// `add_key` on `@u`, which counts as possession). Locking invalidates the key (unreachable at once; unlinking
/// would leave it readable until the kernel's collector runs).
struct KernelKeyringHolder: UnlockedKeyHolder {
  static let permissions: UInt32 =
    KernelKeyring.Permission.possessorAll | KernelKeyring.Permission.userView | KernelKeyring.Permission.userRead
    | KernelKeyring.Permission.userSearch | KernelKeyring.Permission.userSetAttribute

  func put(_ payload: SecretBytes, description: String, idleTimeout: UInt32?) throws(UnlockedKeyHolderFailure) {
    do throws(KernelKeyring.Failure) {
      let key = try KernelKeyring.addUserKey(description: description, payload: payload)
      do throws(KernelKeyring.Failure) {
        try KernelKeyring.setPermissions(key, Self.permissions)
        try KernelKeyring.setTimeout(key, seconds: idleTimeout ?? 0)
      } catch {
        try? KernelKeyring.invalidate(key)
        throw error
      }
    } catch {
      throw Self.failure(error)
    }
  }

  func get(description: String) throws(UnlockedKeyHolderFailure) -> SecretBytes? {
    do throws(KernelKeyring.Failure) {
      let key = try KernelKeyring.search(description: description)
      let payload = try KernelKeyring.read(key)
      if let timeout = UnlockedKey.decoded(payload)?.idleTimeout {
        try? KernelKeyring.setTimeout(key, seconds: timeout)
      }
      return payload
    } catch .absent {
      return nil
    } catch {
      throw Self.failure(error)
    }
  }

  func invalidate(description: String) throws(UnlockedKeyHolderFailure) {
    do throws(KernelKeyring.Failure) {
      try KernelKeyring.invalidate(try KernelKeyring.search(description: description))
    } catch .absent {
      return
    } catch {
      throw Self.failure(error)
    }
  }

  func invalidateAll(prefix: String) throws(UnlockedKeyHolderFailure) {
    do throws(KernelKeyring.Failure) {
      for key in try KernelKeyring.keys(in: KernelKeyring.userKeyring) {
        guard let described = try? KernelKeyring.describe(key), described.type == "user",
          described.description.hasPrefix(prefix)
        else { continue }
        try? KernelKeyring.invalidate(key)
      }
    } catch .absent {
      return
    } catch {
      throw Self.failure(error)
    }
  }

  private static func failure(_ failure: KernelKeyring.Failure) -> UnlockedKeyHolderFailure {
    if case .refused = failure { return .refused(failure.description) }
    return .failed(failure.description)
  }
}
