import SecurityStatus

/// The one read-change-replace of a keyring file, for both stores' writes (`FileKeyringStore`: libsecret's keyring
/// file and keychain files on a search list) and the keychain commands (`KeychainFile`: settings, password,
/// unlock's check): holding the file's writers' lock, read the file, change it, stamp the write, and replace the file
/// atomically if it is still the version read (`KeyringFile.write(_:ifStill:)`). A file that would grow past
/// `KeyringFile.maximumSize` is not written (`errSecDataTooLarge`).
///
/// What happens when another writer (one that takes no lock: libsecret, oo7) replaced the file between the read and
/// the replacement is the retry policy's.
package struct KeyringFileTransaction {
  /// What to do when another writer replaced the file meanwhile.
  package enum RetryPolicy {
    /// Read the other writer's version and change it again, carrying the changes of any version that writer made
    /// from this write's bytes while they were briefly in place (`DisplacedChanges`), until the deadline
    /// (`errSecNotAvailable`). The stores' writes: an item change applies to any version.
    case startOver
    /// Fail at once with this status: the change was checked against the version read (its key, its password
    /// check). The keychain commands.
    case fail(OSStatus)
  }

  /// One read and change of the file, ready to be written.
  package struct Change<R> {
    /// The changed keyring (its write stamped by the transaction).
    var keyring: OpenedKeyring
    /// The version read (nil: there was no file).
    var read: KeyringFile.Identity?
    var result: R

    package init(keyring: OpenedKeyring, read: KeyringFile.Identity?, result: R) {
      self.keyring = keyring
      self.read = read
      self.result = result
    }
  }

  let file: KeyringFile
  /// Bounds the wait for the writers' lock and, with `.startOver`, the attempts.
  let timeout: Duration
  let retry: RetryPolicy

  package init(file: KeyringFile, timeout: Duration, retry: RetryPolicy) {
    self.file = file
    self.timeout = timeout
    self.retry = retry
  }

  /// Runs the transaction. `change` reads the file and changes it, given the changes owed to other writers (empty
  /// but with `.startOver` after a displacement); `written` runs still holding the lock, with the keyring as written,
  /// its bytes and the file's new version (a kept key, a cache entry).
  package func run<R>(
    _ change: (DisplacedChanges) throws(SecItemError) -> Change<R>,
    written: (OpenedKeyring, [UInt8], KeyringFile.Identity) throws(SecItemError) -> Void = { _, _, _ in }
  ) throws(SecItemError) -> R {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    return try file.withWriteLock(timeout: timeout) { () throws(SecItemError) -> R in
      var owed = DisplacedChanges()
      while true {
        var attempt = try change(owed)
        attempt.keyring.stampWrite()
        let bytes = attempt.keyring.contents.encoded()
        guard bytes.count <= KeyringFile.maximumSize else {
          throw SecItemError(
            errSecDataTooLarge,
            "the keyring file would have \(bytes.count) bytes, more than \(KeyringFile.maximumSize)")
        }
        switch try file.write(bytes, ifStill: attempt.read) {
        case .replaced(let identity):
          try written(attempt.keyring, bytes, identity)
          return attempt.result
        case .changed(let other):
          switch retry {
          case .fail(let status):
            throw SecItemError(status, "another program replaced the keychain file meanwhile")
          case .startOver:
            if let other {
              owed = owed.followed(by: DisplacedChanges(displaced: other, base: attempt.keyring.contents))
            }
          }
        }
        guard ContinuousClock.now < deadline else {
          throw SecItemError(errSecNotAvailable, "other writers kept replacing the keyring file")
        }
      }
    }
  }
}
