import Testing

@testable import SecurityCommand

@Suite("the new-item password prompt")
struct PasswordPromptTests {
  @Test("the password and its confirmation must match")
  func matching() {
    let io = CapturedIO(input: ["pw", "pw"])
    #expect(PasswordPrompt.newItemPassword(io) == Array("pw".utf8))
    #expect(io.prompts == ["password data for new item: ", "retype password for new item: "])
  }

  @Test("a mismatch asks again, up to three times")
  func mismatchRetries() {
    let io = CapturedIO(input: ["a", "b", "c", "c"])
    #expect(PasswordPrompt.newItemPassword(io) == Array("c".utf8))
    #expect(io.error.contains("passwords don't match\n"))
  }

  @Test("three mismatches give up")
  func threeMismatches() {
    let io = CapturedIO(input: ["a", "b", "c", "d", "e", "f", "g", "g"])
    #expect(PasswordPrompt.newItemPassword(io) == nil)
    #expect(io.prompts.count == 6)
  }

  @Test("the end of input gives up")
  func endOfInput() {
    #expect(PasswordPrompt.newItemPassword(CapturedIO(input: ["only one"])) == nil)
  }
}
