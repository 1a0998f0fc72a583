import Foundation
import KeyringTestSupport
import Testing

/// `EventLog`, the file test helpers append their events to: what a reader sees while the helper writes.
@Suite("Event log of a test helper")
struct EventLogTests {
  /// Appends `text` to the log's file, as the helpers do.
  private func append(_ text: String, to log: EventLog) throws {
    if !FileManager.default.fileExists(atPath: log.path) {
      try #require(FileManager.default.createFile(atPath: log.path, contents: nil))
    }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log.path))
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8))
  }

  @Test("a log the helper has not written yet has no lines")
  func noFileYet() throws {
    #expect(try EventLog("event-log-test").lines == [])
  }

  @Test("finished lines are read in order")
  func finishedLines() throws {
    let log = try EventLog("event-log-test")
    try append("registered\nbegin one\n", to: log)
    #expect(log.lines == ["registered", "begin one"])
  }

  @Test("a last line without its newline yet is left out until it is finished")
  func unfinishedLastLine() throws {
    let log = try EventLog("event-log-test")
    try append("prompt 1\nprom", to: log)
    #expect(log.lines == ["prompt 1"])
    try append("pt 2\n", to: log)
    #expect(log.lines == ["prompt 1", "prompt 2"])
  }
}
