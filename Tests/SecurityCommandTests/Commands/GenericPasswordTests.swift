import Foundation
import KeyringTestSupport
import Testing

/// add-, find- and delete-generic-password against the real keyring (`dbus/with-keyring swift test`).
@Suite("generic password commands on the keyring", .tags(.daemon))
struct GenericPasswordTests {
  let service = unique("svc")

  @Test("an added password is found with macOS's attribute block")
  func addThenFind() {
    #expect(security(["add-generic-password", "-a", "alice", "-s", service, "-w", "s3cret"]).status == 0)
    let found = security(["find-generic-password", "-a", "alice", "-s", service])
    #expect(found.status == 0)
    let lines = found.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count == 21)
    #expect(
      Array(lines.prefix(7)) == [
        "keychain: \"\(KeyringBackend.defaultKeychainPath)\"", "version: 512", "class: \"genp\"",
        "attributes:",
        "    0x00000007 <blob>=\"\(service)\"", "    0x00000008 <blob>=<NULL>", "    \"acct\"<blob>=\"alice\"",
      ])
    #expect(lines[7].hasPrefix("    \"cdat\"<timedate>=0x"))
    #expect(lines[18] == "    \"svce\"<blob>=\"\(service)\"")
    #expect(lines[19] == "    \"type\"<uint32>=<NULL>")
    #expect(found.error.isEmpty)
  }

  @Test("a duplicate add fails with macOS's message and exit status 45")
  func duplicate() {
    #expect(security(["add-generic-password", "-a", "alice", "-s", service, "-w", "one"]).status == 0)
    let again = security(["add-generic-password", "-a", "alice", "-s", service, "-w", "two"])
    #expect(again.status == 45)
    #expect(
      again.error
        == "security: SecKeychainItemCreateFromContent (<default>): The specified item already exists in the keychain.\n"
    )
  }

  @Test("no match fails with macOS's message and exit status 44")
  func notFound() {
    let run = security(["find-generic-password", "-s", service])
    #expect(run.status == 44)
    #expect(run.output.isEmpty)
    #expect(
      run.error == "security: SecKeychainSearchCopyNext: The specified item could not be found in the keychain.\n")
  }

  @Test("-w prints only the password")
  func passwordOnly() {
    _ = security(["add-generic-password", "-a", "alice", "-s", service, "-w", "s3cret"])
    let run = security(["find-generic-password", "-s", service, "-w"])
    #expect(run.output == "s3cret\n")
    #expect(run.error.isEmpty)
  }

  @Test("-g prints the password on stderr after the attributes")
  func passwordOnStderr() {
    _ = security(["add-generic-password", "-a", "alice", "-s", service, "-w", "s3cret"])
    let run = security(["find-generic-password", "-g", "-s", service])
    #expect(run.output.hasPrefix("keychain: "))
    #expect(run.error == "password: \"s3cret\"\n")
  }

  @Test("-w prints a binary password given with -X as hex")
  func hexPassword() {
    _ = security(["add-generic-password", "-a", "alice", "-s", service, "-X", "00ff41"])
    #expect(security(["find-generic-password", "-s", service, "-w"]).output == "00ff41\n")
    #expect(security(["find-generic-password", "-s", service, "-g"]).error == "password: 0x00FF41  \"\\000\\377A\"\n")
  }

  @Test("without -w the password is empty")
  func emptyPassword() {
    #expect(security(["add-generic-password", "-a", "alice", "-s", service]).status == 0)
    #expect(security(["find-generic-password", "-s", service, "-w"]).output == "\n")
  }

  @Test("-w as the last argument asks for the password twice")
  func promptedPassword() {
    let add = security(["add-generic-password", "-a", "alice", "-s", service, "-w"], input: ["typed", "typed"])
    #expect(add.status == 0)
    #expect(add.error == "password data for new item: retype password for new item: ")
    #expect(security(["find-generic-password", "-s", service, "-w"]).output == "typed\n")
  }

  @Test("the optional attributes are written and shown")
  func optionalAttributes() {
    let add = security([
      "add-generic-password", "-a", "alice", "-s", service, "-w", "x", "-l", "My Label", "-D", "secure note", "-j",
      "a comment", "-G", "generic", "-c", "crtr", "-C", "note",
    ])
    #expect(add.status == 0)
    let output = security(["find-generic-password", "-s", service]).output
    for line in [
      "    0x00000007 <blob>=\"My Label\"\n", "    \"desc\"<blob>=\"secure note\"\n",
      "    \"icmt\"<blob>=\"a comment\"\n",
      "    \"gena\"<blob>=\"generic\"\n", "    \"crtr\"<uint32>=\"crtr\"\n", "    \"type\"<uint32>=\"note\"\n",
    ] {
      #expect(output.contains(line), "missing \(line.debugDescription)")
    }
  }

  @Test("with account and service, other search options are ignored as on macOS")
  func primaryKeyIgnoresLabel() {
    _ = security(["add-generic-password", "-a", "alice", "-s", service, "-w", "x"])
    #expect(security(["find-generic-password", "-a", "alice", "-s", service, "-l", "not the label"]).status == 0)
    #expect(security(["find-generic-password", "-s", service, "-l", "not the label"]).status == 44)
  }

  @Test("-U updates the existing item's password and attributes")
  func update() {
    _ = security(["add-generic-password", "-a", "alice", "-s", service, "-w", "old"])
    let run = security(["add-generic-password", "-U", "-a", "alice", "-s", service, "-w", "new", "-j", "updated"])
    #expect(run.status == 0)
    #expect(security(["find-generic-password", "-s", service, "-w"]).output == "new\n")
    #expect(security(["find-generic-password", "-s", service]).output.contains("\"icmt\"<blob>=\"updated\""))
  }

  @Test("-U without -w keeps the password")
  func updateKeepsPassword() {
    _ = security(["add-generic-password", "-a", "alice", "-s", service, "-w", "kept"])
    #expect(security(["add-generic-password", "-U", "-a", "alice", "-s", service, "-j", "c"]).status == 0)
    #expect(security(["find-generic-password", "-s", service, "-w"]).output == "kept\n")
  }

  @Test("-U adds the item when there is none")
  func updateAdds() {
    #expect(security(["add-generic-password", "-U", "-a", "alice", "-s", service, "-w", "fresh"]).status == 0)
    #expect(security(["find-generic-password", "-s", service, "-w"]).output == "fresh\n")
  }

  @Test("delete prints the item, says so on stderr and removes it")
  func delete() {
    _ = security(["add-generic-password", "-a", "alice", "-s", service, "-w", "x"])
    let found = security(["find-generic-password", "-s", service])
    let deleted = security(["delete-generic-password", "-s", service])
    #expect(deleted.status == 0)
    #expect(deleted.output == found.output)
    #expect(deleted.error == "password has been deleted.\n")
    #expect(security(["find-generic-password", "-s", service]).status == 44)
  }

  @Test("delete removes only the first match")
  func deleteFirstOnly() {
    _ = security(["add-generic-password", "-a", "alice", "-s", service, "-w", "x"])
    _ = security(["add-generic-password", "-a", "bob", "-s", service, "-w", "y"])
    #expect(security(["delete-generic-password", "-s", service]).status == 0)
    #expect(security(["find-generic-password", "-s", service]).status == 0)
  }

  @Test("delete of nothing fails with exit status 44")
  func deleteNothing() {
    let run = security(["delete-generic-password", "-s", service])
    #expect(run.status == 44)
    #expect(
      run.error == "security: SecKeychainSearchCopyNext: The specified item could not be found in the keychain.\n")
  }
}
