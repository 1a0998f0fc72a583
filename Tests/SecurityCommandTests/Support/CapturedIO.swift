@testable import SecurityCommand

/// Standard streams for in-process runs: output and error collected, input lines given up front (not a terminal).
final class CapturedIO: CommandIO {
  private(set) var outputBytes: [UInt8] = []
  private(set) var errorBytes: [UInt8] = []
  private var input: [[UInt8]]
  /// The prompts `readPassword` showed, in order.
  private(set) var prompts: [String] = []

  init(input: [String] = []) {
    self.input = input.map { Array($0.utf8) }
  }

  var output: String { String(decoding: outputBytes, as: UTF8.self) }
  var error: String { String(decoding: errorBytes, as: UTF8.self) }

  func writeOutput(_ bytes: [UInt8]) { outputBytes += bytes }
  func writeError(_ bytes: [UInt8]) { errorBytes += bytes }
  var inputIsTerminal: Bool { false }

  func readLine() -> [UInt8]? {
    input.isEmpty ? nil : input.removeFirst()
  }

  func readPassword(prompt: String) -> [UInt8]? {
    prompts.append(prompt)
    writeError(Array(prompt.utf8))
    return readLine()
  }
}
