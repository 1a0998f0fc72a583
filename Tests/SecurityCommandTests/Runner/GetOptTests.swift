import Testing

@testable import SecurityCommand

/// getopt(3) as macOS's libc has it.
@Suite("getopt as macOS parses command options")
struct GetOptTests {
  /// All events of a scan, the operands after it and the messages it printed.
  private func scan(_ arguments: [String], _ optionString: String) -> (
    events: [GetOpt.Event], operands: [String], messages: [String]
  ) {
    var getopt = GetOpt(arguments, optionString: optionString)
    var events: [GetOpt.Event] = []
    var messages: [String] = []
    while let event = getopt.next(diagnose: { messages.append($0) }) { events.append(event) }
    return (events, getopt.operands, messages)
  }

  @Test("an option's value is the next argument")
  func separateValue() {
    #expect(scan(["-a", "alice"], "a:").events == [.option("a", value: "alice")])
  }

  @Test("an option's value can be attached to it")
  func attachedValue() {
    #expect(scan(["-aalice"], "a:").events == [.option("a", value: "alice")])
  }

  @Test("flags cluster, and a clustered option takes the rest as its value")
  func clusters() {
    #expect(
      scan(["-gwaalice"], "gwa:").events == [
        .option("g", value: nil), .option("w", value: nil), .option("a", value: "alice"),
      ])
  }

  @Test("a value that looks like an option is still the value")
  func valueLooksLikeOption() {
    #expect(scan(["-w", "-U"], "w:U").events == [.option("w", value: "-U")])
  }

  @Test("options end at the first operand; later dashes are operands")
  func stopsAtOperand() {
    let result = scan(["-g", "login.keychain", "-a", "x"], "ga:")
    #expect(result.events == [.option("g", value: nil)])
    #expect(result.operands == ["login.keychain", "-a", "x"])
  }

  @Test("-- ends the options and is skipped")
  func doubleDash() {
    let result = scan(["-g", "--", "-a"], "ga:")
    #expect(result.events == [.option("g", value: nil)])
    #expect(result.operands == ["-a"])
  }

  @Test("a lone - is an operand")
  func loneDash() {
    #expect(scan(["-", "-g"], "g").operands == ["-", "-g"])
  }

  @Test("an unknown option is reported as illegal")
  func illegalOption() {
    let result = scan(["-x"], "g")
    #expect(result.events == [.unknown("x")])
    #expect(result.messages == ["illegal option -- x"])
  }

  @Test("a missing value is reported and counts as unknown")
  func missingValueLoud() {
    let result = scan(["-a"], "a:")
    #expect(result.events == [.unknown("a")])
    #expect(result.messages == ["option requires an argument -- a"])
  }

  @Test("a leading colon silences getopt and reports a missing value as such")
  func missingValueSilent() {
    let result = scan(["-s", "svc", "-w"], ":s:w:")
    #expect(result.events == [.option("s", value: "svc"), .missingValue("w")])
    #expect(result.messages.isEmpty)
  }

  @Test("a colon is never an option")
  func colonIsIllegal() {
    #expect(scan(["-:"], "a:").events == [.unknown(":")])
  }
}
