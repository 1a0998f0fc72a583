import Foundation
import Testing

@testable import SecurityCommand

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `security polkit-action`: the polkit action user-presence access control checks, for installers.
@Suite("security polkit-action")
struct PolkitActionCommandTests {
  @Test("prints the .policy file of the package's action: auth_self for every subject, the dialog's message")
  func policyFile() throws {
    let run = security(["polkit-action"])
    #expect(run.status == 0)
    #expect(run.error.isEmpty)
    let document = try XMLDocument(data: Data(run.output.utf8))
    let action = try #require(try document.nodes(forXPath: "/policyconfig/action").first as? XMLElement)
    #expect(action.attribute(forName: "id")?.stringValue == "io.github.swift-keychain-linux.user-presence")
    for subject in ["allow_any", "allow_inactive", "allow_active"] {
      #expect(try document.nodes(forXPath: "//defaults/\(subject)").first?.stringValue == "auth_self")
    }
    #expect(
      try document.nodes(forXPath: "//action/message").first?.stringValue
        == "Authentication is required to use a protected keychain item")
  }

  @Test("-p prints where the file goes")
  func path() {
    let run = security(["polkit-action", "-p"])
    #expect(run.status == 0)
    #expect(run.output == "/usr/share/polkit-1/actions/io.github.swift-keychain-linux.user-presence.policy\n")
  }

  @Test("-a and -m declare another action with another message, escaped for XML")
  func otherAction() throws {
    let run = security(["polkit-action", "-a", "com.example.app.unlock", "-m", "Unlock <Example> & go"])
    #expect(run.status == 0)
    let document = try XMLDocument(data: Data(run.output.utf8))
    let action = try #require(try document.nodes(forXPath: "/policyconfig/action").first as? XMLElement)
    #expect(action.attribute(forName: "id")?.stringValue == "com.example.app.unlock")
    #expect(try document.nodes(forXPath: "//action/message").first?.stringValue == "Unlock <Example> & go")
    #expect(
      security(["polkit-action", "-p", "-a", "com.example.app.unlock"]).output.hasSuffix(
        "/com.example.app.unlock.policy\n"))
  }

  @Test(
    "an action id that is not a reverse-DNS name (a path, capitals, nothing) is a usage error",
    arguments: ["../x", "Com.Example", ""])
  func badActionID(actionID: String) {
    let run = security(["polkit-action", "-a", actionID])
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
  }

  @Test("it and this tool's other commands come after every macOS command, so macOS's abbreviations keep their meaning")
  func lastInTable() {
    #expect(CommandTable.entries.suffix(3).map(\.name) == ["polkit-action", "copy-items", "move-items"])
    #expect(CommandTable.match("p")?.name == "platformsso")
  }
}
