import Foundation
import KeyringTestSupport
import Testing

/// add-, find- and delete-internet-password against the real keyring.
@Suite("internet password commands on the keyring", .tags(.daemon))
struct InternetPasswordTests {
  let server = "\(unique("host")).example.com"

  @Test("every internet attribute is written and shown")
  func attributes() {
    let add = security([
      "add-internet-password", "-a", "bob", "-s", server, "-w", "pw", "-r", "htps", "-P", "443", "-p", "/login",
      "-d", "realm", "-t", "form",
    ])
    #expect(add.status == 0)
    let output = security(["find-internet-password", "-s", server]).output
    #expect(
      output.hasPrefix(
        "keychain: \"\(KeyringBackend.defaultKeychainPath)\"\nversion: 512\nclass: \"inet\"\n"))
    for line in [
      "    \"acct\"<blob>=\"bob\"\n", "    \"atyp\"<blob>=\"form\"\n", "    \"path\"<blob>=\"/login\"\n",
      "    \"port\"<uint32>=0x000001BB \n", "    \"ptcl\"<uint32>=\"htps\"\n", "    \"sdmn\"<blob>=\"realm\"\n",
      "    \"srvr\"<blob>=\"\(server)\"\n", "    0x00000007 <blob>=\"\(server)\"\n",
    ] {
      #expect(output.contains(line), "missing \(line.debugDescription)")
    }
  }

  @Test("the authentication type defaults to dflt, port and protocol to 0")
  func defaults() {
    _ = security(["add-internet-password", "-a", "bob", "-s", server, "-w", "pw"])
    let output = security(["find-internet-password", "-s", server]).output
    #expect(output.contains("    \"atyp\"<blob>=\"dflt\"\n"))
    #expect(output.contains("    \"port\"<uint32>=0x00000000 \n"))
    #expect(output.contains("    \"ptcl\"<uint32>=0x00000000 \n"))
  }

  @Test("a duplicate add fails with macOS's message and exit status 45")
  func duplicate() {
    _ = security(["add-internet-password", "-a", "bob", "-s", server, "-w", "pw"])
    let again = security(["add-internet-password", "-a", "bob", "-s", server, "-w", "pw"])
    #expect(again.status == 45)
    #expect(
      again.error
        == "security: SecKeychainAddInternetPassword <NULL>: The specified item already exists in the keychain.\n")
  }

  @Test("-w prints only the password; no match is 44")
  func find() {
    _ = security(["add-internet-password", "-a", "bob", "-s", server, "-r", "http", "-w", "pw"])
    #expect(security(["find-internet-password", "-s", server, "-r", "http", "-w"]).output == "pw\n")
    #expect(security(["find-internet-password", "-s", server, "-r", "ftp "]).status == 44)
  }

  @Test("a protocol outside Apple's codes is refused on add and found nowhere")
  func unknownProtocol() {
    let add = security(["add-internet-password", "-a", "bob", "-s", server, "-r", "abcd", "-w", "pw"])
    #expect(add.status == 206)
    #expect(
      add.error
        == "security: SecKeychainAddInternetPassword <NULL>: One or more parameters passed to a function were not valid.\n"
    )
    #expect(security(["find-internet-password", "-s", server, "-r", "abcd"]).status == 44)
  }

  @Test("delete prints the item and removes it")
  func delete() {
    _ = security(["add-internet-password", "-a", "bob", "-s", server, "-w", "pw"])
    let deleted = security(["delete-internet-password", "-s", server, "-a", "bob"])
    #expect(deleted.status == 0)
    #expect(deleted.output.contains("    \"srvr\"<blob>=\"\(server)\"\n"))
    #expect(deleted.error == "password has been deleted.\n")
    #expect(security(["find-internet-password", "-s", server]).status == 44)
  }
}
