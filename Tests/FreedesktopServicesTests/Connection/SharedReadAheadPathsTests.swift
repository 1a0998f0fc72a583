import Foundation
import KeyringTestSupport
import Testing

@testable import FreedesktopServices

/// What `SharedReadAheadPaths` shares among the user's processes through its file: the path one handle's search found
/// is given to another handle of the same bus and daemon, never to another's; a damaged slot or a file that is not
/// private to the user is not used; a bucket keeps `ways` sets.
@Suite("Shared read-ahead paths")
struct SharedReadAheadPathsTests {
  let first = ObjectPath("/org/freedesktop/secrets/collection/login/1")
  let second = ObjectPath("/org/freedesktop/secrets/collection/login/2")
  /// The test's own directory (0700), standing in for the lock directory.
  let scratch: TemporaryDirectory

  init() throws {
    scratch = try TemporaryDirectory("shared-read-ahead")
  }

  var directory: String { scratch.path }
  var fileURL: URL { URL(fileURLWithPath: scratch.file(SharedReadAheadPaths.fileName)) }

  /// A handle's table backed by the file in `directory`, for `daemon` on `bus`.
  func paths(bus: String = "bus-guid", daemon: String = ":1.7") throws -> ReadAheadPaths {
    let table = try #require(SharedReadAheadPaths.table(in: directory))
    return ReadAheadPaths(shared: table.scope(bus: bus, daemon: daemon))
  }

  @Test("another handle of the same bus and daemon is given the item a search found")
  func sharedWithAnotherHandle() throws {
    try paths().remember([first], for: .init(of: ["service": "s"]))
    #expect(try paths().path(for: .init(of: ["service": "s"])) == first)
    #expect(try paths().path(for: .init(of: ["service": "t"])) == nil)
  }

  @Test("another daemon or another bus is given nothing")
  func scopedToBusAndDaemon() throws {
    try paths().remember([first], for: .init(of: ["service": "s"]))
    #expect(try paths(daemon: ":1.8").path(for: .init(of: ["service": "s"])) == nil)
    #expect(try paths(bus: "other-guid").path(for: .init(of: ["service": "s"])) == nil)
  }

  @Test("the order of the attributes does not matter")
  func orderIndependent() throws {
    var attributes = ["service": "s", "account": "a", "keychain:agrp": "g"]
    try paths().remember([first], for: .init(of: attributes))
    attributes.reserveCapacity(64)  // another layout of the same pairs
    #expect(try paths().path(for: .init(of: attributes)) == first)
  }

  @Test("a search that finds nothing, or several items, forgets the set for every handle")
  func forgottenForEveryHandle() throws {
    try paths().remember([first], for: .init(of: ["service": "s"]))
    try paths().remember([], for: .init(of: ["service": "s"]))
    #expect(try paths().path(for: .init(of: ["service": "s"])) == nil)
    try paths().remember([first], for: .init(of: ["service": "t"]))
    try paths().remember([first, second], for: .init(of: ["service": "t"]))
    #expect(try paths().path(for: .init(of: ["service": "t"])) == nil)
  }

  @Test("a slot whose path bytes were changed is not used")
  func damagedSlotIsMiss() throws {
    try paths().remember([first], for: .init(of: ["service": "s"]))
    var contents = try Data(contentsOf: fileURL)
    let pathBytes = Data(first.rawValue.utf8)
    let range = try #require(contents.range(of: pathBytes))
    contents[range.upperBound - 1] = UInt8(ascii: "9")  // …/login/9: a valid path, not the one checked
    try contents.write(to: fileURL)
    #expect(try paths().path(for: .init(of: ["service": "s"])) == nil)
  }

  @Test("a file of random bytes gives no path, and is written over as it is used")
  func randomFileGivesNothing() throws {
    let size = SharedReadAheadPaths.bucketCount * SharedReadAheadPaths.ways * SharedReadAheadPaths.slotSize
    try Data((0..<size).map { _ in UInt8.random(in: 0...255) }).write(to: fileURL)
    chmod(fileURL.path, 0o600)
    let table = try paths()
    let found = (0..<500).compactMap { table.path(for: .init(of: ["service": "\($0)"])) }
    #expect(found.isEmpty)
    table.remember([first], for: .init(of: ["service": "s"]))
    #expect(try paths().path(for: .init(of: ["service": "s"])) == first)
  }

  @Test("a file others may read or write is not used")
  func filesOthersMayReadAreRefused() throws {
    #expect(
      FileManager.default.createFile(atPath: fileURL.path, contents: Data(), attributes: [.posixPermissions: 0o644]))
    #expect(SharedReadAheadPaths.table(in: directory) == nil)
  }

  @Test("a symbolic link in the file's place is not followed")
  func symbolicLinkIsRefused() throws {
    let target = directory + "/target"
    #expect(FileManager.default.createFile(atPath: target, contents: Data(), attributes: [.posixPermissions: 0o600]))
    try FileManager.default.createSymbolicLink(atPath: fileURL.path, withDestinationPath: target)
    #expect(SharedReadAheadPaths.table(in: directory) == nil)
  }

  @Test("a bucket keeps as many sets as it has ways; one more replaces one of them")
  func bucketKeepsItsWays() throws {
    let table = try #require(SharedReadAheadPaths.table(in: directory))
    let scope = table.scope(bus: "bus-guid", daemon: ":1.7")
    let base = scope.hashes
    // Sets of one bucket: the hashes are deterministic, so the search for them is too.
    var sets: [AttributeSetHash] = []
    var index = 0
    let bucket = base.combined(with: .init(of: ["service": "0"])).bucket
    while sets.count < SharedReadAheadPaths.ways + 1 {
      let set = AttributeSetHash(of: ["service": "\(index)"])
      if base.combined(with: set).bucket == bucket { sets.append(set) }
      index += 1
    }
    let writer = ReadAheadPaths(shared: scope)
    for set in sets.dropLast() { writer.remember([first], for: set) }
    #expect(sets.dropLast().allSatisfy { try! paths().path(for: $0) == first })
    writer.remember([second], for: sets.last!)
    #expect(try paths().path(for: sets.last!) == second)
    #expect(sets.dropLast().filter { try! paths().path(for: $0) == first }.count == SharedReadAheadPaths.ways - 1)
  }
}
