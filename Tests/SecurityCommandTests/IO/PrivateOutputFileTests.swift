import Foundation
import Glibc
import KeyringTestSupport
import Testing

@testable import SecurityCommand

/// The file `dump-keychain -o` writes secrets to: 0600, never through a planted link, never someone else's file, never
/// into an existing inode.
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

  /// The names in the scratch directory.
  private func names(_ scratch: Scratch) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
  }

  @Test("a new file is created with mode 0600 and appears at the path, whole, when committed")
  func newFile() throws {
    let scratch = try Scratch()
    let path = scratch.file("dump")
    let file = try PrivateOutputFile(path: path)
    #expect(write(file, "data"))
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(file.commit())
    #expect(mode(path) == 0o600)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "data")
    #expect(try names(scratch) == ["dump"])
  }

  @Test("a dump that is not committed is removed and the path left as it was")
  func uncommittedRemoved() throws {
    let scratch = try Scratch()
    let path = scratch.file("dump")
    try "before".write(toFile: path, atomically: false, encoding: .utf8)
    do {
      let file = try PrivateOutputFile(path: path)
      #expect(write(file, "half"))
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "before")
    #expect(try names(scratch) == ["dump"])
  }

  @Test("an existing file's inode is never written: a descriptor opened on it before keeps reading the old bytes")
  func existingInodeUntouched() throws {
    let scratch = try Scratch()
    let path = scratch.file("dump")
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    let reader = open(path, O_RDONLY)
    #expect(reader >= 0)
    defer { close(reader) }
    let file = try PrivateOutputFile(path: path)
    #expect(write(file, "secret"))
    #expect(file.commit())
    var buffer = [UInt8](repeating: 0, count: 16)
    let count = pread(reader, &buffer, buffer.count, 0)
    #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self) == "old")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "secret")
  }

  @Test(
    "another user who opened the old file while it was 0644 reads the old bytes, never the dump (setpriv, uid 65534)",
    .enabled(if: geteuid() == 0, "needs root to run a reader as another user"))
  func otherUserReaderSeesOldFile() throws {
    let scratch = try Scratch()
    chmod(scratch.path, 0o755)
    let path = scratch.file("dump")
    try "old dump".write(toFile: path, atomically: false, encoding: .utf8)
    chmod(path, 0o644)
    let signals = scratch.file("signals")
    #expect(mkdir(signals, 0o700) == 0 && chown(signals, 65534, 65534) == 0)
    // The other user opens the file, says so, waits for the dump, then reads through its descriptor.
    let script = """
      exec 3<"$0" || exit 1
      : > "$1/opened"
      while [ ! -e "$1/dumped" ]; do sleep 0.02; done
      cat <&3 > "$1/read"
      """
    let reader = try ExternalCommand.start(
      "setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/bin/sh", "-c", script, path, signals])
    defer { _ = reader.stop() }
    let deadline = ContinuousClock.now + .seconds(10)
    while !FileManager.default.fileExists(atPath: signals + "/opened") && ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.02)
    }
    let file = try PrivateOutputFile(path: path)
    #expect(write(file, "password: s3cret"))
    #expect(file.commit())
    #expect(FileManager.default.createFile(atPath: signals + "/dumped", contents: nil))
    while !FileManager.default.fileExists(atPath: signals + "/read") && ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.02)
    }
    Thread.sleep(forTimeInterval: 0.1)  // `cat` finishes its write
    #expect(try String(contentsOfFile: signals + "/read", encoding: .utf8) == "old dump")
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
    #expect(write(file, "new"))
    #expect(file.commit())
    #expect(mode(path) == 0o600)
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
