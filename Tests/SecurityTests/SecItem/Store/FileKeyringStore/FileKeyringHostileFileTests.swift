import Foundation
import GLibValues
import KeyringFileFormat
import KeyringTestSupport
import Synchronization
import Testing

@testable import KeychainFiles
@testable import Security

#if canImport(Glibc)
  import Glibc
#endif

/// Keyring files another process of the user planted or weakened: something that is not a regular file at the path,
/// a file too large to read, key settings weaker than the package's own or absurd. Each gets a defined status in
/// bounded time, and none is written over.
@Suite("File keyring: hostile and weak files")
struct FileKeyringHostileFileTests {
  let service = unique("file-hostile")

  var query: [String: Any] { merged(genericPassword(service: service), [kSecReturnData as String: true]) }
  func newItem(_ account: String = "new", secret: Data = Data(utf8: "n")) -> [String: Any] {
    merged(genericPassword(service: service, account: account), [kSecValueData as String: secret])
  }

  /// `body` on a thread of its own, waited for at most `limit`; nil when it did not return in time (it is then left
  /// running; `unblock` is called to let it end).
  func bounded<R: Sendable>(
    _ limit: Duration, unblock: () -> Void, _ body: @escaping @Sendable () -> R
  ) -> R? {
    let result = Mutex<R?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let value = body()
      result.withLock { $0 = value }
      done.signal()
    }
    let nanoseconds = Int(limit.components.seconds) * 1_000_000_000
    if done.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut {
      unblock()
      _ = done.wait(timeout: .now() + .seconds(10))
      return nil
    }
    return result.withLock { $0 }
  }

  // MARK: - What is at the path

  @Test("a FIFO at the keyring's path is errSecInvalidKeychain at once, not a wait for a writer")
  func fifo() throws {
    let file = try TemporaryKeyringFile()
    try FileManager.default.createDirectory(
      atPath: (file.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    #expect(mkfifo(file.path, 0o600) == 0)
    let service = service
    let status = bounded(
      .seconds(5),
      unblock: {
        // Opening the FIFO for writing lets a reader blocked in `open` go on.
        let writer = open(file.path, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
      }
    ) { file.run { copyMatching(genericPassword(service: service)).status } }
    #expect(status == errSecInvalidKeychain)
  }

  @Test("a symbolic link at the keyring's path is errSecInvalidKeychain, even to a good keyring")
  func symlinkRead() throws {
    let target = try TemporaryKeyringFile()
    #expect(target.run { add(newItem()) } == errSecSuccess)
    let file = try TemporaryKeyringFile(password: target.password)
    try FileManager.default.createDirectory(
      atPath: (file.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: target.path)
    #expect(file.run { copyMatching(query).status } == errSecInvalidKeychain)
  }

  @Test("an add through a symbolic link at the keyring's path is refused; the link and its target stay as they were")
  func symlinkWrite() throws {
    let target = try TemporaryKeyringFile()
    #expect(target.run { add(newItem()) } == errSecSuccess)
    let before = target.bytes
    let file = try TemporaryKeyringFile(password: target.password)
    try FileManager.default.createDirectory(
      atPath: (file.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: target.path)
    #expect(file.run { add(newItem("other")) } == errSecInvalidKeychain)
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: file.path)) == target.path)
    #expect(target.bytes == before)
  }

  // MARK: - Size

  /// A keyring file of `password` holding one generic password of the service (account `a`, secret `s`), keyed with
  /// `derivation` (fresh by default), plus `fillers` items of `fillerSize` bytes that no key opens, and
  /// `foreign` items of another key.
  func keyring(
    password: String, derivation: KeyDerivation = .fresh(), fillers: Int = 0, fillerSize: Int = 4096,
    foreign: Int = 0
  ) throws -> [UInt8] {
    let key = try KeyringKey.derive(secret: SecretBytes(Array(password.utf8)), derivation)
    var keyring = try OpenedKeyring.new(key: key)
    _ = try keyring.append(item(account: "a"))
    var contents = keyring.contents
    for index in 0..<fillers {
      let blob = [UInt8](repeating: UInt8(truncatingIfNeeded: index), count: fillerSize)
      contents.items.append(EncryptedKeyringItem(hashedAttributes: [], blob: blob))
    }
    if foreign > 0 {
      var other = try OpenedKeyring.new(
        key: KeyringKey.derive(secret: SecretBytes(Array("another secret".utf8)), derivation))
      for index in 0..<foreign { _ = try other.append(item(account: "foreign-\(index)")) }
      contents.items += other.contents.items
    }
    return contents.encoded()
  }

  /// A generic password of the service as this package stores it.
  func item(account: String) -> KeyringItemContents {
    KeyringItemContents(
      attributes: ["xdg:schema": "org.swift-keychain-linux.GenericPassword", "service": service, "account": account],
      label: service, created: 1_700_000_000, modified: 1_700_000_000, secret: SecretBytes(Array("s".utf8)))
  }

  @Test("a keyring past the size limit is errSecInvalidKeychain, and an add leaves it as it was")
  func pastSizeLimit() throws {
    let file = try TemporaryKeyringFile()
    let fillers = KeyringFile.maximumSize / 4096 + 1
    try file.write(Data(try keyring(password: file.password, fillers: fillers)))
    let before = try #require(file.bytes)
    #expect(before.count > KeyringFile.maximumSize)
    #expect(file.run { copyMatching(query).status } == errSecInvalidKeychain)
    #expect(file.run { add(newItem()) } == errSecInvalidKeychain)
    #expect(file.bytes == before)
  }

  @Test("an add that would take the keyring past the size limit is errSecDataTooLarge, and the file stays as it was")
  func addPastSizeLimit() throws {
    let file = try TemporaryKeyringFile()
    #expect(file.run { add(newItem("small")) } == errSecSuccess)
    let before = file.bytes
    let large = Data(count: KeyringFile.maximumSize)
    #expect(file.run { add(newItem("large", secret: large)) } == errSecDataTooLarge)
    #expect(file.bytes == before)
  }

  /// The peak resident memory, in bytes, of a `security find-generic-password` process reading `file`.
  func peakMemory(reading file: TemporaryKeyringFile) throws -> Int {
    let script = """
      import resource, subprocess, sys
      subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
      print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
      """
    let run = try ExternalCommand.run(
      ExternalCommand.python3, ["-c", script, securityExecutable, "find-generic-password", "-s", service],
      environment: file.environment.merging(["KEYCHAIN_STORE": ""]) { _, new in new })
    return try #require(Int(run.output.trimmingCharacters(in: .whitespacesAndNewlines))) * 1024
  }

  @Test(
    "reading a keyring holds one copy of its bytes besides what parsing needs: peak memory under 2.5 times its size")
  func oneCopy() throws {
    let small = try TemporaryKeyringFile()
    try small.write(Data(try keyring(password: small.password, fillers: 1)))
    let large = try TemporaryKeyringFile(password: small.password)
    try large.write(Data(try keyring(password: large.password, fillers: 3000)))
    let size = try #require(large.bytes).count
    let growth = try peakMemory(reading: large) - peakMemory(reading: small)
    #expect(Double(growth) < 2.5 * Double(size), "peak memory grew by \(growth) bytes for a file of \(size)")
  }

  // MARK: - Key settings

  /// The key settings the file holds now.
  func derivation(of file: TemporaryKeyringFile) throws -> KeyDerivation {
    let contents = try KeyringFileContents(decoding: [UInt8](try #require(file.bytes)))
    return KeyDerivation(salt: contents.salt, iterations: contents.iterations)
  }

  @Test("a write re-keys a file weaker than the minimum to a new 32-byte salt and 100,000 rounds, keeping its items")
  func rekey() throws {
    let file = try TemporaryKeyringFile()
    let weak = KeyDerivation(salt: [1, 2, 3, 4, 5, 6, 7, 8], iterations: 1_000)
    try file.write(Data(try keyring(password: file.password, derivation: weak)))
    #expect(file.run { add(newItem()) } == errSecSuccess)
    let now = try derivation(of: file)
    #expect(now.salt.count == 32)
    #expect(now.salt != weak.salt + Array(repeating: 0, count: 24))
    #expect(now.iterations == 100_000)
    #expect(file.run { secret(genericPassword(service: service, account: "a")) } == .found(Data(utf8: "s")))
    #expect(file.run { secret(genericPassword(service: service, account: "new")) } == .found(Data(utf8: "n")))
  }

  @Test("secret-tool reads every item of a re-keyed file with its password")
  func rekeyedInterop() throws {
    let file = try TemporaryKeyringFile()
    let weak = KeyDerivation(salt: [9], iterations: 10)
    try file.write(Data(try keyring(password: file.password, derivation: weak)))
    #expect(file.run { add(newItem()) } == errSecSuccess)
    #expect(try derivation(of: file).iterations == 100_000)
    let old = try file.secretTool(["lookup", "service", service, "account", "a"])
    #expect(old.output == "s", "\(old)")
    let new = try file.secretTool(["lookup", "service", service, "account", "new"])
    #expect(new.output == "n", "\(new)")
  }

  @Test("a file of settings at the minimum is written with them, not re-keyed")
  func minimumKept() throws {
    let file = try TemporaryKeyringFile()
    let strong = KeyDerivation.fresh()
    try file.write(Data(try keyring(password: file.password, derivation: strong)))
    #expect(file.run { add(newItem()) } == errSecSuccess)
    #expect(try derivation(of: file) == strong)
  }

  @Test("a weak file holding items of another key is not written (they cannot be re-keyed): errSecInvalidKeychain")
  func weakWithForeignItems() throws {
    let file = try TemporaryKeyringFile()
    let weak = KeyDerivation(salt: [1, 2, 3, 4], iterations: 1_000)
    try file.write(Data(try keyring(password: file.password, derivation: weak, foreign: 1)))
    let before = file.bytes
    #expect(file.run { secret(genericPassword(service: service, account: "a")) } == .found(Data(utf8: "s")))
    #expect(file.run { add(newItem()) } == errSecInvalidKeychain)
    #expect(file.bytes == before)
  }

  @Test("an empty salt is errSecInvalidKeychain, and an add leaves the file as it was")
  func emptySalt() throws {
    let file = try TemporaryKeyringFile()
    // A file of this package's item, its salt then emptied (no key is derived for an empty salt).
    var contents = try KeyringFileContents(
      decoding: try keyring(password: file.password, derivation: KeyDerivation(salt: [7], iterations: 1_000)))
    contents.salt = []
    try file.write(Data(contents.encoded()))
    let before = file.bytes
    #expect(file.run { copyMatching(query).status } == errSecInvalidKeychain)
    #expect(file.run { add(newItem()) } == errSecInvalidKeychain)
    #expect(file.bytes == before)
  }

  @Test("a round count above the maximum is errSecInvalidKeychain, without deriving the key")
  func tooManyRounds() throws {
    let file = try TemporaryKeyringFile()
    let rounds = KeyDerivation.maximumIterations + 1
    try file.write(Data(try keyring(password: file.password, derivation: KeyDerivation(salt: [1], iterations: 1))))
    var bytes = try #require(file.bytes)
    // The round count follows the salt's size (4 bytes) and the salt (1 byte, then padding to 4) in the body.
    let offset = KeyringFileContents.headerSize + 8
    #expect(bytes[offset..<offset + 4].elementsEqual([1, 0, 0, 0]))
    withUnsafeBytes(of: rounds.littleEndian) { bytes.replaceSubrange(offset..<offset + 4, with: $0) }
    try file.write(bytes)
    let start = ContinuousClock.now
    #expect(file.run { copyMatching(query).status } == errSecInvalidKeychain)
    #expect(ContinuousClock.now - start < .seconds(2))
  }
}
