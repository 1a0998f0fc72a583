import Foundation
import Glibc
import KeyringTestSupport
import Testing

@testable import KeychainFiles
@testable import Security

/// The preferences file on disk: where it is, its modes, atomic changes under the lock, hostile files.
@Suite("keychain preferences file")
struct KeychainPreferencesFileTests {
  let directory: TemporaryDirectory
  let file: KeychainPreferencesFile

  init() throws {
    directory = try TemporaryDirectory("keychain-preferences")
    file = KeychainPreferencesFile(path: directory.path + "/config/swift-keychain-linux/keychains")
  }

  private func mode(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & 0o777 : 0
  }

  @Test("a change writes the file 0600 in a directory created 0700")
  func modes() throws {
    try file.update { (preferences) throws(SecItemError) in preferences.searchList = ["/a"] }
    #expect(mode(file.path) == 0o600)
    #expect(mode(file.directory) == 0o700)
    #expect(file.read().searchList == ["/a"])
  }

  @Test("a change that leaves nothing set removes the file")
  func emptyRemoves() throws {
    try file.update { (preferences) throws(SecItemError) in preferences.searchList = ["/a"] }
    try file.update { (preferences) throws(SecItemError) in preferences.searchList = nil }
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }

  @Test("a missing file reads as nothing set")
  func missing() {
    #expect(file.read() == KeychainPreferences())
  }

  @Test("a symbolic link at the file is not followed: it reads as nothing set and a change replaces the link")
  func symlink() throws {
    let target = directory.file("target")
    let original = KeychainPreferences(searchList: ["/target"]).serialized()
    _ = FileManager.default.createFile(atPath: target, contents: Data(original))
    try FileManager.default.createDirectory(atPath: file.directory, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: target)
    #expect(file.read() == KeychainPreferences())
    try file.update { (preferences) throws(SecItemError) in preferences.searchList = ["/mine"] }
    #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data(original))
    #expect(file.read().searchList == ["/mine"])
  }

  @Test("a FIFO at the file does not block a read")
  func fifo() throws {
    try FileManager.default.createDirectory(atPath: file.directory, withIntermediateDirectories: true)
    #expect(mkfifo(file.path, 0o600) == 0)
    #expect(file.read() == KeychainPreferences())
  }

  @Test("a file over the size limit reads as nothing set")
  func oversized() throws {
    try FileManager.default.createDirectory(atPath: file.directory, withIntermediateDirectories: true)
    var bytes = KeychainPreferences(searchList: ["/a"]).serialized()
    bytes += Array(repeating: UInt8(ascii: "#"), count: KeychainPreferencesFile.maximumSize)
    _ = FileManager.default.createFile(atPath: file.path, contents: Data(bytes))
    #expect(file.read() == KeychainPreferences())
  }

  @Test("changes from many threads at once are all kept")
  func concurrentChanges() async throws {
    let file = self.file
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<16 {
        group.addTask {
          try? file.update { (preferences) throws(SecItemError) in
            preferences.searchList = (preferences.searchList ?? []) + ["/k\(index)"]
          }
        }
      }
    }
    #expect(Set(file.read().searchList ?? []) == Set((0..<16).map { "/k\($0)" }))
  }

  static let workerFileVariable = "KEYCHAIN_PREFERENCES_WORKER_FILE"
  static let workerIndexVariable = "KEYCHAIN_PREFERENCES_WORKER_INDEX"

  @Test("changes from several processes at once are all kept")
  func concurrentProcesses() throws {
    let start = String(Date().timeIntervalSince1970 + 1)
    let workers = try (0..<4).map { index in
      try startChildTest(
        filter: "preferencesWorker",
        variables: [Self.workerFileVariable: file.path, Self.workerIndexVariable: "\(index)", "WORKER_START": start])
    }
    for worker in workers {
      worker.waitUntilExit()
      #expect(worker.terminationStatus == 0)
    }
    let expected = Set((0..<4).flatMap { index in (0..<25).map { "/p\(index)-\($0)" } })
    #expect(Set(file.read().searchList ?? []) == expected)
  }

  /// The worker of `concurrentProcesses` in each child process (skipped in ordinary runs): 25 changes, each adding
  /// one keychain to the list it finds.
  @Test(
    "preferences worker (a child process of the concurrent-processes test)",
    .enabled(if: ProcessInfo.processInfo.environment[KeychainPreferencesFileTests.workerFileVariable] != nil))
  func preferencesWorker() throws {
    let environment = ProcessInfo.processInfo.environment
    let file = KeychainPreferencesFile(path: try #require(environment[Self.workerFileVariable]))
    let index = try #require(environment[Self.workerIndexVariable])
    let wait = (Double(environment["WORKER_START"] ?? "") ?? 0) - Date().timeIntervalSince1970
    if wait > 0 { Thread.sleep(forTimeInterval: wait) }
    for number in 0..<25 {
      try file.update { (preferences) throws(SecItemError) in
        preferences.searchList = (preferences.searchList ?? []) + ["/p\(index)-\(number)"]
      }
    }
  }
}
