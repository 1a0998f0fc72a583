import FreedesktopServices
import GLibValues
import Glibc
import Testing

@testable import SecurityCommand

/// Standard input's buffer: a password read from it leaves no byte behind.
@Suite("the standard input buffer")
struct InputBufferTests {
  /// `StandardIO` reading `text` from a pipe (closed after it, so the input ends there).
  private func standardIO(reading text: String) throws -> StandardIO {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let bytes = Array(text.utf8)
    try #require(bytes.withUnsafeBytes { Glibc.write(ends[1], $0.baseAddress, $0.count) } == bytes.count)
    close(ends[1])
    return StandardIO(inputDescriptor: ends[0])
  }

  private func holds(_ storage: [UInt8], _ text: String) -> Bool {
    let needle = Array(text.utf8)
    return storage.indices.contains { storage[$0...].starts(with: needle) }
  }

  @Test("after a password is read, the buffer holds none of it, and the input after it is still read")
  func passwordLeavesNothing() throws {
    let io = try standardIO(reading: "correct horse battery staple\nnext\n")
    // Not a terminal: the prompt goes to standard error (empty here) and the line comes from the pipe.
    var password = try #require(io.readPassword(prompt: ""))
    #expect(password == Array("correct horse battery staple".utf8))
    SecretBytes.wipe(&password)
    let leftOver = holds(io.input.storageContents, "battery")
    #expect(!leftOver)
    #expect(io.readLine() == Array("next".utf8))
  }

  @Test("a line longer than the buffer is read whole, and taking it leaves only zeros")
  func growth() {
    let buffer = InputBuffer(capacity: 4)
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let text = Array("abcdefgh\n".utf8)
    _ = text.withUnsafeBytes { Glibc.write(ends[1], $0.baseAddress, $0.count) }
    close(ends[1])
    while buffer.fill(from: ends[0]) > 0 {}
    close(ends[0])
    #expect(buffer.takeLine() == Array("abcdefgh".utf8))
    let zeros = buffer.storageContents.allSatisfy { $0 == 0 }
    #expect(zeros)
  }
}

extension InputBuffer {
  /// The whole buffer, consumed and free space included: what a look at the process's memory would find there.
  var storageContents: [UInt8] { Array(UnsafeRawBufferPointer(storage)) }
}
