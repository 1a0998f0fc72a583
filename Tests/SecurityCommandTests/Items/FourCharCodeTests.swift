import Testing

@testable import SecurityCommand

@Suite("four-character codes on the command line")
struct FourCharCodeTests {
  @Test("four characters are a code, first character most significant")
  func valid() throws {
    let code = try #require(FourCharCode(parsing: "htps", complain: { _ in Issue.record("complained") }))
    #expect(code.number == 0x6874_7073)
    #expect(code.description == "htps")
  }

  @Test("three characters are refused with macOS's hint to add a space")
  func threeCharacters() {
    var messages: [String] = []
    #expect(FourCharCode(parsing: "ftp", complain: { messages.append($0) }) == nil)
    #expect(
      messages == [
        "Error: four-character types must be exactly 4 characters long.\n", "(Try \"ftp \" instead of \"ftp\")\n",
      ])
  }

  @Test("other lengths are refused without a hint")
  func otherLengths() {
    var messages: [String] = []
    #expect(FourCharCode(parsing: "https", complain: { messages.append($0) }) == nil)
    #expect(messages == ["Error: four-character types must be exactly 4 characters long.\n"])
  }
}
