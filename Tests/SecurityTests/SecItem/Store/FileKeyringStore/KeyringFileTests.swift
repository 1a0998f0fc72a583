import Foundation
import FreedesktopServices
import GLibValues
import KeyringFileFormat
import KeyringTestSupport
import Synchronization
import Testing

@testable import KeychainFiles
@testable import LinuxSystem
@testable import Security

#if canImport(Glibc)
  import Glibc
#endif

/// The keyring file on disk (`KeyringFile`): where the writers' lock is, and what another writer of the format that
/// takes no lock (oo7's method) and this package's writers do to each other's items.
@Suite("File keyring: the file, its writers' lock and writers that take no lock")
struct KeyringFileTests {
  let service = unique("keyring-file")

  // MARK: - The writers' lock

  @Test("the writers' lock is a file of the private lock directory, the same for every spelling of the keyring's path")
  func lockInPrivateDirectory() throws {
    let file = try TemporaryKeyringFile()
    let directory = (file.path as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let link = file.directory + "/link"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory)
    let lock = try KeyringFile(path: file.path).writeLockPath()
    #expect(lock.hasPrefix(try LockDirectory.current() + "/"))
    #expect(!lock.hasPrefix(directory + "/"))
    for spelling in [directory + "/./default.keyring", directory + "//default.keyring", link + "/default.keyring"] {
      #expect(try KeyringFile(path: spelling).writeLockPath() == lock, "\(spelling)")
    }
    #expect(try KeyringFile(path: directory + "/other.keyring").writeLockPath() != lock)
  }

  @Test("the tests' secret-tool writes take the same writers' lock as the package (ExternalCommand)")
  func testSupportTakesTheSameLock() throws {
    let file = try TemporaryKeyringFile()
    #expect(ExternalCommand.keyringWriteLockPath(for: file.path) == (try KeyringFile(path: file.path).writeLockPath()))
  }

  @Test(
    "another user's flock on a shared directory holding the keyring does not stall an add there",
    .enabled(if: getuid() == 0, "needs root to run a process as another user (setpriv)"))
  func otherUsersLockOnDirectory() throws {
    let shared = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(UUID().uuidString)").path
    #expect(mkdir(shared, 0o777) == 0 && chmod(shared, 0o1777) == 0)
    defer { try? FileManager.default.removeItem(atPath: shared) }
    let held = shared + "/held"
    // The other user takes the lock the package's writers used to take on the keyring's directory, and keeps it.
    let holder = try ExternalCommand.start(
      "setpriv",
      [
        "--reuid=65534", "--regid=65534", "--clear-groups", "flock", "--exclusive", "--no-fork", shared, "-c",
        "touch '\(held)' && exec sleep 60",
      ])
    defer { _ = holder.stop(signal: SIGKILL) }
    let deadline = ContinuousClock.now + .seconds(10)
    while !FileManager.default.fileExists(atPath: held) && ContinuousClock.now < deadline { usleep(10_000) }
    try #require(FileManager.default.fileExists(atPath: held), "the other user's flock was not taken")

    let started = ContinuousClock.now
    let status = SecItemEnvironment.withFileKeyring(path: shared + "/default.keyring", password: Data(utf8: "pw-4567"))
    {
      add(merged(genericPassword(service: service, account: "a"), [kSecValueData as String: Data(utf8: "s")]))
    }
    let elapsed = ContinuousClock.now - started
    #expect(status == errSecSuccess)
    #expect(elapsed < .seconds(5), "the add took \(elapsed)")
  }

  // MARK: - Modification times

  @Test("a new version's modification time is later than the replaced one's by a microsecond, even within one tick")
  func newerModificationTime() throws {
    let directory = try TemporaryDirectory()
    for future in [false, true] {
      // The replaced version: written just before (most often in the same tick), or stamped in the future.
      let replaced = directory.file("replaced")
      try Data([0]).write(to: URL(fileURLWithPath: replaced))
      var time = stat()
      #expect(stat(replaced, &time) == 0)
      if future { time.st_mtim = timespec(tv_sec: time.st_mtim.tv_sec + 100, tv_nsec: 999_999_999) }
      var file = try StagedFile([1, 2, 3], prefix: directory.file("staged-")) { call, code in
        SecItemError(errSecIO, "\(call): \(code)")
      }
      try file.makeNewer(than: time.st_mtim)
      let info = try file.replace(replaced)
      #expect(Self.microseconds(info.st_mtim) > Self.microseconds(time.st_mtim), "future: \(future)")
    }
  }

  static func microseconds(_ time: timespec) -> Int64 { Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1_000 }

  // MARK: - A writer that takes no lock

