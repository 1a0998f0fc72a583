import Foundation
import Glibc
import Testing

@testable import SecurityCommand

/// The file `dump-keychain -o` writes secrets to: 0600, never through a planted link, never someone else's file.
@Suite("the dump file")
struct PrivateOutputFileTests {
  /// A fresh private directory for one test, removed afterwards.
  private final class Scratch {
    let path: String
    init() throws {
      var template = Array((NSTemporaryDirectory() + "/dump-file-XXXXXX").utf8CString)
      guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
      path = String(cString: made)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String) -> String { path + "/" + name }
  }

  private func mode(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
  }

  private func write(_ file: PrivateOutputFile, _ text: String) -> Bool { file.write(Array(text.utf8)) }

  @Test("a new file is created with mode 0600")
  func newFile() throws {
    let scratch = try Scratch()
    let path = scratch.file("dump")
    let file = try PrivateOutputFile(path: path)
    #expect(write(file, "data"))
    #expect(mode(path) == 0o600)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "data")
  }

  @Test("a symbolic link at the path is refused and its target is left untouched")
  func symlinkRefused() throws {
    let scratch = try Scratch()
    let target = scratch.file("target")
    try "precious".write(toFile: target, atomically: false, encoding: .utf8)
    let path = scratch.file("dump")
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    #expect(throws: PrivateOutputFile.Refusal.self) { try PrivateOutputFile(path: path) }
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == target)
  }

  @Test("a dangling symbolic link is refused and nothing is created at its target")
  func danglingSymlinkRefused() throws {
    let scratch = try Scratch()
    let target = scratch.file("would-be-created")
    let path = scratch.file("dump")
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    #expect(throws: PrivateOutputFile.Refusal.self) { try PrivateOutputFile(path: path) }
    #expect(!FileManager.default.fileExists(atPath: target))
  }

  @Test("the user's own file is overwritten and set to 0600, as macOS overwrites it")
  func ownFileReplaced() throws {
    let scratch = try Scratch()
    let path = scratch.file("dump")
    try "an older and longer dump".write(toFile: path, atomically: false, encoding: .utf8)
    chmod(path, 0o644)
    let file = try PrivateOutputFile(path: path)
    #expect(mode(path) == 0o600)
    #expect(write(file, "new"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
  }

  @Test("a file with another hard link is refused")
  func hardLinkRefused() throws {
    let scratch = try Scratch()
    let other = scratch.file("other")
    try "kept".write(toFile: other, atomically: false, encoding: .utf8)
    let path = scratch.file("dump")
    #expect(link(other, path) == 0)
    #expect(throws: PrivateOutputFile.Refusal(reason: "the file has other hard links")) {
      try PrivateOutputFile(path: path)
    }
    #expect(try String(contentsOfFile: other, encoding: .utf8) == "kept")
  }

  @Test("a FIFO at the path is refused at once instead of blocking")
  func fifoRefused() throws {
    let scratch = try Scratch()
    let path = scratch.file("dump")
    #expect(mkfifo(path, 0o600) == 0)
    let started = ContinuousClock.now
    #expect(throws: PrivateOutputFile.Refusal.self) { try PrivateOutputFile(path: path) }
    #expect(ContinuousClock.now - started < .seconds(1))
  }

  @Test(
    "another user's file is refused and left as it is",
    .enabled(if: geteuid() == 0, "needs root to give a file to another user"))
  func otherUsersFileRefused() throws {
    let scratch = try Scratch()
    let path = scratch.file("dump")
    try "theirs".write(toFile: path, atomically: false, encoding: .utf8)
    chmod(path, 0o666)
    #expect(chown(path, 65534, 65534) == 0)
    #expect(throws: PrivateOutputFile.Refusal(reason: "owned by another user")) { try PrivateOutputFile(path: path) }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "theirs")
    #expect(mode(path) == 0o666)
  }
}
