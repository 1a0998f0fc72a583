import Foundation
import GLibValues
import KeyringTestSupport
import Synchronization
import Testing

@testable import KeychainFiles
@testable import Security

/// The one read-change-replace of a keyring file (`KeyringFileTransaction`) and its two retry policies, on a file
/// another writer replaced between a read and the write (the version read given out of date on purpose).
@Suite("File keyring: the keyring-file transaction and its retry policy")
struct KeyringFileTransactionTests {
  let file: TemporaryKeyringFile
  let keyring: OpenedKeyring

  init() throws {
    file = try TemporaryKeyringFile()
    try FileManager.default.createDirectory(atPath: file.directory, withIntermediateDirectories: true)
    let key = try KeyringKey.derive(
      secret: SecretBytes(Array("pw".utf8)), KeychainFile.freshDerivation(), cached: false)
    keyring = try OpenedKeyring.new(key: key)
  }

  private func transaction(_ retry: KeyringFileTransaction.RetryPolicy) -> KeyringFileTransaction {
    KeyringFileTransaction(file: KeyringFile(path: file.path), timeout: .seconds(5), retry: retry)
  }

  /// Writes the file twice; the identity of the first version, which the file no longer is.
  private func replacedVersion() throws -> KeyringFile.Identity {
    try transaction(.fail(errSecNotAvailable)).run { _ in .init(keyring: keyring, read: nil, result: ()) }
    let first = try #require(try KeyringFile(path: file.path).identity())
    try transaction(.fail(errSecNotAvailable)).run { _ in .init(keyring: keyring, read: first, result: ()) }
    return first
  }

  @Test("with .fail, a change made from a version another writer replaced fails with the status, writing nothing")
  func failPolicy() throws {
    let stale = try replacedVersion()
    let current = try KeyringFile(path: file.path).identity()
    let attempts = Mutex(0)
    let error = #expect(throws: SecItemError.self) {
      try transaction(.fail(errSecNotAvailable)).run { _ in
        attempts.withLock { $0 += 1 }
        return .init(keyring: keyring, read: stale, result: ())
      }
    }
    #expect(error?.status == errSecNotAvailable)
    #expect(attempts.withLock { $0 } == 1)
    #expect(try KeyringFile(path: file.path).identity() == current)
  }

  @Test("with .startOver, the change runs again on the version another writer left, and that write lands")
  func startOverPolicy() throws {
    let stale = try replacedVersion()
    let attempts = Mutex(0)
    let written = Mutex<KeyringFile.Identity?>(nil)
    let result = try transaction(.startOver).run {
      (_) throws(SecItemError) -> KeyringFileTransaction.Change<Int> in
      let attempt = attempts.withLock {
        $0 += 1
        return $0
      }
      let read = attempt == 1 ? stale : try KeyringFile(path: file.path).identity()
      return .init(keyring: keyring, read: read, result: attempt)
    } written: { _, _, identity in
      written.withLock { $0 = identity }
    }
    #expect(result == 2)
    #expect(try KeyringFile(path: file.path).identity() == written.withLock { $0 })
  }
}
