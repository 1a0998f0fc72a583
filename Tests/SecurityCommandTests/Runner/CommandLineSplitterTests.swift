import Testing

@testable import SecurityCommand

@Suite("interactive-mode line splitting")
struct CommandLineSplitterTests {
  private func split(_ line: String) -> [String] { CommandLineSplitter.split(Array(line.utf8)) }

  @Test("blanks separate arguments")
  func blanks() {
    #expect(split("  find-generic-password\t-s  svc ") == ["find-generic-password", "-s", "svc"])
  }

  @Test("quotes group an argument and are removed")
  func quotes() {
    #expect(split("add -l \"my label\" -j 'a \"b\"'") == ["add", "-l", "my label", "-j", "a \"b\""])
  }

  @Test("a backslash escapes the next character")
  func backslash() {
    #expect(split("a\\ b \"c\\\"d\"") == ["a b", "c\"d"])
  }

  @Test("a quote inside a word is literal")
  func quoteInsideWord() {
    #expect(split("it's") == ["it's"])
  }

  @Test("at most 32 arguments are kept")
  func limit() {
    let words = (1...40).map(String.init)
    #expect(split(words.joined(separator: " ")) == Array(words.prefix(32)))
  }
}