  @Test(
    "no item is lost when a writer using oo7's method (temporary file, modification-time check, rename, no lock) adds beside ours"
  )
  func unlockedWriterBesideOurs() throws {
    let file = try TemporaryKeyringFile()
    #expect(file.run { add(item("first", "ours")) } == errSecSuccess)
    let writer = try UnlockedWriter(path: file.path, password: file.password, service: service)
    let done = Atomic<Bool>(false)
    let theirs = Mutex<[String]>([])
    let refused = Atomic<Int>(0)
    let other = Thread {
      var index = 0
      while !done.load(ordering: .relaxed) {
        let account = "theirs-\(index)"
        // oo7 fails the write (TargetFileChanged) when the file changed since it read it; its caller tries again.
        if (try? writer.add(account: account)) == true {
          theirs.withLock { $0.append(account) }
          index += 1
        } else {
          refused.add(1, ordering: .relaxed)
        }
      }
    }
    other.start()
    var ours: [String] = ["first"]
    let lock = Mutex<[String]>([])
    let threads = 2
    let perThread = 40
    let finished = Atomic<Int>(0)
    for thread in 0..<threads {
      Thread {
        for index in 0..<perThread {
          let account = "ours-\(thread)-\(index)"
          if file.run({ add(item(account, "ours")) }) == errSecSuccess { lock.withLock { $0.append(account) } }
        }
        finished.add(1, ordering: .sequentiallyConsistent)
      }.start()
    }
    while finished.load(ordering: .sequentiallyConsistent) < threads { usleep(10_000) }
    done.store(true, ordering: .relaxed)
    while !other.isFinished { usleep(10_000) }
    ours += lock.withLock { $0 }

    #expect(ours.count == 1 + threads * perThread, "every add of ours succeeds")
    let written = theirs.withLock { $0 }
    #expect(
      written.count >= 10, "the other writer wrote \(written.count) items (\(refused.load(ordering: .relaxed)) refused)"
    )
    let found = try writer.accounts()
    let lost = Set(ours + written).subtracting(found)
    // What the other writer's own rename dropped (a write of ours landed between its check and its rename) is its
    // window, which no writer that takes no lock closes: anything else lost is ours to answer for.
    let droppedByIt = writer.dropped
    #expect(
      lost.subtracting(droppedByIt).isEmpty,
      "lost \(lost.count) of \(ours.count + written.count), \(droppedByIt.count) by the other writer's own window: \(lost.subtracting(droppedByIt).sorted().prefix(8))"
    )
    #expect(!lost.contains { $0.hasPrefix("theirs-") }, "none of the other writer's items is lost")
    #expect(found.count == Set(found).count, "no item twice")
  }

  func item(_ account: String, _ secret: String) -> [String: Any] {
    merged(genericPassword(service: service, account: account), [kSecValueData as String: Data(secret.utf8)])
  }
}

/// A writer of a keyring file by oo7's method (`Keyring::dump` after `UnlockedKeyring::load`): it notes the file's
/// modification time, reads it, adds an item, writes the whole file to `.tmpkeyring<16 random characters>` beside it
/// (`create_new`, 0600, flushed), checks that the modification time is still the one noted (else it fails with
/// `TargetFileChanged`) and renames over it (by an exchange, which does the same and shows what it replaced). It
/// takes no lock. Items are generic passwords as oo7 writes them, with
/// `xdg:content-type`.
final class UnlockedWriter: Sendable {
  let path: String
  let service: String
  private let password: SecretBytes

  init(path: String, password: String, service: String) throws {
    self.path = path
    self.service = service
    self.password = SecretBytes(Array(password.utf8))
  }

  /// Adds one item; false when the file changed between the read and the rename (nothing renamed).
  func add(account: String) throws -> Bool {
    var noted = stat()
    guard stat(path, &noted) == 0 else { throw KeyringFixtureError("stat: \(errno)") }
    var keyring = try open()
    let now = UInt64(Date().timeIntervalSince1970)
    _ = try keyring.append(
      KeyringItemContents(
        attributes: ["service": service, "account": account, "xdg:content-type": "text/plain"], label: account,
        created: now, modified: now, secret: SecretBytes(Array("their-\(account)".utf8))))
    keyring.stampWrite()
    let bytes = keyring.contents.encoded()
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    let temporary =
      (path as NSString).deletingLastPathComponent + "/.tmpkeyring"
      + String((0..<16).map { _ in alphabet.randomElement()! })
    let descriptor = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw KeyringFixtureError("open: \(errno)") }
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    fsync(descriptor)
    close(descriptor)
    guard written == bytes.count else { throw KeyringFixtureError("write: \(errno)") }
    var current = stat()
    guard stat(path, &current) == 0, current.st_mtim.tv_sec == noted.st_mtim.tv_sec,
      current.st_mtim.tv_nsec == noted.st_mtim.tv_nsec
    else {
      unlink(temporary)
      return false
    }
    // oo7 renames; the exchange puts the same file in place at the same instant, and shows what it replaced: when
    // that is not the version noted, a write of another writer landed in this one's window, and this write dropped
    // whatever that version held beyond the one read.
    guard RenameExchange.exchange(temporary, path) == .exchanged else { throw KeyringFixtureError("exchange") }
    var replaced = stat()
    stat(temporary, &replaced)
    if replaced.st_ino != noted.st_ino {
      let mine = Set(try accounts(in: keyring))
      let theirs = (try? accounts(in: Self.open(path: temporary, password: password))) ?? []
      droppedAccounts.withLock { $0.formUnion(theirs.filter { !mine.contains($0) }) }
    }
    unlink(temporary)
    return true
  }

  /// Accounts a write of this writer dropped from another writer's version (its own check-then-rename window).
  let droppedAccounts = Mutex<Set<String>>([])
  var dropped: Set<String> { droppedAccounts.withLock { $0 } }

  /// The accounts of every item of the service in the file, in file order.
  func accounts() throws -> [String] { try accounts(in: open()) }

  private func accounts(in keyring: OpenedKeyring) throws -> [String] {
    keyring.search(["service": service]).compactMap { keyring.item(at: $0)?.attributes["account"] }
  }

  private func open() throws -> OpenedKeyring { try Self.open(path: path, password: password) }

  private static func open(path: String, password: SecretBytes) throws -> OpenedKeyring {
    let contents = try KeyringFileContents(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    let key = try KeyringKey.derive(
      secret: password, KeyDerivation(salt: contents.salt, iterations: contents.iterations))
    return try OpenedKeyring(contents, key: key)
  }
}
