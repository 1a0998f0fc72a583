import Foundation
import KeyringTestSupport
import Testing

@testable import KeychainFiles
@testable import Security

#if canImport(Glibc)
  import Glibc
#endif

/// Where the cross-process lock lives (`LockDirectory`): a directory only the user can have made, or a status; never
/// a lock quietly weakened to one process.
@Suite("Reliability: the lock directory", .tags(.daemon))
struct LockDirectoryTests {
  /// A fresh directory (0700) standing in for a runtime or home directory, removed afterwards.
  final class Scratch {
    let path: String
    init() throws {
      var template = Array((NSTemporaryDirectory() + "/lock-directory-XXXXXX").utf8CString)
      guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
      path = String(cString: made)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
  }

  private func mode(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & 0o777 : nil
  }

  private func status(_ context: LockDirectory.Context) -> OSStatus {
    do {
      _ = try LockDirectory.find(context)
      return errSecSuccess
    } catch {
      return error.status
    }
  }

  @Test("with XDG_RUNTIME_DIR, the lock is in swift-keychain-linux there, made 0700")
  func runtimeDirectory() throws {
    let runtime = try Scratch()
    let directory = try LockDirectory.find(.init(runtimeDirectory: runtime.path, home: "/nonexistent", uid: getuid()))
    #expect(directory == runtime.path + "/swift-keychain-linux")
    #expect(mode(directory) == 0o700)
  }

  @Test("without XDG_RUNTIME_DIR, the lock is in ~/.cache/swift-keychain-linux, both made 0700")
  func homeCache() throws {
    let home = try Scratch()
    let directory = try LockDirectory.find(.init(home: home.path, uid: getuid()))
    #expect(directory == home.path + "/.cache/swift-keychain-linux")
    #expect(mode(home.path + "/.cache") == 0o700)
    #expect(mode(directory) == 0o700)
  }

  @Test("XDG_CACHE_HOME, when set, takes the place of ~/.cache")
  func cacheHome() throws {
    let cache = try Scratch()
    let directory = try LockDirectory.find(.init(cacheHome: cache.path, home: "/nonexistent", uid: getuid()))
    #expect(directory == cache.path + "/swift-keychain-linux")
  }

  @Test("an XDG_RUNTIME_DIR others may enter is refused with errSecWrPerm, nothing made in it")
  func runtimeDirectoryTooOpen() throws {
    let runtime = try Scratch()
    chmod(runtime.path, 0o755)
    #expect(status(.init(runtimeDirectory: runtime.path, home: "/nonexistent", uid: getuid())) == errSecWrPerm)
    #expect(!FileManager.default.fileExists(atPath: runtime.path + "/swift-keychain-linux"))
  }

  @Test("a lock directory made with a mode that lets others in is refused with errSecWrPerm")
  func lockDirectoryTooOpen() throws {
    let home = try Scratch()
    #expect(mkdir(home.path + "/.cache", 0o700) == 0)
    #expect(mkdir(home.path + "/.cache/swift-keychain-linux", 0o777) == 0)
    chmod(home.path + "/.cache/swift-keychain-linux", 0o777)
    #expect(status(.init(home: home.path, uid: getuid())) == errSecWrPerm)
  }

  @Test(
    "a lock directory another user made first is refused with errSecWrPerm",
    .enabled(if: getuid() == 0, "needs root to make a directory another user owns"))
  func lockDirectoryOfAnotherUser() throws {
    let home = try Scratch()
    #expect(mkdir(home.path + "/.cache", 0o700) == 0)
    let directory = home.path + "/.cache/swift-keychain-linux"
    #expect(mkdir(directory, 0o700) == 0)
    #expect(chown(directory, 65534, 65534) == 0)
    #expect(status(.init(home: home.path, uid: getuid())) == errSecWrPerm)
  }

  @Test(
    "an XDG_RUNTIME_DIR of another user is refused with errSecWrPerm",
    .enabled(if: getuid() == 0, "needs root to make a directory another user owns"))
  func runtimeDirectoryOfAnotherUser() throws {
    let runtime = try Scratch()
    #expect(chown(runtime.path, 65534, 65534) == 0)
    #expect(status(.init(runtimeDirectory: runtime.path, home: "/nonexistent", uid: getuid())) == errSecWrPerm)
  }

  @Test("a symbolic link at the lock directory's place is refused with errSecWrPerm")
  func symbolicLink() throws {
    let home = try Scratch()
    let elsewhere = try Scratch()
    #expect(mkdir(home.path + "/.cache", 0o700) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: home.path + "/.cache/swift-keychain-linux", withDestinationPath: elsewhere.path)
    #expect(status(.init(home: home.path, uid: getuid())) == errSecWrPerm)
  }

  @Test("neither XDG_RUNTIME_DIR nor a home directory is errSecIO")
  func nowhere() {
    #expect(status(.init(uid: getuid())) == errSecIO)
  }

  @Test("SecItem calls in a process whose lock directory is unsafe fail with errSecWrPerm and write nothing")
  func secItemRefused() throws {
    let runtime = try Scratch()
    chmod(runtime.path, 0o755)
    let service = unique("lock-directory")
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let child = try ExternalCommand.run(
      executable, ["--testing-library", "swift-testing", "--filter", "LockDirectoryTests/secItemRefusedChild"],
      environment: ["XDG_RUNTIME_DIR": runtime.path, Self.serviceVariable: service], timeout: .seconds(120))
    #expect(child.succeeded, "\(child)")
    #expect(child.output.contains("lock-directory-child: add -61, copy -61"), "\(child)")
    // Nothing was written: the item is not there for this process, whose lock directory is fine.
    let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]
    #expect(SecItemCopyMatching(query as CFDictionary, nil) == errSecItemNotFound)
  }

  static let serviceVariable = "LOCK_DIRECTORY_CHILD_SERVICE"

  @Test(
    "(child of secItemRefused) adds and reads with an unsafe lock directory",
    .enabled(if: ProcessInfo.processInfo.environment[serviceVariable] != nil))
  func secItemRefusedChild() throws {
    let service = try #require(ProcessInfo.processInfo.environment[Self.serviceVariable])
    let add = SecItemAdd(
      [
        kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
        kSecAttrAccount as String: "alice", kSecValueData as String: Data("s3cret".utf8),
      ] as CFDictionary, nil)
    let copy = SecItemCopyMatching(
      [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service] as CFDictionary, nil)
    FileHandle.standardOutput.write(Data("lock-directory-child: add \(add), copy \(copy)\n".utf8))
  }
}
